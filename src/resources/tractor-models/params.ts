/**
 * Input of the tractor model endpoints (spec "Tractor models", "General rules" 5): unusable values are
 * ignored, never an error.
 */
import { lenient, querySchema } from '../../http/query';
import { pageFields } from '../../http/pagination';
import { z } from '../../openapi/zod';

/** Page sizes of `/tractor-models` (spec "Pagination defaults and maxima"). */
export const TRACTOR_MODELS_PER_PAGE = { default: 50, max: 200 };

/** The query of `GET /tractor-models`; `manufacturer` is a slug still to be resolved. */
export interface ModelListParams {
  manufacturer?: string;
  page: number;
  perPage: number;
}

/** The query of `GET /tractor-models` (`manufacturer`, `page`, `per_page`), parsed into `ModelListParams`. */
export const ModelListQuery = querySchema(
  {
    manufacturer: lenient(
      z
        .string()
        .optional()
        .openapi({ description: 'Manufacturer slug; an unknown or inactive slug is ignored (all models).' }),
    ),
    ...pageFields(TRACTOR_MODELS_PER_PAGE),
  },
  (q): ModelListParams => ({
    manufacturer: q.manufacturer,
    page: q.page ?? 1,
    perPage: q.per_page ?? TRACTOR_MODELS_PER_PAGE.default,
  }),
);

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
