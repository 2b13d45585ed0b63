/**
 * Hostile searches (`npm run bench -- --only hostile`): does a client that sends searches built to cost
 * the API work (10,000-character texts, words of hundreds of letters) slow down everybody else? The API
 * (production flags, as in the API benchmark) over the small catalog (seed 1, generated once into
 * .data/bench), imported afresh into a database of its own (`HOSTILE_DATABASE`), products and media
 * indexes built in-process into a bundled Meilisearch of its own.
 *
 * Three phases, measured in alternating slices (`rounds`) so that what else runs on the machine falls on
 * all alike:
 * - `normal`: unique product searches (catalog words × `per_page` × `page`, shuffled with a fixed seed,
 *   never sent twice in the run, so the result cache answers none) at a fixed rate of `NORMAL_RATE`
 *   requests/s over the run's connections: the latency of a request, not of a queue at saturation;
 * - `ordinary`: the same normal load, and beside it as many more normal searches as the hostile phase
 *   adds hostile ones, over as many connections: what the extra requests cost as requests;
 * - `hostile`: the same normal load, and beside it `HOSTILE_CONNECTIONS` clients sending hostile searches
 *   at `HOSTILE_RATE` requests/s in all (two clients at the guest limit of 600 a minute), each unique (a
 *   counter spelled in letters at its end, so the result cache never answers them either), to
 *   `/products` and `/media` in turn: a 10,000-letter word, a 10,000-character text of words, a
 *   600-letter word and `ss` × 250.
 *
 * The API's event-loop delay comes from its own /metrics (prom-client's `monitorEventLoopDelay`
 * histogram, which every scrape resets: one scrape right before a slice, one right after): its p99 and
 * max less the histogram's 10 ms sampling tick, which its values include. Targets: delay p99 ≤ 50 ms
 * with hostile traffic, and the normal searches' p99 within +20 % of the run without it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_NODE_FLAGS } from '../../config/runtime';
import { loadConfig } from '../../config/env';
import { createDb } from '../../src/db/database';
import { freePort } from '../../tools/dev/free-port';
import { startBundledMeilisearch } from '../../tools/dev/meilisearch';
import { productVocabulary } from './catalog';
import { cpuSample, type CpuPids } from './cpu';
import { metricsToken } from './metrics';
import {
  apiEnv,
  buildIndexes,
  meiliDataDir,
  prepareSmallDatabase,
  removeStaleMeiliDirs,
  SMALL_SNAPSHOT,
  startApi,
} from './services';
import { listPath, seededRandom } from './unique';

/** The hostile case's database, made afresh each run (not the freshness case's: both may run at once). */
export const HOSTILE_DATABASE = 'catalog_bench_hostile_small';
const MEDIA_ROOT = path.join(path.dirname(SMALL_SNAPSHOT), 'media-hostile-small');

/** Normal product searches per second, over all normal connections. */
export const NORMAL_RATE = 100;
/** Hostile searches per second, over all hostile connections: two clients at 600 a minute. */
export const HOSTILE_RATE = 20;
export const HOSTILE_CONNECTIONS = 4;
/** prom-client's `monitorEventLoopDelay` resolution (its default), which every recorded value includes. */
const LOOP_TICK_MS = 10;

export interface HostileOptions {
  serverUrl: string;
  /** Measured seconds per phase, split over `rounds` slices each (default 20). */
  durationSec?: number;
  /** Connections of the normal load (default 16). */
  connections?: number;
  /** Slices per phase (default 2). */
  rounds?: number;
  /** Unmeasured seconds of the hostile phase's load first (default 3). */
  warmupSec?: number;
  log?: (m: string) => void;
}

/** One phase, all its slices together. */
type PhaseName = 'normal' | 'ordinary' | 'hostile';

export interface HostilePhase {
  name: PhaseName;
  seconds: number;
  normal: Latencies;
  /** the extra searches beside the normal load (ordinary or hostile) */
  extra?: Latencies;
  /** the API's event-loop delay in ms: the worst slice's p99 and max */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** % of one core over the phase */
  apiCpu: number;
  meiliCpu: number;
  /** the rest of the machine (other people's work on a shared machine) */
  otherCpu: number;
}

