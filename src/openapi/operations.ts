/**
 * The operations of the OpenAPI document, one per route of src/routes.ts (test/openapi/document.test.ts
 * checks both lists agree): path, auth, parameters (the params files' query schemas), the 200 body (the
 * resource schemas) and the errors each raises beyond the common ones.
 */
import { paginatedSchema } from '../http/pagination';
import { ArticleListQuerySchema } from '../resources/articles/params';
import { ArticleDetailSchema, ArticleSchema } from '../resources/articles/schema';
import { ContentMediaListQuerySchema, PreviewQuerySchema } from '../resources/content-media/params';
import { CmsMediumSchema } from '../resources/content-media/schema';
import { ImageFormatSchema } from '../resources/image-formats/schema';
import { ManufacturerSchema } from '../resources/manufacturers/schema';
import { CmsFolderSchema, MediaFolderSchema } from '../resources/media-folders/schema';
import { mediaListQuerySchema, MediumKeySchema } from '../resources/media/params';
import { MediumSchema } from '../resources/media/schema';
import { ProductListQuerySchema } from '../resources/products/params';
import { ProductDetailSchema, ProductFacetsSchema, ProductSchema } from '../resources/products/schema';
import { SuggestionQuerySchema } from '../resources/search-suggestions/params';
import { SuggestionSchema } from '../resources/search-suggestions/schema';
import {
  ContentTaxonomyDetailSchema,
  ContentTaxonomySchema,
  TaxonomySchema,
} from '../resources/taxonomies/schema';
import { ModelListQuerySchema } from '../resources/tractor-models/params';
import { TractorModelSchema } from '../resources/tractor-models/schema';
import { TractorSeriesDetailSchema, TractorSeriesSchema } from '../resources/tractor-series/schema';
import { UserSchema } from '../resources/user/schema';
import { z } from './zod';

export type Auth = 'public' | 'token' | 'content:catalog:read' | 'content:media:read';

export interface Operation {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** the 200 body (`{ data }` or an envelope); 'file' for a binary response */
  body: z.ZodType | 'file';
  okDescription: string;
  /** error statuses beyond 405, 429, 500, 503 (and 401/403 from `auth`) */
  errors?: number[];
  searchSession?: boolean;
}

const data = (schema: z.ZodType) => z.strictObject({ data: schema });
const slug = (description: string) => z.object({ slug: z.string().openapi({ description }) });
const mediaParams = z.object({ media: MediumKeySchema });
/** The body of `/products` and `/content/products` (`meta.facets` with `facets=1`). */
const productPage = paginatedSchema(ProductSchema, { facets: ProductFacetsSchema.optional() });
export const searchSessionHeader = z.object({
  'X-Search-Session': z.string().optional().openapi({
    description: 'Groups the searches of one session for the anonymous search log (analysis only).',
  }),
});

export const authText: Record<Auth, string> = {
  public: 'Public: no token needed.',
  token: 'Any valid token.',
  'content:catalog:read': 'Token with ability `content:catalog:read`.',
  'content:media:read': 'Token with ability `content:media:read`.',
};

