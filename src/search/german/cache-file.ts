/**
 * Cache files of the German word tables (hunspell.ts, frequency.ts): a value `v8.serialize` writes whole
 * (typed arrays, plain objects) in `DICTIONARY_CACHE_DIR`, named by a hash of what it was made from, so a
 * process reads in milliseconds what would take it a noticeable part of a second and many MB to build.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/** Other cache files untouched this long belong to code or a Node that is gone. */
const STALE_CACHE_MS = 24 * 60 * 60 * 1000;

/** What `file` holds, or undefined when there is none or it cannot be read whole. */
export function readCacheFile(file: string): unknown {
  try {
    return v8.deserialize(readFileSync(file));
  } catch {
    return undefined;
  }
}

/**
 * Writes `value` to `file` (to a temporary name first, so no reader sees half a file) and deletes the stale
 * files beside it whose names match `siblings` (not fresh ones: another Node on the same tree, the tests'
 * and the image's, keeps its own). Best effort: on a read-only installation nothing is written.
 */
export function writeCacheFile(file: string, value: unknown, siblings: RegExp): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, v8.serialize(value));
    renameSync(temporary, file);
    for (const name of readdirSync(dir)) {
      const other = path.join(dir, name);
      if (other !== file && siblings.test(name) && Date.now() - statSync(other).mtimeMs > STALE_CACHE_MS) {
        rmSync(other, { force: true });
      }
    }
  } catch {
    // a read-only installation: the caller builds the tables again next time
  }
}
