/**
 * The CMS media endpoints (spec "Protected media endpoints"), ability `content:media:read` (declared in
 * routes.ts): `GET /content/media` (list and search, from Meilisearch), `/content/media/{media}` (one
 * medium, from Postgres), its `preview` (a rendition, rendered on demand) and `download` (the original),
 * and `/content/media-folders` (the active folder tree). Decisions in docs/api/content-media.md.
 */
import path from 'node:path';
import type { CmsMediumRecord } from '../../catalog/records';
import { isRenderable } from '../../catalog/rendition-formats';
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import type { Handler, RouteHandler } from '../../http/router';
import { renditionFileName, renditionId } from '../../media/urls';
import { sendStoredFile } from '../files/serve';
import { listActiveFolders } from '../media-folders/query';
import { serializeCmsFolderTree } from '../media-folders/serializer';
import { mediumKey } from '../media/params';
import { mediaListExpiry } from '../media/search';
import { CMS_LIST_FIELD, listFormKey } from '../../search/list-form';
import { searchableList } from '../searchable-list';
import { listCmsMediaFromPostgres } from './fallback';
import { contentMediaSearchFilters, type ContentMediaListParams } from './params';
import { findCmsFile, findCmsMedium, findPreviewSource } from './query';
import { currentPreview } from './render';
import { CMS_MEDIUM_RECORD_FIELDS, searchCmsMedia } from './search';
import { serializeCmsMedium } from './serializer';

/**
 * Preview and download answer a token holder only: no shared cache may keep them; the client may reuse
 * them five minutes (a new original or withdrawal shows after that at the latest), then revalidates
 * with the ETag (304).
 */
export const CONTENT_FILE_CACHE_CONTROL = 'private, max-age=300';

/** The paginated list of CMS media, newest first (by relevance with `search`). */
export const list = searchableList<ContentMediaListParams, CmsMediumRecord>({
  index: 'media',
  cacheKey: 'content/media',
  degradedLabel: 'CMS media lists',
  search: searchCmsMedia,
  recordFields: CMS_MEDIUM_RECORD_FIELDS,
  serialize: (m, { config }) => serializeCmsMedium(m, config.appUrl, config.apiBaseUrl),
  stored: { field: CMS_LIST_FIELD, key: listFormKey, fields: [] },
  cachedUntil: mediaListExpiry,
  // Without a search the list is answered from Postgres exactly.
  fallback: { answers: (params) => params.search === undefined, list: listCmsMediaFromPostgres },
  searchFilters: contentMediaSearchFilters,
});

/** One CMS medium by id or `ext:<source_id>`; 404 when unknown, malformed or not visible to the CMS. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const key = mediumKey(req.params.media);
    const record = key && (await findCmsMedium(deps.db, key, Date.now()));
    if (!record) throw new ApiError(404);
    return reply({ data: serializeCmsMedium(record, deps.config.appUrl, deps.config.apiBaseUrl) });
  };
}

/**
 * The rendition of `?format=` (default `preview`) of a CMS medium, rendered now when none is stored or the
 * stored one is out of date. 404 for an unknown or inactive format, a medium without a renderable file
 * (PDF, SVG, none) or an original that cannot be decoded.
 */
export function preview(deps: AppDeps): RouteHandler<{ format: string | null }> {
  const root = path.resolve(deps.config.mediaRoot);
  const renders = {
    renderJobs: deps.renderJobs,
    timeoutMs: deps.config.previewTimeoutMs,
    logger: deps.logger,
  };
  return async (req, res, { format }) => {
    const key = mediumKey(req.params.media);
    if (!key || format === null) throw new ApiError(404);
    const now = Date.now();
    let source = await findPreviewSource(deps.db, key, format, now);
    if (!source?.format || !source.path || !source.sha256 || !isRenderable(source.mimeType)) {
      throw new ApiError(404);
    }
    source = await currentPreview(renders, root, source, format, () =>
      findPreviewSource(deps.db, key, format, now),
    );
    const rendition = source.rendition!;
    await sendStoredFile(
      req,
      res,
      {
        root,
        relativePath: rendition.path,
        fileName: renditionFileName(source.fileName, rendition.path),
        mimeType: rendition.mimeType,
        etag: `"${renditionId(rendition.path) ?? source.sha256}"`,
        cacheControl: CONTENT_FILE_CACHE_CONTROL,
      },
      deps.logger,
    );
  };
}

/** The original of a CMS medium as an attachment under its real file name; 404 without a file. */
export function download(deps: AppDeps): Handler {
  const root = path.resolve(deps.config.mediaRoot);
  return async (req, res) => {
    const key = mediumKey(req.params.media);
    const file = key && (await findCmsFile(deps.db, key, Date.now()));
    if (!file?.path || !file.sha256) throw new ApiError(404);
    await sendStoredFile(
      req,
      res,
      {
        root,
        relativePath: file.path,
        fileName: file.fileName,
        mimeType: file.mimeType,
        etag: `"${file.sha256}"`,
        cacheControl: CONTENT_FILE_CACHE_CONTROL,
        disposition: 'attachment',
      },
      deps.logger,
    );
  };
}

/** 200 `{ data: folder[] }`: the active folders (role-restricted ones too), every level. */
export function folders(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    return reply({ data: serializeCmsFolderTree(await listActiveFolders(deps.db)) });
  };
}
