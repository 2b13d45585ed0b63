/**
 * `GET /makers` and `GET /makers/{id}` (legacy layer): the active manufacturers of `/manufacturers`
 * under the earlier overview's field names, not paginated; successor `/manufacturers`.
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import { setSuccessor, type RouteHandler } from '../../../http/router';
import { pathId } from '../shared';
import { findMaker, listMakers } from './query';
import { serializeMaker } from './serializer';

/** `GET /makers`: 200 `{ data: maker[] }`, sorted by short name (NULL last), then slug. One query. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => reply({ data: (await listMakers(deps.db)).map(serializeMaker) });
}

/** `GET /makers/{id}`: 200 `{ data: maker }`, `Link` naming `/manufacturers/{slug}`; 404 when unknown or inactive. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req, res) => {
    const id = pathId(req.params.id);
    const record = id === undefined ? undefined : await findMaker(deps.db, id);
    if (!record) throw new ApiError(404);
    setSuccessor(res, `${deps.config.apiBaseUrl}/manufacturers/${encodeURIComponent(record.slug)}`);
    return reply({ data: serializeMaker(record) });
  };
}
