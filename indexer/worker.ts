/**
 * The worker process (`npm run worker`): one BullMQ worker on the index queue, one job at a time so a full
 * reindex and an outbox sync never interleave, plus a job scheduler that asks for a sync every 2 s and,
 * in the process, one that prunes the search log once a day; and one BullMQ worker on the render queue
 * (renditions and CMS previews), RENDER_CONCURRENCY renders at a time (twice as many jobs, whose reads and
 * writes overlap the renders: render/slots.ts); no backlog render starts while an
 * index job runs (indexer/priority.ts), so renders never hold up the syncs and reindexes for the cores.
 * `createIndexWorker` (both) and `createRenderWorker` (renders only) are the library entries (tests use
 * them in-process); running this file starts the process.
 */
import { readFileSync } from 'node:fs';
import { Worker, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import pino, { type Logger } from 'pino';
import { getConfig, type AppConfig } from '../config/env';
import { createDb } from '../src/db/database';
import { createMeiliClient } from '../src/search/indexes';
import {
  DEFAULT_PUSH_OPTIONS,
  type IndexDefinitions,
  type IndexerContext,
  type PushOptions,
} from './context';
import { PRUNE_SEARCH_LOG_PATTERN, pruneSearchLog } from './jobs/prune-search-log';
import { deleteOrphanBuilds, runReindex } from './jobs/reindex';
import { runPreview, runRender, type RenderContext } from './jobs/render';
import { syncOutbox } from './jobs/sync';
import Redis from 'ioredis';
import { closeAndDisconnect, redisConnection } from '../src/jobs/connection';
import { advanceGenerations } from '../src/search/generations';
import {
  createIndexQueue,
  enqueueSync,
  INDEX_QUEUE_NAME,
  type IndexJob,
  type IndexJobData,
  type IndexJobName,
  type IndexQueue,
  type ReindexJobProgress,
} from '../src/jobs/index-queue';
import {
  createRenderQueue,
  enqueueRenders,
  RENDER_QUEUE_NAME,
  type RenderJob,
  type RenderJobData,
  type RenderJobName,
  type RenderQueue,
} from '../src/jobs/render-queue';
import { dispatch, dispatchRender, type IndexJobHandlers, type RenderJobHandlers } from './queue';
import { INDEX_DEFINITIONS } from './registry';
import { createIndexFirst, yieldingToIndexJobs, type IndexFirst } from './priority';
import { configureSharp, sharpSettingsFor } from './render/sharp';
import { createRenderSlots, type RenderSlots } from './render/slots';
import { createSyncRequester, type SyncRequester } from './sync-requests';
import { Counter, Registry } from 'prom-client';
import { createEdgePurger, parsePurgeHeaders, type EdgePurger } from '../src/edge/purge';
import { addingCounter, type PurgeCountName } from '../src/edge/purge-counts';
import { tagSeparator } from '../src/edge/tags';

/** Id of the job scheduler that enqueues `sync`. */
export const SYNC_SCHEDULER_ID = 'sync';
export const DEFAULT_SYNC_EVERY_MS = 2000;

/**
 * Scheduled syncs are not retried (the next one comes 2 s later) and keep a bounded history, so a sync
 * that keeps failing cannot fill Redis; the last failures stay visible with their error.
 */
const SCHEDULED_SYNC_OPTIONS = { attempts: 1, removeOnComplete: 50, removeOnFail: 500 } as const;

/** Id of the job scheduler that enqueues `prune-search-log`. */
export const PRUNE_SEARCH_LOG_SCHEDULER_ID = 'prune-search-log';

/** A day's prune may retry (the default backoff); a month of outcomes stays visible. */
const SCHEDULED_PRUNE_OPTIONS = { removeOnComplete: 30, removeOnFail: 30 } as const;

export interface IndexWorkerOptions {
  config: AppConfig;
  db: Knex;
  meili: Meilisearch;
  /** Default: the registry (products, articles, media). */
  definitions?: IndexDefinitions;
  /** Default: pino at LOG_LEVEL. */
  logger?: Logger;
  push?: Partial<PushOptions>;
  /** Overrides of the queues' default job options (tests: fewer attempts, shorter backoff). */
  jobOptions?: JobsOptions;
  /** `false`: no render worker in this process (tests that render by hand). Default: RENDER_CONCURRENCY. */
  renders?: boolean;
  /** Milliseconds between scheduled syncs; `null`: no scheduler (tests that drive syncs themselves). */
  syncEveryMs?: number | null;
  /** Outbox rows per sync round. */
  roundSize?: number;
  /**
   * Milliseconds between checks that the job schedulers still exist in Redis (a restart without
   * persistence, a failover to an empty replica or FLUSHALL deletes them); a lost one is recreated and
   * logged. Default 30 s.
   */
  scheduleCheckMs?: number;
  /**
   * Cron pattern (UTC) of the search-log prune; absent or null: no scheduler. The process passes
   * `PRUNE_SEARCH_LOG_PATTERN`; tests enqueue `prune-search-log` themselves.
   */
  pruneSearchLogPattern?: string | null;
}

export type IndexJobWorker = Worker<IndexJobData, unknown, IndexJobName>;
export type RenderJobWorker = Worker<RenderJobData, unknown, RenderJobName>;

export interface IndexWorker {
  worker: IndexJobWorker;
  /** The render worker (absent with `renders: false`). */
  renderWorker?: RenderJobWorker;
  /** The gate that holds this process's renders while one of its index jobs runs (indexer/priority.ts). */
  indexFirst: IndexFirst;
  queue: IndexQueue;
  renderQueue: RenderQueue;
  context: IndexerContext;
  /** The edge cache purger (a no-op without EDGE_PURGE_URLS or with EDGE_TAG_HEADER=off). */
  purger: EdgePurger;
  /** The worker's own counters (`edge_purge_requests_total`, `edge_purge_failures_total`). */
  registry: Registry;
  /** Stops taking jobs, waits for the current ones, closes the queues and their Redis connections. */
  close(): Promise<void>;
}

/**
 * The job handlers over one context (exactly one per job name; checked by `dispatch`). `retentionDays`:
 * SEARCH_LOG_RETENTION_DAYS.
 */
export function createHandlers(
  ctx: IndexerContext,
  roundSize: number | undefined,
  retentionDays: number,
): IndexJobHandlers {
  return {
    reindex: async (job) => {
      const progress: ReindexJobProgress = {};
      const results = await runReindex(ctx, job.data.target, async ({ index, pushed, total }) => {
        progress[index] = { pushed, total };
        await job.updateProgress({ ...progress });
      });
      return { target: job.data.target, indexes: results };
    },
    sync: async () => syncOutbox(ctx, { roundSize }),
    'prune-search-log': async () => pruneSearchLog(ctx.db, { retentionDays }),
  };
}

/** The render job handlers over one context (exactly one per job name; checked by `dispatchRender`). */
export function createRenderHandlers(ctx: RenderContext): RenderJobHandlers {
  return {
    render: async (job) => runRender(ctx, job.data, undefined, job.id),
    preview: async (job) => runPreview(ctx, job.data, job.id),
  };
}

type AnyJob = IndexJob | RenderJob;

/**
 * BullMQ's job lock and stalled check from WORKER_LOCK_MS (default 30 s, BullMQ's own default): the lock is
 * renewed every half of it while the job runs; a worker killed mid-job (SIGKILL, OOM) leaves it to expire,
 * and the stalled check, every WORKER_LOCK_MS, hands the job to a worker again (test/indexer/crash-recovery).
 */
function lockOptions(config: AppConfig): { lockDuration: number; stalledInterval: number } {
  return { lockDuration: config.workerLockMs, stalledInterval: config.workerLockMs };
}

function logOutcome(logger: Logger, worker: IndexJobWorker | RenderJobWorker, label: string): void {
  worker.on('completed', (job: AnyJob, result: unknown) => {
    const durationMs = (job.finishedOn ?? Date.now()) - (job.processedOn ?? job.timestamp);
    const idle =
      (job.name === 'sync' && (result as { rows?: number } | undefined)?.rows === 0) ||
      (job.name === 'render' && (result as { status?: string } | undefined)?.status !== 'changed');
    // An idle scheduled sync every 2 s would drown the log at info.
    logger[idle ? 'debug' : 'info'](
      { jobId: job.id, job: job.name, data: job.data, result, durationMs },
      'job done',
    );
  });
  worker.on('failed', (job: AnyJob | undefined, error: Error) => {
    // BullMQ retries no UnrecoverableError, whatever attempts are left.
    const final = !job || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      { jobId: job?.id, job: job?.name, data: job?.data, attemptsMade: job?.attemptsMade, err: error },
      final ? 'job failed' : 'job failed, will retry',
    );
  });
  worker.on('error', (error) => logger.error({ err: error }, `${label} worker error`));
  // A job whose worker died (SIGKILL, OOM) is taken up again after the lock expires: say so.
  worker.on('stalled', (jobId: string, previous: string) =>
    logger.warn({ jobId, previous, queue: label }, 'stalled job recovered: it runs again'),
  );
}

