/**
 * `GET /image-formats` (spec "GET /image-formats"): the active formats sorted by position, not paginated;
 * no query parameters (any given are ignored). Inactive formats never appear.
 */
import type { AppDeps } from '../../deps';
import type { Handler } from '../../http/routes';
import { listActiveImageFormats } from './query';
import { serializeImageFormat } from './serializer';

/** 200 `{ data: format[] }`. */
export function list(deps: AppDeps): Handler {
  return async (_req, res) => {
    res.json({ data: (await listActiveImageFormats(deps.db)).map(serializeImageFormat) });
  };
}
