/**
 * The route table of `/api/v1` (the spec's "Endpoint overview"): every route is one declaration here
 * (method, path, who may call it, query, response, handler; see `RouteDeclaration` in src/http/routes.ts).
 * The Express routes with their auth middleware and 405s (`apiRouter`) and the OpenAPI operations
 * (src/openapi/document.ts) are generated from it, in this order. Handlers live in
 * src/resources/<resource>/routes.ts, the query schemas in its params.ts, the response schemas in its
 * schema.ts.
 */
import { Router } from 'express';
import type { AppDeps } from './deps';
import { paginatedSchema } from './http/pagination';
import { mountRoutes, route, type ApiRoute } from './http/routes';
import { z } from './openapi/zod';
import { ArticleListQuery } from './resources/articles/params';
import * as articles from './resources/articles/routes';
import { ArticleDetailSchema, ArticleSchema } from './resources/articles/schema';
import { ContentMediaListQuery, PreviewQuery } from './resources/content-media/params';
import * as contentMedia from './resources/content-media/routes';
import { CmsMediumSchema } from './resources/content-media/schema';
import * as imageFormats from './resources/image-formats/routes';
import { ImageFormatSchema } from './resources/image-formats/schema';
import * as manufacturers from './resources/manufacturers/routes';
import { ManufacturerSchema } from './resources/manufacturers/schema';
import * as mediaFolders from './resources/media-folders/routes';
import { CmsFolderSchema, MediaFolderSchema } from './resources/media-folders/schema';
import { MediaListQuery, MediumKeySchema } from './resources/media/params';
import * as media from './resources/media/routes';
import { MediumSchema } from './resources/media/schema';
import { LEGACY_ROUTES } from './resources/legacy/route-table';
import { ProductListQuery } from './resources/products/params';
import * as products from './resources/products/routes';
import { ProductDetailSchema, ProductFacetsSchema, ProductSchema } from './resources/products/schema';
import { SuggestionQuery } from './resources/search-suggestions/params';
import * as searchSuggestions from './resources/search-suggestions/routes';
import { SuggestionSchema } from './resources/search-suggestions/schema';
import * as taxonomies from './resources/taxonomies/routes';
import {
  ContentTaxonomyDetailSchema,
  ContentTaxonomySchema,
  TaxonomySchema,
} from './resources/taxonomies/schema';
import { ModelListQuery } from './resources/tractor-models/params';
import * as tractorModels from './resources/tractor-models/routes';
import { TractorModelSchema } from './resources/tractor-models/schema';
import * as tractorSeries from './resources/tractor-series/routes';
import { TractorSeriesDetailSchema, TractorSeriesSchema } from './resources/tractor-series/schema';
import * as user from './resources/user/routes';
import { UserSchema } from './resources/user/schema';

const data = (schema: z.ZodType) => z.strictObject({ data: schema });
const slug = (description: string) => z.object({ slug: z.string().openapi({ description }) });
const mediaParams = z.object({ media: MediumKeySchema });
/** The body of `/products` and `/content/products` (`meta.facets` with `facets=1`). */
const productPage = paginatedSchema(ProductSchema, { facets: ProductFacetsSchema.optional() });

/**
 * Every route of `/api/v1`, public ones first (the legacy layer's deprecated ones last among them), then
 * the protected ones (spec "Authentication").
 */
