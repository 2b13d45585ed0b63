/**
 * The services the API benchmark runs against, all of its own: the benchmark database with the medium
 * catalog (kept between runs), the bundled Meilisearch's data dir and its indexes, and the API (twice:
 * request limits off and on for loopback clients), the bare Express baseline and the bare static file
 * server as supervised child processes.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import pg from 'pg';
import pino from 'pino';
import type { AppConfig } from '../../config/env';
import { DEFAULT_PUSH_OPTIONS, type IndexerContext } from '../../indexer/context';
import { runReindex, type ReindexResult } from '../../indexer/jobs/reindex';
import { INDEX_DEFINITIONS } from '../../indexer/registry';
import {
  createDb,
  databaseName,
  dropDatabase,
  ensureDatabase,
  migrateLatest,
  MIGRATIONS_DIR,
  withDatabase,
} from '../../src/db/database';
import { roleKeyEnv, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import { eachLine, supervise, type Supervised } from '../../tools/dev/supervise';
import { generateCatalog } from '../../tools/generate';
import { importSnapshot } from '../../src/import';
import { createMeiliClient } from '../../src/search/indexes';

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.join(ROOT, '.data', 'bench');
const SNAPSHOT = path.join(DATA, 'snapshot-medium-seed1'); // shared with the import benchmark's cache
/** The benchmark database on the DATABASE_URL server (its backends are told apart by this name). */
export const DATABASE = 'catalog_bench_api_medium';
const MEDIA_ROOT = path.join(DATA, 'media-api-medium');
/** Bump when what the benchmark needs in its database changes (the marker then forces a re-import). */
const MARKER_VERSION = 'bench-api v1';

/** The medium snapshot, generated (about a minute) when the cache lacks it. */
export async function ensureSnapshot(log: (m: string) => void): Promise<void> {
  if (existsSync(path.join(SNAPSHOT, 'manifest.json'))) return;
  log(`generating the medium catalog into ${path.relative(ROOT, SNAPSHOT)} (cached for later runs)...`);
  await rm(SNAPSHOT, { recursive: true, force: true });
  await generateCatalog({ outDir: SNAPSHOT, scale: 'medium', seed: 1 });
}

/** What the database must have been built from: the migrations and the snapshot (manifest, file sizes). */
async function catalogFingerprint(): Promise<string> {
  const hash = createHash('sha256').update(MARKER_VERSION);
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(name).update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  for (const name of (await readdir(SNAPSHOT)).filter((n) => /\.(ndjson|json)$/.test(n)).sort()) {
    hash.update(`${name}:${(await stat(path.join(SNAPSHOT, name))).size}`);
  }
  hash.update(await readFile(path.join(SNAPSHOT, 'manifest.json')));
  return `${MARKER_VERSION} ${hash.digest('hex')}`;
}

async function databaseComment(databaseUrl: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [databaseName(databaseUrl)],
    );
    return rows[0]?.comment ?? null;
  } finally {
    await admin.end();
  }
}

/**
 * The benchmark database with the medium catalog: reused when its marker matches (saves the import),
 * otherwise dropped, migrated and imported, and marked only after the import committed. Returns its URL
 * and the import's milliseconds (null when reused).
 */
export async function prepareDatabase(
  serverUrl: string,
  log: (m: string) => void,
): Promise<{ url: string; importMs: number | null }> {
  const url = withDatabase(serverUrl, DATABASE);
  const marker = await catalogFingerprint();
  // The database and the media files are reused together: a database kept from another machine's run
  // (or a media root whose import never finished) has no marker file beside the originals.
  const markerFile = path.join(MEDIA_ROOT, '.catalog-marker');
  const filesMarker = existsSync(markerFile) ? await readFile(markerFile, 'utf8') : null;
  if (filesMarker === marker && (await databaseComment(url)) === marker) {
    log(`reusing database ${DATABASE} (medium catalog already imported)`);
    return { url, importMs: null };
  }
  log(`importing the medium catalog into database ${DATABASE} (kept for later runs)...`);
  await dropDatabase(url);
  await rm(MEDIA_ROOT, { recursive: true, force: true });
  await ensureDatabase(url);
  const db = createDb(url, 2);
  try {
    await migrateLatest(db);
    const started = Date.now();
    await importSnapshot(db, SNAPSHOT, { mode: 'full', mediaRoot: MEDIA_ROOT });
    const importMs = Date.now() - started;
    // A utility statement takes no bind parameters: the marker is a literal (hex digits and spaces).
    await db.raw(`COMMENT ON DATABASE ${pg.escapeIdentifier(DATABASE)} IS ${pg.escapeLiteral(marker)}`);
    await writeFile(markerFile, marker);
    return { url, importMs };
  } finally {
    await db.destroy();
  }
}

