/**
 * The result cache of the list and search endpoints, which spares Meilisearch repeated work: identical
 * requests (same endpoint, same parsed parameters) are answered from memory instead of Meilisearch, and
 * nothing is ever staler than without the cache:
 *
 * - an entry is keyed by the index's generation (src/search/generations.ts), which the worker advances
 *   after every Meilisearch write it has waited for, so a request after that announcement never reads an
 *   entry made before it; every API process learns of it on the same pub/sub message;
 * - while Redis is unreachable no announcement can arrive, so the cache is bypassed (every request asks
 *   Meilisearch, as without the cache);
 * - an entry that depends on the clock (an image's `valid_until`) expires at that instant;
 * - concurrent identical misses share one Meilisearch call;
 * - memory is bounded in bytes (lru-cache `maxSize`, API_RESULT_CACHE_MB; 0 turns the cache off).
 */
import { LRUCache } from 'lru-cache';
import type { GenerationName, GenerationWatcher } from './generations';

/** What a loader returns: the value, its approximate size in bytes, and when it stops being valid. */
export interface Loaded<T> {
  value: T;
  /** bytes the entry holds (for example the length of its JSON) */
  size: number;
  /** ms since epoch after which the value is wrong (an image in it expires); undefined: never by itself */
  expiresAt?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** Counts since start, for /metrics. */
export interface ResultCacheStats {
  hits: number;
  misses: number;
  bypassed: number;
}

export interface ResultCache {
  /**
   * The cached value of `key` on `index`, or `load()`'s (then cached). `key` must identify the request
   * completely (endpoint and parsed parameters). Rejections of `load` are passed on and not cached.
   */
  get<T>(index: GenerationName, key: string, load: () => Promise<Loaded<T>>, now?: number): Promise<T>;
  readonly stats: ResultCacheStats;
  /** bytes held */
  readonly size: number;
}

/** A cache of at most `maxBytes` (0: no cache, every call loads), keyed by `generations`. */
export function createResultCache(maxBytes: number, generations: GenerationWatcher | undefined): ResultCache {
  const stats: ResultCacheStats = { hits: 0, misses: 0, bypassed: 0 };
  const lru = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes }) : undefined;
  const pending = new Map<string, Promise<Loaded<unknown>>>();

  return {
    stats,
    get size() {
      return lru?.calculatedSize ?? 0;
    },
    async get<T>(index: GenerationName, key: string, load: () => Promise<Loaded<T>>, now = Date.now()) {
      const generation = generations?.current(index);
      if (!lru || generation === undefined) {
        stats.bypassed += 1;
        return (await load()).value;
      }
      const fullKey = `${index}\u0000${generation}\u0000${key}`;
      const entry = lru.get(fullKey);
      if (entry && entry.expiresAt > now) {
        stats.hits += 1;
        return entry.value as T;
      }
      stats.misses += 1;
      let loading = pending.get(fullKey) as Promise<Loaded<T>> | undefined;
      if (!loading) {
        loading = load();
        pending.set(fullKey, loading);
        void loading.then(
          (loaded) => {
            pending.delete(fullKey);
            // Skip what cannot fit (lru-cache would refuse it) or has already expired.
            const expiresAt = loaded.expiresAt ?? Infinity;
            // The key counts too (two bytes a UTF-16 unit): it carries the client's search text, so
            // unique long searches must not hold memory the byte bound does not see.
            const size = loaded.size + 2 * fullKey.length;
            if (loaded.size > 0 && size <= maxBytes && expiresAt > Date.now()) {
              lru.set(fullKey, { value: loaded.value, expiresAt }, { size });
            }
          },
          () => pending.delete(fullKey),
        );
      }
      return (await loading).value;
    },
  };
}

/** The app's result cache, or one that always loads (an app built without `createApp`). */
export function resultCacheOf(deps: { resultCache?: ResultCache }): ResultCache {
  return deps.resultCache ?? NO_CACHE;
}

const NO_CACHE = createResultCache(0, undefined);
