/**
 * The per-client cap of the search log (spec "Limits": at most 30 logged searches per minute per IP),
 * counted in Redis so every API replica shares it, without the IP ever being stored:
 *
 * - the counter's key is `<REDIS_PREFIX>:search-log:cap:<HMAC-SHA256(day key, IP)>`, a fixed window of one
 *   minute from its first search (as the request limits count), gone 60 s later;
 * - the day key is 32 random bytes per UTC day, created by whichever replica needs it first (`SET NX`) under
 *   `<REDIS_PREFIX>:search-log:hmac-key:<YYYY-MM-DD>` with a TTL of two days, and cached in the process
 *   until the day changes (or the connection to Redis is re-established). It lives only in Redis and in memory, never in Postgres or a log; once it
 *   expires, nobody can tell which hash belonged to which address any more.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/** Logged searches per client IP per minute. */
export const SEARCHES_PER_MINUTE = 30;

const WINDOW_SECONDS = 60;
/** The day key outlives its day by one (clock skew between replicas, searches around midnight). */
const KEY_TTL_SECONDS = 2 * 24 * 60 * 60;

export interface SearchCapOptions {
  redis: Redis;
  /** REDIS_PREFIX */
  prefix: string;
  /** default `SEARCHES_PER_MINUTE` */
  perMinute?: number;
  /** milliseconds since the epoch; tests move the day */
  now?: () => number;
}

export interface SearchCap {
  /**
   * Counts one search per entry of `ips` (an address may repeat) in one Redis transaction, and resolves
   * with whether each is within the cap, in order (of one address's searches the first ones are). Rejects
   * with Redis's error when Redis cannot be asked (the caller decides what that means).
   */
  allowMany(ips: readonly string[]): Promise<boolean[]>;
  /** The Redis key of `ip`'s counter (for tests: it must not contain the address). */
  counterKey(ip: string): Promise<string>;
}

/** The UTC day of `ms`, `YYYY-MM-DD`. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The per-IP cap over `redis`. */
export function createSearchCap(options: SearchCapOptions): SearchCap {
  const { redis, prefix } = options;
  const perMinute = options.perMinute ?? SEARCHES_PER_MINUTE;
  const now = options.now ?? Date.now;
  let cached: { day: string; key: Promise<Buffer> } | undefined;
  // A Redis that restarted may have lost the day key, and another replica may have made a new one since:
  // read it again after every reconnect so all replicas keep counting under the same hashes.
  redis.on('ready', () => {
    cached = undefined;
  });

  /** The day key of today, read (or created) once per day and process; a failed read is not cached. */
  const dayKey = (): Promise<Buffer> => {
    const day = utcDay(now());
    if (cached?.day === day) return cached.key;
    const redisKey = `${prefix}:search-log:hmac-key:${day}`;
    const candidate = randomBytes(32).toString('base64');
    const key = redis
      .multi()
      .set(redisKey, candidate, 'EX', KEY_TTL_SECONDS, 'NX')
      .get(redisKey)
      .exec()
      .then((results) => {
        const [, stored] = results?.[1] ?? [];
        if (typeof stored !== 'string' || stored === '') throw new Error('search log: no HMAC key in Redis');
        return Buffer.from(stored, 'base64');
      });
    const entry = { day, key };
    cached = entry;
    key.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return key;
  };

  const counterKey = async (ip: string): Promise<string> => {
    const hash = createHmac('sha256', await dayKey())
      .update(ip)
      .digest('base64url');
    return `${prefix}:search-log:cap:${hash}`;
  };

  const allowMany = async (ips: readonly string[]): Promise<boolean[]> => {
    const searches = new Map<string, number>();
    for (const ip of ips) searches.set(ip, (searches.get(ip) ?? 0) + 1);
    const addresses = [...searches.keys()];
    const keys = await Promise.all(addresses.map(counterKey));
    const transaction = redis.multi();
    for (const [i, key] of keys.entries()) {
      transaction.set(key, 0, 'EX', WINDOW_SECONDS, 'NX').incrby(key, searches.get(addresses[i]!)!);
    }
    const results = await transaction.exec();
    // Of an address's n searches counted up to `count`, the first `perMinute - (count - n)` are within.
    const within = new Map<string, number>();
    for (const [i, address] of addresses.entries()) {
      const [error, count] = results?.[2 * i + 1] ?? [new Error('search log: the cap count was not run')];
      if (error) throw error;
      within.set(address, perMinute - (Number(count) - searches.get(address)!));
    }
    return ips.map((ip) => {
      const left = within.get(ip)!;
      within.set(ip, left - 1);
      return left > 0;
    });
  };

  return {
    counterKey,
    allowMany,
  };
}
