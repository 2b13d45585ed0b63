/**
 * The documented query of `GET /articles` and `GET /content/articles` for the OpenAPI document. Parsing
 * stays in routes.ts (lenient: invalid values are ignored, never rejected).
 */
import { z } from '../../openapi/zod';

/** Page sizes of `/articles` (spec "Pagination defaults and maxima"). */
export const ARTICLES_PER_PAGE = { default: 15, max: 100 };

export const ArticleListQuerySchema = z.object({
  search: z.string().optional().openapi({
    description: 'Partial match in the order number or the German name; every word must occur; no synonyms.',
  }),
  type: z
    .enum(['main', 'spare'])
    .optional()
    .openapi({ description: 'Only this article type; other values are ignored.' }),
  page: z.int().min(1).optional().openapi({ description: 'Page number, default 1.' }),
  per_page: z
    .int()
    .min(1)
    .max(ARTICLES_PER_PAGE.max)
    .optional()
    .openapi({
      description: `Page size, default ${ARTICLES_PER_PAGE.default}, max ${ARTICLES_PER_PAGE.max}; larger values are set to ${ARTICLES_PER_PAGE.max}, smaller ones to 1.`,
    }),
});
