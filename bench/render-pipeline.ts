/**
 * `npx tsx bench/render-pipeline.ts [--scale small|medium] [--jobs n] [--worker-root <dir>] [--limit n]`:
 * the rendition backlog end to end next to plain sharp and the renderer alone on the same originals, in one
 * run.
 *
 * 1. The demo catalog of `scale` (seed 1; generated into .data/bench when missing) in a database of its
 *    own (`catalog_bench_render_<scale>`, imported on the first run, kept), its MEDIA_ROOT in
 *    .data/bench/media-render-<scale>; every rendition row and file is deleted before each run.
 * 2. A bundled Meilisearch with a fresh data dir; the indexes are built in-process.
 * 3. The references, each in a child process (bench/render.ts `--files`), on the originals of every render
 *    job into the active formats, `--jobs` at a time (default: the cores, the worker's default), nothing
 *    written: plain sharp decoding each original once into every format (`--mode plain`, the target's
 *    reference), then the project's renderer alone (`--mode renderer`).
 * 4. The pipeline: the worker (`indexer/worker.ts` of `--worker-root`, default this tree) as a child with
 *    RENDER_CONCURRENCY = `--jobs`; then what `npm run reindex -- renditions` does (a `reindex renditions`
 *    job on the index queue) and a look every 200 ms until the reindex job is done, the render backlog is
 *    empty and no outbox row is pending, i.e. every image's `conversions` is in the search documents
 *    (`GET /media` answers from them). The worker's peak RSS is its VmHWM.
 *
 * Prints one JSON line (images/s of the three, the ratios to plain sharp and to the renderer alone, RSS,
 * sync rounds that carried render rows).
 * `--limit n`: only the first n images (a smoke run); their render jobs only, queued directly.
 * `BENCH_RENDER_CONCURRENCY=n` (environment): the worker's RENDER_CONCURRENCY instead of `--jobs`.
 * `--photos n`: n media get 12-megapixel JPEG originals (bench/render.ts's generated photos) for the run,
 * and only their render jobs are queued: the worker's peak RSS while rendering 12 MP at its concurrency.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import { loadConfig } from '../config/env';
import { activeFormats, allRenderRequests } from '../indexer/jobs/render';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { importSnapshot } from '../src/import';
import { createIndexQueue, enqueueReindex } from '../src/jobs/index-queue';
import { createRenderQueue, enqueueRenders, renderBacklog } from '../src/jobs/render-queue';
import { roleKeyEnv, startBundledMeilisearch } from '../tools/dev/meilisearch';
import { generateCatalog } from '../tools/generate';
import { dropRedisKeys } from '../tools/support/redis';
import { buildIndexes } from './api/services';
import { sourceFiles, type RenderFilesMode, type RenderFilesResult } from './render';
import { runChildBench } from './child-main';
import { spawnWorker } from './worker-child';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'bench');

export interface RenderPipelineResult {
  scale: string;
  images: number;
  formats: number;
  jobs: number;
  /** Plain sharp decoding each original once into every format (bench/render.ts `plainSharp`): the reference. */
  plain: RenderFilesResult;
  /** The project's renderer (`renderFormats`) on the same originals, nothing written. */
  sharp: RenderFilesResult;
  pipeline: {
    seconds: number;
    imagesPerSecond: number;
    workerPeakRssMb: number;
    /** The worker's resident set before the renders (started, its first sync done). */
    workerIdleRssMb: number;
    /** CPU seconds of the worker (renders, syncs) and of Meilisearch during the pipeline. */
    workerCpuSeconds: number;
    meiliCpuSeconds: number;
    /** Sync rounds that brought render rows into the indexes. */
    syncRounds: number;
    renditions: number;
    failedJobs: number;
  };
  /** pipeline images/s ÷ plain sharp images/s (the target's ratio) */
  ratio: number;
  /** pipeline images/s ÷ the renderer alone images/s */
  ratioRenderer: number;
}

/** The catalog database of `scale`, imported once (kept while its marker file is there). */
async function prepare(serverUrl: string, scale: string, log: (m: string) => void) {
  const snapshot = path.join(DATA, `snapshot-${scale}-seed1`);
  if (!existsSync(path.join(snapshot, 'manifest.json'))) {
    log(`generating the ${scale} catalog into ${path.relative(ROOT, snapshot)}...`);
    await rm(snapshot, { recursive: true, force: true });
    await generateCatalog({ outDir: snapshot, scale: scale as 'small', seed: 1 });
  }
  const url = withDatabase(serverUrl, `catalog_bench_render_${scale}`);
  const mediaRoot = path.join(DATA, `media-render-${scale}`);
  const marker = path.join(mediaRoot, '.imported');
  if (!existsSync(marker)) {
    log(`importing the ${scale} catalog into ${path.basename(url.split('?')[0]!)} (kept for later runs)...`);
    await dropDatabase(url);
    await rm(mediaRoot, { recursive: true, force: true });
    await ensureDatabase(url);
    const db = createDb(url, 2);
    try {
      await migrateLatest(db);
      await importSnapshot(db, snapshot, { mode: 'full', mediaRoot });
    } finally {
      await db.destroy();
    }
    await writeFile(marker, new Date().toISOString());
  }
  return { url, mediaRoot };
}

