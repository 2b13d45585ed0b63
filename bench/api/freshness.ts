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
 * the new name.
 */
import { spawn } from 'node:child_process';
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
  prepareFreshDatabase,
  SMALL_MEDIA_ROOT,
  SMALL_SNAPSHOT,
  startApi,
  startWorker,
} from './services';
import type { FreshnessResult, FreshnessVariant } from './types';
import { seededRandom } from './unique';

const ROOT = path.resolve(__dirname, '..', '..');

/** The `p`th percentile (nearest rank) of `values`. */
function percentile(values: number[], p: number): number {
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
 * Runs the freshness measurement (see the file comment): `changes` renames per variant, a seeded pause of
 * 0-1 s between them (so that commits fall at every point of the worker's 2 s schedule). Stops the worker
 * and the API child it started; leaves the database (made afresh by the next run).
 */
export async function benchFreshness(options: {
  serverUrl: string;
  meili: BundledMeilisearch;
  changes: number;
  variants?: FreshnessVariant[];
  log: (m: string) => void;
}): Promise<FreshnessResult[]> {
  const { log } = options;
  log('freshness: importing the small catalog into its own database...');
  const databaseUrl = await prepareFreshDatabase(options.serverUrl, log);
  const port = await freePort();
  const env = { ...(await apiEnv(databaseUrl, options.meili, port)), MEDIA_ROOT: SMALL_MEDIA_ROOT };
  const config = loadConfig(env);
  const db = createDb(databaseUrl, 2);
  const stops: (() => Promise<void>)[] = [];
  const work = path.join(path.dirname(SMALL_SNAPSHOT), `fresh-${process.pid}`);
  try {
    await buildIndexes(db, config, (m) => log(`  ${m}`));
    // The reindex just read everything the import's outbox rows name: the worker need not sync them again
    // (nor render the catalog's images) before the measurement.
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    const worker = await startWorker(env);
    stops.push(() => worker.server.stop());
    const api = await startApi(env, port);
    stops.push(() => api.server.stop());

    const lines = (await readFile(path.join(SMALL_SNAPSHOT, 'products.ndjson'), 'utf8')).split('\n');
    const index = lines.findIndex((line) => {
      if (!line.trim()) return false;
      const p = JSON.parse(line) as { is_active?: boolean; names?: { de?: string } };
      return p.is_active === true && typeof p.names?.de === 'string';
    });
    if (index < 0) throw new Error('the small catalog has no active product with a German name');
    const product = JSON.parse(lines[index]!) as { id: number; slug: string; names: { de: string } };

    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    for (const name of await readdir(SMALL_SNAPSHOT)) {
      // copies, not links: the importer reads only regular files inside the snapshot
      if (name !== 'products.ndjson') {
        await cp(path.join(SMALL_SNAPSHOT, name), path.join(work, name), { recursive: true });
      }
    }
    const random = seededRandom(14);
    const url = `${api.origin}/api/v1/products?ids[]=${product.id}`;
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
            mediaRoot: SMALL_MEDIA_ROOT,
            onProgress: (message) => {
              if (message.startsWith('committed')) committedAt = performance.now();
            },
          });
          if (!committedAt || summary.changes === 0)
            throw new Error(`freshness: import ${i} changed nothing`);
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
    return results;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.destroy();
    await rm(work, { recursive: true, force: true });
  }
}
