/**
 * Content-addressed storage of original files under MEDIA_ROOT.
 *
 * A snapshot file `files/media/x.jpg` is stored once as `originals/<aa>/<sha256><.ext>`: the path is
 * derived from the content, so it is stable across re-imports and cannot be guessed without the file,
 * and an unchanged file is never written twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  /** Path relative to MEDIA_ROOT, e.g. `originals/3f/3fa2….jpg`. */
  path: string;
  sha256: string;
  /** Bytes. */
  size: number;
}

/** Why a snapshot file reference cannot be used; the importer names file, line and field with it. */
export class SnapshotFileError extends Error {}

const SAFE_EXT = /^\.[a-z0-9]{1,10}$/;

/** Lower-case extension of `name` when it is a plain one (`.jpg`), else ''. */
export function extensionOf(name: string): string {
  const ext = path.extname(name).toLowerCase();
  return SAFE_EXT.test(ext) ? ext : '';
}

/**
 * Resolves a `file` value (relative to the snapshot's `files/`) to an absolute path.
 * Throws `SnapshotFileError` for absolute paths or paths that leave `files/`.
 */
export function resolveSnapshotFile(snapshotDir: string, file: string): string {
  const root = path.resolve(snapshotDir, 'files');
  if (path.isAbsolute(file) || file.includes('\0'))
    throw new SnapshotFileError('must be a path under files/');
  const resolved = path.resolve(root, file);
  if (!resolved.startsWith(root + path.sep)) throw new SnapshotFileError('must not leave the files/ folder');
  return resolved;
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

/** Reads a snapshot file: its bytes (when small), sha256 and size. Throws SnapshotFileError. */
async function readSource(
  source: string,
  file: string,
): Promise<{ data: Buffer | null; sha256: string; size: number }> {
  let handle;
  try {
    handle = await open(source, 'r');
  } catch {
    throw new SnapshotFileError(`file not found: files/${file}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new SnapshotFileError(`not a regular file: files/${file}`);
    if (info.size <= READ_WHOLE_MAX) {
      const data = await handle.readFile();
      return { data, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
    }
    const hash = createHash('sha256');
    await pipeline(createReadStream(source), hash);
    return { data: null, sha256: hash.digest('hex'), size: info.size };
  } finally {
    await handle.close();
  }
}

/**
 * Copies a snapshot file into MEDIA_ROOT by content and returns where it lies (`originals/<aa>/<sha256>.<ext>`).
 * A file already stored is not written again; one that exists with another size (a write cut short by a
 * crash) is written anew. Throws `SnapshotFileError` when the file is missing or not a regular file.
 */
export async function storeFile(snapshotDir: string, file: string, mediaRoot: string): Promise<StoredFile> {
  const source = resolveSnapshotFile(snapshotDir, file);
  const { data, sha256, size } = await readSource(source, file);
  const relative = path.posix.join('originals', sha256.slice(0, 2), sha256 + extensionOf(file));
  const target = path.join(mediaRoot, relative);
  const existing = await stat(target).catch(() => null);
  if (existing?.size !== size) {
    // Not stored yet, or a write cut short by a crash (content-addressed: same content, same size).
    await ensureDir(path.dirname(target));
    await (data ? writeFile(target, data) : copyFile(source, target));
  }
  return { path: relative, sha256, size };
}
