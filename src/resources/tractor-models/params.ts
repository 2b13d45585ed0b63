/**
 * Input of the tractor model endpoints (spec "Tractor models", "General rules" 5): unusable values are
 * ignored, never an error.
 */
import { parsePage, parsePerPage } from '../../http/pagination';
import { stringParam } from '../../http/params';
import type { ParsedQuery } from '../../http/query-string';
import { z } from '../../openapi/zod';

/** Page sizes of `/tractor-models` (spec "Pagination defaults and maxima"). */
export const TRACTOR_MODELS_PER_PAGE = { default: 50, max: 200 };

/** The query of `GET /tractor-models`; `manufacturer` is a slug still to be resolved. */
export interface ModelListParams {
  manufacturer?: string;
  page: number;
  perPage: number;
}

/** Reads `manufacturer`, `page` and `per_page`; every other parameter is ignored. */
export function modelListParams(query: ParsedQuery): ModelListParams {
  return {
    manufacturer: stringParam(query, 'manufacturer'),
    page: parsePage(query.page),
    perPage: parsePerPage(query.per_page, TRACTOR_MODELS_PER_PAGE),
  };
}

const MAX_ID = 2_147_483_647;

/**
 * The `{tractorModel}` path segment as a model id: digits only, within Postgres `integer`. Anything else
 * (`abc`, `1.5`, `-1`, `1e3`, too large) is undefined, which the route answers with 404.
 */
export function modelId(segment: string | string[] | undefined): number | undefined {
  if (typeof segment !== 'string' || !/^\d{1,10}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** The documented query of `GET /tractor-models` (parsing stays in `modelListParams`). */
export const ModelListQuerySchema = z.object({
  manufacturer: z
    .string()
    .optional()
    .openapi({ description: 'Manufacturer slug; an unknown or inactive slug is ignored (all models).' }),
  page: z
    .int()
    .min(1)
    .optional()
    .openapi({ description: 'Page number, default 1; anything but an integer ≥ 1 is page 1.' }),
  per_page: z
    .int()
    .min(1)
    .max(TRACTOR_MODELS_PER_PAGE.max)
    .optional()
    .openapi({
      description: `Page size, default ${TRACTOR_MODELS_PER_PAGE.default}, max ${TRACTOR_MODELS_PER_PAGE.max}; a larger value is set to ${TRACTOR_MODELS_PER_PAGE.max}, a smaller one to 1.`,
    }),
});