/**
 * Render jobs per decode slot: one renders while the other reads its owner, writes its files and rows and
 * fetches the next job, so a slot never waits for Postgres, the disk or Redis.
 */
export const RENDER_JOBS_PER_SLOT = 2;

export interface RenderWorkerOptions {
  config: AppConfig;
  db: Knex;
  /** Default: pino at LOG_LEVEL. */
  logger?: Logger;
  /** Overrides of the render queue's default job options. */
  jobOptions?: JobsOptions;
  /** Where a finished render asks for a sync (default: an index queue producer of its own). */
  indexQueue?: IndexQueue;
  /** Renders decoding at once (decode slots, indexer/render/slots.ts). Default: RENDER_CONCURRENCY. */
  concurrency?: number;
  /**
   * Render jobs running at once, at least `concurrency`: the jobs beyond the slots do their reads, writes
   * and queue calls while the slots render. Default: twice `concurrency`.
   */
  jobs?: number;
  /**
   * Milliseconds the renders' sync requests are gathered before one sync is asked for (default 2000);
   * `null`: no timer, a scheduler in the same process syncs every 2 s. Either way the end of a backlog
   * (no render running, none waiting) asks for its sync at once.
   */
  syncDelayMs?: number | null;
  /** The index jobs of this process that renders yield to (indexer/priority.ts); default: none. */
  indexFirst?: IndexFirst;
}

