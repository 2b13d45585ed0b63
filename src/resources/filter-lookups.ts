/**
 * The answers of the Postgres look-ups that turn a list's filter values into what its index filter needs
 * (which taxonomy terms and manufacturers exist and are public, which folder a slug names), kept in the
 * result cache (src/search/result-cache.ts) so that a page the cache misses costs Meilisearch alone:
 *
 * - an answer is kept under the `catalog` generation (advanced after every sync round that carried an
 *   import's changes) and the list's own index generation, so it is dropped as soon as either advances:
 *   a page built after the worker announced its index's new documents never uses a look-up made before;
 * - while the generations are unknown (Redis unreachable) or the cache is off, every request looks up
 *   Postgres, as without the cache;
 * - the cache is bounded in bytes (the key counts), so filter values never seen before only evict older
 *   entries; an unknown value's answer is kept as any other and is ignored by the filter, as it was.
 *
 * Only what the public (or CMS) filter itself would read is kept, under a key naming the look-up: an
 * answer never holds a record its look-up would not return.
 */
import type { Knex } from 'knex';
import type { RouteDeps } from '../deps';
import type { IndexName } from '../search/indexes';
import { resultCacheOf } from '../search/result-cache';

/** The look-ups' prefix in the result cache: no list or detail key starts with it. */
const PREFIX = 'filters/';

/**
 * The answer of look-up `name` for `values` (its key: what identifies the request's filter values) made
 * for a page of `index`: from the result cache, else `load()`'s (then kept, `size` bytes). `null` stands
 * for "nothing found". Rejections of `load` are passed on and not kept.
 */
export function cachedLookup<T>(
  deps: Partial<Pick<RouteDeps, 'resultCache'>>,
  index: IndexName,
  name: string,
  values: string,
  load: () => Promise<T>,
  size: (value: T) => number,
): Promise<T> {
  return resultCacheOf(deps).get(['catalog', index], `${PREFIX}${name}?${values}`, async () => {
    const value = await load();
    return { value, size: size(value) + 64 };
  });
}

/**
 * The id of the folder `slug` names as `find` reads it (a public or an active folder), through the cache
 * under look-up `name` for the media index; undefined when there is none.
 */
export async function cachedFolderId(
  deps: Partial<Pick<RouteDeps, 'resultCache'>> & { db: Knex },
  name: string,
  slug: string,
  find: (db: Knex, slug: string) => Promise<number | undefined>,
): Promise<number | undefined> {
  const id = await cachedLookup(
    deps,
    'media',
    name,
    slug,
    async () => (await find(deps.db, slug)) ?? null,
    () => 8,
  );
  return id ?? undefined;
}
