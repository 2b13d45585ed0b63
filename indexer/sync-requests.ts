/**
 * Debounced sync requests of the render worker. A finished render has written its outbox row and asks for
 * a sync; one sync per render would make a backlog of N renders cost N sync rounds (each one a vocabulary
 * read, a fan-out, document builds and Meilisearch tasks), and the index queue's single slot would spend its
 * time on them. Instead, the first request arms a timer and the requests that come before it fires share it:
 * one `enqueueSync` per `delayMs` at most, whose sync round takes every render row written by then.
 */
import type { Logger } from 'pino';

/**
 * Milliseconds a render's sync request waits for others: the period of the index worker's scheduled sync,
 * so a render reaches the documents about as soon as an imported change does.
 */
export const DEFAULT_RENDER_SYNC_DELAY_MS = 2000;

export interface SyncRequester {
  /**
   * Records that a sync is needed; resolves at once. The sync is enqueued at most `delayMs` later (a
   * failure to enqueue is logged: the index worker's scheduled sync picks the rows up then); with
   * `delayMs` null, only by `flush`.
   */
  request(): Promise<void>;
  /** Enqueues a pending request now (the end of a backlog, a shutdown); resolves when done. */
  flush(): Promise<void>;
  /** Sync jobs asked of the queue so far (one per debounce window). */
  readonly enqueued: number;
}

/**
 * A requester that calls `enqueue` (e.g. `enqueueSync(indexQueue)`) at most once per `delayMs`, after
 * the first request of each window; `delayMs` null: no timer, a request waits for `flush` (a scheduler
 * syncs meanwhile). Never throws; `enqueue` errors go to `logger.warn`.
 */
export function createSyncRequester(
  enqueue: () => Promise<unknown>,
  logger: Logger,
  delayMs: number | null = DEFAULT_RENDER_SYNC_DELAY_MS,
): SyncRequester {
  let timer: NodeJS.Timeout | undefined;
  let pending = false;
  let enqueued = 0;
  let running: Promise<void> = Promise.resolve();
  const fire = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = false;
    enqueued += 1;
    running = running.then(() =>
      enqueue().then(
        () => undefined,
        (error: unknown) =>
          logger.warn({ err: error }, 'render: could not ask for a sync; the scheduled sync takes the rows'),
      ),
    );
    return running;
  };
  return {
    async request() {
      pending = true;
      if (delayMs !== null) timer ??= setTimeout(fire, delayMs);
    },
    async flush() {
      if (pending) await fire();
      else await running;
    },
    get enqueued() {
      return enqueued;
    },
  };
}