export interface RenderWorker {
  worker: RenderJobWorker;
  queue: RenderQueue;
  /** The debounced sync requests of the renders (`enqueued`: sync jobs asked for so far). */
  syncRequests: SyncRequester;
  /** The decode slots: how many renders hold a decoded original now (`busy`), how many wait for one. */
  slots: RenderSlots;
  /** Stops taking jobs, waits for the running ones, closes what it opened. */
  close(): Promise<void>;
}

/**
 * Starts a BullMQ worker on REDIS_PREFIX's render queue: `render` and `preview` jobs, `jobs` at a time of
 * which `concurrency` decode and encode at once (decode slots; sharp runs with its cache off and as many
 * threads per render as cores, `sharpSettingsFor`).
 * A render that changed something writes an outbox row and asks for a sync, debounced
 * (sync-requests.ts): the renders of two seconds share one sync job, whose round brings all their
 * `conversions` into the search documents. Throws when a job has no handler.
 */
export async function createRenderWorker(options: RenderWorkerOptions): Promise<RenderWorker> {
  const { config } = options;
  const logger = options.logger ?? pino({ name: 'render-worker', level: config.logLevel });
  const concurrency = options.concurrency ?? config.renderConcurrency;
  const jobs = Math.max(concurrency, options.jobs ?? RENDER_JOBS_PER_SLOT * concurrency);
  configureSharp(sharpSettingsFor(concurrency));
  const queue = createRenderQueue(config, options.jobOptions);
  queue.on('error', (error) => logger.error({ err: error }, 'render queue error'));
  const indexQueue = options.indexQueue ?? createIndexQueue(config, options.jobOptions);
  if (!options.indexQueue)
    indexQueue.on('error', (error) => logger.error({ err: error }, 'index queue error'));
  const syncRequests = createSyncRequester(() => enqueueSync(indexQueue), logger, options.syncDelayMs);
  const slots = createRenderSlots(concurrency, options.indexFirst);
  const ctx: RenderContext = {
    db: options.db,
    mediaRoot: config.mediaRoot,
    maxPixels: config.renderMaxPixels,
    slots,
    logger,
    jobs: {
      enqueueRenders: (requests) => enqueueRenders(queue, requests),
      requestSync: () => syncRequests.request(),
    },
  };
  const gated = yieldingToIndexJobs(dispatchRender(createRenderHandlers(ctx)), options.indexFirst);
  // The end of a backlog (no render running, none waiting): its last renders' rows go into the documents
  // now, not at the next scheduled sync. One Redis call each time the process runs out of renders.
  let running = 0;
  const backlogEnded = async () => {
    if (running > 0) return;
    const counts = await queue.getJobCounts('waiting', 'prioritized');
    if (running === 0 && !counts.waiting && !counts.prioritized) await syncRequests.flush();
  };
  const processor = async (job: RenderJob) => {
    running++;
    try {
      return await gated(job);
    } finally {
      running--;
      backlogEnded().catch((error: unknown) =>
        logger.warn(
          { err: error },
          'render: could not look at the backlog; the scheduled sync takes the rows',
        ),
      );
    }
  };
  const worker: RenderJobWorker = new Worker(RENDER_QUEUE_NAME, processor, {
    connection: redisConnection(config, 'worker'),
    prefix: config.redisPrefix,
    concurrency: jobs,
    ...lockOptions(config),
  });
  logOutcome(logger, worker, 'render');
  return {
    worker,
    queue,
    syncRequests,
    slots,
    async close() {
      await worker.close();
      // With a scheduler (no timer) the next worker's catch-up sync takes the rows.
      if (options.syncDelayMs !== null) await syncRequests.flush();
      await closeAndDisconnect(queue);
      if (!options.indexQueue) await closeAndDisconnect(indexQueue);
    },
  };
}