export interface Latencies {
  responses: number;
  /** responses other than 2xx, and connection errors and timeouts */
  failures: number;
  p50Ms: number;
  p99Ms: number;
}

export interface HostileResult {
  catalog: string;
  connections: number;
  phases: [HostilePhase, HostilePhase, HostilePhase];
  /** normal p99 with hostile traffic / without */
  p99Ratio: number;
  targets: { loopDelay: boolean; normalP99: boolean };
  /** normal requests sent in the run, and how many of them repeated an earlier one (0 expected) */
  normalSent: number;
  normalRepeated: number;
}

/** `n` spelled in lowercase letters (`a`, `b`, ..., `ba`): a unique ending that keeps a word one word. */
function letters(n: number): string {
  let out = '';
  let rest = n;
  do {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
}

/** The `i`th hostile search: the four shapes in turn, `/products` and `/media` alternately, each unique. */
export function hostilePath(i: number): string {
  const tag = letters(i);
  const shapes = [
    () => `${'kettensaege'.repeat(909)}${tag}`.slice(-10_000),
    () => `${'Kettensaege '.repeat(833)}${tag}`,
    () => `${'kettensäge'.repeat(60)}${tag}`,
    () => `${'ss'.repeat(250)}${tag}`,
  ];
  const endpoint = Math.floor(i / shapes.length) % 2 === 0 ? '/api/v1/products' : '/api/v1/media';
  return listPath(endpoint, { search: shapes[i % shapes.length]!() });
}

/** The product searches of the normal load: every word × `per_page` 1..100 (not 15) × `page` 1..3, shuffled. */
function normalPaths(texts: string[], seed: number): string[] {
  const paths: string[] = [];
  for (const search of texts) {
    for (let perPage = 1; perPage <= 100; perPage++) {
      if (perPage === 15) continue;
      for (let page = 1; page <= 3; page++)
        paths.push(listPath('/api/v1/products', { search, per_page: perPage, page }));
    }
  }
  const random = seededRandom(seed);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** The `p`th percentile (nearest rank) of ascending `sorted`, NaN when empty. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function latencies(times: number[], failures: number): Latencies {
  const sorted = Float64Array.from(times).sort();
  return { responses: times.length, failures, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

/** One autocannon load at `rate` requests/s over `connections`, each request the stream's next path. */
function load(
  origin: string,
  connections: number,
  rate: number,
  seconds: number,
  next: () => string,
): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const requests: autocannon.Request[] = [
      { method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) },
    ];
    const instance = autocannon(
      { url: origin, connections, duration: seconds, overallRate: rate, timeout: 30, requests },
      (error: unknown, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ times, failures: failures + result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
      else failures += 1;
    });
  });
}

/** The API's event-loop delay histogram since the last scrape, in ms less the sampling tick; resets it. */
async function loopDelay(origin: string, token: string): Promise<{ p99: number; max: number }> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  const ms = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`/metrics has no ${name}`);
    return Math.max(0, Number(m[1]) * 1000 - LOOP_TICK_MS);
  };
  return { p99: ms('nodejs_eventloop_lag_p99_seconds'), max: ms('nodejs_eventloop_lag_max_seconds') };
}

/**
 * Runs the hostile case (see the file comment). Stops what it started (the API child, Meilisearch and
 * its data dir, the /metrics token) also when it fails; leaves the database (made afresh by the next run).
 * Throws when a service does not start or a check fails.
 */
