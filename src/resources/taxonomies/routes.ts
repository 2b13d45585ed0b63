/**
 * The taxonomy routes (spec "Taxonomies"); handlers in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { dataOf, route, slugParam, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { contentList, contentShow, list } from './handlers';
import { ContentTaxonomyDetailSchema, ContentTaxonomySchema, TaxonomySchema } from './schema';

/** The public taxonomy dimensions. */
export const TAXONOMY_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/taxonomies',
    edgeTags: [indexTag('taxonomies')],
    auth: 'public',
    operationId: 'listTaxonomies',
    tag: 'Catalog',
    summary: 'The public taxonomy dimensions with their term trees',
    description: 'The source of valid `dimension:slug` pairs for the `taxons` filter of `/products`.',
    response: dataOf(z.array(TaxonomySchema)),
    okDescription: 'The dimensions.',
    handler: list,
  }),
];

/** The CMS taxonomy routes (ability `content:catalog:read`). */
export const CONTENT_TAXONOMY_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/content/taxonomies',
    auth: 'content:catalog:read',
    operationId: 'listContentTaxonomies',
    tag: 'Content (CMS)',
    summary: 'The frontend dimensions with term counts',
    response: dataOf(z.array(ContentTaxonomySchema)),
    okDescription: 'The dimensions.',
    handler: contentList,
  }),
  route({
    method: 'GET',
    path: '/content/taxonomies/{slug}',
    auth: 'content:catalog:read',
    operationId: 'showContentTaxonomy',
    tag: 'Content (CMS)',
    summary: 'One dimension with its full term tree and product counts',
    pathParams: slugParam('The dimension slug.'),
    response: dataOf(ContentTaxonomyDetailSchema),
    okDescription: 'The dimension.',
    errors: [404],
    handler: contentShow,
  }),
];
