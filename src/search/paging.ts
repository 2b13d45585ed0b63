/**
 * Laravel pages on Meilisearch's `page`/`hitsPerPage` pagination, which counts matches exhaustively (up to
 * the index's `pagination.maxTotalHits`), so `total` and the last page are exact.
 */

/** Beyond this many hits Meilisearch is asked for the total only (`page=1e13` must not overflow it). */
const MAX_OFFSET = 10_000_000;

/** Meilisearch's `page` and `hitsPerPage` for a 1-based page of `perPage` records. */
export function pageParams(page: number, perPage: number): { page: number; hitsPerPage: number } {
  const farOut = (page - 1) * perPage >= MAX_OFFSET;
  return farOut ? { page: 1, hitsPerPage: 0 } : { page, hitsPerPage: perPage };
}

/** The exhaustive match count of a search made with `pageParams` (0 for any other response). */
export function totalHits(result: object): number {
  return 'totalHits' in result ? Number(result.totalHits) : 0;
}