/**
 * Starts the index worker on REDIS_PREFIX's index queue, (unless `syncEveryMs` is null) the sync
 * scheduler, and (unless `renders` is false) the render worker. Throws when a job has no handler or Redis
 * cannot be reached while upserting the scheduler.
 */
export async function createIndexWorker(options: IndexWorkerOptions): Promise<IndexWorker> {
  const { config, db, meili } = options;
  const logger = options.logger ?? pino({ name: 'index-worker', level: config.logLevel });
  const queue = createIndexQueue(config, options.jobOptions);
  queue.on('error', (error) => logger.error({ err: error }, 'index queue error'));
  const indexFirst = createIndexFirst();
  const renders =
    options.renders === false
      ? undefined
      : await createRenderWorker({
          config,
          db,
          logger,
          jobOptions: options.jobOptions,
          indexQueue: queue,
          indexFirst,
          // With the scheduler, its sync every 2 s takes the render rows: a render's request would only
          // add rounds (each one a vocabulary read, document builds and Meilisearch tasks); the end of a
          // backlog still asks for one at once.
          ...(options.syncEveryMs !== null ? { syncDelayMs: null } : {}),
        });
  const renderQueue = renders?.queue ?? createRenderQueue(config, options.jobOptions);
  if (!renders) renderQueue.on('error', (error) => logger.error({ err: error }, 'render queue error'));
  // Announces new index generations to the API's result caches; a failed announcement fails the job,
  // which is retried (the outbox rows stay pending), so no API keeps serving an answer older than a write.
  const announcer = new Redis(config.redisUrl, {
    connectionName: 'worker-index-generations',
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
  });
  announcer.on('error', (error) => logger.debug({ err: error }, 'generations Redis connection error'));
  const registry = new Registry();
  const purger = createWorkerPurger(config, logger, registry, announcer);
  const context: IndexerContext = {
    db,
    meili,
    indexPrefix: config.meiliIndexPrefix,
    definitions: options.definitions ?? INDEX_DEFINITIONS,
    logger,
    push: { ...DEFAULT_PUSH_OPTIONS, ...options.push },
    mediaRoot: config.mediaRoot,
    jobs: {
      enqueueRenders: (requests) => enqueueRenders(renderQueue, requests),
      requestSync: () => enqueueSync(queue),
    },
    announce: (indexes) => advanceGenerations(announcer, config.redisPrefix, indexes),
    ...(renders ? { besideRenders: (work) => indexFirst.besideRenders(work) } : {}),
    ...(purger.enabled ? { purge: (tags: Iterable<string>) => purger.purge(tags) } : {}),
  };
  // Before taking jobs: no job of this process is building yet, so any build index of ours is an orphan
  // unless another worker process is running a reindex right now.
  await deleteOrphanBuilds(context, async () =>
    (await queue.getActive()).some((job) => job.name === 'reindex'),
  );
  const handle = dispatch(createHandlers(context, options.roundSize, config.searchLogRetentionDays));
  // The whole job, its Meilisearch waits included, runs before any further render of this process.
  const processor = (job: IndexJob) => indexFirst.indexing(() => handle(job));
  const worker: IndexJobWorker = new Worker(INDEX_QUEUE_NAME, processor, {
    connection: redisConnection(config, 'worker'),
    prefix: config.redisPrefix,
    concurrency: 1,
    ...lockOptions(config),
  });
  logOutcome(logger, worker, 'index');
  const schedules: { id: string; upsert: () => Promise<unknown> }[] = [];
  let guard: NodeJS.Timeout | undefined;
  const close = async () => {
    clearInterval(guard);
    await Promise.all([worker.close(), renders?.worker.close()]);
    await (renders ? renders.close() : closeAndDisconnect(renderQueue));
    await closeAndDisconnect(queue);
    // Bounded: each request has a deadline and a few attempts, each count addition a command timeout.
    await purger.idle();
    announcer.disconnect();
  };
  try {
    const every = options.syncEveryMs === undefined ? DEFAULT_SYNC_EVERY_MS : options.syncEveryMs;
    if (every !== null) {
      schedules.push({
        id: SYNC_SCHEDULER_ID,
        upsert: () =>
          queue.upsertJobScheduler(
            SYNC_SCHEDULER_ID,
            { every },
            { name: 'sync', data: {}, opts: SCHEDULED_SYNC_OPTIONS },
          ),
      });
    }
    const pattern = options.pruneSearchLogPattern;
    if (pattern) {
      schedules.push({
        id: PRUNE_SEARCH_LOG_SCHEDULER_ID,
        upsert: () =>
          queue.upsertJobScheduler(
            PRUNE_SEARCH_LOG_SCHEDULER_ID,
            { pattern, tz: 'UTC' },
            { name: 'prune-search-log', data: {}, opts: SCHEDULED_PRUNE_OPTIONS },
          ),
      });
    }
    for (const schedule of schedules) await schedule.upsert();
    if (schedules.length > 0) {
      guard = setInterval(() => {
        void keepSchedules(queue, schedules, logger);
      }, options.scheduleCheckMs ?? DEFAULT_SCHEDULE_CHECK_MS);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    worker,
    ...(renders ? { renderWorker: renders.worker } : {}),
    indexFirst,
    queue,
    renderQueue,
    context,
    purger,
    registry,
    close,
  };
}

/**
 * The edge purger of the configuration (EDGE_PURGE_URLS, EDGE_TAG_HEADER, EDGE_PURGE_METHOD,
 * EDGE_PURGE_BODY, EDGE_PURGE_HEADERS_FILE, EDGE_PURGE_MAX_TAGS), counting into `registry` and, given
 * `redis`, into Redis too, where the API's `/metrics` reads the totals (src/edge/purge-counts.ts); its
 * `idle()` also waits for those additions. Throws when the headers file cannot be read or parsed (the
 * message names the line, never a value). Media reaching their `valid_until` need no purge: the API caps
 * an answer's shared lifetime (s-maxage) at that instant.
 */
export function createWorkerPurger(
  config: AppConfig,
  logger: Logger,
  registry: Registry,
  redis?: Pick<Redis, 'incrby'>,
): EdgePurger {
  const counter = (name: PurgeCountName, help: string) => {
    const local = new Counter({ name: `edge_purge_${name}_total`, help, registers: [registry] });
    const shared = redis ? addingCounter(redis, config.redisPrefix, name, logger) : undefined;
    return {
      inc(value = 1) {
        local.inc(value);
        shared?.inc(value);
      },
      settled: async () => shared?.settled(),
    };
  };
  const failures = counter(
    'failures',
    'Edge cache purge requests that failed after every retry, plus bursts of tags dropped from a full queue.',
  );
  const requests = counter('requests', 'Edge cache purge requests the edge accepted (2xx).');
  const header = config.edgeTagHeader ?? 'xkey';
  const urls = config.edgeTagHeader ? config.edgePurgeUrls : [];
  const file = urls.length > 0 ? config.edgePurgeHeadersFile : undefined;
  const purger = createEdgePurger({
    urls,
    header,
    separator: tagSeparator(header),
    method: config.edgePurgeMethod,
    body: config.edgePurgeBody,
    ...(file ? { headers: parsePurgeHeaders(readFileSync(file, 'utf8'), header) } : {}),
    ...(config.edgePurgeMaxTags > 0 ? { maxTags: config.edgePurgeMaxTags } : {}),
    logger,
    metrics: { failures, requests },
  });
  return {
    get stats() {
      return purger.stats;
    },
    enabled: purger.enabled,
    purge: (tags) => purger.purge(tags),
    async idle() {
      await purger.idle();
      await Promise.all([failures.settled(), requests.settled()]);
    },
  };
}

/** How often the worker checks that its job schedulers still exist in Redis. */
export const DEFAULT_SCHEDULE_CHECK_MS = 5000; // one getJobScheduler call per schedule: cheap

/**
 * Recreates every schedule of `schedules` that Redis no longer holds (its data was lost), logs it, and
 * asks for a sync at once (changes may wait in the outbox). Never throws: a Redis still down is retried on
 * the next check.
 */
async function keepSchedules(
  queue: IndexQueue,
  schedules: readonly { id: string; upsert: () => Promise<unknown> }[],
  logger: Logger,
): Promise<void> {
  try {
    let lost = false;
    for (const schedule of schedules) {
      if (await queue.getJobScheduler(schedule.id)) continue;
      lost = true;
      await schedule.upsert();
      logger.warn(
        { scheduler: schedule.id },
        'job scheduler was missing from Redis (its data was lost?): recreated',
      );
    }
    if (lost) await enqueueSync(queue);
  } catch (error) {
    logger.debug({ err: error }, 'job schedulers not checked: Redis unreachable');
  }
}

async function main(): Promise<void> {
  // Listen for the signal before the first job can start: a SIGTERM that arrives while start-up is still
  // under way must wait for that job too, not kill the process with it.
  const signalled = new Promise<string>((resolve) => {
    process.on('SIGTERM', () => resolve('SIGTERM'));
    process.on('SIGINT', () => resolve('SIGINT'));
  });
  const config = getConfig();
  const logger = pino({ name: 'index-worker', level: config.logLevel });
  const db = createDb(config.databaseUrl, 4);
  const indexer = await createIndexWorker({
    config,
    db,
    meili: createMeiliClient(config),
    logger,
    pruneSearchLogPattern: PRUNE_SEARCH_LOG_PATTERN,
  });
  await enqueueSync(indexer.queue); // catch up with what changed while no worker ran
  logger.info(
    {
      queues: [INDEX_QUEUE_NAME, RENDER_QUEUE_NAME],
      renderConcurrency: config.renderConcurrency,
      prefix: config.redisPrefix,
    },
    'worker started',
  );
  const signal = await signalled;
  logger.info({ signal }, 'index worker stopping after the current job');
  try {
    await indexer.close();
    await db.destroy();
  } catch (error) {
    logger.error({ err: error }, 'index worker: unclean shutdown');
    process.exit(1);
  }
  process.exit(0);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`worker: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
