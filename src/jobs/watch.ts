/**
 * Waiting for a job of any queue until it ends, with `QueueEvents` (no polling): `npm run reindex --wait`
 * and the tests use it.
 */
import type { Job, Queue } from 'bullmq';
import { createQueueEvents, withDeadline } from './connection';

export interface JobOutcome<J extends Job = Job> {
  state: 'completed' | 'failed';
  /** The job as stored after it ended (return value, `failedReason`, `attemptsMade`). */
  job: J;
}

export interface WatchOptions<J extends Job> {
  /** Milliseconds until the wait gives up (throws); default: no limit. */
  timeoutMs?: number;
  /**
   * Called with the job as stored whenever the queue reports its progress or a change of state (active,
   * delayed for a retry, waiting again), and once at the start.
   */
  onChange?: (job: J, state: string) => void;
}

/**
 * Waits until job `jobId` of `queue` completed or failed for good (a failed attempt with retries left goes
 * back to delayed or waiting and is watched on). Listens on the queue's event stream with a `QueueEvents`
 * of its own (one blocking Redis connection, closed before returning). Throws when the job does not exist
 * or was removed before it ended, or after `timeoutMs`.
 */
export async function watchJob<J extends Job>(
  queue: Queue,
  jobId: string,
  options: WatchOptions<J> = {},
): Promise<JobOutcome<J>> {
  const { timeoutMs, onChange } = options;
  const events = createQueueEvents(queue);
  const read = async () => {
    const job = (await queue.getJob(jobId)) as J | undefined;
    if (!job) throw new Error(`job ${jobId} of queue ${queue.name} not found (removed?)`);
    return job;
  };
  // Reports are chained so that onChange sees them in order.
  let reports = Promise.resolve();
  const report = () => {
    if (!onChange) return;
    reports = reports.then(async () => {
      const job = await queue.getJob(jobId).catch(() => undefined);
      if (job) onChange(job as J, await job.getState());
    });
  };
  const mine = (handler: () => void) => (args: { jobId: string }) => {
    if (args.jobId === jobId) handler();
  };
  for (const event of ['active', 'progress', 'delayed', 'waiting'] as const) {
    events.on(event, mine(report));
  }
  const waiting = (async () => {
    await events.waitUntilReady();
    const job = await read();
    report();
    try {
      await job.waitUntilFinished(events);
    } catch {
      // failed for good, or removed: the stored job says which
    }
    await reports;
    const done = await read();
    const state = await done.getState();
    if (state !== 'completed' && state !== 'failed') throw new Error(`job ${jobId} ended ${state}`);
    return { state, job: done } as JobOutcome<J>;
  })();
  try {
    return timeoutMs === undefined
      ? await waiting
      : await withDeadline(waiting, timeoutMs, `job ${jobId} not finished after ${timeoutMs} ms`);
  } finally {
    await events.close();
  }
}
