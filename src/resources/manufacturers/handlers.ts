/**
 * `GET /manufacturers` and `GET /manufacturers/{slug}` (spec "Manufacturers"): active manufacturers only,
 * not paginated, no query parameters (any given are ignored).
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import type { RouteHandler } from '../../http/router';
import { findActiveManufacturer, listActiveManufacturers } from './query';
import { serializeManufacturer } from './serializer';

/** `GET /manufacturers`: 200 `{ data: manufacturer[] }`, sorted by `short_name` (NULL last), then `slug`. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const records = await listActiveManufacturers(deps.db);
    return reply({ data: records.map(serializeManufacturer) });
  };
}

/** `GET /manufacturers/{slug}`: 200 `{ data: manufacturer }`; 404 `not_found` when unknown or inactive. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = req.params.slug;
    const record = typeof slug === 'string' ? await findActiveManufacturer(deps.db, slug) : undefined;
    if (!record) throw new ApiError(404);
    return reply({ data: serializeManufacturer(record) });
  };
}
