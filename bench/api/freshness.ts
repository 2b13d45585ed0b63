/**
 * Freshness: how long after an import commits a change shows in `GET /products`, with the
 * result cache on and the real worker (indexer/worker.ts: an outbox sync every 2 s, then the new index
 * generation announced on Redis) running. Small catalog (seed 1) in a database of its own, its indexes
 * built in-process into the benchmark's Meilisearch under an index prefix of their own, then the worker
 * and an API child over them. Each change: a copy of the snapshot (`products.ndjson` rewritten)
 * with one product's German name changed, imported in full mode in one of two ways:
 *
 * - `cli`: `src/cli/catalog-import.ts` as its own process, as operators run it: `importSnapshot`, then a
 *   sync asked of the worker at once; the clock starts when its "committed in" line arrives;
 * - `schedule`: `importSnapshot` alone, in this process (nothing asks for a sync: the worker's 2 s
 *   schedule takes the change); the clock starts when it reports its COMMIT done.
 *
 * The clock stops at the first answer of `/api/v1/products?ids[]=<id>` (polled every 20 ms) that carries
 * the new name. The edge bench (bench/edge/) runs the same measurement through Varnish: `startFreshStack`
 * with a front, then `measureFreshness`.
 */
import { spawn } from 'node:child_process';
import type { Knex } from 'knex';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config/env';
import { createDb } from '../../src/db/database';
import { importSnapshot } from '../../src/import';
import type { BundledMeilisearch } from '../../tools/dev/meilisearch';
import { freePort } from '../../tools/dev/free-port';
import { eachLine } from '../../tools/dev/supervise';
import {
  apiEnv,
  buildIndexes,
  type Child,
  FRESH_DATABASE,
  prepareSmallDatabase,
  SMALL_MEDIA_ROOT,
  SMALL_SNAPSHOT,
  startApi,
  startWorker,
} from './services';
import type { FreshnessResult, FreshnessVariant } from './types';
import { seededRandom } from './unique';

const ROOT = path.resolve(__dirname, '..', '..');

/** The `p`th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * `npm run catalog:import -- --full <dir>` from the sources (`src/cli/catalog-import.ts` under tsx) with
 * `env`. `committed` resolves with the moment (performance.now) its "committed in" line arrives (the
 * process then still asks the worker for a sync and exits); `exited` once it exited 0. Both reject with
 * its output otherwise.
 */
function importWithCli(
  dir: string,
  env: Record<string, string>,
): { committed: Promise<number>; exited: Promise<void> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'catalog-import.ts'), '--full', dir],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  let onCommit: (at: number) => void = () => undefined;
  const committed = new Promise<number>((resolve) => (onCommit = resolve));
  const keep = (line: string) => {
    if (line.trim().startsWith('committed in')) onCommit(performance.now());
    output.push(line);
  };
  eachLine(child.stdout!, keep);
  eachLine(child.stderr!, keep);
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`catalog:import exited ${code}:\n  ${output.slice(-10).join('\n  ')}`)),
    ),
  );
  return {
    committed: Promise.race([
      committed,
      exited.then(() => Promise.reject(new Error('catalog:import committed nothing'))),
    ]),
    exited,
  };
}

/**
 * What stands between the readers and the API (the edge bench's Varnish): made once the API's origin is
 * known, before the worker starts. `origin` is read instead of the API's, `env` is added to the worker's
 * and the API's (e.g. `EDGE_PURGE_URLS`).
 */
