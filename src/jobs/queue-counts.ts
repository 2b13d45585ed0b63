/**
 * Job counts of a BullMQ queue by state, read without BullMQ: what `Queue.getJobCounts(...states)` returns,
 * read as BullMQ's own `getCounts` script reads them (the `wait`, `paused` and `active` lists by LLEN, the sorted set
 * of every other state by ZCARD, each under `<prefix>:<queue name>:<key>`; `waiting` is the `wait` list),
 * in one MULTI on a connection the caller already has. The API's `/metrics` gauges use it, so an API process
 * that never serves a CMS preview or the dashboard never loads BullMQ (src/jobs/connection.ts `bullmq`).
 * test/api/ops.test.ts checks the counts against BullMQ's own for jobs in every state.
 */
import type { JobState } from 'bullmq';
import type Redis from 'ioredis';

/** A queue's name and Redis key prefix (REDIS_PREFIX): where its keys are. */
export interface QueueKeys {
  readonly name: string;
  readonly prefix: string;
}

/** The states BullMQ keeps in lists (LLEN); the others are sorted sets (ZCARD). */
const LIST_KEYS = new Set(['wait', 'paused', 'active']);

/**
 * The number of jobs of `queue` in each of `states` (every state a key, 0 when none), in one MULTI on
 * `redis`. Rejects as the connection's commands do (Redis down: at once on a connection without an
 * offline queue).
 */
export async function readJobCounts<S extends JobState>(
  redis: Pick<Redis, 'multi'>,
  queue: QueueKeys,
  states: readonly S[],
): Promise<Record<S, number>> {
  const multi = redis.multi();
  for (const state of states) {
    const key = state === 'waiting' ? 'wait' : state;
    const redisKey = `${queue.prefix}:${queue.name}:${key}`;
    if (LIST_KEYS.has(key)) multi.llen(redisKey);
    else multi.zcard(redisKey);
  }
  const replies = (await multi.exec()) ?? [];
  const counts = {} as Record<S, number>;
  states.forEach((state, i) => {
    const [error, count] = replies[i] ?? [new Error('no reply'), 0];
    if (error) throw error;
    counts[state] = Number(count) || 0;
  });
  return counts;
}
