/**
 * The legacy layer's part of the route table (docs/api/legacy.md): the read-only endpoints of
 * the spec's earlier overview ("Endpoints of an earlier overview"), spread into `API_ROUTES`
 * (src/routes.ts) like every route, so Express, the 405s and the OpenAPI operations come from here. Each
 * is `deprecated` with the current endpoint that replaces it: `Deprecation` and `Link` headers on every
 * response, `deprecated: true` in the document, and not mounted with `API_LEGACY_ENDPOINTS=false`.
 * Public, as the current endpoints they map onto; only public records, never a price or stock.
 */
import { indexTag } from '../../edge/tags';
import { paginatedSchema } from '../../http/pagination';
import { dataOf, idParam, route, slugParam, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import * as categories from './categories/handlers';
import { LegacyCategorySchema } from './categories/schema';
import * as catalogs from './catalogs/handlers';
import { LegacyCatalogSchema } from './catalogs/schema';
import { MainArticleListQuery } from './main-articles/params';
import * as mainArticles from './main-articles/handlers';
import { LegacyMainArticleSchema } from './main-articles/schema';
import * as makers from './makers/handlers';
import { LegacyMakerSchema } from './makers/schema';
import { SparepartGroupListQuery } from './sparepart-groups/params';
import * as sparepartGroups from './sparepart-groups/handlers';
import { LegacySparepartGroupDetailSchema, LegacySparepartGroupSchema } from './sparepart-groups/schema';
import { TractorListQuery } from './tractors/params';
import * as tractors from './tractors/handlers';
import { LegacyTractorSchema } from './tractors/schema';

const TAG = 'Legacy (deprecated)';

/** The legacy routes, in the earlier overview's order. */
export const LEGACY_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/categories',
    edgeTags: [indexTag('taxonomies')],
    auth: 'public',
    operationId: 'legacyListCategories',
    tag: TAG,
    summary: 'The terms of the category dimension',
    description:
      'A category is a term of the first frontend dimension (by position, then slug: the first of `/taxonomies`), at every depth, with its active products. Not paginated.',
    response: dataOf(z.array(LegacyCategorySchema)),
    okDescription: 'The categories.',
    deprecated: { successor: '/taxonomies' },
    handler: categories.list,
  }),
  route({
    method: 'GET',
    path: '/categories/{slug}',
    edgeTags: [indexTag('taxonomies'), indexTag('products')],
    auth: 'public',
    operationId: 'legacyShowCategory',
    tag: TAG,
    summary: 'One category',
    pathParams: slugParam('The term slug within the category dimension.'),
    response: dataOf(LegacyCategorySchema),
    okDescription: 'The category.',
    errors: [404],
    deprecated: { successor: '/taxonomies' },
    handler: categories.show,
  }),
  route({
    method: 'GET',
    path: '/main-articles',
    edgeTags: [indexTag('articles'), indexTag('products'), indexTag('manufacturers')],
    auth: 'public',
    operationId: 'legacyListMainArticles',
    tag: TAG,
    summary: 'List active main articles',
    description:
      'Active articles of type `main` by order number, each with its active products and their active manufacturers, paginated.',
    query: MainArticleListQuery,
    response: paginatedSchema(LegacyMainArticleSchema),
    okDescription: 'A page of main articles.',
    deprecated: { successor: '/articles?type=main' },
    handler: mainArticles.list,
  }),
  route({
    method: 'GET',
    path: '/main-articles/{orderNumber}',
    edgeTags: [indexTag('articles'), indexTag('products'), indexTag('manufacturers')],
    auth: 'public',
    operationId: 'legacyShowMainArticle',
    tag: TAG,
    summary: 'One active main article',
    pathParams: z.object({
      orderNumber: z.string().openapi({ description: 'The order number, matched exactly.' }),
    }),
    response: dataOf(LegacyMainArticleSchema),
    okDescription: 'The article.',
    errors: [404],
    deprecated: { successor: '/articles?type=main' },
    handler: mainArticles.show,
  }),
  route({
    method: 'GET',
    path: '/makers',
    edgeTags: [indexTag('manufacturers'), indexTag('products'), indexTag('models')],
    auth: 'public',
    operationId: 'legacyListMakers',
    tag: TAG,
    summary: 'All active manufacturers as makers',
    description: 'Sorted by short name, then slug; not paginated.',
    response: dataOf(z.array(LegacyMakerSchema)),
    okDescription: 'The makers.',
    deprecated: { successor: '/manufacturers' },
    handler: makers.list,
  }),
  route({
    method: 'GET',
    path: '/makers/{id}',
    edgeTags: [indexTag('manufacturers'), indexTag('products'), indexTag('models')],
    auth: 'public',
    operationId: 'legacyShowMaker',
    tag: TAG,
    summary: 'One active manufacturer as a maker',
    pathParams: idParam('The manufacturer id.'),
    response: dataOf(LegacyMakerSchema),
    okDescription: 'The maker.',
    errors: [404],
    deprecated: { successor: '/manufacturers' },
    handler: makers.show,
  }),
  route({
    method: 'GET',
    path: '/tractors',
    edgeTags: [indexTag('models'), indexTag('series'), indexTag('manufacturers')],
    auth: 'public',
    operationId: 'legacyListTractors',
    tag: TAG,
    summary: 'List tractor models as tractors',
    description: 'Sorted by model, then id, with maker and series; paginated.',
    query: TractorListQuery,
    response: paginatedSchema(LegacyTractorSchema),
    okDescription: 'A page of tractors.',
    deprecated: { successor: '/tractor-models' },
    handler: tractors.list,
  }),
  route({
    method: 'GET',
    path: '/tractors/{id}',
    edgeTags: [indexTag('models'), indexTag('series'), indexTag('manufacturers')],
    auth: 'public',
    operationId: 'legacyShowTractor',
    tag: TAG,
    summary: 'One tractor model as a tractor',
    pathParams: idParam('The tractor model id.'),
    response: dataOf(LegacyTractorSchema),
    okDescription: 'The tractor.',
    errors: [404],
    deprecated: { successor: '/tractor-models' },
    handler: tractors.show,
  }),
  route({
    method: 'GET',
    path: '/catalogs',
    edgeTags: [indexTag('catalogs')],
    auth: 'public',
    operationId: 'legacyListCatalogs',
    tag: TAG,
    summary: 'The published PDF catalogs',
    description:
      'Published and within their validity, by position, then title; not paginated. From the snapshot’s `catalogs.ndjson`. The current API has no catalog endpoint: its successor for PDFs is the media library (`/media?type=brochure`).',
    response: dataOf(z.array(LegacyCatalogSchema)),
    okDescription: 'The catalogs.',
    deprecated: { successor: '/media?type=brochure' },
    handler: catalogs.list,
  }),
  route({
    method: 'GET',
    path: '/catalogs/{slug}',
    edgeTags: [indexTag('catalogs')],
    auth: 'public',
    operationId: 'legacyShowCatalog',
    tag: TAG,
    summary: 'One published PDF catalog',
    pathParams: slugParam('The catalog slug.'),
    response: dataOf(LegacyCatalogSchema),
    okDescription: 'The catalog.',
    errors: [404],
    deprecated: { successor: '/media?type=brochure' },
    handler: catalogs.show,
  }),
  route({
    method: 'GET',
    path: '/sparepart-groups',
    edgeTags: [indexTag('products'), indexTag('articles')],
    auth: 'public',
    operationId: 'legacyListSparepartGroups',
    tag: TAG,
    summary: 'List spare-part groups',
    description:
      'A spare-part group is an active product with active spare-part articles; by order number, paginated.',
    query: SparepartGroupListQuery,
    response: paginatedSchema(LegacySparepartGroupSchema),
    okDescription: 'A page of groups.',
    deprecated: { successor: '/products' },
    handler: sparepartGroups.list,
  }),
  route({
    method: 'GET',
    path: '/sparepart-groups/{id}',
    edgeTags: [indexTag('products'), indexTag('articles')],
    auth: 'public',
    operationId: 'legacyShowSparepartGroup',
    tag: TAG,
    summary: 'One spare-part group with its spare parts',
    pathParams: idParam('The product id.'),
    response: dataOf(LegacySparepartGroupDetailSchema),
    okDescription: 'The group.',
    errors: [404],
    deprecated: { successor: '/products' },
    handler: sparepartGroups.show,
  }),
];
