/**
 * The producer side of the render queue (`render`): renditions are made by the worker's render worker
 * (indexer/worker.ts), with a concurrency of its own (RENDER_CONCURRENCY), apart from the index syncs and
 * reindexes of the index queue. Two jobs:
 *
 * - `render`: bring every rendition of one image up to date (queued by the sync for changed images, for
 *   every image after a format change, and by `npm run reindex -- renditions`); low priority;
 * - `preview`: one format of one medium, for the CMS preview the API is waiting on; high priority, so it
 *   runs before the backlog. The API adds it with a deterministic job id (concurrent requests for the same
 *   medium and format share one job) and waits for it with `QueueEvents` (`waitForPreview`).
 */
import type { Job, JobsOptions, Queue, QueueEvents } from 'bullmq';
import type { AppConfig } from '../../config/env';
import {
  bullmq,
  closeAndDisconnect,
  createQueueEvents,
  DeadlineError,
  lazyQueue,
  redisConnection,
  withDeadline,
  type LazyQueue,
} from './connection';
import { DEFAULT_JOB_OPTIONS } from './index-queue';

/** Queue name; Redis keys live under `<REDIS_PREFIX>:render:*`. */
export const RENDER_QUEUE_NAME = 'render';

/** The owner of renditions: a media-library asset or a file uploaded on a product. */
export const RENDER_TARGETS = ['media', 'upload'] as const;
export type RenderTarget = (typeof RENDER_TARGETS)[number];
export interface RenderRequest {
  target: RenderTarget;
  id: number;
}

/** One format of one media-library asset, for the CMS preview. */
export interface PreviewRequest {
  mediumId: number;
  format: string;
}

/**
 * What a `preview` job returns: `rendered` (the rendition is stored, or was already current),
 * `unrenderable` (the original cannot be decoded: corrupt, truncated, an unsupported codec, over
 * RENDER_MAX_PIXELS without shrink-on-load; the backlog `render` job of that image fails the same way).
 */
export interface PreviewResult {
  status: 'rendered' | 'unrenderable';
}

/** The registry: job name -> payload. */
export interface RenderJobPayloads {
  /** Every active format of one image (indexer/jobs/render.ts `runRender`). */
  render: RenderRequest;
  /** One format of one medium (indexer/jobs/render.ts `runPreview`). */
  preview: PreviewRequest;
}
export type RenderJobName = keyof RenderJobPayloads;
export const RENDER_JOB_NAMES = ['render', 'preview'] as const satisfies readonly RenderJobName[];

export type RenderJobData = RenderJobPayloads[RenderJobName];
export type RenderJob<N extends RenderJobName = RenderJobName> = Job<RenderJobPayloads[N], unknown, N>;
export type RenderQueue = Queue<RenderJobData, unknown, RenderJobName>;

/**
 * Backlog renders wait behind previews (lower number first): a re-render of every image after a format
 * change must not hold up a CMS user waiting for one preview.
 */
export const RENDER_PRIORITY = 10;
/** Priority of `preview` jobs: before every backlog render. */
export const PREVIEW_PRIORITY = 1;

/** Jobs per Redis round trip when many renders are queued at once. */
const RENDER_BULK = 1000;

/**
 * A preview is asked for by a request that waits for it: one attempt (the client retries), removed when
 * done (its file and row are the result); failures stay visible for a while (the last 100).
 */
export const PREVIEW_JOB_OPTIONS: JobsOptions = {
  priority: PREVIEW_PRIORITY,
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: 100,
};

/**
 * The render queue (prefix REDIS_PREFIX) for producers; `defaultJobOptions` overrides the index queue's
 * `DEFAULT_JOB_OPTIONS` (5 attempts, exponential backoff). Opens a Redis connection; close it with
 * `queue.close()`.
 */
export function createRenderQueue(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  defaultJobOptions: JobsOptions = {},
): RenderQueue {
  return new (bullmq().Queue)<RenderJobData, unknown, RenderJobName>(RENDER_QUEUE_NAME, {
    connection: redisConnection(config, 'producer'),
    prefix: config.redisPrefix,
    defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...defaultJobOptions },
  });
}

/**
 * Queues one render job per request; returns how many. One job per image, so a corrupt file fails its own
 * job only. At most one job per image waits (deduplication id `render:<target>:<id>`); a request while
 * that image's job runs adds one more after it (`keepLastIfActive`), so a change during a render is never
 * lost. Throws when Redis is down.
 */