export async function benchHostile(options: HostileOptions): Promise<HostileResult> {
  const log = options.log ?? (() => undefined);
  const durationSec = options.durationSec ?? 20;
  const connections = options.connections ?? 16;
  const rounds = options.rounds ?? 2;
  const warmupSec = options.warmupSec ?? 3;
  const stops: (() => Promise<unknown>)[] = [];
  try {
    log('hostile searches: importing the small catalog into its own database...');
    const databaseUrl = await prepareSmallDatabase(options.serverUrl, HOSTILE_DATABASE, MEDIA_ROOT, log);
    await removeStaleMeiliDirs();
    const meiliDir = meiliDataDir();
    const meili = await startBundledMeilisearch({ dataDir: meiliDir });
    stops.push(async () => {
      await meili.stop();
      await rm(meiliDir, { recursive: true, force: true });
    });
    const port = await freePort();
    const env = { ...(await apiEnv(databaseUrl, meili, port)), MEDIA_ROOT };
    const db = createDb(databaseUrl, 2);
    stops.push(() => db.destroy());
    await buildIndexes(db, loadConfig(env), (m) => log(`  ${m}`), ['products', 'media']);
    const api = await startApi(env, port, [...API_NODE_FLAGS]);
    stops.push(() => api.server.stop());
    const token = await metricsToken(db);
    stops.push(() => token.revoke());
    const texts = (await productVocabulary(db, 300)).map((t) => t.text);
    const pool = normalPaths(texts, 21);
    const check = pool.splice(0, 5);
    let cursor = 0;
    const sent = new Set<string>();
    let normalSent = 0;
    const nextNormal = () => {
      const next = pool[cursor++ % pool.length]!;
      normalSent += 1;
      sent.add(next);
      return next;
    };
    let hostileCount = 0;
    const nextHostile = () => hostilePath(hostileCount++);

    // Every request kind answers 200 with the list envelope before anything is measured.
    for (const p of [...check, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => hostilePath(1_000_000 + i))]) {
      const res = await fetch(`${api.origin}${p}`);
      const body = (await res.json()) as { data?: unknown; meta?: unknown };
      if (res.status !== 200 || !Array.isArray(body.data) || body.meta === undefined) {
        throw new Error(`GET ${p.slice(0, 120)}… answered ${res.status}`);
      }
    }
    log(
      `hostile searches: ${pool.length} unique normal searches, ${connections} + ${HOSTILE_CONNECTIONS} connections`,
    );
    if (warmupSec > 0) {
      await Promise.all([
        load(api.origin, connections, NORMAL_RATE, warmupSec, nextNormal),
        load(api.origin, HOSTILE_CONNECTIONS, HOSTILE_RATE, warmupSec, nextHostile),
      ]);
    }

    const pids: CpuPids = { api: api.pid, limitedApi: 0, meilisearch: meili.pid, express: 0, static: 0 };
    const acc = (name: PhaseName, extra?: () => string) => ({
      name,
      extra,
      seconds: 0,
      normal: { times: [] as number[], failures: 0 },
      extraTimes: { times: [] as number[], failures: 0 },
      p99: 0,
      max: 0,
      cpu: { api: 0, meili: 0, other: 0 },
    });
    const phases = [acc('normal'), acc('ordinary', nextNormal), acc('hostile', nextHostile)] as const;
    const slice = durationSec / rounds;
    for (let round = 0; round < rounds; round++) {
      for (const phase of phases) {
        log(`  round ${round + 1}/${rounds}: ${phase.name}, ${slice} s`);
        await loopDelay(api.origin, token.plain); // resets the histogram
        const before = cpuSample(pids);
        const started = performance.now();
        const [normal, extra] = await Promise.all([
          load(api.origin, connections, NORMAL_RATE, slice, nextNormal),
          phase.extra && load(api.origin, HOSTILE_CONNECTIONS, HOSTILE_RATE, slice, phase.extra),
        ]);
        const seconds = (performance.now() - started) / 1000;
        const after = cpuSample(pids);
        const delay = await loopDelay(api.origin, token.plain);
        phase.seconds += seconds;
        phase.normal.times.push(...normal.times);
        phase.normal.failures += normal.failures;
        if (extra) {
          phase.extraTimes.times.push(...extra.times);
          phase.extraTimes.failures += extra.failures;
        }
        phase.p99 = Math.max(phase.p99, delay.p99);
        phase.max = Math.max(phase.max, delay.max);
        const machine = after.machine - before.machine;
        const apiCpu = after.api - before.api;
        const meiliCpu = after.meilisearch - before.meilisearch;
        const own = after.bench - before.bench + apiCpu + meiliCpu;
        phase.cpu.api += apiCpu;
        phase.cpu.meili += meiliCpu;
        phase.cpu.other += Math.max(0, machine - own);
      }
    }
    const results = phases.map((p): HostilePhase => ({
      name: p.name,
      seconds: p.seconds,
      normal: latencies(p.normal.times, p.normal.failures),
      ...(p.extra ? { extra: latencies(p.extraTimes.times, p.extraTimes.failures) } : {}),
      loopDelayP99Ms: p.p99,
      loopDelayMaxMs: p.max,
      apiCpu: Math.round((p.cpu.api / p.seconds) * 100),
      meiliCpu: Math.round((p.cpu.meili / p.seconds) * 100),
      otherCpu: Math.round((p.cpu.other / p.seconds) * 100),
    })) as [HostilePhase, HostilePhase, HostilePhase];
    const [normal, , hostile] = results;
    const p99Ratio = hostile.normal.p99Ms / normal.normal.p99Ms;
    return {
      catalog: 'small (seed 1)',
      connections,
      phases: results,
      p99Ratio,
      targets: { loopDelay: hostile.loopDelayP99Ms <= 50, normalP99: p99Ratio <= 1.2 },
      normalSent,
      normalRepeated: normalSent - sent.size,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

/** The hostile case as a Markdown table and its two targets, for BENCHMARKS.md. */
export function hostileTable(r: HostileResult): string {
  const label: Record<PhaseName, string> = {
    normal: 'normal searches alone',
    ordinary: `normal + ${HOSTILE_RATE}/s more normal searches`,
    hostile: `normal + ${HOSTILE_RATE}/s hostile searches`,
  };
  const row = (p: HostilePhase) =>
    `| ${label[p.name]} | ${(p.normal.responses / p.seconds).toFixed(0)}/s | ${ms(p.normal.p50Ms)} | ` +
    `${ms(p.normal.p99Ms)} | ${p.normal.failures} | ` +
    `${p.extra ? `${p.extra.responses} (${p.extra.failures} failed), p99 ${ms(p.extra.p99Ms)}` : '–'} | ` +
    `${ms(p.loopDelayP99Ms)} / ${ms(p.loopDelayMaxMs)} | ${p.apiCpu} % / ${p.meiliCpu} % / ${p.otherCpu} % |`;
  const [, , hostile] = r.phases;
  return [
    `Catalog ${r.catalog}; normal: unique product searches at ${NORMAL_RATE}/s over ${r.connections} connections ` +
      `(${r.normalSent} sent, ${r.normalRepeated} repeated); extra: ${HOSTILE_RATE}/s over ${HOSTILE_CONNECTIONS} ` +
      'connections, the hostile ones a 10,000-letter word, a 10,000-character text, a 600-letter word and ' +
      '`ss` × 250 on /products and /media in turn.',
    '',
    '| phase | normal req/s | normal p50 | normal p99 | normal failed | extra answered | API event-loop delay p99 / max | CPU API / Meilisearch / rest of machine |',
    '|---|---:|---:|---:|---:|---|---:|---|',
    ...r.phases.map(row),
    '',
    `Targets: event-loop delay p99 ≤ 50 ms with hostile traffic: ${r.targets.loopDelay ? 'met' : 'MISSED'} ` +
      `(${ms(hostile.loopDelayP99Ms)}); normal p99 with hostile traffic within +20 % of normal alone: ` +
      `${r.targets.normalP99 ? 'met' : 'MISSED'} (${r.p99Ratio >= 1 ? '+' : ''}${((r.p99Ratio - 1) * 100).toFixed(0)} %).`,
  ].join('\n');
}
