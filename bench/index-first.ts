/**
 * `npx tsx bench/index-first.ts [--worker-root <dir>] [--changes n]`: index work during a render backlog, on
 * the medium catalog right after its import, as an operator's first start meets it.
 *
 * 1. A fresh database (`catalog_bench_index_first`) and MEDIA_ROOT (.data/bench/media-index-first), a
 *    bundled Meilisearch with a fresh data dir, empty indexes; the render queue paused (BullMQ's queue
 *    pause) so that the import's renders wait as a backlog.
 * 2. The worker (`indexer/worker.ts` of `--worker-root`, default this tree) as a child, then the medium
 *    catalog imported in full (in this process) and synced by the worker until no outbox row is pending.
 * 3. A full reindex (`reindex all` job) without renders: the job's own time (processedOn → finishedOn);
 *    then the API child and `--changes` renames (see below) without renders.
 * 4. The render queue resumed (the import's backlog: every image), a few seconds of renders, then the same
 *    reindex during the backlog, and `--changes` renames of one product (a partial import of one line) from
 *    COMMIT (then a sync asked for, as `npm run catalog:import` does) to the first `GET /api/v1/products?ids[]=` answer of the API child with the new name (polled
 *    every 20 ms, a seeded 0-1 s pause between changes). The backlog must still be there at the end (else
 *    the measurement was not made during it: the run fails).
 * 5. The worker's peak RSS (VmHWM) through all of it, and its and Meilisearch's CPU seconds.
 *
 * Prints one JSON line (`IndexFirstResult`); about six minutes on a busy 2-core machine. The database, files and data dir are
 * removed at the end.
 */
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { importSnapshot } from '../src/import';
import { createIndexQueue } from '../src/jobs/index-queue';
import { createRenderQueue, renderBacklog } from '../src/jobs/render-queue';
import { startBundledMeilisearch } from '../tools/dev/meilisearch';
import { freePort } from '../tools/dev/free-port';
import { dropRedisKeys } from '../tools/support/redis';
import { apiEnv, buildIndexes, ensureSnapshot, startApi } from './api/services';
import {
  count,
  cpuSeconds,
  measureFreshness,
  peakRssMb,
  rssSampler,
  scriptPid,
  SNAPSHOT,
  timedReindex,
  type Freshness,
  type Phase,
} from './index-first-measures';
import { runChildBench } from './child-main';
import { spawnWorker } from './worker-child';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'bench');
const DATABASE = 'catalog_bench_index_first';

export interface IndexFirstResult {
  /** Where the worker's code came from (`--worker-root`). */
  workerRoot: string;
  importSeconds: number;
  /** From the import's COMMIT until the worker had synced every outbox row. */
  importSyncSeconds: number;
  /** Render jobs the import queued (the backlog). */
  backlog: number;
  reindexAloneSeconds: number;
  reindexBacklogSeconds: number;
  /** with ÷ without */
  reindexRatio: number;
  /** Renditions written while the reindex during the backlog ran (index work first: about none). */
  renderedDuringReindex: number;
  /** Renditions written from the backlog's start to the end of the measurement, and jobs still waiting then. */
  rendered: number;
  backlogLeft: number;
  /** The machine's 1-minute load average at the end of each reindex (others' work counts in it). */
  loadAverages: [number, number];
  /** Freshness without renders (before the backlog starts) and during the backlog. */
  freshnessAlone: Freshness;
  freshness: Freshness;
  workerPeakRssMb: number;
  /** The worker's highest RSS seen in each phase (sampled every 250 ms), MB. */
  phaseRssMb: Record<Phase, number>;
  workerCpuSeconds: number;
  meiliCpuSeconds: number;
}

