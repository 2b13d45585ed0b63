/**
 * The one path of a cached detail (`/products/{slug}`, `/media/{media}`): the record's key from the path,
 * the serialized answer from the result cache under the `catalog` generation (any synced change drops
 * it) until the first `valid_until` in it, else from Postgres; 404 when there is no such record. A
 * resource describes only what differs (`CachedDetail`).
 */
import type { Request } from 'express';
import { nearestExpiry } from '../catalog/visibility';
import type { RouteDeps } from '../deps';
import { serialized, type JsonReply } from '../http/caching';
import { ApiError } from '../http/errors';
import type { RouteHandler } from '../http/router';
import type { SerializeInput } from './searchable-list';

/** A cached detail: how its key is read and named, how its record is loaded and serialized. */
export interface CachedDetail<K, R> {
  /** the record's key from the path parameters, or undefined (malformed: 404 without a query) */
  key: (params: Request['params']) => K | undefined;
  /** the key's name in the result cache, e.g. `products/<slug>` */
  cacheKey: (key: K) => string;
  /** the record visible at `now` (ms since epoch), or undefined */
  load: (deps: RouteDeps, key: K, now: number) => Promise<R | undefined>;
  /** the record as the wire has it (`data`) */
  serialize: (record: R, input: SerializeInput) => unknown;
  /** the record's `valid_until`s: the answer ends at the first of them */
  expiries: (record: R) => (string | null)[];
  /** the cache tags of the record and of the records shown in it (src/edge/tags.ts) */
  tags: (record: R) => string[];
}

/**
 * The handler factory of `detail`: 200 `{ data }` (cached), 404 `not_found` without a record. A hit is
 * answered synchronously (no Promise, no microtask turn); a miss loads through the result cache.
 */
export function cachedDetail<K, R>(detail: CachedDetail<K, R>): (deps: RouteDeps) => RouteHandler<undefined> {
  return (deps) => (req) => {
    const key = detail.key(req.params);
    if (key === undefined) throw new ApiError(404);
    const now = Date.now();
    const name = detail.cacheKey(key);
    const hit = deps.resultCache.hit<JsonReply | undefined>('catalog', name, now);
    return hit ?? loaded(deps, detail, key, name, now);
  };
}

/** The answer of `detail` for `key` from the result cache or Postgres (then kept); 404 without a record. */
async function loaded<K, R>(
  deps: RouteDeps,
  detail: CachedDetail<K, R>,
  key: K,
  name: string,
  now: number,
): Promise<JsonReply> {
  const answer = await deps.resultCache.get(
    'catalog',
    name,
    async () => {
      const record = await detail.load(deps, key, now);
      if (!record) return { value: undefined, size: 0 }; // not kept: unknown keys must not fill the cache
      const expiresAt = nearestExpiry(detail.expiries(record), now);
      const data = detail.serialize(record, { now, config: deps.config });
      const out = serialized({ data }, expiresAt, detail.tags(record));
      return {
        value: out,
        size: out.bytes.length + 256,
        ...(expiresAt === undefined ? {} : { expiresAt }),
      };
    },
    now,
  );
  if (!answer) throw new ApiError(404);
  return answer;
}
