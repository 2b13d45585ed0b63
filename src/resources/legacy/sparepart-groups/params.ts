/**
 * The query of `GET /sparepart-groups` (legacy layer): `search` (name and order number), `page`,
 * `per_page` (15, max 100). Unusable values are ignored.
 */
import { lenient, querySchema } from '../../../http/query';
import { z } from '../../../openapi/zod';
import { LEGACY_PER_PAGE, legacyPageFields } from '../shared';

export interface SparepartGroupListParams {
  search: string | undefined;
  page: number;
  perPage: number;
}

export const SparepartGroupListQuery = querySchema(
  {
    search: lenient(
      z.string().optional().openapi({
        description: 'Every word must occur in the group’s order number or German name (case-insensitive).',
      }),
    ),
    ...legacyPageFields(),
  },
  (q): SparepartGroupListParams => ({
    search: q.search,
    page: q.page ?? 1,
    perPage: q.per_page ?? LEGACY_PER_PAGE.default,
  }),
);
