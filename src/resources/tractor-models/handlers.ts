/**
 * `GET /tractor-models` (paginated, filter `manufacturer`) and `GET /tractor-models/{tractorModel}`
 * (spec "Tractor models"). See docs/api/reference-resources.md for the filter rule.
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query';
import type { RouteHandler } from '../../http/router';
import { findActiveManufacturerId } from '../manufacturers/query';
import { modelId, type ModelListParams } from './params';
import { findModel, pageOfModels } from './query';
import { serializeTractorModel } from './serializer';

/**
 * `GET /tractor-models`: 200, the pagination envelope of models in list form, sorted by `model`, then `id`.
 * `manufacturer=<slug>` keeps the models of that active manufacturer; an unknown or inactive slug is an
 * invalid filter value and is ignored (all models). At most three queries whatever `per_page` is.
 */
export function list(deps: AppDeps): RouteHandler<ModelListParams> {
  return async (req, _res, params) => {
    const query = req.query as ParsedQuery;
    const manufacturerId =
      params.manufacturer === undefined
        ? undefined
        : await findActiveManufacturerId(deps.db, params.manufacturer);
    const { records, total } = await pageOfModels(deps.db, {
      manufacturerId,
      page: params.page,
      perPage: params.perPage,
    });
    return reply(
      paginate(records.map(serializeTractorModel), total, {
        path: `${deps.config.apiBaseUrl}/tractor-models`,
        query,
        page: params.page,
        perPage: params.perPage,
      }),
    );
  };
}

/** `GET /tractor-models/{tractorModel}`: 200 `{ data: model }`; 404 `not_found` for a non-integer or unknown id. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const id = modelId(req.params.tractorModel);
    const record = id === undefined ? undefined : await findModel(deps.db, id);
    if (!record) throw new ApiError(404);
    return reply({ data: serializeTractorModel(record) });
  };
}
