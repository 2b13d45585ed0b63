/**
 * `GET /products` and `GET /content/products` (list and search, from Meilisearch) and their details
 * `GET /products/{slug}`, `GET /content/products/{slug}` (from Postgres), on the one list path and the one
 * detail path. Spec "GET /products", "GET /products/{slug}".
 */
import type { ProductRecord } from '../../catalog/records';
import { everyTag, recordTag } from '../../edge/tags';
import { LIST_FIELD, LIST_UNTIL_FIELD, listFormKey } from '../../search/list-form';
import { cachedDetail } from '../cached-detail';
import { searchableList } from '../searchable-list';
import { answerableFromPostgres, listProductsFromPostgres } from './fallback';
import { productSearchFilters, withoutLegacyAliases, type ProductListParams } from './params';
import { loadProductDetail } from './query';
import { PRODUCT_RECORD_FIELDS, searchProducts } from './search';
import { serializeProduct, serializeProductDetail } from './serializer';

/**
 * The paginated product list; with `facets=1`, `meta.facets` holds term counts per frontend dimension.
 * Kept in the result cache until one of its images expires.
 */
export const list = searchableList<ProductListParams, ProductRecord>({
  index: 'products',
  cacheKey: 'products',
  degradedLabel: 'product lists',
  // The aliases `category` and `maker` belong to the legacy layer: ignored while it is off.
  params: (parsed, deps) => (deps.config.legacyEndpoints ? parsed : withoutLegacyAliases(parsed)),
  search: (deps, params, _now, fields) => searchProducts(deps, params, fields),
  recordFields: PRODUCT_RECORD_FIELDS,
  serialize: (p, { now, config }) => serializeProduct(p, { now, appUrl: config.appUrl }),
  // The images shown change when one passes its `valid_until`: the form holds until the first does.
  stored: {
    field: LIST_FIELD,
    key: listFormKey,
    fields: ['id'],
    timed: true,
    expiry: (hit) => hit[LIST_UNTIL_FIELD] as number | null,
  },
  expiries: (p) => p.linked_images.map((m) => m.valid_until),
  tags: (p) => [recordTag('product', p.id)],
  fallback: { answers: answerableFromPostgres, list: listProductsFromPostgres },
  searchFilters: productSearchFilters,
});

/** One active product with its articles, manufacturers and tractor models; 404 otherwise. */
export const show = cachedDetail({
  key: (params) => String(params.slug),
  cacheKey: (slug) => `products/${slug}`,
  load: (deps, slug) => loadProductDetail(deps.db, slug),
  serialize: (found, { now, config }) =>
    serializeProductDetail(found.record, found.relations, { now, appUrl: config.appUrl }),
  expiries: (found) => found.record.linked_images.map((m) => m.valid_until),
  // The records shown in it; uploaded images and taxons change with the product (the worker purges the
  // products a taxon change reaches).
  tags: ({ record, relations }) => [
    recordTag('product', record.id),
    everyTag('product'),
    ...record.linked_images.map((m) => recordTag('medium', m.id)),
    ...relations.articles.map((a) => recordTag('article', a.id)),
    ...relations.manufacturers.map((m) => recordTag('manufacturer', m.id)),
    ...relations.tractorModels.map((m) => recordTag('model', m.id)),
  ],
});
