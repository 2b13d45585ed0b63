/**
 * Meilisearch task handling that fails loudly. The 0.62 client resolves a *failed* task like a succeeded
 * one (meilisearch-notes.md), so every write of the indexer goes through `waitForTask`, which throws.
 */
import {
  MeilisearchApiError,
  type EnqueuedTask,
  type Meilisearch,
  type Task,
  type MeilisearchErrorResponse,
} from 'meilisearch';

/** A Meilisearch task that ended `failed` or `canceled`; `message` carries the server's error. */
export class MeiliTaskError extends Error {
  readonly code: string | undefined;

  constructor(readonly task: Task) {
    const error: MeilisearchErrorResponse | null = task.error;
    const what = `Meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ''})`;
    super(
      error ? `${what} failed: ${error.message} [${error.code}]` : `${what} ended with status ${task.status}`,
    );
    this.name = 'MeiliTaskError';
    this.code = error?.code;
  }
}

/** Polling interval while waiting: long tasks need no 50 ms polling, short ones lose at most this. */
const POLL_INTERVAL_MS = 100;

/**
 * Waits until the task is processed and returns it. Throws `MeiliTaskError` when it failed or was canceled,
 * and the client's `MeilisearchTaskTimeOutError` after `timeoutMs` milliseconds. Also rethrows the enqueue
 * request's own error (network, 4xx on the request).
 */
export async function waitForTask(
  meili: Meilisearch,
  task: EnqueuedTask | Promise<EnqueuedTask>,
  timeoutMs: number,
): Promise<Task> {
  const enqueued = await task;
  const done = await meili.tasks.waitForTask(enqueued.taskUid, {
    timeout: timeoutMs,
    interval: POLL_INTERVAL_MS,
  });
  if (done.status !== 'succeeded') throw new MeiliTaskError(done);
  return done;
}

/**
 * A bounded window of enqueued tasks: `push` returns as soon as fewer than `maxInFlight` tasks are
 * unconfirmed, so the caller prepares the next batch while Meilisearch indexes the previous ones (and
 * autobatches them). Each task's `onDone` runs in enqueue order once it succeeded. The first failure
 * throws from `push` or `drain`; tasks still in the window are then left to Meilisearch.
 */
export class TaskWindow {
  private readonly pending: { task: Promise<EnqueuedTask> | null; onDone?: () => void }[] = [];

  constructor(
    private readonly meili: Meilisearch,
    private readonly maxInFlight: number,
    private readonly timeoutMs: number,
  ) {}

  /** Adds a task (or `null`: nothing to wait for, only `onDone` in order). */
  async push(task: Promise<EnqueuedTask> | null, onDone?: () => void): Promise<void> {
    // A rejected enqueue must not become an unhandled rejection while it waits its turn; it still
    // rejects when its turn comes.
    task?.catch(() => undefined);
    this.pending.push({ task, onDone });
    while (this.pending.length > this.maxInFlight) await this.confirmOldest();
  }

  /**
   * Waits until every request still in the window has reached Meilisearch (enqueued or refused), without
   * waiting for the tasks themselves. After a failure, call it before deleting the target index: a batch
   * whose request is still on its way would otherwise be enqueued after the delete and create the index anew.
   */
  async settle(): Promise<void> {
    await Promise.allSettled(this.pending.map((entry) => entry.task));
  }

  /** Waits for every task in the window. */
  async drain(): Promise<void> {
    while (this.pending.length > 0) await this.confirmOldest();
  }

  private async confirmOldest(): Promise<void> {
    const entry = this.pending.shift()!;
    if (entry.task) await waitForTask(this.meili, entry.task, this.timeoutMs);
    entry.onDone?.();
  }
}

/** True when the index exists; rethrows anything but Meilisearch's `index_not_found`. */
export async function indexExists(meili: Meilisearch, uid: string): Promise<boolean> {
  try {
    await meili.getRawIndex(uid);
    return true;
  } catch (error) {
    if (error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found') return false;
    throw error;
  }
}

/**
 * Creates the index (empty, primary key `id`) unless it exists. Tolerates losing a creation race.
 * Throws `MeiliTaskError` on any other failure.
 */
export async function ensureIndex(meili: Meilisearch, uid: string, timeoutMs: number): Promise<void> {
  if (await indexExists(meili, uid)) return;
  try {
    await waitForTask(meili, meili.createIndex(uid, { primaryKey: 'id' }), timeoutMs);
  } catch (error) {
    if (error instanceof MeiliTaskError && error.code === 'index_already_exists') return;
    throw error;
  }
}
