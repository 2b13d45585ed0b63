/**
 * `npm run chaos -- [--scale tiny|small] [--phase-seconds s] [--pause-seconds s] [--rate n] [--short]
 * [--write]`: the API and the worker under a constant request rate while their dependencies fail, one
 * fault after another, on a stack of its own:
 *
 * - a Postgres database `catalog_chaos_<pid>` on DATABASE_URL's server (dropped at the end), the demo
 *   catalog of `--scale` (default `small`, generated once into .data/bench) plus planted non-public records
 *   (an inactive product and article, a draft medium, an expired one, one in a role-restricted folder, and
 *   a `texts` entry of a public product, which no endpoint returns) whose names all carry one random
 *   marker;
 * - the bundled Meilisearch on a free port with a data dir of its own, a `redis-server` of its own on a
 *   free port (the machine's Redis is never touched), the API and the worker as child processes
 *   (WORKER_LOCK_MS=5000).
 *
 * Phases (each `--phase-seconds`, default 20): baseline; Meilisearch paused (SIGSTOP) for
 * `--pause-seconds` (default 15) and resumed; Meilisearch killed (SIGKILL) and restarted on its data dir,
 * with an import meanwhile; Postgres connections of this database killed (`pg_terminate_backend`) every
 * 2 s; Redis killed and restarted empty, with an import after; the worker killed (SIGKILL), an import
 * while it is down, restarted; then a wait until every imported change is in the index.
 *
 * Load: `--rate` requests per second (default 50), open loop, a mix of lists, searches, category filters,
 * media and article lists and details, plus requests aimed at the planted records. Per phase it prints
 * requests, 200s, 503s, other 5xx, failed requests (no answer within 30 s), p50/p99/max latency, the API's
 * open client connections and RSS (from /proc) and leaks (a public body holding the marker). During the
 * pause it also counts answers slower than 3 s and how soon after the resume searches answer again.
 * Exit 1 on any 5xx other than 503, any failed request, any leak, or a change not indexed at the end,
 * and (not with `--short`) when an answer during the stall took over 3 s or searches were not answered
 * normally 5 s after the resume (the stall's targets).
 *
 * `--short` (CI): the tiny catalog, 5 s phases, a 5 s pause, 30 requests/s, the stall's timing targets
 * reported only: about a minute.
 * `--pause-seconds 120`: the two-minute stall under load.
 * `--write`: the phase table and the verdict also replace the `chaos` section of BENCHMARKS.md
 * (bench/results-file.ts), passed or failed; refused with `--short`, whose timing is not enforced.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { getConfig, loadConfig } from '../config/env';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { importSnapshot } from '../src/import';
import { freePort } from '../tools/dev/free-port';
import { startRedisServer } from '../tools/dev/redis-server';
import { roleKeyEnv, startBundledMeilisearch, type BundledMeilisearch } from '../tools/dev/meilisearch';
import { generateCatalog } from '../tools/generate';
import { API_NODE_FLAGS } from '../config/runtime';
import { exitWithError } from '../src/cli/exit';
import { buildIndexes, startApi, startWorker, type Child } from './api/services';
import { checkMarkers, measurementStamp, runLine, writeResults } from './results-file';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'bench');
const REQUEST_TIMEOUT_MS = 30_000;

interface Options {
  scale: 'tiny' | 'small';
  phaseSeconds: number;
  pauseSeconds: number;
  rate: number;
  /** Exit 1 when the stall's answers miss their targets (3 s during it, normal 5 s after it). */
  timingTargets: boolean;
  /** Replace the `chaos` section of BENCHMARKS.md with this run's report. */
  write: boolean;
}

interface Sample {
  phase: string;
  at: number;
  url: string;
  status: number;
  ms: number;
  leak: boolean;
  degraded: boolean;
}

