/**
 * The stored file behind a public file URL, looked up in Postgres at request time, so a change of
 * visibility (expiry, a deactivated folder, an inactive product) takes effect without any reindex. The
 * URL's own parts are compared first: a forged or stale URL costs one primary-key lookup, never the walk
 * over the folder tree that the visibility of a medium needs.
 */
import type { Knex } from 'knex';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';

/** The two sources of files: media-library assets and files uploaded directly on a product. */
export const FILE_KINDS = ['media', 'uploads'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** What serving a file needs; `path` is relative to MEDIA_ROOT and comes only from the database. */
export interface StoredFileRecord {
  path: string;
  sha256: string;
  fileName: string;
  mimeType: string;
  /** an upload's product (its file is public while the product is active); undefined for a medium */
  productId?: number;
}

/** What a URL says of an original: the first 32 hex of its SHA-256 and its exact file name. */
export interface FileMatch {
  hashPrefix: string;
  fileName: string;
}

/** Media: the full public rule, with `valid_until` checked against the database clock now. */
const MEDIUM_VISIBLE = `${mediaReleasedForWebsite('m')}
     AND (m.valid_until IS NULL OR m.valid_until > now())`;

/**
 * The public medium by id; with `match`, only when its hash prefix and file name are the URL's. The CASE
 * fixes the order (the planner may otherwise test the folder rule first): the recursive folder CTE is
 * only evaluated for a row whose hash and name match.
 */
const publicMedium = (match: boolean) => `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
  SELECT m.file_path, m.file_sha256, m.file_name, m.mime_type
    FROM media m
   WHERE m.id = ? AND m.file_path IS NOT NULL AND m.file_sha256 IS NOT NULL
     AND ${match ? `CASE WHEN left(m.file_sha256, 32) = ? AND m.file_name = ? THEN ${MEDIUM_VISIBLE} ELSE false END` : MEDIUM_VISIBLE}`;

/** Uploads have no release status of their own: they are public while their product is active. */
const publicUpload = (
  match: boolean,
) => `SELECT u.file_path, u.file_sha256, u.file_name, u.mime_type, u.product_id
    FROM product_uploads u JOIN products p ON p.id = u.product_id AND p.is_active
   WHERE u.id = ?${match ? ' AND left(u.file_sha256, 32) = ? AND u.file_name = ?' : ''}`;

type Row = {
  file_path: string;
  file_sha256: string;
  file_name: string;
  mime_type: string;
  product_id?: number;
};

/**
 * The file of the public record `id` of `kind`, or null when there is none or it is not public now; with
 * `match`, also null when the record's hash prefix or file name is not the given one (checked before the
 * visibility rule).
 */
export async function findPublicFile(
  db: Knex,
  kind: FileKind,
  id: number,
  match?: FileMatch,
): Promise<StoredFileRecord | null> {
  const sql = kind === 'media' ? publicMedium(match !== undefined) : publicUpload(match !== undefined);
  const bindings = match ? [id, match.hashPrefix, match.fileName] : [id];
  const result = await db.raw<{ rows: Row[] }>(sql, bindings);
  const row = result.rows[0];
  if (!row) return null;
  return {
    path: row.file_path,
    // char(64): trimmed in case a shorter value was ever stored padded.
    sha256: row.file_sha256.trim(),
    fileName: row.file_name,
    mimeType: row.mime_type,
    ...(row.product_id === undefined ? {} : { productId: row.product_id }),
  };
}

/** A rendition file as serving needs it; `path` comes only from the database. */
export interface StoredRendition {
  path: string;
  mimeType: string;
}

/**
 * The rendition `format` (an ACTIVE format) of record `id` of `kind`, or null. Does not check visibility:
 * callers check the owner with `findPublicFile` before they serve it.
 */
export async function findRendition(
  db: Knex,
  kind: FileKind,
  id: number,
  format: string,
): Promise<StoredRendition | null> {
  const row = (await db('renditions as r')
    .join('image_formats as f', function () {
      this.on('f.key', '=', 'r.format_key').andOn('f.is_active', '=', db.raw('true'));
    })
    .where(kind === 'media' ? 'r.media_id' : 'r.upload_id', id)
    .where('r.format_key', format)
    .first('r.file_path', 'r.mime_type')) as { file_path: string; mime_type: string } | undefined;
  return row ? { path: row.file_path, mimeType: row.mime_type } : null;
}
