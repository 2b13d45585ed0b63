/**
 * Content-addressed storage of original files under MEDIA_ROOT.
 *
 * A snapshot file `files/media/x.jpg` is stored once as `originals/<aa>/<sha256><.ext>`: the path is
 * derived from the content, so it is stable across re-imports and cannot be guessed without the file,
 * and an unchanged file is never written twice. Snapshot files are read through `SnapshotDir` (regular
 * files inside the snapshot only). Originals an import wrote are removed again when it fails, so a failed
 * import leaves MEDIA_ROOT as it was (files are served only through committed rows in any case).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OpenedFile, SnapshotDir } from './snapshot-dir';

export { SnapshotFileError } from './snapshot-dir';

export interface StoredFile {
  /** Path relative to MEDIA_ROOT, e.g. `originals/3f/3fa2….jpg`. */
  path: string;
  sha256: string;
  /** Bytes. */
  size: number;
}

const SAFE_EXT = /^\.[a-z0-9]{1,10}$/;

/** Lower-case extension of `name` when it is a plain one (`.jpg`), else ''. */
export function extensionOf(name: string): string {
  const ext = path.extname(name).toLowerCase();
  return SAFE_EXT.test(ext) ? ext : '';
}

/** Files up to this size are read into memory once (hash and copy from one read); larger ones stream. */
const READ_WHOLE_MAX = 16 * 1024 * 1024;

/** Directories known to exist (creating them is the costliest step of storing many small files). */
const knownDirs = new Set<string>();

async function ensureDir(dir: string): Promise<void> {
  if (knownDirs.has(dir)) return;
  await mkdir(dir, { recursive: true });
  knownDirs.add(dir);
}

/** Reads an open snapshot file: its bytes (when small), sha256 and size. */
async function readSource({
  handle,
  stats,
}: OpenedFile): Promise<{ data: Buffer | null; sha256: string; size: number }> {
  if (stats.size <= READ_WHOLE_MAX) {
    const data = await handle.readFile();
    return { data, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
  }
  const hash = createHash('sha256');
  await pipeline(handle.createReadStream({ start: 0, autoClose: false }), hash);
  return { data: null, sha256: hash.digest('hex'), size: stats.size };
}

/** The originals of one import: what it stores, and what it wrote that was not there before. */
export class OriginalStore {
  /** Paths under MEDIA_ROOT this import created (not those it found or rewrote). */
  private readonly created = new Set<string>();

  constructor(
    readonly snapshot: SnapshotDir,
    /** Absolute MEDIA_ROOT. */
    readonly mediaRoot: string,
  ) {}

  /**
   * Copies the snapshot file `file` (path under `files/`) into MEDIA_ROOT by content and returns where it
   * lies (`originals/<aa>/<sha256>.<ext>`). A file already stored is not written again; one that exists
   * with another size (a write cut short by a crash) is written anew. Throws `SnapshotFileError` when the
   * file is missing, not a regular file inside the snapshot, or its path leaves `files/`.
   */
  async store(file: string): Promise<StoredFile> {
    const opened = await this.snapshot.openFile(file);
    const { handle } = opened;
    try {
      const { data, sha256, size } = await readSource(opened);
      const relative = path.posix.join('originals', sha256.slice(0, 2), sha256 + extensionOf(file));
      const target = path.join(this.mediaRoot, relative);
      const existing = await stat(target).catch(() => null);
      if (existing?.size !== size) {
        // Not stored yet, or a write cut short by a crash (content-addressed: same content, same size).
        await ensureDir(path.dirname(target));
        if (!existing) this.created.add(target);
        if (data) await writeFile(target, data);
        else
          await pipeline(handle.createReadStream({ start: 0, autoClose: false }), createWriteStream(target));
      }
      return { path: relative, sha256, size };
    } finally {
      await handle.close();
    }
  }

  /**
   * Removes the originals this import created, restoring MEDIA_ROOT as it was. Call only while the import
   * still holds its lock, before its rollback: then no other import can have come to rely on them.
   */
  async discardCreated(): Promise<void> {
    await Promise.all([...this.created].map((target) => unlink(target).catch(() => undefined)));
    this.created.clear();
  }
}
