/**
 * A Meilisearch search with the German query rewrite (query.ts), for the lists with `search`: products,
 * media and CMS media. A plain query is one search. A one-word compound query is one federated multi-search
 * of the query and of its parts (`Heckenscherenmesser`, and `hecke schere messer` weighted
 * `PARTS_WEIGHT`): Meilisearch merges both by weighted ranking score, each document once, so the exact
 * compound ranks before its parts, and counts the merged documents (`estimatedTotalHits`: exact here, as both
 * queries search the same index within its `maxTotalHits`).
 */
import type { Meilisearch, SearchParams } from 'meilisearch';
import { totalHits } from '../paging';
import type { Lexicon } from './lexicon';
import { germanQuery } from './query';

/** Weight of the parts query in the merge: below the compound's own matches. */
export const PARTS_WEIGHT = 0.9;

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
  total: number;
  facetDistribution: Record<string, Record<string, number>> | undefined;
}

interface FederatedResult<T> {
  hits: (T & { _federation?: unknown })[];
  estimatedTotalHits?: number;
  facetsByIndex?: Record<string, { distribution?: Record<string, Record<string, number>> }>;
}

/**
 * Searches index `uid` for `search` (empty: the plain list) with `lexicon`, `matchingStrategy: 'all'`.
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
  const params: SearchParams = {
    filter: options.filter,
    matchingStrategy: 'all',
    attributesToRetrieve: options.attributesToRetrieve,
  };
  if (query.parts === null) {
    const result = await meili.index(uid).search<T>(query.q, {
      ...params,
      page: options.page,
      hitsPerPage: options.hitsPerPage,
      sort: options.sort,
      facets: options.facets,
    });
    return { hits: result.hits, total: totalHits(result), facetDistribution: result.facetDistribution };
  }
  const result = (await meili.multiSearch({
    federation: {
      offset: (options.page - 1) * options.hitsPerPage,
      limit: options.hitsPerPage,
      facetsByIndex: options.facets ? { [uid]: options.facets } : undefined,
    },
    queries: [
      { indexUid: uid, q: query.q, ...params },
      { indexUid: uid, q: query.parts, ...params, federationOptions: { weight: PARTS_WEIGHT } },
    ],
  })) as unknown as FederatedResult<T>;
  return {
    hits: result.hits.map(({ _federation, ...hit }) => hit as unknown as T),
    total: result.estimatedTotalHits ?? 0,
    facetDistribution: result.facetsByIndex?.[uid]?.distribution,
  };
}