export const API_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/products',
    auth: 'public',
    operationId: 'listProducts',
    tag: 'Catalog',
    summary: 'List active products',
    description:
      'Sorted by `ordernumber` (by relevance with `search`), paginated. List form: without `articles`, `manufacturers`, `tractor_models`.',
    query: ProductListQuery,
    response: productPage,
    okDescription: 'A page of products.',
    searchSession: true,
    handler: products.list,
  }),
  route({
    method: 'GET',
    path: '/products/{slug}',
    auth: 'public',
    operationId: 'showProduct',
    tag: 'Catalog',
    summary: 'One active product with articles, manufacturers and tractor models',
    pathParams: slug('The product slug.'),
    response: data(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
    handler: products.show,
  }),
  route({
    method: 'GET',
    path: '/articles',
    auth: 'public',
    operationId: 'listArticles',
    tag: 'Catalog',
    summary: 'List active articles',
    description: 'Sorted by order number, paginated. Not filtered by `end_of_life`.',
    query: ArticleListQuery,
    response: paginatedSchema(ArticleSchema),
    okDescription: 'A page of articles.',
    handler: articles.list,
  }),
  route({
    method: 'GET',
    path: '/manufacturers',
    auth: 'public',
    operationId: 'listManufacturers',
    tag: 'Catalog',
    summary: 'All active manufacturers',
    description: 'Sorted by `short_name`, not paginated.',
    response: data(z.array(ManufacturerSchema)),
    okDescription: 'The manufacturers.',
    handler: manufacturers.list,
  }),
  route({
    method: 'GET',
    path: '/manufacturers/{slug}',
    auth: 'public',
    operationId: 'showManufacturer',
    tag: 'Catalog',
    summary: 'One active manufacturer',
    pathParams: slug('The manufacturer slug.'),
    response: data(ManufacturerSchema),
    okDescription: 'The manufacturer.',
    errors: [404],
    handler: manufacturers.show,
  }),
  route({
    method: 'GET',
    path: '/tractor-series',
    auth: 'public',
    operationId: 'listTractorSeries',
    tag: 'Tractors',
    summary: 'All tractor series',
    description: 'Sorted by `slug`, each with `manufacturer`; not paginated.',
    response: data(z.array(TractorSeriesSchema)),
    okDescription: 'The series.',
    handler: tractorSeries.list,
  }),
  route({
    method: 'GET',
    path: '/tractor-series/{slug}',
    auth: 'public',
    operationId: 'showTractorSeries',
    tag: 'Tractors',
    summary: 'One tractor series with its models',
    pathParams: slug('The series slug.'),
    response: data(TractorSeriesDetailSchema),
    okDescription: 'The series.',
    errors: [404],
    handler: tractorSeries.show,
  }),
  route({
    method: 'GET',
    path: '/tractor-models',
    auth: 'public',
    operationId: 'listTractorModels',
    tag: 'Tractors',
    summary: 'List tractor models',
    description:
      'Sorted by `model`, with `manufacturer` and `series`, paginated. No series filter: use `/tractor-series/{slug}`.',
    query: ModelListQuery,
    response: paginatedSchema(TractorModelSchema),
    okDescription: 'A page of tractor models.',
    handler: tractorModels.list,
  }),
  route({
    method: 'GET',
    path: '/tractor-models/{tractorModel}',
    auth: 'public',
    operationId: 'showTractorModel',
    tag: 'Tractors',
    summary: 'One tractor model',
    pathParams: z.object({
      tractorModel: z.string().regex(/^\d+$/).openapi({ description: 'The integer model id.' }),
    }),
    response: data(TractorModelSchema),
    okDescription: 'The model (list form).',
    errors: [404],
    handler: tractorModels.show,
  }),
  route({
    method: 'GET',
    path: '/taxonomies',
    auth: 'public',
    operationId: 'listTaxonomies',
    tag: 'Catalog',
    summary: 'The public taxonomy dimensions with their term trees',
    description: 'The source of valid `dimension:slug` pairs for the `taxons` filter of `/products`.',
    response: data(z.array(TaxonomySchema)),
    okDescription: 'The dimensions.',
    handler: taxonomies.list,
  }),
  route({
    method: 'GET',
    path: '/media',
    auth: 'public',
    operationId: 'listMedia',
    tag: 'Media',
    summary: 'List public media',
    description: 'Newest first (by relevance with `search`), paginated.',
    query: MediaListQuery,
    response: paginatedSchema(MediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
    handler: media.list,
  }),
  route({
    method: 'GET',
    path: '/media/{media}',
    auth: 'public',
    operationId: 'showMedium',
    tag: 'Media',
    summary: 'One public medium',
    pathParams: mediaParams,
    response: data(MediumSchema),
    okDescription: 'The medium.',
    errors: [404],
    handler: media.show,
  }),
  route({
    method: 'GET',
    path: '/media-folders',
    auth: 'public',
    operationId: 'listMediaFolders',
    tag: 'Media',
    summary: 'The public folder tree',
    description: 'Sorted by position and name, not paginated; `children` two levels deep.',
    response: data(z.array(MediaFolderSchema)),
    okDescription: 'The root folders.',
    handler: mediaFolders.list,
  }),
  route({
    method: 'GET',
    path: '/image-formats',
    auth: 'public',
    operationId: 'listImageFormats',
    tag: 'Media',
    summary: 'The active image formats',
    description: 'Sorted by position, not paginated.',
    response: data(z.array(ImageFormatSchema)),
    okDescription: 'The formats.',
    handler: imageFormats.list,
  }),
  // The earlier overview's endpoints, deprecated (issue 16): public, before the protected routes.
  ...LEGACY_ROUTES,
  route({
    method: 'GET',
    path: '/user',
    auth: 'any-token',
    operationId: 'showUser',
    tag: 'Account',
    summary: 'The user the token belongs to',
    response: data(UserSchema),
    okDescription: 'The user.',
    handler: user.show,
  }),
  route({
    method: 'GET',
    path: '/search/suggestions',
    auth: 'any-token',
    operationId: 'searchSuggestions',
    tag: 'Catalog',
    summary: 'Completions for a search box',
    description:
      'Order numbers first, then product names, then popular searches; public products only. Not logged.',
    query: SuggestionQuery,
    response: data(z.array(SuggestionSchema)),
    okDescription: 'The suggestions (`[]` when nothing matches).',
    errors: [422],
    handler: searchSuggestions.show,
  }),
  route({
    method: 'GET',
    path: '/content/products',
    auth: 'content:catalog:read',
    operationId: 'listContentProducts',
    tag: 'Content (CMS)',
    summary: 'List active products (CMS)',
    description: 'Same parameters and data as `GET /products`.',
    query: ProductListQuery,
    response: productPage,
    okDescription: 'A page of products.',
    searchSession: true,
    handler: products.list,
  }),
  route({
    method: 'GET',
    path: '/content/products/{slug}',
    auth: 'content:catalog:read',
    operationId: 'showContentProduct',
    tag: 'Content (CMS)',
    summary: 'One active product (CMS)',
    description: 'Same data as `GET /products/{slug}`.',
    pathParams: slug('The product slug.'),
    response: data(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
    handler: products.show,
  }),
  route({
    method: 'GET',
    path: '/content/articles',
    auth: 'content:catalog:read',
    operationId: 'listContentArticles',
    tag: 'Content (CMS)',
    summary: 'List active articles (CMS)',
    query: ArticleListQuery,
    response: paginatedSchema(ArticleSchema),
    okDescription: 'A page of articles.',
    handler: articles.list,
  }),
  route({
    method: 'GET',
    path: '/content/articles/{ordernumber}',
    auth: 'content:catalog:read',
    operationId: 'showContentArticle',
    tag: 'Content (CMS)',
    summary: 'One active article with its products',
    pathParams: z.object({
      ordernumber: z.string().openapi({ description: 'The order number, matched exactly.' }),
    }),
    response: data(ArticleDetailSchema),
    okDescription: 'The article.',
    errors: [404],
    handler: articles.show,
  }),
  route({
    method: 'GET',
    path: '/content/taxonomies',
    auth: 'content:catalog:read',
    operationId: 'listContentTaxonomies',
    tag: 'Content (CMS)',
    summary: 'The frontend dimensions with term counts',
    response: data(z.array(ContentTaxonomySchema)),
    okDescription: 'The dimensions.',
    handler: taxonomies.contentList,
  }),
  route({
    method: 'GET',
    path: '/content/taxonomies/{slug}',
    auth: 'content:catalog:read',
    operationId: 'showContentTaxonomy',
    tag: 'Content (CMS)',
    summary: 'One dimension with its full term tree and product counts',
    pathParams: slug('The dimension slug.'),
    response: data(ContentTaxonomyDetailSchema),
    okDescription: 'The dimension.',
    errors: [404],
    handler: taxonomies.contentShow,
  }),
  route({
    method: 'GET',
    path: '/content/media',
    auth: 'content:media:read',
    operationId: 'listContentMedia',
    tag: 'Content (CMS)',
    summary: 'List media as the CMS sees them',
    description: 'Newest first (by relevance with `search`), paginated.',
    query: ContentMediaListQuery,
    response: paginatedSchema(CmsMediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
    handler: contentMedia.list,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}',
    auth: 'content:media:read',
    operationId: 'showContentMedium',
    tag: 'Content (CMS)',
    summary: 'One medium as the CMS sees it',
    pathParams: mediaParams,
    response: data(CmsMediumSchema),
    okDescription: 'The medium.',
    errors: [404],
    handler: contentMedia.show,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}/preview',
    auth: 'content:media:read',
    operationId: 'previewContentMedium',
    tag: 'Content (CMS)',
    summary: 'A rendition of a medium (the file)',
    description:
      'Rendered on demand by the worker when none is stored; the request waits up to `PREVIEW_TIMEOUT_MS` (default 15 s). 404 for an unknown format, a medium without a renderable file, or an original that cannot be decoded. 503 `service_unavailable` with `Retry-After` (seconds) when the rendition is not ready in time or the render queue (Redis) does not answer; the render goes on, so retry after `Retry-After`.',
    pathParams: mediaParams,
    query: PreviewQuery,
    response: 'file',
    okDescription: 'The rendition (JPEG or WebP).',
    errors: [404, 416],
    handler: contentMedia.preview,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}/download',
    auth: 'content:media:read',
    operationId: 'downloadContentMedium',
    tag: 'Content (CMS)',
    summary: 'The original file of a medium',
    pathParams: mediaParams,
    response: 'file',
    okDescription: 'The original, as an attachment under its file name.',
    errors: [404, 416],
    handler: contentMedia.download,
  }),
  route({
    method: 'GET',
    path: '/content/media-folders',
    auth: 'content:media:read',
    operationId: 'listContentMediaFolders',
    tag: 'Content (CMS)',
    summary: 'The active folder tree, every level',
    response: data(z.array(CmsFolderSchema)),
    okDescription: 'The root folders.',
    handler: contentMedia.folders,
  }),
];

/**
 * The router mounted at `/api/v1`: the routes of `API_ROUTES`. Paths are case-sensitive, as Laravel's
 * routes are (`/Products` is 404).
 */
export function apiRouter(deps: AppDeps): Router {
  const router = Router({ caseSensitive: true });
  mountRoutes(router, deps, API_ROUTES);
  return router;
}