export interface FreshnessFront {
  origin: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The small catalog's services for freshness measurements (see `startFreshStack`). */
export interface FreshStack {
  db: Knex;
  /** The environment of the API, the worker and catalog:import. */
  env: Record<string, string>;
  mediaRoot: string;
  api: Child;
  worker: Omit<Child, 'origin'>;
  front?: FreshnessFront;
  /** Where readers send their requests: the front's origin, or the API's. */
  origin: string;
  /** The snapshot's `products.ndjson`, line by line (the changes rewrite lines of a copy). */
  lines: string[];
  /** A working copy of the snapshot without `products.ndjson`, which each change writes. */
  work: string;
  /** Stops what `startFreshStack` started and removes the working copy; keeps the database. */
  stop(): Promise<void>;
}

/**
 * The small catalog (seed 1) imported afresh into `database` (default the freshness case's), its indexes
 * built into `meili` under a prefix of their own, then the worker and an API child, and `front` in front
 * of the API when given. Stops what it started when it fails.
 */
export async function startFreshStack(options: {
  serverUrl: string;
  meili: BundledMeilisearch;
  log: (m: string) => void;
  database?: string;
  mediaRoot?: string;
  front?: (apiOrigin: string) => Promise<FreshnessFront>;
}): Promise<FreshStack> {
  const { log } = options;
  const database = options.database ?? FRESH_DATABASE;
  const mediaRoot = options.mediaRoot ?? SMALL_MEDIA_ROOT;
  log(`importing the small catalog into database ${database}...`);
  const databaseUrl = await prepareSmallDatabase(options.serverUrl, database, mediaRoot, log);
  const port = await freePort();
  const stops: (() => Promise<void>)[] = [];
  const db = createDb(databaseUrl, 2);
  stops.push(() => db.destroy());
  const work = path.join(path.dirname(SMALL_SNAPSHOT), `fresh-${database}-${process.pid}`);
  stops.push(() => rm(work, { recursive: true, force: true }));
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    const front = await options.front?.(`http://127.0.0.1:${port}`);
    if (front) stops.push(() => front.stop());
    const env = {
      ...(await apiEnv(databaseUrl, options.meili, port)),
      MEDIA_ROOT: mediaRoot,
      ...front?.env,
    };
    await buildIndexes(db, loadConfig(env), (m) => log(`  ${m}`));
    // The reindex just read everything the import's outbox rows name: the worker need not sync them again
    // (nor render the catalog's images) before the measurement.
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    const worker = await startWorker(env);
    stops.push(() => worker.server.stop());
    const api = await startApi(env, port);
    stops.push(() => api.server.stop());
    // A front started before the API (Varnish) calls it sick until its health probe has passed again.
    if (front) await untilAnswered(`${front.origin}/up`);

    const lines = (await readFile(path.join(SMALL_SNAPSHOT, 'products.ndjson'), 'utf8')).split('\n');
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    for (const name of await readdir(SMALL_SNAPSHOT)) {
      // copies, not links: the importer reads only regular files inside the snapshot
      if (name !== 'products.ndjson') {
        await cp(path.join(SMALL_SNAPSHOT, name), path.join(work, name), { recursive: true });
      }
    }
    return { db, env, mediaRoot, api, worker, front, origin: front?.origin ?? api.origin, lines, work, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resolves once `url` answers 200; throws after 30 s. */
async function untilAnswered(url: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const res = await fetch(url).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.status === 200) return;
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within 30 s`);
    await sleep(200);
  }
}

/** A product line of the snapshot's `products.ndjson`, as the changes rewrite it. */
export interface SnapshotProduct {
  id: number;
  slug: string;
  names: { de: string };
}

/** The first `n` active products with a German name in `lines` (`products.ndjson`), with their line index. */
export function renameableProducts(
  lines: string[],
  n: number,
): { index: number; product: SnapshotProduct }[] {
  const out: { index: number; product: SnapshotProduct }[] = [];
  for (let index = 0; index < lines.length && out.length < n; index++) {
    if (!lines[index]!.trim()) continue;
    const p = JSON.parse(lines[index]!) as { is_active?: boolean; names?: { de?: string } };
    if (p.is_active === true && typeof p.names?.de === 'string') {
      out.push({ index, product: p as SnapshotProduct });
    }
  }
  if (out.length < n)
    throw new Error(`the small catalog has fewer than ${n} active products with a German name`);
  return out;
}

/**
 * Runs the freshness measurement (see the file comment) on `stack`: `changes` renames per variant, a seeded
 * pause of 0-1 s between them (so that commits fall at every point of the worker's 2 s schedule).
 */
export async function measureFreshness(
  stack: FreshStack,
  options: { changes: number; variants?: FreshnessVariant[]; log: (m: string) => void },
): Promise<FreshnessResult[]> {
  const { log } = options;
  const { db, env, lines, work } = stack;
  const [{ index, product }] = renameableProducts(lines, 1) as [{ index: number; product: SnapshotProduct }];
  const random = seededRandom(14);
  const url = `${stack.origin}/api/v1/products?ids[]=${product.id}`;
  const results: FreshnessResult[] = [];
  for (const variant of options.variants ?? (['cli', 'schedule'] as const)) {
    const latenciesMs: number[] = [];
    const importMs: number[] = [];
    for (let i = 1; i <= options.changes; i++) {
      const name = `${product.names.de} Frische ${process.pid}-${variant}-${i}`;
      lines[index] = JSON.stringify({ ...product, names: { ...product.names, de: name } });
      await writeFile(path.join(work, 'products.ndjson'), lines.join('\n'));
      const started = performance.now();
      let committedAt = 0;
      let exited: Promise<void> = Promise.resolve();
      if (variant === 'cli') {
        const cli = importWithCli(work, env);
        exited = cli.exited;
        exited.catch(() => undefined); // awaited below
        committedAt = await cli.committed;
      } else {
        const summary = await importSnapshot(db, work, {
          mode: 'full',
          mediaRoot: stack.mediaRoot,
          onProgress: (message) => {
            if (message.startsWith('committed')) committedAt = performance.now();
          },
        });
        if (!committedAt || summary.changes === 0) throw new Error(`freshness: import ${i} changed nothing`);
      }
      importMs.push(committedAt - started);
      for (;;) {
        const res = await fetch(url);
        const body = (await res.json()) as { data?: { names?: { de?: string } }[] };
        if (body.data?.[0]?.names?.de === name) break;
        if (performance.now() - committedAt > 30_000) {
          throw new Error(`freshness: change ${i} (${variant}) not visible in /products after 30 s`);
        }
        await sleep(20);
      }
      latenciesMs.push(performance.now() - committedAt);
      await exited;
      log(`  ${variant} change ${i}: visible ${Math.round(latenciesMs.at(-1)!)} ms after the commit`);
      await sleep(Math.round(random() * 1000));
    }
    results.push({
      variant,
      changes: options.changes,
      latenciesMs,
      p50: percentile(latenciesMs, 50),
      p95: percentile(latenciesMs, 95),
      max: Math.max(...latenciesMs),
      importMedianMs: percentile(importMs, 50),
      product: { id: product.id, slug: product.slug },
    });
  }
  // The snapshot as it was: a later measurement on the same stack starts from the catalog's own names.
  lines[index] = JSON.stringify(product);
  return results;
}

/**
 * The freshness measurement on a stack of its own (`startFreshStack`, the freshness case's database),
 * stopped at the end; leaves the database (made afresh by the next run).
 */
export async function benchFreshness(options: {
  serverUrl: string;
  meili: BundledMeilisearch;
  changes: number;
  variants?: FreshnessVariant[];
  log: (m: string) => void;
}): Promise<FreshnessResult[]> {
  const stack = await startFreshStack(options);
  try {
    return await measureFreshness(stack, options);
  } finally {
    await stack.stop();
  }
}
