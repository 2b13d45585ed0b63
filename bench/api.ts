/**
 * API benchmark (issue 3): the real API, started as its own process over the medium catalog, driven by
 * autocannon from this process, next to two baselines measured in the same run: raw Meilisearch answering
 * the same search requests the API sends it, and a bare Express JSON endpoint.
 *
 * Services, all of their own:
 * - Postgres: database `catalog_bench_api_medium` on the DATABASE_URL server with the medium snapshot
 *   (seed 1, generated into .data/bench once) and its files in .data/bench/media-api-medium. Both are kept
 *   between runs: a `COMMENT ON DATABASE` marker (a hash of the migrations and the snapshot's files) written
 *   after a successful import says the database holds exactly this catalog, so later runs skip the import.
 * - Meilisearch: the bundled server on a free port with a fresh data dir under .data/bench (removed at the
 *   end), indexes built in-process with the indexer's own `runReindex(ctx, 'all')`, which is timed.
 * - The API (`node --import tsx src/server.ts`) and the Express baseline (bench/api-child-express.ts) as
 *   child processes, so that autocannon does not share their event loop. Unique index and Redis prefixes.
 *
 * Cases (16 connections, 20 s each after a short unmeasured warm-up; each connection starts at a different
 * point of the case's request list): search (without and with `facets=1`), filtered list, deep pages,
 * product detail; raw Meilisearch replaying the requests the API sent it for the searches, the list and the
 * products deep page (caught in-process, headers included, see `probe`); bare Express. With `diagnose`,
 * five more that show where a search's time goes. Every request of a case is sent once before it is
 * measured and must answer 2xx (lists must find something; raw searches as many hits as the API's). Latencies are the 2xx response times with
 * sub-millisecond resolution (autocannon's own histogram rounds down to whole milliseconds).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../config/env';
import { DEFAULT_PUSH_OPTIONS, type IndexerContext } from '../indexer/context';
import { runReindex, type ReindexResult } from '../indexer/jobs/reindex';
import { INDEX_DEFINITIONS } from '../indexer/registry';
import { createApp } from '../src/app';
import {
  createDb,
  databaseName,
  dropDatabase,
  ensureDatabase,
  migrateLatest,
  MIGRATIONS_DIR,
  withDatabase,
} from '../src/db/database';
import { freePort } from '../src/dev/free-port';
import { startBundledMeilisearch, type BundledMeilisearch } from '../src/dev/meilisearch';
import { eachLine, supervise, type Supervised } from '../src/dev/supervise';
import { generateCatalog } from '../src/generate';
import { importSnapshot } from '../src/import';
import { createMeiliClient } from '../src/search/indexes';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'bench');
const SNAPSHOT = path.join(DATA, 'snapshot-medium-seed1'); // shared with the import benchmark's cache
const DATABASE = 'catalog_bench_api_medium';
const MEDIA_ROOT = path.join(DATA, 'media-api-medium');
/** Bump when what the benchmark needs in its database changes (the marker then forces a re-import). */
const MARKER_VERSION = 'bench-api v1';
const PER_PAGE = 15;

export interface ApiBenchOptions {
  /** A Postgres URL (DATABASE_URL); only its server is used. */
  serverUrl: string;
  /** Measured seconds per case (default 20). */
  durationSec?: number;
  /** Concurrent connections (default 16). */
  connections?: number;
  /** Unmeasured seconds of the same load before each case (default 3): JIT, pools and caches warm up. */
  warmupSec?: number;
  /**
   * Also measure where the time goes: raw Meilisearch on the articles deep page, searches and details over
   * one connection (no queueing), and a raw search asking for gzip as Node's fetch does by default.
   */
  diagnose?: boolean;
  log?: (message: string) => void;
}

/** CPU used during a case, in % of one core (the machine has `os.cpus().length` cores). */
export interface CpuShare {
  api: number;
  meilisearch: number;
  /** The Postgres backends serving the benchmark database. */
  postgres: number;
  /** This process: autocannon. */
  bench: number;
  express: number;
  /**
   * Everything else on the machine: other people's work (noise when well above 0), and also Postgres's
   * own background processes (WAL writer, checkpointer).
   */
  other: number;
}