export async function enqueueRenders(
  queue: RenderQueue,
  requests: readonly RenderRequest[],
): Promise<number> {
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

/** The states of jobs not done yet: the render backlog (`renderBacklog`). */
export const BACKLOG_STATES = ['waiting', 'prioritized', 'active', 'delayed'] as const;

/**
 * The render backlog: jobs of the render queue waiting, prioritized, running or delayed for a retry (not
 * completed, not failed for good). One Redis round trip; throws when Redis is down.
 */
export async function renderBacklog(queue: RenderQueue): Promise<number> {
  return backlogOf(await queue.getJobCounts(...BACKLOG_STATES));
}

/** The render backlog from the counts of the `BACKLOG_STATES` (a state without a count counts 0). */
export function backlogOf(counts: Partial<Record<(typeof BACKLOG_STATES)[number], number>>): number {
  return BACKLOG_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}

/** The job id of a preview: one per medium and format (BullMQ ids may not contain `:`). */
export function previewJobId(request: PreviewRequest): string {
  return `preview-media-${request.mediumId}-${encodeURIComponent(request.format)}`;
}

/**
 * How a wait for a preview ended: `finished` (the job ran; `result` absent when it failed or was already
 * removed: look at the stored rendition), `timeout` (not finished in time; the job stays queued or keeps
 * running and stores its rendition later), `unavailable` (Redis did not answer in time).
 */
export type PreviewWait =
  | { state: 'finished'; result?: PreviewResult; error?: string; stale: boolean }
  | { state: 'timeout' }
  | { state: 'unavailable'; error: string };

/**
 * The API's side of the render queue: the queue (made on first use, for a preview or the dashboard) and
 * previews it can wait for.
 */
export interface RenderJobs extends LazyQueue<RenderQueue> {
  /**
   * Adds the `preview` job of `request` (or joins the one already there) and waits until the worker
   * finished it, at most `timeoutMs` in all. Never throws: the outcome says what happened. `stale` is true
   * when the job found under the id had finished before this call (the caller may `retire` it and ask
   * again).
   */
  preview(request: PreviewRequest, timeoutMs: number): Promise<PreviewWait>;
  /** Removes a finished preview job under the id of `request`, so the next `preview` adds a new one. */
  retire(request: PreviewRequest): Promise<void>;
  /** Closes the queue and the events listener (those that were made). */
  close(): Promise<void>;
}

/** At most this long for one Redis command of the producer before the preview counts as unavailable. */
const REDIS_DEADLINE_MS = 1000;

/**
 * The render queue of `config` for the API, made on the first preview or dashboard request, with a
 * `QueueEvents` listener opened on the first preview that has to wait (a process that never waits does not
 * hold that blocking connection). `onError` gets the connection errors of both (default: ignored; every
 * wait has its deadline).
 */
export function createRenderJobs(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  onError: (error: Error) => void = () => undefined,
): RenderJobs {
  const lazy = lazyQueue(RENDER_QUEUE_NAME, config.redisPrefix, () => {
    const queue = createRenderQueue(config);
    queue.on('error', onError);
    // Every wait listens on the queue ('closing') and the events ('completed:<id>', 'failed:<id>') until
    // it ends, so many previews at once are many listeners, not a leak.
    queue.setMaxListeners(0);
    return queue;
  });
  let events: QueueEvents | undefined;
  const listener = () => {
    if (!events) {
      events = createQueueEvents(lazy.queue, onError);
      events.setMaxListeners(0);
    }
    return events;
  };

  return {
    name: lazy.name,
    prefix: lazy.prefix,
    get queue() {
      return lazy.queue;
    },
    async preview(request, timeoutMs) {
      const { queue } = lazy;
      const started = Date.now();
      const left = () => Math.max(1, timeoutMs - (Date.now() - started));
      let job: RenderJob<'preview'>;
      try {
        job = (await withDeadline(
          queue.add('preview', request, { ...PREVIEW_JOB_OPTIONS, jobId: previewJobId(request) }),
          Math.min(REDIS_DEADLINE_MS, left()),
          'Redis did not accept the preview job in time',
        )) as RenderJob<'preview'>;
      } catch (error) {
        return { state: 'unavailable', error: (error as Error).message };
      }
      let result: PreviewResult | undefined;
      let failure: string | undefined;
      try {
        result = (await withDeadline(
          job.waitUntilFinished(listener(), left()),
          left(),
          'the preview job did not finish in time',
        )) as PreviewResult;
      } catch (error) {
        const message = (error as Error).message;
        if (error instanceof DeadlineError || /timed out before finishing/.test(message)) {
          return { state: 'timeout' };
        }
        failure = message;
      }
      let stale = false;
      try {
        const stored = await withDeadline(queue.getJob(job.id!), REDIS_DEADLINE_MS, 'Redis did not answer');
        stale = Boolean(stored?.finishedOn && stored.finishedOn < started);
      } catch {
        // the outcome above stands
      }
      return {
        state: 'finished',
        ...(result ? { result } : {}),
        ...(failure ? { error: failure } : {}),
        stale,
      };
    },
    async retire(request) {
      await withDeadline(lazy.queue.remove(previewJobId(request)), REDIS_DEADLINE_MS, 'Redis did not answer');
    },
    async close() {
      await Promise.allSettled([events && closeAndDisconnect(events), lazy.close()]);
    },
  };
}