interface PhaseStats {
  name: string;
  seconds: number;
  requests: number;
  ok: number;
  clientErrors: number;
  unavailable: number;
  otherServerErrors: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  degraded: number;
  leaks: number;
  connections: { first: number; max: number };
  rssMb: { first: number; max: number };
  notes: string[];
}

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got "${value}")`);
  return n;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'small' },
      'phase-seconds': { type: 'string' },
      'pause-seconds': { type: 'string' },
      rate: { type: 'string' },
      short: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
  });
  const short = values.short;
  if (short && values.write)
    throw new Error('--short is a smoke run and does not replace the results: drop --write');
  const scale = short ? 'tiny' : values.scale;
  if (scale !== 'tiny' && scale !== 'small')
    throw new Error(`--scale must be tiny or small (got "${scale}")`);
  return {
    scale,
    phaseSeconds: positive('phase-seconds', values['phase-seconds'] ?? (short ? '5' : '20')),
    pauseSeconds: positive('pause-seconds', values['pause-seconds'] ?? (short ? '5' : '15')),
    rate: positive('rate', values.rate ?? (short ? '30' : '50')),
    timingTargets: !short,
    write: values.write,
  };
}

const log = (message: string) =>
  console.error(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A redis-server of our own on 127.0.0.1:`port`, without persistence, killed when this process exits. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = await startRedisServer(port);
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/** The records no public response may show, each carrying `marker` (and the word "Kwyjibo" to search). */
function hiddenRecords(marker: string, publicProduct: Record<string, unknown>): Record<string, unknown[]> {
  const now = '2026-01-01T00:00:00+00:00';
  const medium = (id: number, extra: Record<string, unknown>) => ({
    id,
    source_id: `chaos-${marker}-${id}`,
    name: `Kwyjibo ${marker} ${id}`,
    file_name: `kwyjibo-${marker}-${id}.jpg`,
    mime_type: 'image/jpeg',
    type: 'image',
    file: null,
    alt: `Kwyjibo ${marker}`,
    release_status: 'released',
    release_channels: [],
    created_at: now,
    ...extra,
  });
  return {
    'products.ndjson': [
      {
        id: 9_900_001,
        slug: `kwyjibo-${marker}`,
        names: { de: `Kwyjibo Geheimprodukt ${marker}` },
        keywords: ['kwyjibo', marker],
        is_active: false,
      },
      // A public product: its `texts` are never returned.
      { ...publicProduct, texts: { print: `Kwyjibo ${marker}` } },
    ],
    'articles.ndjson': [
      {
        id: 9_900_001,
        type: 'main',
        ordernumber: `KWY-${marker}`,
        names: { de: `Kwyjibo Artikel ${marker}` },
        is_active: false,
      },
    ],
    'media_folders.ndjson': [
      {
        id: 9_900_001,
        name: `Kwyjibo ${marker}`,
        slug: `kwyjibo-${marker}`,
        is_active: true,
        role_restriction: 'dealer',
      },
    ],
    'media.ndjson': [
      medium(9_900_001, { release_status: 'draft' }),
      medium(9_900_002, { valid_until: '2020-01-01T00:00:00+00:00' }),
      medium(9_900_003, { folder_id: 9_900_001 }),
      medium(9_900_004, { release_status: 'blocked' }),
    ],
  };
}

async function writeSnapshot(dir: string, files: Record<string, unknown[]>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ format: 'catalog-snapshot', version: 1 }),
  );
  for (const [file, records] of Object.entries(files)) {
    await writeFile(path.join(dir, file), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
}

/** Open TCP connections to the API's port (ESTABLISHED, server side) from /proc/net/tcp{,6}. */
function apiConnections(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let n = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 3 && cols[1]!.endsWith(hex) && cols[3] === '01') n++;
    }
  }
  return n;
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (options.write) checkMarkers(['chaos']);
  const stamp = measurementStamp();
  const started = Date.now();
  const server = getConfig().databaseUrl;
  const marker = `zq${randomBytes(5).toString('hex')}`;
  const work = path.join(DATA, `chaos-${process.pid}`);
  const dbUrl = withDatabase(server, `catalog_chaos_${process.pid}`);
  const cleanups: (() => Promise<unknown>)[] = [];
  const failures: string[] = [];
  let api: Child | undefined;
  let worker: Omit<Child, 'origin'> | undefined;
  let meili: BundledMeilisearch | undefined;
  let redis: ChildProcess | undefined;
  try {
    // --- the stack ---------------------------------------------------------------------------------
    const snapshot = path.join(DATA, `snapshot-${options.scale}-seed1`);
    if (!existsSync(path.join(snapshot, 'manifest.json'))) {
      log(`generating the ${options.scale} catalog into ${path.relative(ROOT, snapshot)} (kept)...`);
      await rm(snapshot, { recursive: true, force: true });
      await generateCatalog({ outDir: snapshot, scale: options.scale, seed: 1 });
    }
    await mkdir(work, { recursive: true });
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const mediaRoot = path.join(work, 'media');
    await dropDatabase(dbUrl);
    await ensureDatabase(dbUrl);
    cleanups.push(() => dropDatabase(dbUrl));
    const db = createDb(dbUrl, 2);
    cleanups.push(() => db.destroy());
    await migrateLatest(db);
    log(`importing the ${options.scale} catalog into ${path.basename(dbUrl)}...`);
    await importSnapshot(db, snapshot, { mode: 'full', mediaRoot });
    const firstProduct = JSON.parse(
      (await readFile(path.join(snapshot, 'products.ndjson'), 'utf8')).split('\n')[0]!,
    ) as Record<string, unknown>;
    const plantDir = path.join(work, 'plant');
    await writeSnapshot(plantDir, hiddenRecords(marker, firstProduct));
    await importSnapshot(db, plantDir, { mode: 'partial', mediaRoot });

    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    const meiliDir = path.join(work, 'meili');
    meili = await startBundledMeilisearch({ dataDir: meiliDir });
    const meiliPort = Number(new URL(meili.url).port);
    const apiPort = await freePort();
    const masterKey = meili.masterKey; // this process's alone: the API and the worker get their role keys
    const env: Record<string, string> = {
      DATABASE_URL: dbUrl,
      MEILI_URL: meili.url,
      ...(await roleKeyEnv(meili, 'chaos_')),
      MEILI_INDEX_PREFIX: 'chaos_',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: 'chaos',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${apiPort}`,
      APP_ENV: 'production',
      LOG_LEVEL: 'warn',
      MEDIA_ROOT: mediaRoot,
      API_UNLIMITED_NETWORKS: '127.0.0.0/8,::1/128',
      WORKER_LOCK_MS: '5000',
      RENDER_CONCURRENCY: '1',
      // Off: every list and search reaches Meilisearch (with it on, the load's repeated requests would be
      // answered from the cache and a fault would show only on misses).
      API_RESULT_CACHE_MB: '0',
    };
    log('building the indexes...');
    await buildIndexes(db, loadConfig(env), log);
    // The indexes are built: the import's outbox rows need no sync (nor its renders).
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    api = await startApi(env, apiPort, [...API_NODE_FLAGS]); // production's heap limits
    worker = await startWorker(env);
    log(
      `API on ${api.origin} (pid ${api.pid}), worker pid ${worker.pid}, Meilisearch ${meili.url}, Redis ${redisPort}`,
    );

    // --- what to ask -------------------------------------------------------------------------------
    const slugs = await db('products').where('is_active', true).orderBy('id').limit(40).pluck('slug');
    const words = (
      await db('products')
        .where('is_active', true)
        .orderBy('id')
        .limit(40)
        .select(db.raw("names->>'de' AS name"))
    )
      .map((r: { name: string }) => r.name.split(/\s+/)[0]!)
      .filter((w: string) => w.length >= 4);
    const taxons = await db('taxons as t')
      .join('taxonomies as y', 'y.id', 't.taxonomy_id')
      .where('y.frontend', true)
      .orderBy('t.id')
      .limit(30)
      .select(db.raw("y.slug || ':' || t.slug AS filter"))
      .then((rows: { filter: string }[]) => rows.map((r) => r.filter));
    const mediaIds = (
      (await (await fetch(`${api.origin}/api/v1/media?per_page=50`)).json()) as { data: { id: number }[] }
    ).data.map((m) => m.id);
    const paths = [
      ...[1, 2, 3].map((p) => `/products?page=${p}`),
      ...words.slice(0, 12).map((w: string) => `/products?search=${encodeURIComponent(w)}`),
      ...taxons.map((t: string) => `/products?taxons=${encodeURIComponent(t)}`),
      ...[1, 2].map((p) => `/media?page=${p}`),
      '/media?type=image',
      ...[1, 2].map((p) => `/articles?page=${p}`),
      ...slugs.slice(0, 12).map((s: string) => `/products/${s}`),
      ...mediaIds.slice(0, 12).map((id) => `/media/${id}`),
      // Aimed at the planted records: none of them may show.
      '/products?search=kwyjibo',
      '/media?search=kwyjibo',
      '/articles?search=KWY',
      '/products?ids[]=9900001',
      '/media?ids[]=9900001&ids[]=9900002&ids[]=9900003&ids[]=9900004',
      `/products/${slugs[0]}`,
      '/media/9900001',
      '/media/9900003',
      `/products/kwyjibo-${marker}`,
    ];

    // --- load and sampling -------------------------------------------------------------------------
    let phase = 'setup';
    const samples: Sample[] = [];
    const resources: { phase: string; connections: number; rss: number }[] = [];
    const anomalies: string[] = [];
    let inFlight = 0;
    let counter = 0;
    const apiOrigin = api.origin;
    const apiPid = api.pid;
    const fire = () => {
      const url = paths[counter++ % paths.length]!;
      const at = performance.now();
      const current = phase;
      inFlight++;
      void fetch(`${apiOrigin}/api/v1${url}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
        .then(async (res) => {
          const body = await res.text();
          const asked = url.includes(marker) || /99000\d\d|kwyjibo/.test(url);
          // A 5xx other than 503, or a 4xx for a record that exists: kept for the report.
          if (
            (res.status >= 500 && res.status !== 503) ||
            (res.status >= 400 && res.status < 500 && !asked)
          ) {
            anomalies.push(`${current}: ${res.status} ${url} ${body.slice(0, 300)}`);
          }
          samples.push({
            phase: current,
            at,
            url,
            status: res.status,
            ms: performance.now() - at,
            leak: !url.includes(marker) && body.includes(marker),
            degraded: res.headers.get('x-search-degraded') === '1',
          });
        })
        .catch(() =>
          samples.push({
            phase: current,
            at,
            url,
            status: 0,
            ms: performance.now() - at,
            leak: false,
            degraded: false,
          }),
        )
        .finally(() => inFlight--);
    };
    const load = setInterval(fire, 1000 / options.rate);
    const sampler = setInterval(
      () => resources.push({ phase, connections: apiConnections(apiPort), rss: rssMb(apiPid) }),
      500,
    );
    const phaseMs = options.phaseSeconds * 1000;
    const windows: { name: string; from: number; to: number; notes: string[] }[] = [];
    const runPhase = async (name: string, body: (notes: string[]) => Promise<void>) => {
      log(`phase ${name}`);
      phase = name;
      const notes: string[] = [];
      const from = performance.now();
      await body(notes);
      windows.push({ name, from, to: performance.now(), notes });
    };

    // Changes imported during the faults: each renames one product; all must be indexed at the end.
    const changes: { id: number; name: string }[] = [];
    const productLines = (await readFile(path.join(snapshot, 'products.ndjson'), 'utf8'))
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((p) => p.is_active === true);
    const importChange = async (label: string) => {
      const record = productLines[changes.length + 1]!;
      const name = `Chaos ${label} ${marker.slice(2, 6)}`;
      const dir = path.join(work, `change-${changes.length}`);
      await writeSnapshot(dir, {
        'products.ndjson': [{ ...record, names: { ...(record.names as object), de: name } }],
      });
      const importDb = createDb(dbUrl, 1);
      try {
        await importSnapshot(importDb, dir, { mode: 'partial', mediaRoot });
      } finally {
        await importDb.destroy();
      }
      changes.push({ id: record.id as number, name });
      log(`  imported a change: product ${record.id as number} -> "${name}"`);
    };

    /** Whether `change` is in the index (a list answer that is not degraded) within `timeoutMs`. */
    const isVisible = async (change: { id: number; name: string }) => {
      const res = await fetch(`${apiOrigin}/api/v1/products?ids[]=${change.id}`);
      const body = (await res.json()) as { data?: { names?: { de?: string } }[] };
      return res.headers.get('x-search-degraded') !== '1' && body.data?.[0]?.names?.de === change.name;
    };
    const waitVisible = async (change: { id: number; name: string }, timeoutMs: number) => {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        if (await isVisible(change).catch(() => false)) return true;
        await sleep(250);
      }
      return false;
    };

    // --- phases ------------------------------------------------------------------------------------
    await runPhase('baseline', () => sleep(phaseMs));

    let resumedAt = 0;
    let stoppedAt = 0;
    await runPhase('meilisearch paused', async (notes) => {
      process.kill(meili!.pid, 'SIGSTOP');
      stoppedAt = performance.now();
      await sleep(options.pauseSeconds * 1000);
      process.kill(meili!.pid, 'SIGCONT');
      resumedAt = performance.now();
      notes.push(`SIGSTOP for ${options.pauseSeconds} s`);
      await sleep(Math.max(5000, phaseMs / 2));
    });

    await runPhase('meilisearch killed', async (notes) => {
      process.kill(meili!.pid, 'SIGKILL');
      await meili!.exited;
      const down = performance.now();
      await importChange('meili-down');
      await sleep(Math.max(0, phaseMs / 2 - (performance.now() - down)));
      meili = await startBundledMeilisearch({
        dataDir: meiliDir,
        port: meiliPort,
        masterKey,
      });
      notes.push(`down ${((performance.now() - down) / 1000).toFixed(1)} s, restarted on its data dir`);
      await sleep(phaseMs / 2);
    });

    await runPhase('postgres connections killed', async (notes) => {
      const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
      await admin.connect();
      let killed = 0;
      try {
        const end = performance.now() + phaseMs;
        while (performance.now() < end) {
          const { rows } = await admin.query<{ ok: boolean }>(
            'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [path.basename(new URL(dbUrl).pathname)],
          );
          killed += rows.filter((r) => r.ok).length;
          await sleep(2000);
        }
      } finally {
        await admin.end();
      }
      notes.push(`${killed} backends terminated`);
    });

    await runPhase('redis restarted', async (notes) => {
      await killChild(redis!);
      await sleep(2000);
      redis = await startRedis(redisPort);
      notes.push('killed, 2 s down, restarted empty');
      const from = performance.now();
      await importChange('redis-lost');
      // The worker notices the lost schedule by itself (its check runs every 30 s): wait for it here, so
      // that the worker's restart in the next phase does not do it instead.
      const seen = await waitVisible(changes.at(-1)!, 45_000);
      notes.push(
        seen
          ? `change imported after the restart indexed in ${((performance.now() - from) / 1000).toFixed(1)} s`
          : 'change imported after the restart not indexed within 45 s',
      );
      await sleep(Math.max(0, phaseMs - 2000 - (performance.now() - from)));
    });

    await runPhase('worker killed', async (notes) => {
      process.kill(worker!.pid, 'SIGKILL');
      await worker!.server.exited;
      const down = performance.now();
      await importChange('worker-down');
      await sleep(Math.max(0, phaseMs - (performance.now() - down)));
      worker = await startWorker(env);
      notes.push(`down ${((performance.now() - down) / 1000).toFixed(1)} s`);
    });

    // Every change in Meilisearch (a list answer that is not degraded), and the outbox empty.
    const recoveryStart = performance.now();
    await runPhase('recovery', async (notes) => {
      const deadline = performance.now() + 90_000;
      const visible = async () => {
        for (const change of changes) if (!(await isVisible(change))) return false;
        const pending = await db('index_outbox').whereNull('processed_at').count({ n: '*' });
        return Number(pending[0]!.n) === 0;
      };
      while (!(await visible().catch(() => false))) {
        if (performance.now() > deadline) {
          failures.push('lost change: not every change imported during the faults is indexed after 90 s');
          break;
        }
        await sleep(250);
      }
      notes.push(
        `every change indexed ${((performance.now() - recoveryStart) / 1000).toFixed(1)} s after the last fault`,
      );
      await sleep(2000);
    });
    clearInterval(load);
    clearInterval(sampler);
    while (inFlight > 0) await sleep(100);

    // --- report ------------------------------------------------------------------------------------
    const stats: PhaseStats[] = windows.map((w) => {
      const mine = samples.filter((s) => s.phase === w.name);
      const latencies = mine.map((s) => s.ms).sort((a, b) => a - b);
      const res = resources.filter((r) => r.phase === w.name);
      return {
        name: w.name,
        seconds: (w.to - w.from) / 1000,
        requests: mine.length,
        ok: mine.filter((s) => s.status >= 200 && s.status < 400).length,
        clientErrors: mine.filter((s) => s.status >= 400 && s.status < 500).length,
        unavailable: mine.filter((s) => s.status === 503).length,
        otherServerErrors: mine.filter((s) => s.status >= 500 && s.status !== 503).length,
        failed: mine.filter((s) => s.status === 0).length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
        degraded: mine.filter((s) => s.degraded).length,
        leaks: mine.filter((s) => s.leak).length,
        connections: { first: res[0]?.connections ?? 0, max: Math.max(0, ...res.map((r) => r.connections)) },
        rssMb: { first: res[0]?.rss ?? 0, max: Math.max(0, ...res.map((r) => r.rss)) },
        notes: w.notes,
      };
    });
    const pause = windows.find((w) => w.name === 'meilisearch paused')!;
    const duringPause = samples.filter((s) => s.phase === pause.name && s.at < resumedAt);
    const slow = duringPause.filter((s) => s.ms > 3000).length;
    // Asked in the first 3 s of the stall (before the breaker opened) or later.
    const slowEarly = duringPause.filter((s) => s.ms > 3000 && s.at < stoppedAt + 3000).length;
    // Which requests were slow: the path and the first parameter's name (`/products?taxons`), counted.
    const slowBy = new Map<string, number>();
    for (const s of duringPause.filter((x) => x.ms > 3000)) {
      const kind = s.url.replace(/^(\/[^/?]+)\/[^/?]+$/, '$1/{id}').replace(/(\?[^=&]+).*$/, '$1');
      slowBy.set(kind, (slowBy.get(kind) ?? 0) + 1);
    }
    const pauseLatencies = duringPause.map((s) => s.ms).sort((a, b) => a - b);
    const searchesAfter = samples
      .filter((s) => s.at >= resumedAt && s.url.includes('search='))
      .sort((a, b) => a.at - b.at);
    const firstNormal = searchesAfter.find((s) => s.status === 200);
    const normalAfterMs = firstNormal ? firstNormal.at + firstNormal.ms - resumedAt : Infinity;
    pause.notes.push(
      `${slow} of ${duringPause.length} answers during the stall over 3 s (${slowEarly} of them asked in its first 3 s), ` +
        `p99 ${(percentile(pauseLatencies, 99) / 1000).toFixed(2)} s` +
        (slowBy.size > 0
          ? ` (${[...slowBy]
              .sort((a, b) => b[1] - a[1])
              .map(([kind, n]) => `${kind} ${n}`)
              .join(', ')})`
          : ''),
      `searches answer 200 again ${(normalAfterMs / 1000).toFixed(1)} s after the resume`,
    );

    for (const s of stats) {
      if (s.otherServerErrors > 0)
        failures.push(`${s.name}: ${s.otherServerErrors} responses 5xx other than 503`);
      if (s.failed > 0)
        failures.push(`${s.name}: ${s.failed} requests without an answer (connection error or 30 s)`);
      if (s.leaks > 0) failures.push(`${s.name}: ${s.leaks} public responses held a non-public record`);
    }
    // The stall's latency targets depend on the machine's load: reported, not enforced, in the
    // short CI run, whose job is the 500s, leaks and lost changes.
    if (slow > 0 && options.timingTargets) failures.push(`meilisearch paused: ${slow} answers took over 3 s`);
    if (normalAfterMs > 5000 && options.timingTargets)
      failures.push(
        `meilisearch paused: searches answered normally only ${(normalAfterMs / 1000).toFixed(1)} s after the resume`,
      );

    const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
    const conditions =
      `${options.scale} catalog, ${options.rate} req/s, phases ${options.phaseSeconds} s, ` +
      `pause ${options.pauseSeconds} s`;
    console.log(`\nChaos (${new Date().toISOString().slice(0, 10)}, ${process.version}, ${conditions})\n`);
    const table = [
      '| phase | s | requests | 2xx/3xx | 4xx | 503 | other 5xx | no answer | degraded | p50 | p99 | max | API connections first/max | API RSS MB first/max | leaks | notes |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...stats.map(
        (s) =>
          `| ${s.name} | ${s.seconds.toFixed(0)} | ${s.requests} | ${s.ok} | ${s.clientErrors} | ${s.unavailable} | ${s.otherServerErrors} | ` +
          `${s.failed} | ${s.degraded} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.connections.first}/${s.connections.max} | ` +
          `${s.rssMb.first}/${s.rssMb.max} | ${s.leaks} | ${s.notes.join('; ')} |`,
      ),
    ].join('\n');
    const verdict =
      `${changes.length} changes imported during the faults; total ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      (failures.length
        ? `FAILED:\n\n- ${failures.join('\n- ')}`
        : 'passed: no 5xx but 503, no leak, no lost change');
    console.log(table);
    console.log(`\n${verdict}`);
    if (options.write) {
      writeResults(
        [{ area: 'chaos', markdown: `${conditions}.\n\n${table}\n\n${verdict}`, run: runLine('chaos') }],
        stamp,
      );
      log('BENCHMARKS.md: chaos written');
    }
    if (anomalies.length) {
      console.log(`\nUnexpected answers:\n${anomalies.map((a) => `- ${a}`).join('\n')}`);
      const errors = api.tail.filter((line) => /"level":50/.test(line));
      if (errors.length) console.log(`\nThe API's last errors:\n${errors.join('\n')}`);
    }
    console.log(JSON.stringify({ options, stats, failures }));
  } finally {
    await worker?.server.stop().catch(() => undefined);
    await api?.server.stop().catch(() => undefined);
    await meili?.stop().catch(() => undefined);
    if (redis) await killChild(redis);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  process.exit(failures.length ? 1 : 0);
}

// Ctrl-C or a kill: exit through process.exit so that the 'exit' hooks stop the children.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().catch((error: unknown) => exitWithError('chaos failed', error, { stack: true }));