/** This run's Meilisearch data dir (fresh each run; the caller removes it). */
export function meiliDataDir(): string {
  return path.join(DATA, `meili-api-${process.pid}`);
}

/** Data dirs of earlier runs that were killed outright (SIGKILL skips the exit hook that removes them). */
export async function removeStaleMeiliDirs(): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  for (const name of existsSync(DATA) ? await readdir(DATA) : []) {
    const pid = /^meili-api-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) await rm(path.join(DATA, name), { recursive: true, force: true });
  }
}

/**
 * The API child's environment over the benchmark database and `meili`, listening on 127.0.0.1:`port`, with
 * index and Redis prefixes of its own (random per run) and the role keys of that prefix (created here;
 * `startApi` passes only the search key on, `startWorker` only the admin key, nobody the master key).
 */
export async function apiEnv(
  databaseUrl: string,
  meili: BundledMeilisearch,
  port: number,
): Promise<Record<string, string>> {
  const id = randomBytes(4).toString('hex');
  return {
    DATABASE_URL: databaseUrl,
    MEILI_URL: meili.url,
    ...(await roleKeyEnv(meili, `bench_${id}_`)),
    MEILI_INDEX_PREFIX: `bench_${id}_`,
    REDIS_PREFIX: `bench_${id}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'production',
    APP_DEBUG: 'false',
    // Request logs at `info` would be most of the API's work here; warnings and errors still show.
    LOG_LEVEL: 'warn',
    MEDIA_ROOT,
    // Loopback is not an unlimited network by default: guest rate limits would turn the load into 429s.
    API_UNLIMITED_NETWORKS: '127.0.0.0/8,::1/128',
    // As the image runs it (Dockerfile); `MALLOC_ARENA_MAX=` (empty) measures glibc's default.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
}

/**
 * The environment of the second API child, the one that measures the request limits: `env` (the first's,
 * see `apiEnv`: same database, Meilisearch, index and Redis prefixes, APP_URL) on `port`, with loopback clients
 * counted as guests (one Redis round trip per request) under a limit no run reaches.
 */
export function rateLimitedApiEnv(env: Record<string, string>, port: number): Record<string, string> {
  return {
    ...env,
    PORT: String(port),
    // The first child's APP_URL (a replica of one deployment): the stored list forms are made for it.
    // config/env.ts's default, the private networks: loopback, where autocannon connects from, is not one.
    API_UNLIMITED_NETWORKS: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7',
    API_RATE_LIMIT_GUEST: '1000000000',
  };
}

/** The full reindex: each index's result, and the whole run's wall time in milliseconds. */
export interface BuiltIndexes {
  reindex: ReindexResult[];
  reindexMs: number;
}

/**
 * The context the benchmark runs indexer jobs in (full reindex, renders): `config`'s Meilisearch, index
 * prefix and MEDIA_ROOT, the real index definitions, silent logs, no queue.
 */
export function benchIndexerContext(db: Knex, config: AppConfig): IndexerContext {
  return {
    db,
    meili: createMeiliClient(config),
    indexPrefix: config.meiliIndexPrefix,
    definitions: INDEX_DEFINITIONS,
    logger: pino({ level: 'silent' }),
    push: DEFAULT_PUSH_OPTIONS,
    mediaRoot: config.mediaRoot,
    // The stored list forms for the API child's APP_URL, as its worker would write them.
    listForms: { appUrl: config.appUrl, apiBaseUrl: config.apiBaseUrl },
  };
}

/**
 * Builds every index (or those of `only`) in `config`'s Meilisearch from `db` with the indexer's own
 * `runReindex(ctx, 'all')` (or one per index), in-process, and logs the time.
 */
export async function buildIndexes(
  db: Knex,
  config: AppConfig,
  log: (m: string) => void,
  only?: readonly ('products' | 'articles' | 'media')[],
): Promise<BuiltIndexes> {
  const ctx = benchIndexerContext(db, config);
  const started = Date.now();
  const reindex: ReindexResult[] = [];
  if (only) for (const target of only) reindex.push(...(await runReindex(ctx, target)));
  else reindex.push(...(await runReindex(ctx, 'all')));
  const reindexMs = Date.now() - started;
  const parts = reindex.map((r) => `${r.index} ${r.documents} docs ${(r.durationMs / 1000).toFixed(1)} s`);
  log(`full reindex: ${(reindexMs / 1000).toFixed(1)} s (${parts.join(', ')})`);
  return { reindex, reindexMs };
}

/** `env` without the variable `name`: each child gets only its own role's Meilisearch key. */
function without(env: NodeJS.ProcessEnv, name: string): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));
}

/** A server child process, ready. */
export interface Child {
  origin: string;
  pid: number;
  server: Supervised;
  /** Last lines of its output (errors and warnings: the API logs at `warn`). */
  tail: string[];
}

/**
 * Spawns a server process (`node --import tsx <script>`, or `node <script>` for a compiled `.js`) and waits
 * until `readyPath` answers 200. The child
 * runs under the same supervision as the bundled Meilisearch: killed when this process exits, and by a
 * watchdog when this process dies without running its exit handlers. Throws with its last output when it
 * exits or does not answer within 60 s.
 */
async function startChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<Child> {
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  // Both streams are read to the end: an unread pipe would block the child once its buffer is full.
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
  };
  eachLine(child.stdout!, keep);
  eachLine(child.stderr!, keep);
  const server = supervise(child, { graceMs: 5000 });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!server.done && Date.now() < deadline) {
    try {
      const res = await fetch(`${origin}${readyPath}`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return { origin, pid: child.pid!, server, tail };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`${path.relative(ROOT, script)} did not start; last output:\n  ${tail.join('\n  ')}`);
}

/** Where the benches compile the API (scripts/build.mjs): under .data/, so its modules find node_modules/. */
const BUILD_DIR = path.join(ROOT, '.data', 'bench', 'dist');

let built: Promise<string> | undefined;

/**
 * The API as production runs it: compiled once per bench process (about half a minute) into BUILD_DIR.
 * Under tsx it would carry the compiler's own 15-25 MB of RSS into the memory figures. Returns the server
 * module's path; throws with tsc's output when the build fails.
 */
function compiledServer(): Promise<string> {
  built ??= promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out-dir', BUILD_DIR], {
    cwd: ROOT,
    timeout: 300_000,
  }).then(() => path.join(BUILD_DIR, 'src', 'server.js'));
  return built;
}

/**
 * The API (`src/server.ts`, compiled: `compiledServer`) with `env` (see `apiEnv`) added to this process's,
 * ready on `port`; `nodeArgs` go to node before the script (e.g. `--cpu-prof`).
 */
export async function startApi(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<Child> {
  return startChild(
    await compiledServer(),
    [],
    without({ ...process.env, ...env }, 'MEILI_ADMIN_KEY'),
    port,
    '/api/v1/taxonomies',
    nodeArgs,
  );
}

/** The bare static file server (bench/api-child-static.ts) over the benchmark's MEDIA_ROOT, ready on `port`. */
export function startStatic(port: number): Promise<Child> {
  return startChild(
    path.join(ROOT, 'bench', 'api-child-static.ts'),
    [String(port), MEDIA_ROOT],
    process.env,
    port,
    '/ready',
  );
}

/**
 * The bare Express baseline (bench/api-child-express.ts), ready on `port`; with `bodiesFile` it also
 * answers each path of that JSON file (`{ path: { body, headers } }`) with its body, and
 * `/same-headers<path>` with its body and headers.
 */
export function startExpress(port: number, bodiesFile?: string): Promise<Child> {
  return startChild(
    path.join(ROOT, 'bench', 'api-child-express.ts'),
    bodiesFile ? [String(port), bodiesFile] : [String(port)],
    process.env,
    port,
    '/',
  );
}

/** Response headers Node writes itself: not captured, so that the reference sends each once. */
const NODE_SETS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The bare Express baseline sending the API's own bodies: each of `paths` read from the API at `apiOrigin`
 * now (each must answer 200, else this throws) with its response headers, written to `bodiesFile`, and
 * answered by `startExpress`.
 */
export async function startExpressWithBodiesOf(
  apiOrigin: string,
  paths: readonly string[],
  port: number,
  bodiesFile: string,
): Promise<Child> {
  const bodies: Record<string, { body: unknown; headers: [string, string][] }> = {};
  for (const p of paths) {
    const res = await fetch(`${apiOrigin}${p}`);
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    const headers = [...res.headers].filter(([name]) => !NODE_SETS.has(name));
    bodies[p] = { body: await res.json(), headers };
  }
  await writeFile(bodiesFile, JSON.stringify(bodies));
  return startExpress(port, bodiesFile);
}

/**
 * The index worker (`indexer/worker.ts`: the 2 s sync schedule, reindexes, renders) as a supervised child
 * with `env` added to this process's (LOG_LEVEL `info`: it is ready when it logs "worker started").
 * Throws with its last output when it exits or does not start within 60 s.
 */
export async function startWorker(env: Record<string, string>): Promise<Omit<Child, 'origin'>> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'indexer', 'worker.ts')], {
    cwd: ROOT,
    env: { ...without({ ...process.env, ...env }, 'MEILI_SEARCH_KEY'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let started = false;
  const keep = (line: string) => {
    if (line.includes('"worker started"')) started = true;
    tail.push(line);
    if (tail.length > 20) tail.shift();
  };
  eachLine(child.stdout!, keep);
  eachLine(child.stderr!, keep);
  const server = supervise(child, { graceMs: 5000 });
  const deadline = Date.now() + 60_000;
  while (!server.done && !started && Date.now() < deadline) await sleep(100);
  if (started) return { pid: child.pid!, server, tail };
  await server.stop();
  throw new Error(`indexer/worker.ts did not start; last output:\n  ${tail.join('\n  ')}`);
}

/** Where the freshness case keeps its small catalog (generated once, seed 1) and its files. */
export const SMALL_SNAPSHOT = path.join(DATA, 'snapshot-small-seed1');
export const SMALL_MEDIA_ROOT = path.join(DATA, 'media-fresh-small');
/** The freshness case's database, made afresh each run. */
export const FRESH_DATABASE = 'catalog_bench_fresh_small';

/**
 * The small snapshot (generated when the cache lacks it) imported afresh into `database` on `serverUrl`'s
 * server, its files into `mediaRoot` (emptied first). Returns the database's URL.
 */
export async function prepareSmallDatabase(
  serverUrl: string,
  database: string,
  mediaRoot: string,
  log: (m: string) => void,
): Promise<string> {
  if (!existsSync(path.join(SMALL_SNAPSHOT, 'manifest.json'))) {
    log(
      `generating the small catalog into ${path.relative(ROOT, SMALL_SNAPSHOT)} (cached for later runs)...`,
    );
    await rm(SMALL_SNAPSHOT, { recursive: true, force: true });
    await generateCatalog({ outDir: SMALL_SNAPSHOT, scale: 'small', seed: 1 });
  }
  const url = withDatabase(serverUrl, database);
  await dropDatabase(url);
  await rm(mediaRoot, { recursive: true, force: true });
  await ensureDatabase(url);
  const db = createDb(url, 2);
  try {
    await migrateLatest(db);
    await importSnapshot(db, SMALL_SNAPSHOT, { mode: 'full', mediaRoot });
  } finally {
    await db.destroy();
  }
  return url;
}
