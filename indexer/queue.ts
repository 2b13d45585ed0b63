/**
 * The one BullMQ queue of index work and its typed job registry: job name -> payload type -> exactly one
 * handler (style.md, after Immich's job repository). Producers (the API, `npm run reindex`) use
 * `createIndexQueue` and the `enqueue*` helpers; the worker (worker.ts) binds the handlers with `dispatch`.
 */
import { Queue, UnrecoverableError, type ConnectionOptions, type Job, type JobsOptions } from 'bullmq';
import type { AppConfig } from '../config/env';
import { INDEX_NAMES, type IndexName } from '../src/search/indexes';

/** Queue name; Redis keys live under `<REDIS_PREFIX>:index:*`. */
export const INDEX_QUEUE_NAME = 'index';

/**
 * What `reindex` can rebuild: one index, only the synonyms settings, every index in turn, or `renditions`
 * (queues a render job for every image; renders skip what is up to date).
 */
export const REINDEX_TARGETS = [...INDEX_NAMES, 'synonyms', 'renditions', 'all'] as const;
export type ReindexTarget = (typeof REINDEX_TARGETS)[number];

/** The registry: job name -> payload. */
export interface IndexJobPayloads {
  /** Zero-downtime rebuild of `target` (jobs/reindex.ts). */
  reindex: { target: ReindexTarget };
  /** Drain the index outbox (jobs/sync.ts). */
  sync: Record<string, never>;
  /** Bring the renditions of one image up to date with the active formats (jobs/render.ts). */
  render: RenderRequest;
  /** Delete search-log rows older than SEARCH_LOG_RETENTION_DAYS (jobs/prune-search-log.ts). */
  'prune-search-log': Record<string, never>;
}
export type IndexJobName = keyof IndexJobPayloads;
export const INDEX_JOB_NAMES = [
  'reindex',
  'sync',
  'render',
  'prune-search-log',
] as const satisfies readonly IndexJobName[];

/** The owner of renditions: a media-library asset or a file uploaded on a product. */
export const RENDER_TARGETS = ['media', 'upload'] as const;
export type RenderTarget = (typeof RENDER_TARGETS)[number];
export interface RenderRequest {
  target: RenderTarget;
  id: number;
}

export type IndexJobData = IndexJobPayloads[IndexJobName];
export type IndexJob<N extends IndexJobName = IndexJobName> = Job<IndexJobPayloads[N], unknown, N>;
export type IndexQueue = Queue<IndexJobData, unknown, IndexJobName>;

/** Progress of a reindex job as stored on the job: records pushed and total per index built so far. */
export type ReindexJobProgress = Partial<Record<IndexName, { pushed: number; total: number }>>;

/** Exactly one handler per job name; the result is stored as the job's return value. */
export type IndexJobHandlers = { [N in IndexJobName]: (job: IndexJob<N>) => Promise<unknown> };

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
 * Redis options for BullMQ. Producers fail fast (no offline queue: a command while Redis is down errors
 * at once instead of hanging a request); the worker's blocking connection must retry forever
 * (`maxRetriesPerRequest: null`, BullMQ production guide).
 */
export function redisConnection(config: Pick<AppConfig, 'redisUrl'>, role: 'producer' | 'worker') {
  const options: ConnectionOptions =
    role === 'worker'
      ? { url: config.redisUrl, maxRetriesPerRequest: null }
      : { url: config.redisUrl, enableOfflineQueue: false };
  return options;
}

/**
 * The index queue (prefix REDIS_PREFIX) for producers. `defaultJobOptions` overrides
 * `DEFAULT_JOB_OPTIONS` (tests shorten attempts and backoff). Close it with `queue.close()`.
 */
