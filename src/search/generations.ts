/**
 * Index generations: a counter per Meilisearch index that the worker advances after every write it has
 * waited for (a sync round's documents, a swapped-in reindex, new synonyms), and one for the whole
 * catalog (`catalog`) that it advances after every sync round that handled outbox rows (an import's or a
 * render's changes, whatever index they touch), kept in Redis and announced on a pub/sub channel. This
 * module is the worker's side (`advanceGenerations`) and the layout both sides share; the API's side, the
 * watcher that its result cache keys entries by, is src/search/result-cache.ts `watchGenerations`, so an
 * entry of an older generation is never served once the worker has announced a newer one.
 *
 * Redis layout under REDIS_PREFIX: the hash `<prefix>:index-generations` (index name → counter) and the
 * channel of the same name, whose messages are `{"products": 12, ...}` (the new counters).
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { INDEX_NAMES, type IndexName } from './indexes';

/** What has a generation: each index, and `catalog` (any change the outbox carried). */
export type GenerationName = IndexName | 'catalog';
export const GENERATION_NAMES: readonly GenerationName[] = [...INDEX_NAMES, 'catalog'];

/** The Redis key of the hash and the name of the channel. */
export function generationsKey(redisPrefix: string): string {
  return `${redisPrefix}:index-generations`;
}

/** An announcement on the channel: the hash's epoch and the new counters. */
export interface Announcement {
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
