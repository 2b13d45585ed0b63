/**
 * The PDFs of the public catalogs (docs/snapshot-catalogs.md), mounted by the files router at
 * `/files/catalogs/<id>/<hash>/<name>` while the legacy layer is on.
 */
import { recordTag } from '../../../edge/tags';
import path from 'node:path';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/errors';
import type { Handler } from '../../../http/router';
import { ORIGINAL_CACHE_CONTROL, sendStoredFile } from '../../files/serve';
import { findPublicCatalogById } from './query';

const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;
const HASH = /^[0-9a-f]{32}$/;

/**
 * `GET /files/catalogs/<id>/<32 hex of the sha256>/<file name>`: the PDF of a public catalog, served as
 * media originals are (ETag, 304, Range, `Content-Disposition: inline`, five minutes of caching); 404 for
 * any URL that does not name a public catalog exactly.
 */
export function catalogFile(deps: AppDeps): Handler {
  const root = path.resolve(deps.config.mediaRoot);
  return async (req, res) => {
    const { id, hash, name } = req.params as Record<string, string>;
    if (!id || !ID.test(id) || Number(id) > MAX_ID || !hash || !HASH.test(hash)) throw new ApiError(404);
    const record = await findPublicCatalogById(deps.db, Number(id));
    if (!record || !record.file_sha256.trim().startsWith(hash) || record.file_name !== name) {
      throw new ApiError(404);
    }
    await sendStoredFile(
      req,
      res,
      {
        root,
        relativePath: record.file_path,
        fileName: record.file_name,
        mimeType: 'application/pdf',
        etag: `"${record.file_sha256.trim()}"`,
        cacheControl: ORIGINAL_CACHE_CONTROL,
        ...(deps.config.edgeTagHeader
          ? { tags: { header: deps.config.edgeTagHeader, value: recordTag('catalog', Number(id)) } }
          : {}),
      },
      deps.logger,
    );
  };
}
