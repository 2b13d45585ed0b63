/**
 * The edge purge counts shared through Redis: the workers add their purge requests and failures
 * (`addingCounter`), the API's `/metrics` reads the totals on scrape (`readPurgeCounts`), so a failing edge
 * shows where Prometheus already looks. The totals are of every worker on REDIS_PREFIX; each API replica
 * reports the same numbers.
 *
 * Redis layout under REDIS_PREFIX: the integers `<prefix>:edge-purge:requests` and
 * `<prefix>:edge-purge:failures` (INCRBY; never expire: they are counters, a loss reads as a reset).
 */
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { EdgePurgeCounter } from './purge';

/** The two counts: requests the edge accepted, and requests failed after every retry plus drops. */
export type PurgeCountName = 'requests' | 'failures';

/** The Redis key of count `name`. */
export function purgeCountKey(redisPrefix: string, name: PurgeCountName): string {
  return `${redisPrefix}:edge-purge:${name}`;
}

/** A counter that also adds to Redis, and waits for its additions in flight. */
export interface AddingCounter extends EdgePurgeCounter {
  /** Resolves when every INCRBY sent so far has answered or failed (shutdown). */
  settled(): Promise<void>;
}

/**
 * A counter whose `inc(n)` sends `INCRBY key n` and returns at once: never throws, never waits, a failed
 * addition (Redis unreachable) is logged at debug level and lost. Bounded waits come from `redis`'s own
 * options (the worker's connection: one retry, a 2 s command timeout).
 */
export function addingCounter(
  redis: Pick<Redis, 'incrby'>,
  redisPrefix: string,
  name: PurgeCountName,
  logger: Logger,
): AddingCounter {
  const key = purgeCountKey(redisPrefix, name);
  const inFlight = new Set<Promise<unknown>>();
  return {
    inc(value = 1) {
      const sent = Promise.resolve()
        .then(() => redis.incrby(key, value))
        .catch((error: unknown) => logger.debug({ err: error, key }, 'edge purge count not added to Redis'))
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * The totals of both counts (absent keys are 0), in one MGET; undefined when Redis does not answer, so a
 * scrape leaves the two metrics out rather than report a false 0.
 */
export async function readPurgeCounts(
  redis: Pick<Redis, 'mget'>,
  redisPrefix: string,
): Promise<Record<PurgeCountName, number> | undefined> {
  try {
    const [requests, failures] = await redis.mget(
      purgeCountKey(redisPrefix, 'requests'),
      purgeCountKey(redisPrefix, 'failures'),
    );
    const count = (value: string | null | undefined) => {
      const n = Number(value ?? 0);
      return Number.isSafeInteger(n) && n >= 0 ? n : 0;
    };
    return { requests: count(requests), failures: count(failures) };
  } catch {
    return undefined;
  }
}
