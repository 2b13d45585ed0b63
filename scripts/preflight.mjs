#!/usr/bin/env node
/**
 * What an npm script needs before it runs, checked by its `pre<script>` (package.json): one line on
 * standard error and exit 1 when something is missing that another command provides, so that a fresh clone
 * says what to run instead of showing a stack trace.
 *
 *   node scripts/preflight.mjs [--build] [--needs postgres,redis]
 *
 * - always: node_modules/ is there (else: run `npm run setup`);
 * - `--build`: dist/ holds a build at least as new as the sources (config/, src/, indexer/, migrations/, the
 *   build's configuration); else `npm run build` runs first, its output on standard error so that standard
 *   output stays the command's own (`npm run -s meili:keys >> .env`). Without sources beside it (the Docker
 *   image holds dist/ only) it only checks that dist/ is there;
 * - `--needs`: those services answer (dist/src/cli/check-services.js: the database exists and is migrated,
 *   Redis answers), for the long-running processes that would otherwise retry and log forever.
 *
 * Plain Node without packages (it runs before node_modules/ exists, on the machine's Node); the command's
 * name in its messages comes from npm (`npm_lifecycle_event`, e.g. `prestart` → `start`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the build compiles and copies (scripts/build.mjs), and the files that configure it. */
const SOURCES = ['config', 'src', 'indexer', 'migrations'];
const BUILD_FILES = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs'];
/** A file every build writes: its age is the build's. */
const BUILT = 'dist/src/server.js';

const command = (process.env.npm_lifecycle_event ?? 'preflight').replace(/^pre(?=.)/, '');
const args = process.argv.slice(2);
const needs = args.includes('--needs') ? (args[args.indexOf('--needs') + 1] ?? '').split(',') : [];

function fail(message) {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(1);
}

/** The newest modification time (ms) among the sources' files and folders (a deleted file changes its folder's). */
function newestSource() {
  let newest = 0;
  for (const file of BUILD_FILES) newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs);
  for (const folder of SOURCES) {
    const dir = path.join(ROOT, folder);
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Builds dist/ when it is missing or older than the sources; exits 1 when that is not possible. */
function ensureBuilt() {
  const built = existsSync(path.join(ROOT, BUILT));
  if (!existsSync(path.join(ROOT, 'src'))) {
    if (!built) fail('dist/ is missing: run `npm run build` first');
    return;
  }
  const reason = !built
    ? 'dist/ is missing'
    : statSync(path.join(ROOT, BUILT)).mtimeMs < newestSource()
      ? 'dist/ is older than the sources'
      : undefined;
  if (!reason) return;
  process.stderr.write(`${command}: ${reason}: running \`npm run build\` first\n`);
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    // tsc's diagnostics are the news here: they say which file to fix
    process.stderr.write(`${build.stdout}${build.stderr}`);
    fail('`npm run build` failed: fix the errors above, then run the command again');
  }
}

if (!existsSync(path.join(ROOT, 'node_modules'))) fail('node_modules/ is missing: run `npm run setup` first');
if (args.includes('--build')) ensureBuilt();
if (needs.length > 0) {
  const check = spawnSync(
    process.execPath,
    [path.join(ROOT, 'dist/src/cli/check-services.js'), '--for', command, ...needs],
    { cwd: ROOT, stdio: 'inherit' },
  );
  process.exit(check.status ?? 1);
}
