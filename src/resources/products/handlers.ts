/**
 * `GET /products` (list and search, from Meilisearch) and `GET /products/{slug}` (detail, from Postgres).
 * Spec "GET /products", "GET /products/{slug}".
 */
import type { AppDeps } from '../../deps';
import { nearestExpiry } from '../../catalog/visibility';
import { replyWithItems, serialized, serializeItems, type SerializedItems } from '../../http/caching';
import { ApiError } from '../../http/errors';
import { pageLinks } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query-string';
import type { RouteContext, RouteHandler } from '../../http/router';
import { recordSearch } from '../../search-log';
import { productSearchFilters } from '../../search-log/filters';
import { withoutLegacyAliases, type ProductListParams } from './params';
import { loadProductDetail } from './query';
import { isMeilisearchOutage } from '../../search/http-client';
import { resultCacheOf } from '../../search/result-cache';
import { degradedAnswers } from '../../search/degraded';
import { answerableFromPostgres, listProductsFromPostgres } from './fallback';
import { searchDepsOf, searchProducts, type ProductPage } from './search';
import { serializeProduct, serializeProductDetail } from './serializer';

/**
 * The paginated product list of `GET /products` or `GET /content/products` (`url`); with `facets=1`,
 * `meta.facets` holds term counts per frontend dimension.
 */
export function list(deps: AppDeps, { url: path }: RouteContext): RouteHandler<ProductListParams> {
  // `products` or `content/products`: the path under the API base, as the search log names endpoints.
  const endpoint = path.endsWith('/content/products') ? 'content/products' : 'products';
  const onDegraded = degradedAnswers(deps.logger, 'product lists');
  /** A page serialized once: its items' JSON, valid until one of their images expires. */
  const serializePage = (page: ProductPage): SerializedProductPage => {
    const now = Date.now();
    const items = serializeItems(
      page.records.map((p) => serializeProduct(p, { now, appUrl: deps.config.appUrl })),
    );
    const images = page.records.flatMap((p) => p.linked_images.map((m) => m.valid_until));
    const expiresAt = nearestExpiry(images, now);
    return {
      items,
      total: page.total,
      facets: page.facets,
      ...(expiresAt === undefined ? {} : { expiresAt }),
    };
  };
  return async (req, res, parsed) => {
    const query = req.query as ParsedQuery;
    // The legacy aliases `category` and `maker` belong to the legacy layer.
    const params = deps.config.legacyEndpoints ? parsed : withoutLegacyAliases(parsed);
    let page: SerializedProductPage;
    try {
      page = await resultCacheOf(deps).get('products', `products?${JSON.stringify(params)}`, async () => {
        const value = serializePage(await searchProducts(searchDepsOf(deps), params));
        return {
          value,
          size: value.items.bytes.length + 256,
          ...(value.expiresAt ? { expiresAt: value.expiresAt } : {}),
        };
      });
    } catch (error) {
      // Meilisearch down: a list without search or facets is answered from Postgres, exactly.
      if (!answerableFromPostgres(params) || !isMeilisearchOutage(error)) throw error;
      onDegraded(res, error);
      page = serializePage(await listProductsFromPostgres(deps.db, params));
    }
    recordSearch(req, {
      endpoint,
      query: params.search,
      filters: productSearchFilters(params),
      total: page.total,
    });
    const body = pageLinks(page.items.count, page.total, {
      path,
      query,
      page: params.page,
      perPage: params.perPage,
    });
    return replyWithItems(
      page.facets ? { ...body, meta: { ...body.meta, facets: page.facets } } : body,
      page.items,
      page.expiresAt,
    );
  };
}

/** A product page as the result cache keeps it: the items serialized, the total and facet counts. */
interface SerializedProductPage {
  items: SerializedItems;
  total: number;
  facets: ProductPage['facets'];
  /** ms since epoch: an image in the items expires then */
  expiresAt?: number;
}

/**
 * One active product with its articles, manufacturers and tractor models; 404 otherwise. The serialized
 * answer is kept in the result cache under the `catalog` generation (any synced change drops it) until
 * one of its images expires.
 */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = String(req.params.slug);
    const now = Date.now();
    const answer = await resultCacheOf(deps).get(
      'catalog',
      `products/${slug}`,
      async () => {
        const found = await loadProductDetail(deps.db, slug);
        if (!found) return { value: undefined, size: 0 }; // not kept: unknown slugs must not fill the cache
        const ctx = { now, appUrl: deps.config.appUrl };
        const expiresAt = nearestExpiry(
          found.record.linked_images.map((m) => m.valid_until),
          now,
        );
        const out = serialized(
          { data: serializeProductDetail(found.record, found.relations, ctx) },
          expiresAt,
        );
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
  };
}
