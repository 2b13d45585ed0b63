/**
 * Public file URLs, mounted at `/files` outside the API (URL scheme in src/media/urls.ts, decisions in
 * docs/api/files.md): `GET /files/<media|uploads>/<id>/<first 32 hex of sha256>/<file name>` serves the
 * original while its record is public now, and
 * `GET /files/<media|uploads>/<id>/<first 32 hex of the rendition id>/<format>/<name>` one of its
 * renditions, under the same per-request visibility check.
 *
 * Every URL that does not name a public record exactly (id, hash prefix and file name) is 404, so a stale
 * or forged URL reveals nothing. The file on disk is the record's `file_path`, never a part of the URL.
 * The shape of each segment is checked before any database work (a malformed URL asks Postgres nothing),
 * and the URL's hash before the visibility rule, whose folder walk only a URL of a real file reaches.
 */
import path from 'node:path';
import cors from 'cors';
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { get, type Handler } from '../../http/router';
import { renditionFileName, renditionId } from '../../media/urls';
import { FILE_KINDS, findPublicFile, findRendition, type FileKind } from './query';
import { catalogFile } from '../legacy/catalogs/file';
import { ORIGINAL_CACHE_CONTROL, sendStoredFile, type FileToSend } from './serve';
import { everyTag, formatTags, indexTag, recordTag, tagSeparator } from '../../edge/tags';
import type { StoredFileRecord } from './query';

/**
 * Renditions are immutable (the URL changes whenever the rendition's bytes could: new original, new format
 * settings), so clients and CDNs may keep them a year. Visibility is still checked on every request that
 * reaches us: a withdrawn asset's renditions stop being served at once, but copies already cached
 * downstream are not recalled (purge the CDN when that matters); originals keep five minutes instead.
 */
export const RENDITION_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

/** A Postgres `integer` id: 1 to 2^31-1, digits only. */
const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;
const HASH = /^[0-9a-f]{32}$/;

/**
 * A rendition's name (`renditionFileName`): a base name, never empty, with the rendition file's lower-case
 * extension. An original's name is any text a record may carry, so only the database can judge it.
 */
const RENDITION_NAME = /^[^/]+\.[a-z]+$/;

/**
 * The cache tags of a stored file, when the configuration names a tag header: a medium's file depends on
 * the medium and on its folders (a folder's release shows or hides it), an upload's on its product.
 */
function fileTags(deps: AppDeps, kind: FileKind, id: number, file: StoredFileRecord): FileToSend['tags'] {
  const header = deps.config.edgeTagHeader;
  if (!header) return undefined;
  const tags =
    kind === 'media'
      ? [recordTag('medium', id), everyTag('medium'), indexTag('folders')]
      : file.productId === undefined
        ? [everyTag('product')]
        : [recordTag('product', file.productId), everyTag('product')];
  return { header, value: formatTags(tags, tagSeparator(header)) };
}

function original(deps: AppDeps, kind: FileKind, root: string): Handler {
  return async (req, res) => {
    const { id, hash, name } = req.params as Record<string, string>;
    if (!id || !ID.test(id) || Number(id) > MAX_ID || !hash || !HASH.test(hash) || !name)
      throw new ApiError(404);
    const file = await findPublicFile(deps.db, kind, Number(id), { hashPrefix: hash, fileName: name });
    if (!file || !file.sha256.startsWith(hash) || file.fileName !== name) throw new ApiError(404);
    await sendStoredFile(
      req,
      res,
      {
        root,
        relativePath: file.path,
        fileName: file.fileName,
        mimeType: file.mimeType,
        etag: `"${file.sha256}"`,
        cacheControl: ORIGINAL_CACHE_CONTROL,
        tags: fileTags(deps, kind, Number(id), file),
      },
      deps.logger,
    );
  };
}

function rendition(deps: AppDeps, kind: FileKind, root: string): Handler {
  return async (req, res) => {
    const { id, hash, format, name } = req.params as Record<string, string>;
    if (!id || !ID.test(id) || Number(id) > MAX_ID || !hash || !HASH.test(hash)) throw new ApiError(404);
    if (!format || !FORMAT.test(format) || !name || !RENDITION_NAME.test(name)) throw new ApiError(404);
    // The rendition row first (one indexed join): a URL with a wrong hash never starts the owner's
    // visibility check, which walks the folder tree.
    const found = await findRendition(deps.db, kind, Number(id), format);
    const renditionHash = found ? renditionId(found.path) : null;
    if (!found || !renditionHash?.startsWith(hash)) throw new ApiError(404);
    const file = await findPublicFile(deps.db, kind, Number(id));
    if (!file) throw new ApiError(404);
    const fileName = renditionFileName(file.fileName, found.path);
    if (fileName !== name) throw new ApiError(404);
    await sendStoredFile(
      req,
      res,
      {
        root,
        relativePath: found.path,
        fileName,
        mimeType: found.mimeType,
        etag: `"${renditionHash}"`,
        cacheControl: RENDITION_CACHE_CONTROL,
        tags: fileTags(deps, kind, Number(id), file),
      },
      deps.logger,
    );
  };
}

/** The router to mount at `/files`: CORS for every origin (the website loads images cross-origin). */
export function filesRouter(deps: AppDeps): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use(cors());
  const root = path.resolve(deps.config.mediaRoot);
  for (const kind of FILE_KINDS) {
    get(router, `/${kind}/:id/:hash/:name`, original(deps, kind, root));
    get(router, `/${kind}/:id/:hash/:format/:name`, rendition(deps, kind, root));
  }
  // The PDFs of the legacy /catalogs: originals only, while the legacy layer is on.
  if (deps.config.legacyEndpoints) get(router, '/catalogs/:id/:hash/:name', catalogFile(deps));
  return router;
}