export interface CaseResult {
  name: string;
  /** SQL statements per request (API cases), e.g. `1` or `0–2`. */
  sql: string | undefined;
  server: 'api' | 'meilisearch' | 'express';
  /** Distinct requests the case rotates over. */
  variants: number;
  /** Responses received during the measured period. */
  responses: number;
  /** Responses per second. */
  rps: number;
  /** Latency percentiles of 2xx responses, milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  connections: number;
  cpu: CpuShare;
}

export interface DetailQueryCount {
  slug: string;
  relations: Record<'articles' | 'manufacturers' | 'tractorModels' | 'terms' | 'images' | 'uploads', number>;
  queries: number;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export interface ApiBenchResult {
  date: string;
  cores: number;
  durationSec: number;
  connections: number;
  catalog: { products: number; articles: number; media: number };
  /** Milliseconds of the snapshot import, null when the kept database already held the catalog. */
  importMs: number | null;
  reindex: ReindexResult[];
  reindexMs: number;
  searches: string[];
  filters: string[];
  detailQueries: DetailQueryCount[];
  cases: CaseResult[];
  /** API search requests/s divided by raw Meilisearch's on the same searches. */
  searchRatio: number;
  /** The same with `facets=1`. */
  facetsRatio: number;
  targets: TargetCheck[];
}

interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface CaseSpec {
  name: string;
  /** SQL statements per request, as probed (API cases). */
  sql?: string;
  /** Default: the run's connections. */
  connections?: number;
  /** Whose process answers (for the CPU column). */
  server: 'api' | 'meilisearch' | 'express';
  origin: string;
  requests: BenchRequest[];
  /** Extra check of each response body before the case is measured. */
  check?: (body: unknown, request: BenchRequest) => void;
}

/** The medium snapshot, generated (about a minute) when the cache lacks it. */
async function ensureSnapshot(log: (m: string) => void): Promise<void> {
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
 * otherwise dropped, migrated and imported, and marked only after the import committed.
 */
async function prepareDatabase(
  serverUrl: string,
  log: (m: string) => void,
): Promise<{ url: string; importMs: number | null }> {
  const url = withDatabase(serverUrl, DATABASE);
  const marker = await catalogFingerprint();
  if (existsSync(MEDIA_ROOT) && (await databaseComment(url)) === marker) {
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
    return { url, importMs };
  } finally {
    await db.destroy();
  }
}

/** Up to `n` of `items`, the most frequent first (ties by text, so the choice is deterministic). */
function topByCount(counts: Map<string, number>, n: number): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([text]) => text);
}

/**
 * About 20 searches a visitor types, taken from the German names of the active products
 * (`Kreiselschwader KS 420 G17 Profi`): machine types, model codes, a type with its size, a type with
 * an edition word. Each kind by frequency, so every query finds products.
 */
async function searchQueries(db: Knex): Promise<string[]> {
  const rows: { name: string }[] = await db('products')
    .select(db.raw(`names->>'de' AS name`))
    .where('is_active', true)
    .whereRaw(`names->>'de' IS NOT NULL`)
    .orderBy('id');
  const kinds = {
    type: new Map<string, number>(),
    code: new Map<string, number>(),
    typeSize: new Map<string, number>(),
    edition: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, text: string) => map.set(text, (map.get(text) ?? 0) + 1);
  for (const { name } of rows) {
    const words = name.split(/\s+/).filter(Boolean);
    const [type, code, size] = words;
    if (!type || !/^\p{Lu}\p{Ll}{3,}/u.test(type)) continue;
    add(kinds.type, type);
    if (code && size && /^\p{Lu}{2,3}$/u.test(code) && /^\d+$/.test(size)) {
      add(kinds.code, `${code} ${size}`);
      add(kinds.typeSize, `${type} ${size}`);
    }
    const last = words[words.length - 1]!;
    if (words.length > 3 && /^\p{Lu}\p{Ll}{3,}$/u.test(last)) add(kinds.edition, `${type} ${last}`);
  }
  return [
    ...topByCount(kinds.type, 8),
    ...topByCount(kinds.code, 4),
    ...topByCount(kinds.typeSize, 4),
    ...topByCount(kinds.edition, 4),
  ];
}

interface FilterPair {
  taxonomy: string;
  term: string;
  manufacturer: string;
}

/**
 * 20 `taxons=<dimension:term>&manufacturer=<slug>` combinations that occur on active products: distinct
 * terms of frontend taxonomies, each manufacturer at most twice, the most common combinations first.
 */
