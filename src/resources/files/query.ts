/**
 * The stored file behind a public file URL, looked up in Postgres at request time, so a change of
 * visibility (expiry, a deactivated folder, an inactive product) takes effect without any reindex.
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
}

/** Media: the full public rule, with `valid_until` checked against the database clock now. */
const PUBLIC_MEDIUM = `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
  SELECT m.file_path, m.file_sha256, m.file_name, m.mime_type
    FROM media m
   WHERE m.id = ? AND m.file_path IS NOT NULL AND m.file_sha256 IS NOT NULL
     AND ${mediaReleasedForWebsite('m')}
     AND (m.valid_until IS NULL OR m.valid_until > now())`;

/** Uploads have no release status of their own: they are public while their product is active. */
const PUBLIC_UPLOAD = `SELECT u.file_path, u.file_sha256, u.file_name, u.mime_type
    FROM product_uploads u JOIN products p ON p.id = u.product_id AND p.is_active
   WHERE u.id = ?`;

type Row = { file_path: string; file_sha256: string; file_name: string; mime_type: string };

/** The file of the public record `id` of `kind`, or null when there is none or it is not public now. */
export async function findPublicFile(db: Knex, kind: FileKind, id: number): Promise<StoredFileRecord | null> {
  const result = await db.raw<{ rows: Row[] }>(kind === 'media' ? PUBLIC_MEDIUM : PUBLIC_UPLOAD, [id]);
  const row = result.rows[0];
  if (!row) return null;
  return {
    path: row.file_path,
    // char(64): trimmed in case a shorter value was ever stored padded.
    sha256: row.file_sha256.trim(),
    fileName: row.file_name,
    mimeType: row.mime_type,
  };
}

/** A rendition file as serving needs it; `path` comes only from the database. */
export interface StoredRendition {
  path: string;
  mimeType: string;
}

/**
 * The rendition `format` (an ACTIVE format) of record `id` of `kind`, or null. Does not check visibility:
 * callers check the owner with `findPublicFile` first.
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
