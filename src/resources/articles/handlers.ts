/**
 * `GET /articles` and `GET /content/articles` (spec "GET /articles and /content/articles"): active articles
 * by order number, paginated (15, max 100), answered by the articles index. Parameters: `search` (partial
 * match in the order number or the German name, every word must occur, no synonyms), `type` (`main` or
 * `spare`; other values ignored), `page`, `per_page`. There is no public single-article path;
 * `GET /content/articles/{ordernumber}` (token) answers one article from Postgres (docs/api/content-catalog.md).
 */
import type { AppDeps } from '../../deps';
import { reply, replyWithItems, serializeItems } from '../../http/caching';
import { ApiError } from '../../http/errors';
import { pageLinks } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query-string';
import type { RouteContext, RouteHandler } from '../../http/router';
import type { ArticleRecord } from '../../catalog/records';
import { allOf, eq } from '../../search/filter';
import { indexUid } from '../../search/indexes';
import { pageParams, totalHits } from '../../search/paging';
import { degradedAnswers } from '../../search/degraded';
import { withoutOperators } from '../../search/german/query';
import { isMeilisearchOutage } from '../../search/http-client';
import { resultCacheOf } from '../../search/result-cache';
import { exactLongWords, searchText } from '../../search/search-text';
import { listArticlesFromPostgres } from './fallback';
import type { ArticleListParams } from './params';
import { loadArticleDetail } from './query';
import { serializeArticle, serializeArticleDetail } from './serializer';

const RECORD_FIELDS: (keyof ArticleRecord)[] = [
  'id',
  'type',
  'type_code',
  'ordernumber',
  'names',
  'short_names',
  'descriptions',
  'weight',
  'customs_tariff_number',
  'sale_start',
  'end_of_life',
  'created_at',
  'updated_at',
];

/**
 * The text Meilisearch searches for `search` on the articles index: digit groups an order number's
 * separators or spaces divide are joined (`125.0` → `1250`, `100 125 01` → `10012501`), so they match the
 * compacted order number's suffixes as one part, as the original's `LIKE '%125.0%'` did; split, each group
 * alone matched (`0` the start of any suffix), which let unrelated articles in. Only the search's
 * `searchText` (what Meilisearch uses: 200 characters, 10 words) is read, and Meilisearch's operators are
 * taken out first (`withoutOperators`); a word over 40 characters is matched exactly (`exactLongWords`).
 * Linear in the input's length.
 */
export function articleSearchText(search: string | undefined): string {
  return exactLongWords(
    withoutOperators(searchText(search ?? '')).replace(/(\p{N})[\s./-]+(?=\p{N})/gu, '$1'),
  );
}

/** The paginated article list. */
export function list(deps: AppDeps, { url: path }: RouteContext): RouteHandler<ArticleListParams> {
  const onDegraded = degradedAnswers(deps.logger, 'article lists');
  return async (req, res, params) => {
    const { search, type, page, perPage } = params;
    const query = req.query as ParsedQuery;
    const fromIndex = () =>
      resultCacheOf(deps).get('articles', `articles?${JSON.stringify(params)}`, async () => {
        const result = await deps.meili
          .index(indexUid(deps.config.meiliIndexPrefix, 'articles'))
          .search<ArticleRecord>(articleSearchText(search), {
            filter: allOf(type ? [eq('type', type)] : []),
            ...pageParams(page, perPage),
            // ordernumber is unique: no tie-breaker, which would cost Meilisearch a second sort on deep pages.
            sort: search ? undefined : ['ordernumber:asc'],
            matchingStrategy: 'all',
            attributesToRetrieve: RECORD_FIELDS,
          });
        const value = { items: serializeItems(result.hits.map(serializeArticle)), total: totalHits(result) };
        return { value, size: value.items.bytes.length + 256 };
      });
    const found = await fromIndex().catch(async (error: unknown) => {
      // Meilisearch down: a list without search is answered from Postgres, exactly.
      if (search !== undefined || !isMeilisearchOutage(error)) throw error;
      onDegraded(res, error);
      const rows = await listArticlesFromPostgres(deps.db, params);
      return { items: serializeItems(rows.hits.map(serializeArticle)), total: rows.total };
    });
    const body = pageLinks(found.items.count, found.total, { path, query, page, perPage });
    return replyWithItems(body, found.items);
  };
}

/**
 * `GET /content/articles/{ordernumber}`: 200 `{ data: article }`, the list form plus `products` (its active
 * products, compact). The order number is the decoded path segment, matched exactly. 404 `not_found` when
 * no active article has it. At most two queries whatever the number of products.
 */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const found = await loadArticleDetail(deps.db, String(req.params.ordernumber));
    if (!found) throw new ApiError(404);
    const ctx = { now: Date.now(), appUrl: deps.config.appUrl };
    return reply({ data: serializeArticleDetail(found.record, found.products, ctx) });
  };
}
