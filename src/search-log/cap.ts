/**
 * The per-client cap of the search log (spec "Limits": at most 30 logged searches per minute per IP) and
 * the anonymous per-day client key every logged row carries, both from one keyed hash of the client's
 * address, so every API replica agrees on them without the address ever being stored:
 *
 * - a client is its address as `clientBucket` counts it (src/http/rate-limit.ts): an IPv4 address, or the
 *   /64 of an IPv6 address (one subscriber's network is one client);
 * - its client key is the first 16 hex digits of `HMAC-SHA256(day key, client)`, stored in
 *   `search_log.client_key`: the same for all of one client's searches of a UTC day, unrelated to the
 *   next day's;
 * - the cap's counter is `<REDIS_PREFIX>:search-log:cap:<client key>`, a fixed window of one minute from
 *   its first search (as the request limits count), gone 60 s later;
 * - the day key is 32 random bytes per UTC day, created by whichever replica needs it first (`SET NX`) under
 *   `<REDIS_PREFIX>:search-log:hmac-key:<YYYY-MM-DD>` with a TTL of two days, and cached in the process
 *   until the day changes (or the connection to Redis is re-established). It lives only in Redis and in
 *   memory, never in Postgres or a log; once it expires, nobody can tell which key belonged to which
 *   address any more.
 * - Redis unreachable before the process read today's day key: the client keys come from a day key of the
 *   process's own (random, per UTC day, in memory only), so rows still carry a key; such keys differ
 *   between replicas and restarts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { clientBucket } from '../http/rate-limit';

/** Logged searches per client per minute. */
export const SEARCHES_PER_MINUTE = 30;

/** Hex digits of the HMAC kept as the client key (64 bits: no collisions among one day's clients). */
export const CLIENT_KEY_LENGTH = 16;

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

/**
 * The client keys of some addresses, in order. `shared: false` when Redis could not give today's day key:
 * the keys come from the process's own day key, the cap cannot be counted, and `redisError` says why (for
 * the caller's warning).
 */
export type ClientKeys =
  { keys: string[]; shared: true } | { keys: string[]; shared: false; redisError: unknown };

export interface SearchCap {
  /**
   * The client key of each of `ips` (see the module comment): under the shared day key, or the process's
   * own when Redis cannot be asked (`shared: false`). Never rejects.
   */
  clientKeys(ips: readonly string[]): Promise<ClientKeys>;
  /**
   * Counts one search per entry of `clientKeys` (a key may repeat) in one Redis transaction, and resolves
   * with whether each is within the cap, in order (of one client's searches the first ones are). Rejects
   * with Redis's error when Redis cannot be asked (the caller decides what that means).
   */
  allowMany(clientKeys: readonly string[]): Promise<boolean[]>;
  /** The client key of `ip` under the shared day key; rejects when Redis cannot be asked. */
  clientKey(ip: string): Promise<string>;
  /** The Redis key of `ip`'s counter (for tests: it must not contain the address). */
  counterKey(ip: string): Promise<string>;
}

/** The UTC day of `ms`, `YYYY-MM-DD`. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How long a batch waits for a connection still being made before it asks for the day key again (ms). */
const RETRY_WAIT_MS = 1000;

/** Resolves when `redis` is ready, or after `ms` at the latest. */
function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

/** How many clients' keys are kept per day key (a bound, not a window: the map is cleared when full). */
const REMEMBERED_CLIENTS = 10_000;

/** The client keys already computed, by day key: an HMAC (its key prepared each time) per search is dear. */
const computed = new WeakMap<Buffer, Map<string, string>>();

/** The client key of `ip` under `dayKey`. */
function keyOf(dayKey: Buffer, ip: string): string {
  let keys = computed.get(dayKey);
  if (keys === undefined) computed.set(dayKey, (keys = new Map()));
  let key = keys.get(ip);
  if (key === undefined) {
    key = createHmac('sha256', dayKey).update(clientBucket(ip)).digest('hex').slice(0, CLIENT_KEY_LENGTH);
    if (keys.size >= REMEMBERED_CLIENTS) keys.clear();
    keys.set(ip, key);
  }
  return key;
}

/** The per-client cap and client keys over `redis`. */
export function createSearchCap(options: SearchCapOptions): SearchCap {
  const { redis, prefix } = options;
  const perMinute = options.perMinute ?? SEARCHES_PER_MINUTE;
  const now = options.now ?? Date.now;
  let cached: { day: string; key: Promise<Buffer> } | undefined;
  let local: { day: string; key: Buffer } | undefined;
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

  /** The process's own day key of today, for when Redis cannot give the shared one. */
  const localDayKey = (): Buffer => {
    const day = utcDay(now());
    if (local?.day !== day) local = { day, key: randomBytes(32) };
    return local.key;
  };

  const clientKey = async (ip: string): Promise<string> => keyOf(await dayKey(), ip);

  /**
   * Today's shared day key, asked twice when the first ask failed while the connection was still being
   * made or merely slow: a batch is written after its responses, so it can wait a moment rather than
   * give one client two keys in a day. A Redis that is down (reconnecting) is not waited for.
   */
  const sharedDayKey = async (): Promise<Buffer> => {
    try {
      return await dayKey();
    } catch (error) {
      if (!['wait', 'connecting', 'connect', 'ready'].includes(redis.status)) throw error;
      await readyWithin(redis, RETRY_WAIT_MS);
      return dayKey();
    }
  };

  const clientKeys = async (ips: readonly string[]): Promise<ClientKeys> => {
    try {
      const key = await sharedDayKey();
      return { keys: ips.map((ip) => keyOf(key, ip)), shared: true };
    } catch (error) {
      const key = localDayKey();
      return { keys: ips.map((ip) => keyOf(key, ip)), shared: false, redisError: error };
    }
  };

  const counterKey = async (ip: string): Promise<string> => `${prefix}:search-log:cap:${await clientKey(ip)}`;

  const allowMany = async (clientKeys: readonly string[]): Promise<boolean[]> => {
    const searches = new Map<string, number>();
    for (const client of clientKeys) searches.set(client, (searches.get(client) ?? 0) + 1);
    const clients = [...searches.keys()];
    const transaction = redis.multi();
    for (const client of clients) {
      const key = `${prefix}:search-log:cap:${client}`;
      transaction.set(key, 0, 'EX', WINDOW_SECONDS, 'NX').incrby(key, searches.get(client)!);
    }
    const results = await transaction.exec();
    // Of a client's n searches counted up to `count`, the first `perMinute - (count - n)` are within.
    const within = new Map<string, number>();
    for (const [i, client] of clients.entries()) {
      const [error, count] = results?.[2 * i + 1] ?? [new Error('search log: the cap count was not run')];
      if (error) throw error;
      within.set(client, perMinute - (Number(count) - searches.get(client)!));
    }
    return clientKeys.map((client) => {
      const left = within.get(client)!;
      within.set(client, left - 1);
      return left > 0;
    });
  };

  return {
    clientKeys,
    allowMany,
    clientKey,
    counterKey,
  };
}
