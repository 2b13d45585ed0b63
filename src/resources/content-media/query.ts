/**
 * Postgres reads of the CMS media endpoints (docs/api/content-media.md): one CMS medium by id or source id,
 * the file behind preview and download, all with the CMS visibility rule of src/catalog/visibility.ts
 * (released for any channel, not trashed, in no folder or an active folder chain) and `valid_until` checked
 * against the request's clock. The columns and the row mapper are shared with the media index
 * (src/catalog/cms-media.ts), so the list and the detail show the same record. One query per call.
 */
import type { Knex } from 'knex';
import type { RenderFormat } from '../../catalog/rendition-formats';
import {
  CMS_MEDIUM_COLUMNS,
  CMS_MEDIUM_CTES,
  CMS_MEDIUM_FROM,
  cmsMediumFromRow,
} from '../../catalog/cms-media';
import { ACTIVE_FOLDERS_CTE, mediaReleasedForCms } from '../../catalog/visibility';
import type { CmsMediumRecord } from '../../catalog/records';
import type { MediumKey } from '../media/params';
import { mediumKeyCondition } from '../media/query';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The CMS rule at `now` (ms since epoch) for the medium `m`; binds one timestamp. */
const CMS_VISIBLE = `${mediaReleasedForCms('m')} AND (m.valid_until IS NULL OR m.valid_until > ?::timestamptz)`;

/**
 * The medium named by `key` as the CMS sees it at `now` (ms since epoch, the API's clock), or undefined
 * when it is unknown, not released for any channel, trashed, expired or in an inactive folder chain.
 */
export async function findCmsMedium(
  db: Knex,
  key: MediumKey,
  now: number,
): Promise<CmsMediumRecord | undefined> {
  const [where, value] = mediumKeyCondition(key);
  const { rows } = await db.raw<{ rows: Row[] }>(
    `WITH RECURSIVE ${CMS_MEDIUM_CTES}
     SELECT ${CMS_MEDIUM_COLUMNS} FROM ${CMS_MEDIUM_FROM}
      WHERE ${where} AND ${CMS_VISIBLE}`,
    [value, new Date(now).toISOString()],
  );
  return rows[0] ? cmsMediumFromRow(rows[0]) : undefined;
}

/** The original of a CMS-visible medium; `path` and `sha256` are null while the file is not taken over. */
export interface CmsFile {
  id: number;
  /** relative to MEDIA_ROOT, from the database only */
  path: string | null;
  sha256: string | null;
  fileName: string;
  mimeType: string;
}

/** A stored rendition and what it was made from (to tell whether it is current). */
export interface StoredRenditionRow {
  path: string;
  mimeType: string;
  sourceSha256: string;
  signature: string;
}

/** What the preview needs: the original, the ACTIVE format asked for, and its stored rendition if any. */
export interface PreviewSource extends CmsFile {
  /** null when no active format has this key */
  format: RenderFormat | null;
  rendition: StoredRenditionRow | null;
}

function fileFromRow(row: Row): CmsFile {
  return {
    id: Number(row.id),
    path: text(row.file_path),
    // char(64): trimmed in case a shorter value was ever stored padded.
    sha256: text(row.file_sha256)?.trim() ?? null,
    fileName: String(row.file_name),
    mimeType: String(row.mime_type),
  };
}

/** The original of the CMS-visible medium `key` at `now`, or undefined (not visible, unknown). */
export async function findCmsFile(db: Knex, key: MediumKey, now: number): Promise<CmsFile | undefined> {
  const [where, value] = mediumKeyCondition(key);
  const { rows } = await db.raw<{ rows: Row[] }>(
    `WITH RECURSIVE ${ACTIVE_FOLDERS_CTE}
     SELECT m.id, m.file_path, m.file_sha256, m.file_name, m.mime_type FROM media m
      WHERE ${where} AND ${CMS_VISIBLE}`,
    [value, new Date(now).toISOString()],
  );
  return rows[0] ? fileFromRow(rows[0]) : undefined;
}

/**
 * The original of the CMS-visible medium `key` at `now` with the active format `formatKey` and the stored
 * rendition of that format (whatever it was made from), or undefined when the medium is not visible.
 */
export async function findPreviewSource(
  db: Knex,
  key: MediumKey,
  formatKey: string,
  now: number,
): Promise<PreviewSource | undefined> {
  const [where, value] = mediumKeyCondition(key);
  const { rows } = await db.raw<{ rows: Row[] }>(
    `WITH RECURSIVE ${ACTIVE_FOLDERS_CTE}
     SELECT m.id, m.file_path, m.file_sha256, m.file_name, m.mime_type,
            fmt.key AS format_key, fmt.width, fmt.height, fmt.fit, fmt.quality,
            r.file_path AS rendition_path, r.mime_type AS rendition_mime_type,
            r.source_sha256, r.format_signature
       FROM media m
       LEFT JOIN image_formats fmt ON fmt.key = ? AND fmt.is_active
       LEFT JOIN renditions r ON r.media_id = m.id AND r.format_key = fmt.key
      WHERE ${where} AND ${CMS_VISIBLE}`,
    [formatKey, value, new Date(now).toISOString()],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...fileFromRow(row),
    format:
      row.format_key === null
        ? null
        : {
            key: String(row.format_key),
            width: row.width === null ? null : Number(row.width),
            height: row.height === null ? null : Number(row.height),
            fit: row.fit as RenderFormat['fit'],
            quality: row.quality === null ? null : Number(row.quality),
          },
    rendition:
      row.rendition_path === null
        ? null
        : {
            path: String(row.rendition_path),
            mimeType: String(row.rendition_mime_type),
            sourceSha256: String(row.source_sha256).trim(),
            signature: String(row.format_signature),
          },
  };
}