async function filterPairs(db: Knex): Promise<FilterPair[]> {
  const { rows } = await db.raw<{ rows: (FilterPair & { n: number })[] }>(
    `SELECT tx.slug AS taxonomy, t.slug AS term, m.slug AS manufacturer, count(*)::int AS n
       FROM product_taxons pt
       JOIN products p ON p.id = pt.product_id AND p.is_active
       JOIN taxons t ON t.id = pt.taxon_id
       JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
       JOIN product_manufacturers pm ON pm.product_id = pt.product_id
       JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
      GROUP BY tx.slug, t.slug, m.slug
      ORDER BY n DESC, tx.slug, t.slug, m.slug`,
  );
  const terms = new Set<string>();
  const perManufacturer = new Map<string, number>();
  const out: FilterPair[] = [];
  for (const row of rows) {
    const term = `${row.taxonomy}:${row.term}`;
    if (terms.has(term) || (perManufacturer.get(row.manufacturer) ?? 0) >= 2) continue;
    terms.add(term);
    perManufacturer.set(row.manufacturer, (perManufacturer.get(row.manufacturer) ?? 0) + 1);
    out.push(row);
    if (out.length === 20) break;
  }
  return out;
}

const RELATION_COUNTS = `
  (SELECT count(*) FROM product_articles x JOIN articles a ON a.id = x.article_id AND a.is_active
    WHERE x.product_id = p.id)::int AS articles,
  (SELECT count(*) FROM product_manufacturers x JOIN manufacturers m ON m.id = x.manufacturer_id AND m.is_active
    WHERE x.product_id = p.id)::int AS manufacturers,
  (SELECT count(*) FROM product_tractor_models x WHERE x.product_id = p.id)::int AS "tractorModels",
  (SELECT count(*) FROM product_taxons x JOIN taxons t ON t.id = x.taxon_id
     JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend WHERE x.product_id = p.id)::int AS terms,
  (SELECT count(*) FROM product_media_links x WHERE x.product_id = p.id AND x.role = 'image')::int AS images,
  (SELECT count(*) FROM product_uploads x WHERE x.product_id = p.id)::int AS uploads`;

type DetailCandidate = DetailQueryCount['relations'] & { slug: string; total: number };

/** Active products ranked by their number of relation rows the detail view reads: `n` at each end. */
async function detailCandidates(
  db: Knex,
  n: number,
): Promise<{ most: DetailCandidate[]; fewest: DetailCandidate[] }> {
  const { rows } = await db.raw<{ rows: DetailCandidate[] }>(
    `WITH r AS (SELECT p.id, p.slug, ${RELATION_COUNTS} FROM products p WHERE p.is_active)
     SELECT *, articles + manufacturers + "tractorModels" + terms + images + uploads AS total FROM r
      ORDER BY total DESC, id`,
  );
  return { most: rows.slice(0, n), fewest: rows.slice(-n).reverse() };
}

/** What one API request caused, seen from inside the app. */
interface Probed {
  /** SQL statements (knex 'query' events). */
  queries: number;
  /** The requests the app sent Meilisearch, as sent (method, path, headers, body). */
  meili: BenchRequest[];
  /** `meta.total` of a list answer. */
  total: number | undefined;
}

/**
 * Sends each path to an in-process app (the same code as the API child, over the same database and
 * Meilisearch) one request at a time, each twice (the first opens pool connections and warms the JIT), and
 * records what the second one caused: its SQL statements and its Meilisearch requests. These are caught at
 * the global `fetch`, which the meilisearch client calls, so the raw Meilisearch cases replay exactly what
 * the API sends, headers included, whatever the API's code does today.
 */
