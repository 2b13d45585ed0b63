/**
 * `GET /sparepart-groups` and `GET /sparepart-groups/{id}` (legacy layer): active products with active
 * spare-part articles (see query.ts), paginated 15/100; successor `/products/{slug}`.
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import { setSuccessor, type RouteHandler } from '../../../http/router';
import { paginatedList, pathId } from '../shared';
import { findGroup, pageOfGroups } from './query';
import { serializeGroup, serializeGroupDetail } from './serializer';

/** `GET /sparepart-groups`: the pagination envelope of groups by order number. Two queries. */
export const list = paginatedList(pageOfGroups, serializeGroup);

/**
 * `GET /sparepart-groups/{id}`: 200 `{ data: group }` with `spareparts`, `Link` naming `/products/{slug}`;
 * 404 for an unknown or inactive product or one without active spare parts.
 */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req, res) => {
    const id = pathId(req.params.id);
    const found = id === undefined ? undefined : await findGroup(deps.db, id);
    if (!found) throw new ApiError(404);
    setSuccessor(res, `${deps.config.apiBaseUrl}/products/${encodeURIComponent(found.group.slug)}`);
    return reply({ data: serializeGroupDetail(found.group, found.spareparts) });
  };
}
