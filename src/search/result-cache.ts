/**
 * The result cache of the list and search endpoints, which spares Meilisearch repeated work: identical
 * requests (same endpoint, same parsed parameters) are answered from memory instead of Meilisearch, and
 * nothing is ever staler than without the cache:
 *
 * - an entry is keyed by the index's generation (src/search/generations.ts), which the worker advances
 *   after every Meilisearch write it has waited for, so a request after that announcement never reads an
 *   entry made before it; every API process learns of it on the same pub/sub message (`watchGenerations`,
 *   this module: the API's side of the generations, which only this cache reads);
 * - while Redis is unreachable no announcement can arrive, so the cache is bypassed (every request asks
 *   Meilisearch, as without the cache);
 * - an entry that depends on the clock (an image's `valid_until`) expires at that instant;
 * - concurrent identical misses share one Meilisearch call;
 * - a list page is kept from its second request among the recent misses on (`'repeated'` admission, a
 *   doorkeeper of the keys' hashes): most searches are asked once, and keeping each such page would cost
 *   every miss an insertion and an eviction (promoted, then collected garbage) for no hit;
 * - the Postgres look-ups of the lists' filter values are kept here too, under the `catalog` generation and
 *   their list's index generation together (src/resources/filter-lookups.ts);
 * - memory is bounded in bytes (lru-cache `maxSize`, API_RESULT_CACHE_MB; 0 turns the cache off).
 */
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';
import { fnv1a32 } from './fnv1a';
import { GENERATION_NAMES, generationsKey, type Announcement, type GenerationName } from './generations';

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

/**
 * When a loaded value is kept: `'first'`, from its first load (a detail, a filter value's look-up: few
 * keys, each asked again); `'repeated'`, once its key (whatever the generation) has been missed before
 * among the last `DOORKEEPER_KEYS` to `2 × DOORKEEPER_KEYS` distinct missed keys (a list page).
 */
export type Admission = 'first' | 'repeated';

/** Counts since start, for /metrics. */
export interface ResultCacheStats {
  hits: number;
  misses: number;
  bypassed: number;
}

/**
 * What an entry is kept under: one generation, or several (the entry is dropped when any of them
 * advances), e.g. a look-up of Postgres whose answer a page of an index is built with.
 */
export type GenerationKey = GenerationName | readonly GenerationName[];

export interface ResultCache {
  /**
   * The cached value of `key` on `index`, or `load()`'s (then cached). `key` must identify the request
   * completely (endpoint and parsed parameters). Rejections of `load` are passed on and not cached.
   * `admission` (default `'first'`): when a loaded value is kept.
   */
  get<T>(
    index: GenerationKey,
    key: string,
    load: () => Promise<Loaded<T>>,
    now?: number,
    admission?: Admission,
  ): Promise<T>;
  /**
   * The cached value of `key` on `index` when there is one valid at `now` (counted as a hit), else
   * undefined (nothing counted: `get` then loads it): a hit without a Promise, for the hot paths.
   */
  hit<T>(index: GenerationKey, key: string, now?: number): T | undefined;
  readonly stats: ResultCacheStats;
  /** bytes held */
  readonly size: number;
}

/** A cache of at most `maxBytes` (0: no cache, every call loads), keyed by `generations`. */
export function createResultCache(maxBytes: number, generations: GenerationWatcher | undefined): ResultCache {
  const stats: ResultCacheStats = { hits: 0, misses: 0, bypassed: 0 };
  const lru = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes }) : undefined;
  const pending = new Map<string, { loading: Promise<Loaded<unknown>>; keep: boolean }>();
  const doorkeeper = createDoorkeeper(DOORKEEPER_KEYS);

  return {
    stats,
    get size() {
      return lru?.calculatedSize ?? 0;
    },
    hit<T>(index: GenerationKey, key: string, now = Date.now()): T | undefined {
      const generation = lru && generationOf(generations, index);
      if (generation === undefined) return undefined;
      const entry = lru!.get(`${index}\u0000${generation}\u0000${key}`);
      if (!entry || entry.expiresAt <= now) return undefined;
      stats.hits += 1;
      return entry.value as T;
    },
    async get<T>(
      index: GenerationKey,
      key: string,
      load: () => Promise<Loaded<T>>,
      now = Date.now(),
      admission: Admission = 'first',
    ) {
      const generation = generationOf(generations, index);
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
      // Every miss is counted by the doorkeeper, a concurrent identical one too (it is a second request).
      const keep = admission === 'first' || doorkeeper.seen(`${index}\u0000${key}`);
      const joined = pending.get(fullKey);
      if (joined) {
        joined.keep ||= keep;
        return ((await joined.loading) as Loaded<T>).value;
      }
      const loading = load();
      const state = { loading: loading as Promise<Loaded<unknown>>, keep };
      pending.set(fullKey, state);
      void loading.then(
        (loaded) => {
          pending.delete(fullKey);
          if (!state.keep) return;
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
      return (await loading).value;
    },
  };
}

/**
 * How many distinct missed keys a doorkeeper generation holds: a key missed again within 8,192 to 16,384
 * other missed keys is kept, which at hundreds of misses a second is a minute or more.
 */
const DOORKEEPER_KEYS = 8192;

/**
 * The keys of recent misses as 30-bit hashes (small integers: no string is kept alive), in two generations
 * of at most `capacity` each, the older dropped when the newer is full. A collision only admits a key one
 * request early.
 */
function createDoorkeeper(capacity: number) {
  let current = new Set<number>();
  let previous = new Set<number>();
  return {
    /** True when `key` was missed before (within the window); else remembers it and is false. */
    seen(key: string): boolean {
      // Folded to 30 bits, a V8 small integer: the sets hold no heap number.
      const full = fnv1a32(key);
      const hash = (full ^ (full >>> 30)) & 0x3fffffff;
      if (current.has(hash) || previous.has(hash)) return true;
      if (current.size >= capacity) {
        previous = current;
        current = new Set();
      }
      current.add(hash);
      return false;
    },
  };
}

/** The generation of `index` (of each of several, joined), or undefined while one is unknown. */
function generationOf(generations: GenerationWatcher | undefined, index: GenerationKey): string | undefined {
  if (!generations) return undefined;
  if (typeof index === 'string') return generations.current(index);
  let joined = '';
  for (const name of index) {
    const generation = generations.current(name);
    if (generation === undefined) return undefined;
    joined += `${joined ? '+' : ''}${generation}`;
  }
  return joined;
}

/** The app's result cache, or one that always loads (an app built without `createApp`). */
export function resultCacheOf(deps: { resultCache?: ResultCache }): ResultCache {
  return deps.resultCache ?? NO_CACHE;
}

const NO_CACHE = createResultCache(0, undefined);

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
