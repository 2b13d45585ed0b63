/**
 * The query of `GET /tractors` (legacy layer): `maker` (short name or slug), `series` (a series id),
 * `search` (model and identification), `page`, `per_page` (15, max 100). Unusable values are ignored.
 */
import { lenient, querySchema } from '../../../http/query';
import { z } from '../../../openapi/zod';
import { LEGACY_PER_PAGE, legacyPageFields, pathId } from '../shared';

export interface TractorListParams {
  maker: string | undefined;
  series: number | undefined;
  search: string | undefined;
  page: number;
  perPage: number;
}

export const TractorListQuery = querySchema(
  {
    maker: lenient(
      z.string().optional().openapi({
        description:
          'An active manufacturer’s short name (any case) or slug; unknown or inactive ones are ignored (all tractors).',
      }),
    ),
    series: lenient(
      z.int().min(1).optional().openapi({ description: 'A tractor series id; an unknown id is ignored.' }),
      pathId,
    ),
    search: lenient(
      z.string().optional().openapi({
        description: 'Every word must occur in the model or the identification (case-insensitive).',
      }),
    ),
    ...legacyPageFields(),
  },
  (q): TractorListParams => ({
    maker: q.maker,
    series: q.series,
    search: q.search,
    page: q.page ?? 1,
    perPage: q.per_page ?? LEGACY_PER_PAGE.default,
  }),
);
