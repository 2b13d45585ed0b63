/**
 * The CMS media endpoints (spec "Protected media endpoints"), ability `content:media:read` (checked by
 * src/routes.ts): `GET /content/media` (list and search, from Meilisearch), `/content/media/{media}` (one
 * medium, from Postgres), its `preview` (a rendition, rendered on demand) and `download` (the original),
 * and `/content/media-folders` (the active folder tree). Decisions in docs/api/content-media.md.
 */
import type { AppDeps } from '../../app';
import { ApiError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query-string';
import type { Handler } from '../../http/routes';
import { mediumKey } from '../media/params';
import { parseContentMediaListParams } from './params';
import { findCmsMedium } from './query';
import { searchCmsMedia } from './search';
import { serializeCmsMedium } from './serializer';

/** The paginated list of CMS media, newest first (by relevance with `search`). */
export function list(deps: AppDeps): Handler {
  return async (req, res) => {
    const query = req.query as ParsedQuery;
    const params = parseContentMediaListParams(query);
    const page = await searchCmsMedia(
      { db: deps.db, meili: deps.meili, prefix: deps.config.meiliIndexPrefix },
      params,
      Date.now(),
    );
    res.json(
      paginate(
        page.records.map((m) => serializeCmsMedium(m, deps.config.appUrl, deps.config.apiBaseUrl)),
        page.total,
        {
          path: `${deps.config.apiBaseUrl}/content/media`,
          query,
          page: params.page,
          perPage: params.perPage,
        },
      ),
    );
  };
}

/** One CMS medium by id or `ext:<source_id>`; 404 when unknown, malformed or not visible to the CMS. */
export function show(deps: AppDeps): Handler {
  return async (req, res) => {
    const key = mediumKey(req.params.media);
    const record = key && (await findCmsMedium(deps.db, key, Date.now()));
    if (!record) throw new ApiError(404);
    res.json({ data: serializeCmsMedium(record, deps.config.appUrl, deps.config.apiBaseUrl) });
  };
}

const notYet =
  (_deps: AppDeps): Handler =>
  () => {
    throw new ApiError(404);
  };

export const preview = notYet;
export const download = notYet;
export const folders = notYet;