export const OPERATIONS: Operation[] = [
  {
    path: '/products',
    operationId: 'listProducts',
    tag: 'Catalog',
    summary: 'List active products',
    description:
      'Sorted by `ordernumber` (by relevance with `search`), paginated. List form: without `articles`, `manufacturers`, `tractor_models`.',
    auth: 'public',
    query: ProductListQuerySchema,
    body: productPage,
    okDescription: 'A page of products.',
    searchSession: true,
  },
  {
    path: '/products/{slug}',
    operationId: 'showProduct',
    tag: 'Catalog',
    summary: 'One active product with articles, manufacturers and tractor models',
    auth: 'public',
    params: slug('The product slug.'),
    body: data(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
  },
  {
    path: '/articles',
    operationId: 'listArticles',
    tag: 'Catalog',
    summary: 'List active articles',
    description: 'Sorted by order number, paginated. Not filtered by `end_of_life`.',
    auth: 'public',
    query: ArticleListQuerySchema,
    body: paginatedSchema(ArticleSchema),
    okDescription: 'A page of articles.',
  },
  {
    path: '/manufacturers',
    operationId: 'listManufacturers',
    tag: 'Catalog',
    summary: 'All active manufacturers',
    description: 'Sorted by `short_name`, not paginated.',
    auth: 'public',
    body: data(z.array(ManufacturerSchema)),
    okDescription: 'The manufacturers.',
  },
  {
    path: '/manufacturers/{slug}',
    operationId: 'showManufacturer',
    tag: 'Catalog',
    summary: 'One active manufacturer',
    auth: 'public',
    params: slug('The manufacturer slug.'),
    body: data(ManufacturerSchema),
    okDescription: 'The manufacturer.',
    errors: [404],
  },
  {
    path: '/tractor-series',
    operationId: 'listTractorSeries',
    tag: 'Tractors',
    summary: 'All tractor series',
    description: 'Sorted by `slug`, each with `manufacturer`; not paginated.',
    auth: 'public',
    body: data(z.array(TractorSeriesSchema)),
    okDescription: 'The series.',
  },
  {
    path: '/tractor-series/{slug}',
    operationId: 'showTractorSeries',
    tag: 'Tractors',
    summary: 'One tractor series with its models',
    auth: 'public',
    params: slug('The series slug.'),
    body: data(TractorSeriesDetailSchema),
    okDescription: 'The series.',
    errors: [404],
  },
  {
    path: '/tractor-models',
    operationId: 'listTractorModels',
    tag: 'Tractors',
    summary: 'List tractor models',
    description:
      'Sorted by `model`, with `manufacturer` and `series`, paginated. No series filter: use `/tractor-series/{slug}`.',
    auth: 'public',
    query: ModelListQuerySchema,
    body: paginatedSchema(TractorModelSchema),
    okDescription: 'A page of tractor models.',
  },
  {
    path: '/tractor-models/{tractorModel}',
    operationId: 'showTractorModel',
    tag: 'Tractors',
    summary: 'One tractor model',
    auth: 'public',
    params: z.object({
      tractorModel: z.string().regex(/^\d+$/).openapi({ description: 'The integer model id.' }),
    }),
    body: data(TractorModelSchema),
    okDescription: 'The model (list form).',
    errors: [404],
  },
  {
    path: '/taxonomies',
    operationId: 'listTaxonomies',
    tag: 'Catalog',
    summary: 'The public taxonomy dimensions with their term trees',
    description: 'The source of valid `dimension:slug` pairs for the `taxons` filter of `/products`.',
    auth: 'public',
    body: data(z.array(TaxonomySchema)),
    okDescription: 'The dimensions.',
  },
  {
    path: '/media',
    operationId: 'listMedia',
    tag: 'Media',
    summary: 'List public media',
    description: 'Newest first (by relevance with `search`), paginated.',
    auth: 'public',
    query: mediaListQuerySchema(),
    body: paginatedSchema(MediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
  },
  {
    path: '/media/{media}',
    operationId: 'showMedium',
    tag: 'Media',
    summary: 'One public medium',
    auth: 'public',
    params: mediaParams,
    body: data(MediumSchema),
    okDescription: 'The medium.',
    errors: [404],
  },
  {
    path: '/media-folders',
    operationId: 'listMediaFolders',
    tag: 'Media',
    summary: 'The public folder tree',
    description: 'Sorted by position and name, not paginated; `children` two levels deep.',
    auth: 'public',
    body: data(z.array(MediaFolderSchema)),
    okDescription: 'The root folders.',
  },
  {
    path: '/image-formats',
    operationId: 'listImageFormats',
    tag: 'Media',
    summary: 'The active image formats',
    description: 'Sorted by position, not paginated.',
    auth: 'public',
    body: data(z.array(ImageFormatSchema)),
    okDescription: 'The formats.',
  },
  {
    path: '/user',
    operationId: 'showUser',
    tag: 'Account',
    summary: 'The user the token belongs to',
    auth: 'token',
    body: data(UserSchema),
    okDescription: 'The user.',
  },
  {
    path: '/search/suggestions',
    operationId: 'searchSuggestions',
    tag: 'Catalog',
    summary: 'Completions for a search box',
    description:
      'Order numbers first, then product names, then popular searches; public products only. Not logged.',
    auth: 'token',
    query: SuggestionQuerySchema,
    body: data(z.array(SuggestionSchema)),
    okDescription: 'The suggestions (`[]` when nothing matches).',
    errors: [422],
  },
  {
    path: '/content/products',
    operationId: 'listContentProducts',
    tag: 'Content (CMS)',
    summary: 'List active products (CMS)',
    description: 'Same parameters and data as `GET /products`.',
    auth: 'content:catalog:read',
    query: ProductListQuerySchema,
    body: productPage,
    okDescription: 'A page of products.',
    searchSession: true,
  },
  {
    path: '/content/products/{slug}',
    operationId: 'showContentProduct',
    tag: 'Content (CMS)',
    summary: 'One active product (CMS)',
    description: 'Same data as `GET /products/{slug}`.',
    auth: 'content:catalog:read',
    params: slug('The product slug.'),
    body: data(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
  },
  {
    path: '/content/articles',
    operationId: 'listContentArticles',
    tag: 'Content (CMS)',
    summary: 'List active articles (CMS)',
    auth: 'content:catalog:read',
    query: ArticleListQuerySchema,
    body: paginatedSchema(ArticleSchema),
    okDescription: 'A page of articles.',
  },
  {
    path: '/content/articles/{ordernumber}',
    operationId: 'showContentArticle',
    tag: 'Content (CMS)',
    summary: 'One active article with its products',
    auth: 'content:catalog:read',
    params: z.object({
      ordernumber: z.string().openapi({ description: 'The order number, matched exactly.' }),
    }),
    body: data(ArticleDetailSchema),
    okDescription: 'The article.',
    errors: [404],
  },
  {
    path: '/content/taxonomies',
    operationId: 'listContentTaxonomies',
    tag: 'Content (CMS)',
    summary: 'The frontend dimensions with term counts',
    auth: 'content:catalog:read',
    body: data(z.array(ContentTaxonomySchema)),
    okDescription: 'The dimensions.',
  },
  {
    path: '/content/taxonomies/{slug}',
    operationId: 'showContentTaxonomy',
    tag: 'Content (CMS)',
    summary: 'One dimension with its full term tree and product counts',
    auth: 'content:catalog:read',
    params: slug('The dimension slug.'),
    body: data(ContentTaxonomyDetailSchema),
    okDescription: 'The dimension.',
    errors: [404],
  },
  {
    path: '/content/media',
    operationId: 'listContentMedia',
    tag: 'Content (CMS)',
    summary: 'List media as the CMS sees them',
    description: 'Newest first (by relevance with `search`), paginated.',
    auth: 'content:media:read',
    query: ContentMediaListQuerySchema,
    body: paginatedSchema(CmsMediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
  },
  {
    path: '/content/media/{media}',
    operationId: 'showContentMedium',
    tag: 'Content (CMS)',
    summary: 'One medium as the CMS sees it',
    auth: 'content:media:read',
    params: mediaParams,
    body: data(CmsMediumSchema),
    okDescription: 'The medium.',
    errors: [404],
  },
  {
    path: '/content/media/{media}/preview',
    operationId: 'previewContentMedium',
    tag: 'Content (CMS)',
    summary: 'A rendition of a medium (the file)',
    description:
      'Rendered on demand when none is stored. 404 for an unknown format or a medium without a renderable file.',
    auth: 'content:media:read',
    params: mediaParams,
    query: PreviewQuerySchema,
    body: 'file',
    okDescription: 'The rendition (JPEG or WebP).',
    errors: [404, 416],
  },
  {
    path: '/content/media/{media}/download',
    operationId: 'downloadContentMedium',
    tag: 'Content (CMS)',
    summary: 'The original file of a medium',
    auth: 'content:media:read',
    params: mediaParams,
    body: 'file',
    okDescription: 'The original, as an attachment under its file name.',
    errors: [404, 416],
  },
  {
    path: '/content/media-folders',
    operationId: 'listContentMediaFolders',
    tag: 'Content (CMS)',
    summary: 'The active folder tree, every level',
    auth: 'content:media:read',
    body: data(z.array(CmsFolderSchema)),
    okDescription: 'The root folders.',
  },
];
