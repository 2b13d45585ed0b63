/**
 * `GET /catalogs` and `GET /catalogs/{slug}` (legacy layer): the public PDF catalogs of the snapshot's
 * `catalogs.ndjson`, not paginated (their PDFs: file.ts). The current
 * API has no catalog endpoint: the successor named is `/media?type=brochure`, where a PIM publishes PDFs
 * as media (docs/api/legacy.md).
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import type { RouteHandler } from '../../../http/router';
import { findPublicCatalog, listPublicCatalogs } from './query';
import { serializeCatalog } from './serializer';

/** `GET /catalogs`: 200 `{ data: catalog[] }`, by position, title, id. One query. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const records = await listPublicCatalogs(deps.db);
    return reply({ data: records.map((r) => serializeCatalog(r, deps.config.appUrl)) });
  };
}

/** `GET /catalogs/{slug}`: 200 `{ data: catalog }`; 404 when unknown, a draft or outside its validity. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = req.params.slug;
    const record = typeof slug === 'string' ? await findPublicCatalog(deps.db, slug) : undefined;
    if (!record) throw new ApiError(404);
    return reply({ data: serializeCatalog(record, deps.config.appUrl) });
  };
}
