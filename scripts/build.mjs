#!/usr/bin/env node
/**
 * `npm run build`: compiles config/, src/, indexer/ and migrations/ (tsconfig.build.json) into a fresh
 * `dist/` with the sources' layout (dist/src/server.js, dist/indexer/worker.js, dist/migrations/*.js) and
 * copies their other files, which the product reads beside its modules at run time. What production runs.
 *
 *   node scripts/build.mjs [--out-dir <dir>]   # default dist/; the tests build into a directory of their own
 *
 * The compiled modules find their packages by walking up from the output directory: beside the
 * repository's node_modules/ (dist/), or beside a node_modules/ the caller links or installs there.
 *
 * The output directory is emptied first: a migration or module deleted from the sources must not live
 * on in it (knex would run a stale migration). Exits 1 when tsc reports an error (nothing is emitted then).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders compiled (tsconfig.build.json's `include`); their other files are copied as they are. */
const FOLDERS = ['config', 'src', 'indexer', 'migrations'];

/** Every file under FOLDERS that tsc does not compile: what the product reads beside its modules at run
 * time (src/search-report/page.js, the /api/docs page in src/openapi/page/), relative to ROOT. */
function assets() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.ts'))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
  );
}

const args = process.argv.slice(2);
const at = args.indexOf('--out-dir');
const outDir = path.resolve(ROOT, at >= 0 && args[at + 1] ? args[at + 1] : 'dist');
// Only an empty directory or an earlier build is emptied, never the repository or a folder of sources.
const holdsRoot = !path.relative(outDir, ROOT).startsWith('..');
const earlierBuild = existsSync(path.join(outDir, 'src/server.js'));
if (holdsRoot || (existsSync(outDir) && readdirSync(outDir).length > 0 && !earlierBuild)) {
  console.error(
    `build: --out-dir ${outDir} is neither empty nor an earlier build; name a directory of its own`,
  );
  process.exit(2);
}

rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (run.status !== 0) {
  console.error(`build: tsc failed (exit ${run.status ?? run.signal})`);
  process.exit(1);
}
for (const asset of assets()) cpSync(path.join(ROOT, asset), path.join(outDir, asset));
console.log(`build: compiled into ${path.relative(ROOT, outDir) || outDir}/`);
