/**
 * A snapshot directory read as untrusted input: snapshots come from another system (the PIM's export), so
 * the importer reads regular files inside the snapshot and nothing else (`catalog-snapshot-format.md`).
 *
 * Refused with a `SnapshotFileError`: symbolic links (to files or directories, at any depth under the
 * snapshot, `files/` itself included, and the snapshot's own `manifest.json` and NDJSON files), FIFOs,
 * devices, sockets, directories where a file is expected, and paths that leave the snapshot. Nothing is
 * ever opened through a link, and a FIFO never blocks the import.
 *
 * How, per import: the snapshot's root is resolved once (realpath; the operator may name it through a
 * link). Each directory under it is lstat-ed once and the answer cached, so the cost stays one lstat per
 * directory plus, per file, an lstat, an `open` with O_NOFOLLOW | O_NONBLOCK and an fstat of the handle,
 * which must be the regular file (device and inode) the lstat saw. Where `/proc/self/fd` exists (Linux),
 * the opened handle's real path must also be the expected one, so a directory swapped for a link while
 * the import runs is refused too.
 */
import { constants, readlinkSync, type Stats } from 'node:fs';
import { access, lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Why a snapshot file cannot be used; the importer names file, line and field with it. */
export class SnapshotFileError extends Error {}

/** Read-only, never through a final link, and without waiting for a FIFO's writer. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const ONLY_REGULAR = 'only regular files inside the snapshot are read';

/** A directory entry that is missing (or lies under a regular file): reported as "file not found". */
const MISSING = Symbol('missing');

/** What a non-regular entry is, for the error text. */
function describe(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** lstat, or MISSING when the entry (or a directory on its way) does not exist; `shown` names it in errors. */
async function lstatOrMissing(absolute: string, shown: string): Promise<Stats | typeof MISSING> {
  try {
    return await lstat(absolute);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return MISSING;
    throw new SnapshotFileError(`${shown} cannot be read (${code ?? (error as Error).message})`);
  }
}

/** Whether `/proc/self/fd/<fd>` names an open file's path (Linux); probed once per process. */
let procFd: Promise<boolean> | undefined;
const hasProcFd = () =>
  (procFd ??= access('/proc/self/fd').then(
    () => true,
    () => false,
  ));

/** A snapshot file opened for reading, and what fstat says about it. */
export interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
}

export class SnapshotDir {
  /** Relative directory (`files/media`) → null when it is a real directory, else why it is not. */
  private readonly dirs = new Map<string, Promise<string | typeof MISSING | null>>();

  private constructor(
    /** The snapshot's real path (no links in it). */
    readonly root: string,
    private readonly verifyOpenedPath: boolean,
  ) {}

  /** The snapshot at `dir` (any path, a link to the snapshot included). */
  static async open(dir: string): Promise<SnapshotDir> {
    const resolved = path.resolve(dir);
    // A missing directory stays as named: reading its manifest then reports it as not found.
    const root = await realpath(resolved).catch(() => resolved);
    return new SnapshotDir(root, await hasProcFd());
  }

  /**
   * Opens `name` (`manifest.json`, `products.ndjson`) at the snapshot's top level; null when absent.
   * Throws `SnapshotFileError` when it is anything but a regular file. The caller closes the handle.
   */
  async openData(name: string): Promise<FileHandle | null> {
    const stats = await lstatOrMissing(path.join(this.root, name), name);
    if (stats === MISSING) return null;
    if (!stats.isFile()) throw new SnapshotFileError(`${describe(stats)}; ${ONLY_REGULAR}`);
    return (await this.openChecked(name, stats, name)).handle;
  }

  /**
   * Opens the snapshot file `file` (a `file` value of a record: a path under `files/`). Throws
   * `SnapshotFileError` for an absolute path or one that leaves `files/`, a missing file, and anything
   * but a regular file reached without links. Returns the handle (the caller closes it) and its fstat.
   */
  async openFile(file: string): Promise<OpenedFile> {
    const shown = `files/${file}`;
    const filesRoot = path.join(this.root, 'files');
    if (path.isAbsolute(file) || file.includes('\0'))
      throw new SnapshotFileError('must be a path under files/');
    const absolute = path.resolve(filesRoot, file);
    if (!absolute.startsWith(filesRoot + path.sep))
      throw new SnapshotFileError('must not leave the files/ folder');
    const relative = path.relative(this.root, absolute);

    const problem = await this.checkDir(path.dirname(relative));
    if (problem === MISSING) throw new SnapshotFileError(`file not found: ${shown}`);
    if (problem) throw new SnapshotFileError(`${problem} (on the way to ${shown}); ${ONLY_REGULAR}`);
    const stats = await lstatOrMissing(absolute, shown);
    if (stats === MISSING) throw new SnapshotFileError(`file not found: ${shown}`);
    if (!stats.isFile()) throw new SnapshotFileError(`${shown} is ${describe(stats)}; ${ONLY_REGULAR}`);
    return this.openChecked(relative, stats, shown);
  }

  /** null when `relative` and every directory above it (up to the root) is a real directory. */
  private checkDir(relative: string): Promise<string | typeof MISSING | null> {
    let pending = this.dirs.get(relative);
    if (!pending) {
      pending = this.lstatDir(relative);
      this.dirs.set(relative, pending);
    }
    return pending;
  }

  private async lstatDir(relative: string): Promise<string | typeof MISSING | null> {
    const parent = path.dirname(relative);
    if (parent !== '.') {
      const problem = await this.checkDir(parent);
      if (problem !== null) return problem;
    }
    const shown = relative.split(path.sep).join('/');
    const stats = await lstatOrMissing(path.join(this.root, relative), shown);
    if (stats === MISSING || stats.isFile()) return MISSING;
    return stats.isDirectory() ? null : `${shown} is ${describe(stats)}`;
  }

  /** Opens `relative` without following a link and checks that the handle is the file `seen` by lstat. */
  private async openChecked(relative: string, seen: Stats, shown: string): Promise<OpenedFile> {
    const absolute = path.join(this.root, relative);
    let handle: FileHandle;
    try {
      handle = await open(absolute, OPEN_FLAGS);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') throw new SnapshotFileError(`file not found: ${shown}`);
      if (code === 'ELOOP') throw new SnapshotFileError(`${shown} is a symbolic link; ${ONLY_REGULAR}`);
      throw new SnapshotFileError(`${shown} cannot be read (${code ?? (error as Error).message})`);
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new SnapshotFileError(`${shown} is ${describe(stats)}; ${ONLY_REGULAR}`);
      const same = stats.ino === seen.ino && stats.dev === seen.dev;
      if (!same || (this.verifyOpenedPath && openedPath(handle) !== absolute)) {
        throw new SnapshotFileError(
          `${shown} changed while it was opened (a link on its way?); ${ONLY_REGULAR}`,
        );
      }
      return { handle, stats };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

/**
 * The real path of an open handle, from `/proc/self/fd` (null when it cannot be read). Synchronous on
 * purpose: procfs answers from memory, and a thread-pool round trip per file would cost more than the call.
 */
function openedPath(handle: FileHandle): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${handle.fd}`);
  } catch {
    return null;
  }
}
