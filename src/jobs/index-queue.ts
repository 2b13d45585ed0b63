/**
 * The producer side of the index queue (`index`): its name, job names and payload types, default job
 * options and the enqueue helpers. The API (queue dashboard and gauges), `npm run reindex` and the worker
 * use it; the worker binds the handlers (indexer/queue.ts, indexer/worker.ts). Renders have a queue of
 * their own (render-queue.ts).
 */
import type { Job, JobsOptions, Queue } from 'bullmq';
import type { AppConfig } from '../../config/env';
import { INDEX_NAMES, type IndexName } from '../search/indexes';
import { bullmq, lazyQueue, redisConnection, type LazyQueue } from './connection';

/** Queue name; Redis keys live under `<REDIS_PREFIX>:index:*`. */
export const INDEX_QUEUE_NAME = 'index';

/**
 * What `reindex` can rebuild: one index, only the synonyms settings, every index in turn, or `renditions`
 * (queues a render job for every image; renders skip what is up to date).
 */
export const REINDEX_TARGETS = [...INDEX_NAMES, 'synonyms', 'renditions', 'all'] as const;
export type ReindexTarget = (typeof REINDEX_TARGETS)[number];

/** The live indexes whose settings carry the synonyms table (reindex target `synonyms`). */
export const SYNONYM_INDEXES = ['products', 'media'] as const satisfies readonly IndexName[];

/** The registry: job name -> payload. */
export interface IndexJobPayloads {
  /** Zero-downtime rebuild of `target` (indexer/jobs/reindex.ts). */
  reindex: { target: ReindexTarget };
  /** Drain the index outbox (indexer/jobs/sync.ts). */
  sync: Record<string, never>;
  /** Delete search-log rows older than SEARCH_LOG_RETENTION_DAYS (indexer/jobs/prune-search-log.ts). */
  'prune-search-log': Record<string, never>;
}
export type IndexJobName = keyof IndexJobPayloads;
export const INDEX_JOB_NAMES = [
  'reindex',
  'sync',
  'prune-search-log',
] as const satisfies readonly IndexJobName[];

export type IndexJobData = IndexJobPayloads[IndexJobName];
export type IndexJob<N extends IndexJobName = IndexJobName> = Job<IndexJobPayloads[N], unknown, N>;
export type IndexQueue = Queue<IndexJobData, unknown, IndexJobName>;

/** Progress of a reindex job as stored on the job: records pushed and total per index built so far. */
export type ReindexJobProgress = Partial<Record<IndexName, { pushed: number; total: number }>>;

/**
 * Retries with backoff 1 s, 2 s, 4 s, 8 s; the last 200 completed jobs stay for inspection (the sync
 * scheduler adds one every 2 s, so an unbounded history would grow forever); failed jobs are all kept,
 * with their error, until someone looks at them.
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 200,
  removeOnFail: false,
};

/** Deduplication id of `sync`: at most one waits while another runs (BullMQ keepLastIfActive). */
export const SYNC_DEDUPLICATION_ID = 'sync';

/**
 * The index queue (prefix REDIS_PREFIX) for producers. `defaultJobOptions` overrides
 * `DEFAULT_JOB_OPTIONS` (tests shorten attempts and backoff). Opens a Redis connection; close it with
 * `queue.close()`.
 */
export function createIndexQueue(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  defaultJobOptions: JobsOptions = {},
): IndexQueue {
  return new (bullmq().Queue)<IndexJobData, unknown, IndexJobName>(INDEX_QUEUE_NAME, {
    connection: redisConnection(config, 'producer'),
    prefix: config.redisPrefix,
    defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...defaultJobOptions },
  });
}

/**
 * The index queue of `config` for the API (dashboard), made on first use (`LazyQueue`); its connection
 * errors go to `onError`.
 */
export function lazyIndexQueue(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  onError: (error: Error) => void,
): LazyQueue<IndexQueue> {
  return lazyQueue(INDEX_QUEUE_NAME, config.redisPrefix, () => {
    const queue = createIndexQueue(config);
    queue.on('error', onError);
    return queue;
  });
}

/** True when `value` is a reindex target. */
export function isReindexTarget(value: string): value is ReindexTarget {
  return (REINDEX_TARGETS as readonly string[]).includes(value);
}

/** Enqueues a reindex of `target`; returns the job. Throws on an unknown target or when Redis is down. */
export async function enqueueReindex(queue: IndexQueue, target: ReindexTarget): Promise<IndexJob<'reindex'>> {
  if (!isReindexTarget(target)) throw new Error(`unknown reindex target "${String(target)}"`);
  return (await queue.add('reindex', { target })) as IndexJob<'reindex'>;
}

/**
 * Asks for an outbox sync; at most one sync waits. While none runs, a second call returns the waiting job.
 * While one runs (it may have read the outbox before the change that asks for this sync), the call is
 * recorded and BullMQ adds one new sync when the running one ends (deduplication `keepLastIfActive`); the
 * running job is returned. Throws when Redis is down.
 */
export async function enqueueSync(queue: IndexQueue): Promise<IndexJob<'sync'>> {
  const job = await queue.add(
    'sync',
    {},
    { deduplication: { id: SYNC_DEDUPLICATION_ID, keepLastIfActive: true } },
  );
  return job as IndexJob<'sync'>;
}
