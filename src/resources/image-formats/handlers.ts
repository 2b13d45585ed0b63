/**
 * `GET /image-formats` (spec "GET /image-formats"): the active formats sorted by position, not paginated;
 * no query parameters (any given are ignored). Inactive formats never appear.
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import type { RouteHandler } from '../../http/router';
import { listActiveImageFormats } from './query';
import { serializeImageFormat } from './serializer';

/** 200 `{ data: format[] }`. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    return reply({ data: (await listActiveImageFormats(deps.db)).map(serializeImageFormat) });
  };
}