async function probe(config: AppConfig, paths: string[]): Promise<Probed[]> {
  const db = createDb(config.databaseUrl, 4);
  const meiliUrl = config.meiliUrl!;
  let queries = 0;
  let meili: BenchRequest[] | undefined; // set while the counted request runs
  db.on('query', () => queries++);
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (meili && url.href.startsWith(meiliUrl)) {
      meili.push({
        method: (init?.method ?? 'GET') as BenchRequest['method'],
        path: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers)),
        body: typeof init?.body === 'string' ? init.body : undefined,
      });
    }
    return realFetch(input, init);
  };
  const app = createApp({ config, db, meili: createMeiliClient(config), logger: pino({ level: 'silent' }) });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const out: Probed[] = [];
    for (const p of paths) {
      await (await realFetch(`${origin}${p}`)).arrayBuffer();
      queries = 0;
      const calls: BenchRequest[] = (meili = []);
      const res = await realFetch(`${origin}${p}`);
      const text = await res.text();
      meili = undefined;
      if (!res.ok) throw new Error(`GET ${p} answered ${res.status} in-process: ${text.slice(0, 300)}`);
      out.push({ queries, meili: calls, total: (JSON.parse(text) as Hits).meta?.total });
    }
    return out;
  } finally {
    globalThis.fetch = realFetch;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  }
}

interface Child {
  origin: string;
  pid: number;
  server: Supervised;
  /** Last lines of its output (errors and warnings: the API logs at `warn`). */
  tail: string[];
}

/**
 * Spawns a server process (`node --import tsx <script>`) and waits until `readyPath` answers 200. The child
 * runs under the same supervision as the bundled Meilisearch: killed when this process exits, and by a
 * watchdog when this process dies without running its exit handlers.
 */
async function startChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
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

/** CPU seconds (user + system) of a process from /proc, 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may contain spaces
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of each Postgres backend serving the benchmark database, by pid. Backends are told apart by
 * their process title (`postgres: 15/main: postgres catalog_bench_api_medium 127.0.0.1(...)`): summing
 * every `postgres` process instead would count other people's backends, and one that exits during a case
 * would take its CPU seconds out of the sum.
 */
function postgresBackends(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes(` ${DATABASE} `)) out.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** Busy CPU seconds of the whole machine (all cores), from the first line of /proc/stat. */
function machineCpuSeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
}

type CpuPids = Record<'api' | 'meilisearch' | 'express', number>;

interface CpuSample {
  api: number;
  meilisearch: number;
  express: number;
  bench: number;
  postgres: Map<number, number>;
  machine: number;
}

function cpuSample(pids: CpuPids): CpuSample {
  const own = process.cpuUsage();
  return {
    api: cpuSeconds(pids.api),
    meilisearch: cpuSeconds(pids.meilisearch),
    express: cpuSeconds(pids.express),
    bench: (own.user + own.system) / 1e6,
    postgres: postgresBackends(),
    machine: machineCpuSeconds(),
  };
}

/** CPU between two samples `seconds` apart, in % of one core. */
function cpuShare(before: CpuSample, after: CpuSample, seconds: number): CpuShare {
  let postgres = 0;
  // A backend that connected during the case counts from 0.
  for (const [pid, cpu] of after.postgres) postgres += cpu - (before.postgres.get(pid) ?? 0);
  const delta = {
    api: after.api - before.api,
    meilisearch: after.meilisearch - before.meilisearch,
    express: after.express - before.express,
    bench: after.bench - before.bench,
    postgres,
  };
  const ours = delta.api + delta.meilisearch + delta.express + delta.bench + delta.postgres;
  const pct = (cpuSeconds: number) => Math.max(0, Math.round((cpuSeconds / seconds) * 100));
  return {
    api: pct(delta.api),
    meilisearch: pct(delta.meilisearch),
    postgres: pct(delta.postgres),
    bench: pct(delta.bench),
    express: pct(delta.express),
    other: pct(after.machine - before.machine - ours),
  };
}

