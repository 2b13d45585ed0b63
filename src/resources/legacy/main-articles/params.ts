/**
 * The query of `GET /main-articles` (legacy layer): `product` (an active product's slug), `search`
 * (name and order number), `page`, `per_page` (15, max 100). Unusable values are ignored.
 */
import { lenient, querySchema } from '../../../http/query';
import { z } from '../../../openapi/zod';
import { LEGACY_PER_PAGE, legacyPageFields } from '../shared';

export interface MainArticleListParams {
  product: string | undefined;
  search: string | undefined;
  page: number;
  perPage: number;
}

export const MainArticleListQuery = querySchema(
  {
    product: lenient(
      z.string().optional().openapi({
        description:
          'Only the articles of this active product (slug); an unknown or inactive one is ignored.',
      }),
    ),
    search: lenient(
      z.string().optional().openapi({
        description: 'Every word must occur in the order number or the German name (case-insensitive).',
      }),
    ),
    ...legacyPageFields(),
  },
  (q): MainArticleListParams => ({
    product: q.product,
    search: q.search,
    page: q.page ?? 1,
    perPage: q.per_page ?? LEGACY_PER_PAGE.default,
  }),
);
