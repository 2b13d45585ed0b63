/**
 * `GET /media-folders` (spec "GET /media-folders"): the public folder tree, not paginated, sorted by
 * position, then name; no query parameters (any given are ignored). One query.
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import type { RouteHandler } from '../../http/router';
import { listPublicFolders } from './query';
import { serializeFolderTree } from './serializer';

/** 200 `{ data: folder[] }`: the root folders, `children` two levels deep. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    return reply({ data: serializeFolderTree(await listPublicFolders(deps.db)) });
  };
}
