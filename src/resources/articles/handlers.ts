/**
 * `GET /articles` and `GET /content/articles` (spec "GET /articles and /content/articles"): active articles
 * by order number, paginated (15, max 100), answered by the articles index. Parameters: `search` (partial
 * match in the order number or the German name, every word must occur, no synonyms), `type` (`main` or
 * `spare`; other values ignored), `page`, `per_page`. There is no public single-article path;
 * `GET /content/articles/{ordernumber}` (token) answers one article from Postgres (docs/api/content-catalog.md).
 */
import type { ArticleRecord } from '../../catalog/records';
import type { AppDeps } from '../../deps';
import { recordTag } from '../../edge/tags';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import type { RouteHandler } from '../../http/router';
import { withoutOperators } from '../../search/german/query';
import { isStoredForm, LIST_FIELD, listFormKey } from '../../search/list-form';
import { storedFormsInit } from '../../search/stored-forms';
import { allOf, eq, exactLongWords, pageParams, searchText, totalHits } from '../../search/request';
import { searchableList, type ListPage, type SearchDeps } from '../searchable-list';
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

/**
 * One page of the article list from the articles index, its hits with the attributes `fields` (default:
 * the record's). Throws what the Meilisearch client throws (the app maps it to 503).
 */
export async function searchArticles(
  deps: SearchDeps,
  params: ArticleListParams,
  fields: readonly string[] = RECORD_FIELDS,
): Promise<ListPage<ArticleRecord>> {
  const { search, type, page, perPage } = params;
  const result = await deps.meili.index(deps.indexUids.articles).search<ArticleRecord>(
    articleSearchText(search),
    {
      filter: allOf(type ? [eq('type', type)] : []),
      ...pageParams(page, perPage),
      // ordernumber is unique: no tie-breaker, which would cost Meilisearch a second sort on deep pages.
      sort: search ? undefined : ['ordernumber:asc'],
      matchingStrategy: 'all',
      // The client's type asks for a mutable array; it only serializes it.
      attributesToRetrieve: fields as string[],
    },
    storedFormsInit(fields.filter(isStoredForm)),
  );
  return { records: result.hits, total: totalHits(result) };
}

/** The paginated article list (not in the search log: its routes take no `X-Search-Session`). */
export const list = searchableList<ArticleListParams, ArticleRecord>({
  index: 'articles',
  cacheKey: 'articles',
  degradedLabel: 'article lists',
  search: (deps, params, _now, fields) => searchArticles(deps, params, fields),
  recordFields: RECORD_FIELDS,
  serialize: serializeArticle,
  stored: { field: LIST_FIELD, key: () => listFormKey(), fields: ['id'] },
  tags: (a) => [recordTag('article', a.id)],
  // Without a search the list is answered from Postgres exactly.
  fallback: { answers: (params) => params.search === undefined, list: listArticlesFromPostgres },
});

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
