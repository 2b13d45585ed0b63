/**
 * Index generations: a counter per Meilisearch index that the worker advances after every write it has
 * waited for (a sync round's documents, a swapped-in reindex, new synonyms), and one for the whole
 * catalog (`catalog`) that it advances after every sync round that handled outbox rows (an import's or a
 * render's changes, whatever index they touch), kept in Redis and announced on a pub/sub channel. The
 * API's result cache (src/search/result-cache.ts) keys its entries by them, so an entry of an older
 * generation is never served once the worker has announced a newer one.
 *
 * Redis layout under REDIS_PREFIX: the hash `<prefix>:index-generations` (index name → counter) and the
 * channel of the same name, whose messages are `{"products": 12, ...}` (the new counters).
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from '../logger';
import { INDEX_NAMES, type IndexName } from './indexes';

/** What has a generation: each index, and `catalog` (any change the outbox carried). */
export type GenerationName = IndexName | 'catalog';
const GENERATION_NAMES: readonly GenerationName[] = [...INDEX_NAMES, 'catalog'];

/** The Redis key of the hash and the name of the channel. */
export function generationsKey(redisPrefix: string): string {
  return `${redisPrefix}:index-generations`;
}

/** An announcement on the channel: the hash's epoch and the new counters. */
interface Announcement {
  epoch: string;
  counters: Partial<Record<GenerationName, number>>;
}

/**
 * Worker side: advances the generations of `names` and announces them. Call only after Meilisearch has
 * confirmed the writes (the next search sees them). The hash carries an `epoch`, created with it: when
 * Redis loses its data the counters restart under a new epoch, so no API process mistakes a restarted
 * counter for one it has seen. Returns the new counters; throws what ioredis throws.
 */
export async function advanceGenerations(
  redis: Redis,
  redisPrefix: string,
  names: readonly GenerationName[],
): Promise<Partial<Record<GenerationName, number>>> {
  if (names.length === 0) return {};
  const key = generationsKey(redisPrefix);
  const multi = redis.multi().hsetnx(key, 'epoch', randomUUID());
  for (const name of names) multi.hincrby(key, name, 1);
  multi.hget(key, 'epoch');
  const replies = (await multi.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const counters: Partial<Record<GenerationName, number>> = {};
  names.forEach((name, i) => {
    counters[name] = Number(replies[i + 1]?.[1]);
  });
  const announcement: Announcement = { epoch: String(replies[names.length + 1]?.[1]), counters };
  await redis.publish(key, JSON.stringify(announcement));
  return counters;
}

/** API side: the generations this process knows, or nothing while it cannot learn of new ones. */
export interface GenerationWatcher {
  /**
   * The current generation of `name` (`<epoch>:<counter>`); undefined while Redis is unreachable or the
   * generations are being re-read (caches must be bypassed).
   */
  current(name: GenerationName): string | undefined;
  close(): Promise<void>;
}

/**
 * Subscribes to the generations channel on a connection of its own (a duplicate of `redis`, which a
 * subscriber needs). Live once subscribed and the hash is read; not live (every `current` undefined)
 * from the moment that connection fails until it is back, subscribed and has read the hash again, and
 * while it re-reads the hash after an announcement of another epoch (Redis lost its data).
 */
export function watchGenerations(redis: Redis, redisPrefix: string, logger: Logger): GenerationWatcher {
  const key = generationsKey(redisPrefix);
  const subscriber = redis.duplicate({ connectionName: 'api-index-generations', enableOfflineQueue: true });
  let known: { epoch: string; counters: Map<GenerationName, number> } | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // Announcements that arrive while the hash is being read are applied after it (they may be newer).
  let reading = false;
  let arrivedWhileReading: Announcement[] = [];

  /** Applies an announcement; false when it is of another epoch (the hash must be read afresh). */
  const apply = (next: Announcement): boolean => {
    if (!known || next.epoch !== known.epoch) return false;
    for (const name of GENERATION_NAMES) {
      const value = next.counters[name];
      if (typeof value === 'number' && value > (known.counters.get(name) ?? 0)) {
        known.counters.set(name, value);
      }
    }
    return true;
  };
  const readAll = async (): Promise<void> => {
    known = undefined;
    reading = true;
    arrivedWhileReading = [];
    try {
      const values = await redis.hgetall(key);
      const counters = new Map<GenerationName, number>();
      for (const name of GENERATION_NAMES) counters.set(name, Number(values[name] ?? 0));
      known = { epoch: values.epoch ?? '', counters };
    } catch (error) {
      reading = false;
      logger.warn({ err: error }, 'index generations unknown: the result cache is bypassed; retrying in 1 s');
      // The read connection may not be ready yet (it queues nothing): try again while subscribed.
      retry = setTimeout(() => {
        if (!closed && !known && subscriber.status === 'ready') void readAll();
      }, 1000);
      retry.unref();
      return;
    }
    reading = false;
    const arrived = arrivedWhileReading;
    arrivedWhileReading = [];
    if (!arrived.every(apply)) await readAll();
  };
  const goLive = async () => {
    try {
      await subscriber.subscribe(key);
    } catch (error) {
      logger.warn({ err: error }, 'index generations unknown: the result cache is bypassed');
      return;
    }
    await readAll();
  };
  subscriber.on('ready', () => void goLive());
  for (const event of ['close', 'end', 'error'] as const) {
    subscriber.on(event, () => {
      known = undefined;
    });
  }
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== key) return;
    let next: Announcement;
    try {
      next = JSON.parse(message) as Announcement;
    } catch {
      next = { epoch: '', counters: {} }; // unreadable: read the hash afresh
    }
    if (reading) {
      arrivedWhileReading.push(next);
      return;
    }
    if (!known) return; // not live: nothing is served from the cache anyway
    // Another epoch (Redis lost its data): forget everything and read afresh.
    if (!apply(next)) void readAll();
  });

  return {
    current: (name) => {
      if (closed || !known) return undefined;
      return `${known.epoch}:${known.counters.get(name) ?? 0}`;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      known = undefined;
      subscriber.disconnect();
    },
  };
}