export async function benchIndexFirst(options: {
  serverUrl: string;
  workerRoot: string;
  changes: number;
  log: (m: string) => void;
}): Promise<IndexFirstResult> {
  const { log } = options;
  await ensureSnapshot(log);
  const url = withDatabase(options.serverUrl, DATABASE);
  const mediaRoot = path.join(DATA, 'media-index-first');
  const meiliDir = path.join(DATA, `meili-index-first-${process.pid}`);
  const removeDirs = () => {
    rmSync(meiliDir, { recursive: true, force: true });
    rmSync(mediaRoot, { recursive: true, force: true });
  };
  process.on('exit', removeDirs);
  await dropDatabase(url);
  await rm(mediaRoot, { recursive: true, force: true });
  await ensureDatabase(url);
  const meili = await startBundledMeilisearch({ dataDir: meiliDir });
  const port = await freePort();
  const env = {
    ...(await apiEnv(url, meili, port)),
    MEDIA_ROOT: mediaRoot,
    LOG_LEVEL: 'warn',
    // As the image runs it (Dockerfile); `MALLOC_ARENA_MAX=` (empty) measures glibc's default.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  const config = loadConfig({ ...process.env, ...env });
  const db = createDb(url, 4);
  const indexQueue = createIndexQueue(config);
  const renderQueue = createRenderQueue(config);
  const stops: (() => Promise<unknown>)[] = [];
  try {
    await migrateLatest(db);
    await buildIndexes(db, config, () => undefined); // empty indexes with their settings
    await renderQueue.pause();
    const workerRoot = path.resolve(options.workerRoot);
    const { child, worker } = spawnWorker(workerRoot, env);
    stops.push(() => worker.stop());
    const deadline = Date.now() + 60_000;
    while ((await indexQueue.getWorkersCount()) === 0) {
      if (worker.done || Date.now() > deadline) throw new Error('the worker did not start');
      await sleep(100);
    }
    const workerPid = await scriptPid(child.pid!);
    const cpuBefore = { worker: await cpuSeconds(workerPid), meili: await cpuSeconds(meili.pid) };
    const rss = rssSampler(workerPid);
    stops.push(async () => rss.stop());

    log(`index-first: importing the medium catalog (worker from ${workerRoot})...`);
    const importStarted = Date.now();
    let committedAt = 0;
    await importSnapshot(db, SNAPSHOT, {
      mode: 'full',
      mediaRoot,
      onProgress: (m) => {
        if (m.startsWith('committed')) committedAt = Date.now();
      },
    });
    const importSeconds = ((committedAt || Date.now()) - importStarted) / 1000;
    const pending = () => count(db, 'index_outbox', (q) => q.whereNull('processed_at'));
    while ((await pending()) > 0) {
      if (worker.done) throw new Error('the worker exited');
      await sleep(500);
    }
    const importSyncSeconds = (Date.now() - (committedAt || importStarted)) / 1000;
    const backlog = await renderBacklog(renderQueue);
    log(
      `  import ${importSeconds.toFixed(1)} s, synced ${importSyncSeconds.toFixed(1)} s later; ${backlog} renders queued`,
    );

    rss.set('reindex');
    const reindexAloneSeconds = await timedReindex(indexQueue);
    const loadAlone = loadavg()[0]!;
    log(
      `  full reindex without renders: ${reindexAloneSeconds.toFixed(1)} s (load average ${loadAlone.toFixed(1)})`,
    );

    const api = await startApi(env, port);
    stops.push(() => api.server.stop());
    const fresh = { db, queue: indexQueue, origin: api.origin, mediaRoot, changes: options.changes };
    const freshnessAlone = await measureFreshness({ ...fresh, label: 'alone' });
    log(`  freshness without renders: p50 ${freshnessAlone.p50} ms, p95 ${freshnessAlone.p95} ms`);
    rss.set('backlog');
    await renderQueue.resume();
    const renderedBefore = await count(db, 'renditions');
    while ((await count(db, 'renditions')) === renderedBefore) await sleep(200);
    await sleep(3000); // renders in full swing
    const renditionsBefore = await count(db, 'renditions');
    const reindexBacklogSeconds = await timedReindex(indexQueue);
    const renderedDuringReindex = (await count(db, 'renditions')) - renditionsBefore;
    const loadBacklog = loadavg()[0]!;
    log(
      `  full reindex during the backlog: ${reindexBacklogSeconds.toFixed(1)} s (${renderedDuringReindex} renditions written meanwhile, load average ${loadBacklog.toFixed(1)})`,
    );
    const freshness = await measureFreshness({ ...fresh, label: 'backlog' });

    const backlogLeft = await renderBacklog(renderQueue);
    const rendered = (await count(db, 'renditions')) - renderedBefore;
    if (backlogLeft === 0) throw new Error('the backlog ran out before the measurement ended');
    log(
      `  freshness during the backlog: p50 ${freshness.p50} ms, p95 ${freshness.p95} ms (${freshness.latenciesMs.join(', ')})`,
    );
    const result: IndexFirstResult = {
      workerRoot,
      importSeconds,
      importSyncSeconds,
      backlog,
      reindexAloneSeconds,
      reindexBacklogSeconds,
      reindexRatio: reindexBacklogSeconds / reindexAloneSeconds,
      loadAverages: [loadAlone, loadBacklog],
      freshnessAlone,
      renderedDuringReindex,
      rendered,
      backlogLeft,
      freshness,
      workerPeakRssMb: await peakRssMb(workerPid),
      phaseRssMb: { ...rss.peaks },
      workerCpuSeconds: (await cpuSeconds(workerPid)) - cpuBefore.worker,
      meiliCpuSeconds: (await cpuSeconds(meili.pid)) - cpuBefore.meili,
    };
    log(
      `  worker peak RSS ${result.workerPeakRssMb} MB (import ${rss.peaks.import}, reindex ${rss.peaks.reindex}, backlog ${rss.peaks.backlog}); ${rendered} renditions written during the backlog, ${backlogLeft} jobs left`,
    );
    return result;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await renderQueue.obliterate({ force: true }).catch(() => undefined);
    await indexQueue.obliterate({ force: true }).catch(() => undefined);
    await Promise.allSettled([renderQueue.close(), indexQueue.close()]);
    await dropRedisKeys(config.redisUrl, config.redisPrefix).catch(() => undefined);
    await db.destroy();
    await meili.stop();
    await dropDatabase(url).catch(() => undefined);
    removeDirs();
    process.off('exit', removeDirs);
  }
}

/** The Markdown table of one or more runs (e.g. before and after a change, `--worker-root`). */
export function indexFirstTable(results: readonly IndexFirstResult[]): string {
  return [
    '| worker | backlog | full reindex alone | during the backlog | ratio | renditions during it | load average (alone, backlog) | freshness p50 / p95 / max alone | during the backlog | worker peak RSS (import / reindex / backlog) | renditions during the backlog / jobs left |',
    '|---|---:|---:|---:|---:|---:|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${path.relative(ROOT, r.workerRoot) || 'this tree'} | ${r.backlog} | ${r.reindexAloneSeconds.toFixed(1)} s | ` +
        `${r.reindexBacklogSeconds.toFixed(1)} s | ${r.reindexRatio.toFixed(2)}× | ${r.renderedDuringReindex} | ` +
        `${r.loadAverages.map((l) => l.toFixed(1)).join(', ')} | ` +
        `${r.freshnessAlone.p50} / ${r.freshnessAlone.p95} / ${r.freshnessAlone.max} ms | ` +
        `${r.freshness.p50} / ${r.freshness.p95} / ${r.freshness.max} ms | ${r.workerPeakRssMb} MB ` +
        `(${r.phaseRssMb.import} / ${r.phaseRssMb.reindex} / ${r.phaseRssMb.backlog}) | ` +
        `${r.rendered} / ${r.backlogLeft} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'worker-root': { type: 'string', default: ROOT },
      changes: { type: 'string', default: '10' },
    },
  });
  const result = await benchIndexFirst({
    serverUrl: loadConfig().databaseUrl,
    workerRoot: values['worker-root'],
    changes: Number(values.changes),
    log: (m) => console.error(m),
  });
  console.log(JSON.stringify(result));
}

if (require.main === module) runChildBench(main);
