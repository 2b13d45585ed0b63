/**
 * Query parameters of `GET /articles` and `GET /content/articles` (spec "GET /articles and
 * /content/articles"): `search`, `type` (`main` or `spare`), `page`, `per_page`; invalid values are ignored,
 * never rejected.
 */
import { lenient, querySchema } from '../../http/query';
import { pageFields } from '../../http/pagination';
import { z } from '../../openapi/zod';

/** Page sizes of `/articles` (spec "Pagination defaults and maxima"). */
export const ARTICLES_PER_PAGE = { default: 15, max: 100 };

export interface ArticleListParams {
  search: string | undefined;
  type: 'main' | 'spare' | undefined;
  page: number;
  perPage: number;
}

/** The query of the article lists, parsed into `ArticleListParams`. */
export const ArticleListQuery = querySchema(
  {
    search: lenient(
      z.string().optional().openapi({
        description:
          'Partial match in the order number or the German name; every word must occur; no synonyms.',
      }),
    ),
    type: lenient(
      z
        .enum(['main', 'spare'])
        .optional()
        .openapi({ description: 'Only this article type; other values are ignored.' }),
    ),
    ...pageFields(ARTICLES_PER_PAGE, {
      perPage: `Page size, default ${ARTICLES_PER_PAGE.default}, max ${ARTICLES_PER_PAGE.max}; larger values are set to ${ARTICLES_PER_PAGE.max}, smaller ones to 1.`,
    }),
  },
  (q): ArticleListParams => ({
    search: q.search,
    type: q.type,
    page: q.page ?? 1,
    perPage: q.per_page ?? ARTICLES_PER_PAGE.default,
  }),
);