/** Sends every request of a case once: each must answer 2xx and pass the case's check. */
async function checkCase(spec: CaseSpec): Promise<void> {
  for (const request of spec.requests) {
    const res = await fetch(`${spec.origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      throw new Error(
        `${spec.name}: ${request.method} ${request.path} answered ${res.status}: ${text.slice(0, 300)}`,
      );
    }
    spec.check?.(JSON.parse(text), request);
  }
}

/** `list` rotated to start at `offset`. */
function rotate<T>(list: T[], offset: number): T[] {
  const k = offset % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

/** One autocannon run; latencies are collected from 'response' events (fractional milliseconds). */
async function cannon(
  spec: CaseSpec,
  connections: number,
  durationSec: number,
): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  let client = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections,
        duration: durationSec,
        requests: spec.requests,
        // Without this every connection would send the same request at the same moment.
        setupClient: (c) => c.setRequests(rotate(spec.requests, client++ * 7)),
      },
      (error: unknown, res) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  return { result, latencies };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runCase(
  spec: CaseSpec,
  options: Required<Pick<ApiBenchOptions, 'connections' | 'durationSec' | 'warmupSec'>>,
  pids: CpuPids,
): Promise<CaseResult> {
  const connections = spec.connections ?? options.connections;
  await checkCase(spec);
  if (options.warmupSec > 0) await cannon(spec, connections, options.warmupSec);
  const before = cpuSample(pids);
  const { result, latencies } = await cannon(spec, connections, options.durationSec);
  const after = cpuSample(pids);
  const sorted = Float64Array.from(latencies).sort();
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    name: spec.name,
    sql: spec.sql,
    server: spec.server,
    variants: spec.requests.length,
    responses,
    rps: responses / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuShare(before, after, result.duration),
    connections,
  };
}

interface CatalogSample {
  catalog: ApiBenchResult['catalog'];
  searches: string[];
  pairs: FilterPair[];
  details: { most: DetailCandidate[]; fewest: DetailCandidate[] };
}

/** What the cases are made of, read from the benchmark database. */
async function catalogSample(db: Knex): Promise<CatalogSample> {
  const count = async (table: string, activeOnly: boolean) =>
    Number(
      (
        await db(table)
          .where(activeOnly ? { is_active: true } : {})
          .count<{ n: number }[]>('* as n')
      )[0]!.n,
    );
  return {
    catalog: {
      products: await count('products', true),
      articles: await count('articles', true),
      media: await count('media', false),
    },
    searches: await searchQueries(db),
    pairs: await filterPairs(db),
    details: await detailCandidates(db, 10),
  };
}

interface Hits {
  totalHits?: number;
  estimatedTotalHits?: number;
  hits?: unknown[];
  meta?: { total?: number };
  data?: unknown[];
}

/** Data dirs of earlier runs that were killed outright (SIGKILL skips the exit hook that removes them). */
async function removeStaleMeiliDirs(): Promise<void> {
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
 * Runs the API benchmark on the medium catalog (see the file comment) and returns its measurements.
 * Stops what it started (children, Meilisearch and its data dir) also when it fails; keeps the database.
 */
export async function benchApi(options: ApiBenchOptions): Promise<ApiBenchResult> {
  const log = options.log ?? (() => undefined);
  const run = {
    durationSec: options.durationSec ?? 20,
    connections: options.connections ?? 16,
    warmupSec: options.warmupSec ?? 3,
  };
  const stops: (() => Promise<void>)[] = [];
  await removeStaleMeiliDirs();
  const meiliDir = path.join(DATA, `meili-api-${process.pid}`);
  // Ctrl-C: the supervised children are killed by their exit hook; this removes the data dir too.
  const removeMeiliDir = () => rmSync(meiliDir, { recursive: true, force: true });
  process.on('exit', removeMeiliDir);
  try {
    await ensureSnapshot(log);
    const { url: databaseUrl, importMs } = await prepareDatabase(options.serverUrl, log);
    if (importMs !== null) log(`imported in ${(importMs / 1000).toFixed(1)} s`);

    const meili: BundledMeilisearch = await startBundledMeilisearch({ dataDir: meiliDir });
    stops.push(async () => {
      await meili.stop();
      await rm(meiliDir, { recursive: true, force: true });
    });
    const id = randomBytes(4).toString('hex');
    const [apiPort, expressPort] = [await freePort(), await freePort()];
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      MEILI_URL: meili.url,
      MEILI_MASTER_KEY: meili.masterKey,
      MEILI_INDEX_PREFIX: `bench_${id}_`,
      REDIS_PREFIX: `bench_${id}`,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${apiPort}`,
      APP_ENV: 'production',
      APP_DEBUG: 'false',
      // Request logs at `info` would be most of the API's work here; warnings and errors still show.
      LOG_LEVEL: 'warn',
      MEDIA_ROOT,
      // Loopback is not an unlimited network by default: guest rate limits would turn the load into 429s.
      API_UNLIMITED_NETWORKS: '127.0.0.0/8,::1/128',
    };
    const config = loadConfig(env);

    const db = createDb(databaseUrl, 4);
    let sample: CatalogSample;
    let reindex: ReindexResult[];
    let reindexMs: number;
    try {
      sample = await catalogSample(db);
      const { products, articles, media } = sample.catalog;
      log(`building the indexes (${products} products, ${articles} articles, ${media} media)...`);
      const ctx: IndexerContext = {
        db,
        meili: createMeiliClient(config),
        indexPrefix: config.meiliIndexPrefix,
        definitions: INDEX_DEFINITIONS,
        logger: pino({ level: 'silent' }),
        push: DEFAULT_PUSH_OPTIONS,
      };
      const started = Date.now();
      reindex = await runReindex(ctx, 'all');
      reindexMs = Date.now() - started;
      const parts = reindex.map(
        (r) => `${r.index} ${r.documents} docs ${(r.durationMs / 1000).toFixed(1)} s`,
      );
      log(`full reindex: ${(reindexMs / 1000).toFixed(1)} s (${parts.join(', ')})`);
    } finally {
      await db.destroy();
    }
    const { catalog, searches, pairs, details } = sample;

    // The API's requests. Lists and searches must find something; the first ten products of `details` have
    // the most relations, the last ten the fewest.
    const q = (params: Record<string, string | number>) =>
      new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
    const lastPage = Math.ceil(catalog.products / PER_PAGE);
    const deepPages = Array.from({ length: 10 }, (_, i) => lastPage - 9 + i);
    const lastArticlePage = Math.ceil(catalog.articles / PER_PAGE);
    const articlePages = Array.from({ length: 10 }, (_, i) => Math.min(6000, lastArticlePage) - 9 + i);
    const apiCases: { name: string; raw?: string; paths: string[]; list: boolean }[] = [
      {
        name: 'API search',
        raw: 'raw Meilisearch: search',
        paths: searches.map((s) => `/api/v1/products?${q({ search: s })}`),
        list: true,
      },
      {
        name: 'API search, facets=1',
        raw: 'raw Meilisearch: search with facets',
        paths: searches.map((s) => `/api/v1/products?${q({ search: s, facets: 1 })}`),
        list: true,
      },
      {
        name: 'API filtered list',
        raw: 'raw Meilisearch: filtered list',
        paths: pairs.map(
          (p) => `/api/v1/products?${q({ taxons: `${p.taxonomy}:${p.term}`, manufacturer: p.manufacturer })}`,
        ),
        list: true,
      },
      {
        name: `API deep page (products, pages ${deepPages[0]}-${lastPage})`,
        raw: 'raw Meilisearch: deep page (products)',
        paths: deepPages.map((page) => `/api/v1/products?${q({ page, per_page: PER_PAGE })}`),
        list: true,
      },
      {
        name: `API deep page (articles, pages ${articlePages[0]}-${articlePages[9]})`,
        raw: 'raw Meilisearch: deep page (articles)',
        paths: articlePages.map((page) => `/api/v1/articles?${q({ page })}`),
        list: true,
      },
      {
        name: 'API product detail',
        paths: [...details.most, ...details.fewest].map((d) => `/api/v1/products/${d.slug}`),
        list: false,
      },
    ];

    log('probing the requests in-process (SQL statements, Meilisearch requests)...');
    const probed = new Map<string, Probed>();
    const allPaths = apiCases.flatMap((c) => c.paths);
    (await probe(config, allPaths)).forEach((result, i) => probed.set(allPaths[i]!, result));
    const detailQueries: DetailQueryCount[] = [details.most[0]!, details.fewest[0]!].map((d) => {
      const { slug, articles, manufacturers, tractorModels, terms, images, uploads } = d;
      const relations = { articles, manufacturers, tractorModels, terms, images, uploads };
      return { slug, relations, queries: probed.get(`/api/v1/products/${slug}`)!.queries };
    });
    for (const d of detailQueries) log(`GET /products/${d.slug}: ${d.queries} SQL queries`);

    const api = await startChild(
      path.join(ROOT, 'src', 'server.ts'),
      [],
      { ...process.env, ...env },
      apiPort,
      '/api/v1/taxonomies',
    );
    stops.push(() => api.server.stop());
    const express = await startChild(
      path.join(__dirname, 'api-child-express.ts'),
      [String(expressPort)],
      process.env,
      expressPort,
      '/',
    );
    stops.push(() => express.server.stop());
    const pids: CpuPids = { api: api.pid, meilisearch: meili.pid, express: express.pid };

    const found = (body: unknown, request: BenchRequest) => {
      const b = body as Hits;
      const total = b.meta?.total ?? b.totalHits ?? b.estimatedTotalHits ?? 0;
      if (total === 0 || (b.data ?? b.hits ?? []).length === 0) {
        throw new Error(`${request.method} ${request.path} ${request.body ?? ''}: found nothing`);
      }
      return total;
    };
    const sqlRange = (paths: string[]) => {
      const counts = paths.map((p) => probed.get(p)!.queries);
      const [min, max] = [Math.min(...counts), Math.max(...counts)];
      return min === max ? String(min) : `${min}–${max}`;
    };
    const cases: CaseSpec[] = apiCases.map((c) => ({
      server: 'api',
      name: c.name,
      origin: api.origin,
      requests: c.paths.map((p) => ({ method: 'GET', path: p })),
      check: c.list ? found : undefined,
      sql: sqlRange(c.paths),
    }));
    const raws = new Map<string, CaseSpec>();
    for (const c of apiCases) {
      if (!c.raw) continue;
      const expected = new Map<BenchRequest, number | undefined>();
      const requests = c.paths.map((p) => {
        const calls = probed.get(p)!.meili;
        if (calls.length !== 1)
          throw new Error(`GET ${p} made ${calls.length} Meilisearch requests, expected 1`);
        expected.set(calls[0]!, probed.get(p)!.total);
        return calls[0]!;
      });
      const spec: CaseSpec = {
        server: 'meilisearch',
        name: c.raw,
        origin: meili.url,
        requests,
        // The same request as the API's: as many hits.
        check: (body, request) => {
          const total = found(body, request);
          const want = expected.get(request);
          if (want !== undefined && total !== want) {
            throw new Error(`${c.raw} ${request.body}: ${total} hits, the API said ${want}`);
          }
        },
      };
      raws.set(c.raw, spec);
    }
    const byCase = (name: string) => cases.find((c) => c.name === name)!;
    const diagnostics: CaseSpec[] = [];
    if (options.diagnose) {
      const rawSearch = raws.get('raw Meilisearch: search')!;
      diagnostics.push(
        raws.get('raw Meilisearch: deep page (articles)')!,
        { ...rawSearch, name: 'raw Meilisearch: search, 1 connection', connections: 1 },
        {
          ...rawSearch,
          // What Node's fetch asks for unless told otherwise: a compressed answer.
          name: 'raw Meilisearch: search, Accept-Encoding gzip, 1 connection',
          requests: rawSearch.requests.map((r) => ({
            ...r,
            headers: { ...r.headers, 'accept-encoding': 'gzip, deflate' },
          })),
          check: undefined,
          connections: 1,
        },
        { ...byCase('API search'), name: 'API search, 1 connection', connections: 1 },
        { ...byCase('API product detail'), name: 'API product detail, 1 connection', connections: 1 },
      );
    }
    cases.push(
      ...['search', 'search with facets', 'filtered list', 'deep page (products)'].map((name) =>
        raws.get(`raw Meilisearch: ${name}`)!,
      ),
      {
        server: 'express',
        name: 'bare Express JSON (~1 KB)',
        origin: express.origin,
        requests: [{ method: 'GET', path: '/' }],
      },
      ...diagnostics,
    );

    const results: CaseResult[] = [];
    for (const spec of cases) {
      log(
        `${spec.name}: ${spec.connections ?? run.connections} connections, ${run.warmupSec} s warm-up + ${run.durationSec} s...`,
      );
      const result = await runCase(spec, run, pids);
      results.push(result);
      log(`  ${caseRow(result)}`);
    }
    if (api.tail.length) log(`API output (last lines):\n  ${api.tail.join('\n  ')}`);

    const byName = (prefix: string) =>
      results.find((r) => r.name === prefix) ?? results.find((r) => r.name.startsWith(prefix))!;
    const searchRatio = byName('API search').rps / byName('raw Meilisearch: search').rps;
    const facetsRatio =
      byName('API search, facets=1').rps / byName('raw Meilisearch: search with facets').rps;
    const p99Target = (prefix: string, limit: number): TargetCheck => {
      const r = byName(prefix);
      return {
        target: `${r.name}: p99 ≤ ${limit} ms`,
        measured: `${r.p99.toFixed(1)} ms`,
        met: r.p99 <= limit && r.non2xx === 0 && r.errors === 0,
      };
    };
    const queryCounts = [...new Set(detailQueries.map((d) => d.queries))];
    const targets: TargetCheck[] = [
      p99Target('API search', 30),
      p99Target('API search, facets=1', 30),
      p99Target('API filtered list', 30),
      p99Target('API deep page (products', 30),
      p99Target('API deep page (articles', 30),
      p99Target('API product detail', 20),
      {
        target: 'product detail: a fixed number of SQL queries however many relations',
        measured: detailQueries.map((d) => `${d.queries} (${relationSummary(d)})`).join(' vs '),
        met: queryCounts.length === 1,
      },
      {
        target: 'API search requests/s ≥ 50 % of raw Meilisearch',
        measured: `${(searchRatio * 100).toFixed(1)} %`,
        met: searchRatio >= 0.5,
      },
      {
        target: 'API search with facets=1 requests/s ≥ 50 % of raw Meilisearch',
        measured: `${(facetsRatio * 100).toFixed(1)} %`,
        met: facetsRatio >= 0.5,
      },
    ];
    return {
      date: new Date().toISOString().slice(0, 10),
      cores: os.cpus().length,
      ...run,
      catalog,
      importMs,
      reindex,
      reindexMs,
      searches,
      filters: pairs.map((p) => `${p.taxonomy}:${p.term} + ${p.manufacturer}`),
      detailQueries,
      cases: results,
      searchRatio,
      facetsRatio,
      targets,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    process.off('exit', removeMeiliDir);
  }
}

function relationSummary(d: DetailQueryCount): string {
  const r = d.relations;
  return (
    `${d.slug}: ${r.articles} articles, ${r.manufacturers} manufacturers, ${r.tractorModels} tractor models, ` +
    `${r.terms} terms, ${r.images} images, ${r.uploads} uploads`
  );
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function caseRow(r: CaseResult): string {
  const failures = r.non2xx + r.errors;
  const problems =
    failures === 0 ? '0' : `**${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)**`;
  // The app column is the process of the case's server: the API, or the Express baseline.
  const app = r.server === 'express' ? r.cpu.express : r.server === 'api' ? r.cpu.api : '–';
  const cpu = `${app} / ${r.cpu.meilisearch} / ${r.cpu.postgres} / ${r.cpu.bench} / ${r.cpu.other}`;
  return (
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${problems} | ${r.sql ?? '–'} | ` +
    `${cpu} |`
  );
}

/** The result as Markdown for BENCHMARKS.md: the cases, the targets, reindex and SQL numbers. */
export function apiTable(result: ApiBenchResult): string {
  const lines = [
    `${result.connections} connections, ${result.durationSec} s per case (after a warm-up), ${result.cores} cores; ` +
      `catalog: ${fmt(result.catalog.products, 0)} active products, ${fmt(result.catalog.articles, 0)} active articles, ` +
      `${fmt(result.catalog.media, 0)} media.`,
    '',
    '| case | requests/s | p50 ms | p99 ms | errors / non-2xx | SQL / request | CPU % app / Meili / PG / autocannon / other |',
    '|---|---:|---:|---:|---|---:|---|',
    ...result.cases.map(caseRow),
    '',
    `API search requests/s ÷ raw Meilisearch on the same requests: **${(result.searchRatio * 100).toFixed(1)} %** ` +
      `(with facets=1: **${(result.facetsRatio * 100).toFixed(1)} %**). CPU in % of one core; "other" is CPU ` +
      `used outside the benchmark's processes during the case (noise when well above 0).`,
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...result.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
    '',
    `Full reindex (\`runReindex(ctx, 'all')\`): **${(result.reindexMs / 1000).toFixed(1)} s** (` +
      result.reindex
        .map((r) => `${r.index}: ${fmt(r.documents, 0)} documents in ${(r.durationMs / 1000).toFixed(1)} s`)
        .join(', ') +
      ').',
    '',
    `SQL queries per product detail: ${result.detailQueries.map((d) => `**${d.queries}** for ${relationSummary(d)}`).join('; ')}.`,
    '',
    `Searches: ${result.searches.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    `Filters (taxons + manufacturer): ${result.filters.map((s) => `\`${s}\``).join(', ')}.`,
  ];
  return lines.join('\n');
}
