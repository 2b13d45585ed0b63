/**
 * The article routes (spec "GET /articles and /content/articles"); handlers in handlers.ts.
 */
import { paginatedSchema } from '../../http/pagination';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list, show } from './handlers';
import { ArticleListQuery } from './params';
import { ArticleDetailSchema, ArticleSchema } from './schema';

/** The public article list. */
export const ARTICLE_ROUTES: readonly ApiRoute[] = [
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
    handler: list,
  }),
];

/** The CMS article routes (ability `content:catalog:read`). */
export const CONTENT_ARTICLE_ROUTES: readonly ApiRoute[] = [
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
    handler: list,
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
    response: dataOf(ArticleDetailSchema),
    okDescription: 'The article.',
    errors: [404],
    handler: show,
  }),
];
