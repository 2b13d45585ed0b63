/**
 * The product routes (spec "GET /products", "GET /products/{slug}", "GET /content/products and GET
 * /content/products/{slug}"): the public list and detail, and the same two for the CMS; handlers in
 * handlers.ts.
 */
import { paginatedSchema } from '../../http/pagination';
import { dataOf, route, slugParam, type ApiRoute } from '../../http/router';
import { list, show } from './handlers';
import { ProductListQuery } from './params';
import { ProductDetailSchema, ProductFacetsSchema, ProductSchema } from './schema';

/** The body of `/products` and `/content/products` (`meta.facets` with `facets=1`). */
const productPage = paginatedSchema(ProductSchema, { facets: ProductFacetsSchema.optional() });

/** The public product routes. */
export const PRODUCT_ROUTES: readonly ApiRoute[] = [
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
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/products/{slug}',
    auth: 'public',
    operationId: 'showProduct',
    tag: 'Catalog',
    summary: 'One active product with articles, manufacturers and tractor models',
    pathParams: slugParam('The product slug.'),
    response: dataOf(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
    handler: show,
  }),
];

/** The CMS product routes (ability `content:catalog:read`): the same data as the public ones. */
export const CONTENT_PRODUCT_ROUTES: readonly ApiRoute[] = [
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
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/content/products/{slug}',
    auth: 'content:catalog:read',
    operationId: 'showContentProduct',
    tag: 'Content (CMS)',
    summary: 'One active product (CMS)',
    description: 'Same data as `GET /products/{slug}`.',
    pathParams: slugParam('The product slug.'),
    response: dataOf(ProductDetailSchema),
    okDescription: 'The product.',
    errors: [404],
    handler: show,
  }),
];
