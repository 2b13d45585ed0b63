/**
 * `GET /tractors` and `GET /tractors/{id}` (legacy layer): the tractor models of `/tractor-models`
 * under the earlier overview's names, paginated 15/100 with `maker`, `series` and `search`.
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import { setSuccessor, type RouteHandler } from '../../../http/router';
import { paginatedList, pathId } from '../shared';
import { findTractor, pageOfTractors } from './query';
import { serializeTractor } from './serializer';

/** `GET /tractors`: the pagination envelope of tractors, by model, then id. At most three queries. */
export const list = paginatedList(pageOfTractors, serializeTractor);

/** `GET /tractors/{id}`: 200 `{ data: tractor }`, `Link` naming `/tractor-models/{id}`; 404 when unknown. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req, res) => {
    const id = pathId(req.params.id);
    const record = id === undefined ? undefined : await findTractor(deps.db, id);
    if (!record) throw new ApiError(404);
    setSuccessor(res, `${deps.config.apiBaseUrl}/tractor-models/${record.id}`);
    return reply({ data: serializeTractor(record) });
  };
}
