/**
 * A Meilisearch search with the German query rewrite (query.ts), for the lists with `search`: products,
 * media and CMS media. One search: a one-word compound the catalog never writes is sent as its parts, and
 * only when they find nothing (a wrong split) the text as typed follows as a second.
 */
import type { Meilisearch } from 'meilisearch';
import { totalHits } from '../request';
import type { Lexicon } from './lexicon';
import { germanQuery } from './query';

export interface GermanSearchOptions {
  filter: string[] | string | undefined;
  page: number;
  hitsPerPage: number;
  sort?: string[];
  attributesToRetrieve: string[];
  facets?: string[];
}

export interface GermanSearchResult<T> {
  hits: T[];
  /** exhaustive match count (Meilisearch's `totalHits`) */
  total: number;
  facetDistribution: Record<string, Record<string, number>> | undefined;
}

/**
 * Searches index `uid` for `search` (empty: the plain list; else its `searchText`, rewritten by
 * `germanQuery`) with `lexicon`, `matchingStrategy: 'all'`.
 * Throws what the Meilisearch client throws (the app maps it to 503).
 */
export async function germanSearch<T extends Record<string, unknown>>(
  meili: Meilisearch,
  uid: string,
  search: string | undefined,
  lexicon: Lexicon,
  options: GermanSearchOptions,
): Promise<GermanSearchResult<T>> {
  const query = search ? germanQuery(search, lexicon) : { q: '', parts: null };
  const run = (q: string) =>
    meili.index(uid).search<T>(q, {
      filter: options.filter,
      matchingStrategy: 'all',
      attributesToRetrieve: options.attributesToRetrieve,
      page: options.page,
      hitsPerPage: options.hitsPerPage,
      sort: options.sort,
      facets: options.facets,
    });
  let result = await run(query.parts ?? query.q);
  // Parts that find nothing were a wrong split, most often of a typo (`Eiswürfelbreiter` → `ei würfel
  // breiter`): the text as typed, with Meilisearch's typo tolerance, is the better guess.
  if (query.parts !== null && totalHits(result) === 0) result = await run(query.q);
  return { hits: result.hits, total: totalHits(result), facetDistribution: result.facetDistribution };
}
