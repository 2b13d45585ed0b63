/**
 * `GET /media-folders` (spec "GET /media-folders"): the public folder tree, not paginated, sorted by
 * position, then name; no query parameters (any given are ignored). One query.
 */
import type { AppDeps } from '../../deps';
import type { Handler } from '../../http/routes';
import { listPublicFolders } from './query';
import { serializeFolderTree } from './serializer';

/** 200 `{ data: folder[] }`: the root folders, `children` two levels deep. */
export function list(deps: AppDeps): Handler {
  return async (_req, res) => {
    res.json({ data: serializeFolderTree(await listPublicFolders(deps.db)) });
  };
}