export function createIndexQueue(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  defaultJobOptions: JobsOptions = {},
): IndexQueue {
  return new Queue<IndexJobData, unknown, IndexJobName>(INDEX_QUEUE_NAME, {
    connection: redisConnection(config, 'producer'),
    prefix: config.redisPrefix,
    defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...defaultJobOptions },
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
 * running job is returned.
 */
export async function enqueueSync(queue: IndexQueue): Promise<IndexJob<'sync'>> {
  const job = await queue.add(
    'sync',
    {},
    { deduplication: { id: SYNC_DEDUPLICATION_ID, keepLastIfActive: true } },
  );
  return job as IndexJob<'sync'>;
}

/**
 * Renders wait behind syncs and reindexes (BullMQ runs jobs without a priority first): a re-render of
 * every image after a format change must not hold up index updates for minutes.
 */
export const RENDER_PRIORITY = 10;

/** Jobs per Redis round trip when many renders are queued at once. */
const RENDER_BULK = 1000;

/**
 * Queues one render job per request. One job per image, so a corrupt file fails its own job only. At most
 * one job per image waits (deduplication id `render:<target>:<id>`); a request while that image's job runs
 * adds one more after it (`keepLastIfActive`), so a change during a render is never lost.
 */
export async function enqueueRenders(queue: IndexQueue, requests: readonly RenderRequest[]): Promise<number> {
  for (let start = 0; start < requests.length; start += RENDER_BULK) {
    await queue.addBulk(
      requests.slice(start, start + RENDER_BULK).map((data) => ({
        name: 'render' as const,
        data,
        opts: {
          priority: RENDER_PRIORITY,
          deduplication: { id: `render:${data.target}:${data.id}`, keepLastIfActive: true },
        },
      })),
    );
  }
  return requests.length;
}

/**
 * Checks that `handlers` has a function for every job name and nothing else; throws naming the gap.
 * The worker calls it before it starts, so a job can never sit in the queue without a handler.
 */
export function assertHandlers(handlers: Record<string, unknown>): asserts handlers is IndexJobHandlers {
  const missing = INDEX_JOB_NAMES.filter(
    (name) => !Object.hasOwn(handlers, name) || typeof handlers[name] !== 'function',
  );
  const unknown = Object.keys(handlers).filter(
    (name) => !(INDEX_JOB_NAMES as readonly string[]).includes(name),
  );
  if (missing.length || unknown.length) {
    throw new Error(
      `index job registry: ${[
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        unknown.length ? `handler for unknown job ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  }
}

/**
 * The BullMQ processor for `handlers`: runs the job's handler. A job name without a handler (an older or
 * newer producer) fails at once without retries (`UnrecoverableError`).
 */
export function dispatch(handlers: IndexJobHandlers): (job: IndexJob) => Promise<unknown> {
  assertHandlers(handlers);
  return async (job) => {
    const table = handlers as Record<string, (job: IndexJob) => Promise<unknown>>;
    const handler = Object.hasOwn(table, job.name) ? table[job.name] : undefined;
    if (!handler) throw new UnrecoverableError(`no handler for index job "${job.name}"`);
    return handler(job);
  };
}

export interface JobOutcome {
  state: 'completed' | 'failed';
  job: IndexJob;
}

/**
 * Polls job `jobId` every `pollMs` (default 250) until it completed or failed for good (a failed attempt
 * with retries left goes back to delayed and keeps being watched). Calls `onChange` with the job whenever
 * its progress, state or attempts change. Throws when the job disappears (removed) or after `timeoutMs`.
 */
export async function watchJob(
  queue: IndexQueue,
  jobId: string,
  options: { pollMs?: number; timeoutMs?: number; onChange?: (job: IndexJob, state: string) => void } = {},
): Promise<JobOutcome> {
  const { pollMs = 250, timeoutMs = Infinity, onChange } = options;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const job = await queue.getJob(jobId);
    if (!job) throw new Error(`index job ${jobId} not found (removed?)`);
    const state = await job.getState();
    const seen = JSON.stringify([state, job.progress, job.attemptsMade]);
    if (seen !== last) {
      last = seen;
      onChange?.(job, state);
    }
    if (state === 'completed' || state === 'failed') {
      // `job` was read before its state: it may have finished in between, without its result. Read it again.
      const finished = await queue.getJob(jobId);
      if (!finished) throw new Error(`index job ${jobId} not found (removed?)`);
      return { state, job: finished };
    }
    if (Date.now() > deadline) throw new Error(`index job ${jobId} still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
