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

/**
 * Worker side: advances the generations of `indexes` and announces them. Call only after Meilisearch has
 * confirmed the writes (the next search sees them). Returns the new counters; throws what ioredis throws.
 */
export async function advanceGenerations(
  redis: Redis,
  redisPrefix: string,
  indexes: readonly GenerationName[],
): Promise<Partial<Record<GenerationName, number>>> {
  if (indexes.length === 0) return {};
  const key = generationsKey(redisPrefix);
  const multi = redis.multi();
  for (const index of indexes) multi.hincrby(key, index, 1);
  const replies = (await multi.exec()) ?? [];
  const next: Partial<Record<GenerationName, number>> = {};
  indexes.forEach((index, i) => {
    const [error, value] = replies[i] ?? [new Error('no reply'), null];
    if (error) throw error;
    next[index] = Number(value);
  });
  await redis.publish(key, JSON.stringify(next));
  return next;
}

/** API side: the generations this process knows, or nothing while it cannot learn of new ones. */
export interface GenerationWatcher {
  /** the index's current generation; undefined while Redis is unreachable (caches must be bypassed) */
  current(index: GenerationName): number | undefined;
  close(): Promise<void>;
}

/**
 * Subscribes to the generations channel on a connection of its own (a duplicate of `redis`, which a
 * subscriber needs). Live once subscribed and the hash is read; not live (every `current` undefined)
 * from the moment that connection fails until it is back, subscribed and has read the hash again.
 */
export function watchGenerations(redis: Redis, redisPrefix: string, logger: Logger): GenerationWatcher {
  const key = generationsKey(redisPrefix);
  const subscriber = redis.duplicate({ connectionName: 'api-index-generations', enableOfflineQueue: true });
  let known: Map<GenerationName, number> | undefined;
  let closed = false;

  const readAll = async () => {
    const values = await redis.hgetall(key);
    const map = new Map<GenerationName, number>();
    for (const index of GENERATION_NAMES) map.set(index, Number(values[index] ?? 0));
    return map;
  };
  const goLive = async () => {
    try {
      await subscriber.subscribe(key);
      known = await readAll();
    } catch (error) {
      known = undefined;
      logger.warn({ err: error }, 'index generations unknown: the result cache is bypassed');
    }
  };
  subscriber.on('ready', () => void goLive());
  for (const event of ['close', 'end', 'error'] as const) {
    subscriber.on(event, () => {
      known = undefined;
    });
  }
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== key || !known) return;
    try {
      const next = JSON.parse(message) as Partial<Record<GenerationName, number>>;
      for (const index of GENERATION_NAMES) {
        const value = next[index];
        if (typeof value === 'number' && value > (known.get(index) ?? 0)) known.set(index, value);
      }
    } catch {
      known = undefined; // an unreadable announcement: re-read the hash on the next connection
    }
  });

  return {
    current: (index) => (closed ? undefined : known?.get(index)),
    async close() {
      closed = true;
      known = undefined;
      subscriber.disconnect();
    },
  };
}
