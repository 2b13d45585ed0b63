/**
 * The index worker (`npm run worker`): one BullMQ worker on the index queue, one job at a time so a full
 * reindex and an outbox sync never interleave, plus a job scheduler that asks for a sync every 2 s and,
 * in the process, one that prunes the search log once a day.
 * `createIndexWorker` is the library entry (tests use it in-process); running this file starts the process.
 */
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
import { runReindex } from './jobs/reindex';
import { runRender } from './jobs/render';
import { syncOutbox } from './jobs/sync';
import {
  createIndexQueue,
  dispatch,
  enqueueRenders,
  enqueueSync,
  INDEX_QUEUE_NAME,
  redisConnection,
  type IndexJob,
  type IndexJobData,
  type IndexJobHandlers,
  type IndexJobName,
  type IndexQueue,
  type ReindexJobProgress,
} from './queue';
import { INDEX_DEFINITIONS } from './registry';
import { configureSharp } from './render/sharp';

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
  /** Overrides of the queue's default job options (tests: fewer attempts, shorter backoff). */
  jobOptions?: JobsOptions;
  /** Milliseconds between scheduled syncs; `null`: no scheduler (tests that drive syncs themselves). */
  syncEveryMs?: number | null;
  /** Outbox rows per sync round. */
  roundSize?: number;
  /**
   * Cron pattern (UTC) of the search-log prune; absent or null: no scheduler. The process passes
   * `PRUNE_SEARCH_LOG_PATTERN`; tests enqueue `prune-search-log` themselves.
   */
  pruneSearchLogPattern?: string | null;
}

export type IndexJobWorker = Worker<IndexJobData, unknown, IndexJobName>;

export interface IndexWorker {
  worker: IndexJobWorker;
  queue: IndexQueue;
  context: IndexerContext;
  /** Stops taking jobs, waits for the current one, closes the queue and both Redis connections. */
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
    render: async (job) => runRender(ctx, job.data),
    'prune-search-log': async () => pruneSearchLog(ctx.db, { retentionDays }),
  };
}

function logOutcome(logger: Logger, worker: IndexJobWorker): void {
  worker.on('completed', (job: IndexJob, result: unknown) => {
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
  worker.on('failed', (job: IndexJob | undefined, error: Error) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? 'error' : 'warn'](
      { jobId: job?.id, job: job?.name, data: job?.data, attemptsMade: job?.attemptsMade, err: error },
      final ? 'job failed' : 'job failed, will retry',
    );
  });
  worker.on('error', (error) => logger.error({ err: error }, 'index worker error'));
}

/**
 * Starts the index worker on REDIS_PREFIX's index queue and (unless `syncEveryMs` is null) the sync
 * scheduler. Throws when a job has no handler or Redis cannot be reached while upserting the scheduler.
 */
export async function createIndexWorker(options: IndexWorkerOptions): Promise<IndexWorker> {
  const { config, db, meili } = options;
  const logger = options.logger ?? pino({ name: 'index-worker', level: config.logLevel });
  configureSharp();
  const queue = createIndexQueue(config, options.jobOptions);
  queue.on('error', (error) => logger.error({ err: error }, 'index queue error'));
  const context: IndexerContext = {
    db,
    meili,
    indexPrefix: config.meiliIndexPrefix,
    definitions: options.definitions ?? INDEX_DEFINITIONS,
    logger,
    push: { ...DEFAULT_PUSH_OPTIONS, ...options.push },
    mediaRoot: config.mediaRoot,
    jobs: {
      enqueueRenders: (requests) => enqueueRenders(queue, requests),
      requestSync: () => enqueueSync(queue),
    },
  };
  const processor = dispatch(createHandlers(context, options.roundSize, config.searchLogRetentionDays));
  const worker: IndexJobWorker = new Worker(INDEX_QUEUE_NAME, processor, {
    connection: redisConnection(config, 'worker'),
    prefix: config.redisPrefix,
    concurrency: 1,
  });
  logOutcome(logger, worker);
  const close = async () => {
    await worker.close();
    await queue.close();
  };
  try {
    const every = options.syncEveryMs === undefined ? DEFAULT_SYNC_EVERY_MS : options.syncEveryMs;
    if (every !== null) {
      await queue.upsertJobScheduler(
        SYNC_SCHEDULER_ID,
        { every },
        { name: 'sync', data: {}, opts: SCHEDULED_SYNC_OPTIONS },
      );
    }
    if (options.pruneSearchLogPattern) {
      await queue.upsertJobScheduler(
        PRUNE_SEARCH_LOG_SCHEDULER_ID,
        { pattern: options.pruneSearchLogPattern, tz: 'UTC' },
        { name: 'prune-search-log', data: {}, opts: SCHEDULED_PRUNE_OPTIONS },
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { worker, queue, context, close };
}

async function main(): Promise<void> {
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
  logger.info({ queue: INDEX_QUEUE_NAME, prefix: config.redisPrefix }, 'index worker started');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'index worker stopping after the current job');
    indexer
      .close()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'index worker: unclean shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`worker: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