/** Peak (VmHWM) or current (VmRSS) resident set of process `pid` in MB, 0 when it is gone. */
async function rssMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : 0;
}

/** CPU seconds (user + system, all threads) process `pid` has used so far; 0 when it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command; in clock ticks (100/s).
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** The node process of a `node --import tsx` child (tsx may run the script in a grandchild). */
async function scriptPid(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const first = children.trim().split(/\s+/).filter(Boolean)[0];
  return first ? scriptPid(Number(first)) : pid;
}

export async function benchRenderPipeline(options: {
  serverUrl: string;
  scale: string;
  jobs: number;
  workerRoot: string;
  limit?: number;
  /** Render this many media with 12-megapixel JPEG originals instead of the catalog's own. */
  photos?: number;
  log: (m: string) => void;
}): Promise<RenderPipelineResult> {
  const { scale, jobs, log } = options;
  const { url, mediaRoot } = await prepare(options.serverUrl, scale, log);
  const id = `${process.pid}`;
  const meiliDir = path.join(DATA, `meili-render-${id}`);
  const removeMeiliDir = () => rmSync(meiliDir, { recursive: true, force: true });
  process.on('exit', removeMeiliDir);
  const meili = await startBundledMeilisearch({ dataDir: meiliDir });
  const env = {
    DATABASE_URL: url,
    MEILI_URL: meili.url,
    ...(await roleKeyEnv(meili, `benchr_${id}_`)),
    MEILI_INDEX_PREFIX: `benchr_${id}_`,
    REDIS_PREFIX: `benchr_${id}`,
    MEDIA_ROOT: mediaRoot,
    LOG_LEVEL: process.env.BENCH_WORKER_LOG_LEVEL ?? 'warn',
    // BENCH_RENDER_CONCURRENCY: the worker's render slots apart from the references' `--jobs` (A/B of a slot more).
    RENDER_CONCURRENCY: process.env.BENCH_RENDER_CONCURRENCY ?? String(jobs),
    // As the image runs it (Dockerfile); `MALLOC_ARENA_MAX=` (empty) measures glibc's default.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  const config = loadConfig({ ...process.env, ...env });
  const db = createDb(url, 4);
  const indexQueue = createIndexQueue(config);
  const renderQueue = createRenderQueue(config);
  let saved: { id: number; file_path: string | null; file_sha256: string | null; mime_type: string }[] = [];
  try {
    // A clean start: no renditions (rows and files), no pending outbox rows.
    await db('renditions').delete();
    await rm(path.join(mediaRoot, 'renditions'), { recursive: true, force: true });
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    await buildIndexes(db, config, log);
    let requests = await allRenderRequests(db);
    if (options.limit) requests = requests.slice(0, options.limit);
    if (options.photos) {
      // The first `photos` media get 12-megapixel JPEG originals (three distinct files) for this run.
      requests = requests.filter((r) => r.target === 'media').slice(0, options.photos);
      const sources = sourceFiles(4000, 3000);
      const originals: { file_path: string; file_sha256: string }[] = [];
      for (const file of sources) {
        const data = await readFile(file);
        const sha = createHash('sha256').update(data).digest('hex');
        const stored = `originals/${sha.slice(0, 2)}/${sha}.jpg`;
        await mkdir(path.dirname(path.join(mediaRoot, stored)), { recursive: true });
        await writeFile(path.join(mediaRoot, stored), data);
        originals.push({ file_path: stored, file_sha256: sha });
      }
      const ids = requests.map((r) => r.id);
      saved = await db('media').whereIn('id', ids).select('id', 'file_path', 'file_sha256', 'mime_type');
      for (const [i, id] of ids.entries()) {
        await db('media')
          .where({ id })
          .update({ ...originals[i % originals.length]!, mime_type: 'image/jpeg' });
      }
    }
    const formats = await activeFormats(db);
    const files: string[] = [];
    for (const r of requests) {
      const row = (await db(r.target === 'media' ? 'media' : 'product_uploads')
        .where({ id: r.id })
        .first('file_path')) as { file_path: string | null };
      if (row.file_path) files.push(path.join(mediaRoot, row.file_path));
    }

    const list = path.join(DATA, `render-files-${id}.json`);
    await writeFile(list, JSON.stringify({ files, formats }));
    const alone = async (mode: RenderFilesMode) => {
      log(`${mode} alone: ${files.length} originals into ${formats.length} formats, ${jobs} at a time...`);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(__dirname, 'render.ts'),
          `--files=${list}`,
          `--jobs=${jobs}`,
          `--mode=${mode}`,
        ],
        { cwd: ROOT, maxBuffer: 1 << 20 },
      );
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as RenderFilesResult;
      log(`${mode} alone: ${result.imagesPerSecond.toFixed(1)} images/s, peak RSS ${result.peakRssMb} MB`);
      return result;
    };
    const plain = await alone('plain');
    const sharp = await alone('renderer');
    await rm(list, { force: true });

    const workerRoot = path.resolve(options.workerRoot);
    const { child, worker } = spawnWorker(workerRoot, env);
    try {
      const deadline = Date.now() + 60_000;
      while ((await renderQueue.getWorkersCount()) === 0 || (await indexQueue.getWorkersCount()) === 0) {
        if (worker.done || Date.now() > deadline) throw new Error('the worker did not start');
        await sleep(100);
      }
      await sleep(500); // its first sync (catch-up) finds nothing
      log(`pipeline: reindex renditions (${requests.length} images), worker from ${workerRoot}...`);
      const workerPid = await scriptPid(child.pid!);
      const cpuBefore = { worker: await cpuSeconds(workerPid), meili: await cpuSeconds(meili.pid) };
      const workerIdleRssMb = await rssMb(workerPid, 'VmRSS');
      const started = process.hrtime.bigint();
      const job =
        options.limit || options.photos ? undefined : await enqueueReindex(indexQueue, 'renditions');
      if (!job) await enqueueRenders(renderQueue, requests);
      let lastLog = Date.now();
      let queued = false;
      for (;;) {
        await sleep(200);
        if (worker.done) throw new Error('the worker exited');
        // Sticky: the finished job may leave the completed list soon (syncs push it out).
        queued ||= !job || ['completed', 'failed', 'unknown'].includes(await job.getState());
        const backlog = await renderBacklog(renderQueue);
        const pending = Number((await db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n);
        if (queued && backlog === 0 && pending === 0) break;
        if (Date.now() - lastLog > 10_000) {
          log(`  backlog ${backlog}, outbox pending ${pending}`);
          lastLog = Date.now();
        }
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const workerPeakRssMb = await rssMb(workerPid);
      const workerCpuSeconds = (await cpuSeconds(workerPid)) - cpuBefore.worker;
      const meiliCpuSeconds = (await cpuSeconds(meili.pid)) - cpuBefore.meili;
      const renditions = Number((await db('renditions').count({ n: '*' }))[0]!.n);
      const rounds = (await db('index_outbox')
        .whereIn('entity', ['media_renditions', 'upload_renditions', 'media', 'product_upload'])
        .where('created_at', '>', db.raw(`now() - make_interval(secs => ?)`, [seconds + 5]))
        .countDistinct({ n: 'processed_at' })) as { n: string }[];
      const failedJobs = (await renderQueue.getJobCounts('failed')).failed ?? 0;
      const imagesPerSecond = requests.length / seconds;
      const result: RenderPipelineResult = {
        scale,
        images: requests.length,
        formats: formats.length,
        jobs,
        plain,
        sharp,
        pipeline: {
          seconds,
          imagesPerSecond,
          workerPeakRssMb,
          workerIdleRssMb,
          workerCpuSeconds,
          meiliCpuSeconds,
          syncRounds: Number(rounds[0]!.n),
          renditions,
          failedJobs,
        },
        ratio: imagesPerSecond / plain.imagesPerSecond,
        ratioRenderer: imagesPerSecond / sharp.imagesPerSecond,
      };
      log(
        `pipeline: ${seconds.toFixed(1)} s, ${imagesPerSecond.toFixed(1)} images/s (${(result.ratio * 100).toFixed(0)} % of plain sharp, ` +
          `${(result.ratioRenderer * 100).toFixed(0)} % of the renderer alone), ` +
          `worker peak RSS ${workerPeakRssMb} MB, ${result.pipeline.syncRounds} sync rounds, ${renditions} renditions; ` +
          `CPU s: worker ${workerCpuSeconds.toFixed(1)}, Meilisearch ${meiliCpuSeconds.toFixed(1)}, plain ${plain.cpuSeconds.toFixed(1)}, renderer alone ${sharp.cpuSeconds.toFixed(1)}`,
      );
      return result;
    } finally {
      await worker.stop();
    }
  } finally {
    for (const row of saved) await db('media').where({ id: row.id }).update(row);
    await renderQueue.obliterate({ force: true }).catch(() => undefined);
    await indexQueue.obliterate({ force: true }).catch(() => undefined);
    await Promise.allSettled([renderQueue.close(), indexQueue.close()]);
    await dropRedisKeys(config.redisUrl, config.redisPrefix).catch(() => undefined);
    await db.destroy();
    await meili.stop();
    removeMeiliDir();
    process.off('exit', removeMeiliDir);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'small' },
      jobs: { type: 'string', default: String(availableParallelism()) },
      'worker-root': { type: 'string', default: ROOT },
      limit: { type: 'string' },
      photos: { type: 'string' },
    },
  });
  if (!['tiny', 'small', 'medium', 'large'].includes(values.scale))
    throw new Error('--scale: tiny|small|medium|large');
  const result = await benchRenderPipeline({
    serverUrl: loadConfig().databaseUrl,
    scale: values.scale,
    jobs: Number(values.jobs),
    workerRoot: values['worker-root'],
    ...(values.limit ? { limit: Number(values.limit) } : {}),
    ...(values.photos ? { photos: Number(values.photos) } : {}),
    log: (m) => console.error(m),
  });
  console.log(JSON.stringify(result));
}

if (require.main === module) runChildBench(main);
