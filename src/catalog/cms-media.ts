/**
 * The CMS medium record (`CmsMediumRecord`) as Postgres gives it, shared by the CMS endpoints
 * (src/resources/content-media/query.ts) and the media index (indexer/indexes/media.ts), so the list and
 * the detail show the same record: the columns, their FROM part and CTEs, and the row mapper.
 */
import { renditionsJson } from '../media/renditions';
import { mediumFromRow } from './media-rows';
import type { CmsMediumRecord } from './records';
import { ACTIVE_FOLDERS_CTE, mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from './visibility';

type Row = Record<string, unknown>;

/** The CTEs the CMS columns need: `WITH RECURSIVE ${CMS_MEDIUM_CTES} SELECT ${CMS_MEDIUM_COLUMNS} ...`. */
export const CMS_MEDIUM_CTES = `${PUBLIC_FOLDERS_CTE}, ${ACTIVE_FOLDERS_CTE}`;

/** FROM part for CMS_MEDIUM_COLUMNS: the medium `m`, its folder `f` and that folder's active path `af`. */
export const CMS_MEDIUM_FROM = `media m LEFT JOIN media_folders f ON f.id = m.folder_id
  LEFT JOIN active_media_folders af ON af.id = m.folder_id`;

/** Columns `cmsMediumFromRow` reads (named, no `m.*`). */
export const CMS_MEDIUM_COLUMNS = `m.id, m.name, m.file_name, m.mime_type, m.type, m.size, m.file_path,
  m.file_sha256, m.alt, m.title, m.caption, m.description, m.copyright, m.license, m.ki_status,
  m.valid_until, m.created_at, m.source_id, m.release_status, m.release_channels,
  f.id AS folder_id, f.name AS folder_name, f.slug AS folder_slug, af.path AS folder_path,
  (${mediaReleasedForWebsite('m')}) AS public,
  ${renditionsJson('media_id', 'm')} AS renditions,
  (SELECT coalesce(array_agg(k.keyword ORDER BY k.position, k.id), '{}') FROM search_keywords k
    WHERE k.media_id = m.id) AS keywords`;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A row of CMS_MEDIUM_COLUMNS as a CmsMediumRecord. */
export function cmsMediumFromRow(row: Row): CmsMediumRecord {
  return {
    ...mediumFromRow(row),
    public: Boolean(row.public),
    source_id: text(row.source_id),
    release_status: String(row.release_status),
    release_channels: ((row.release_channels ?? []) as unknown[]).map(String),
    keywords: ((row.keywords ?? []) as unknown[]).map(String),
    folder_path: text(row.folder_path),
  };
}
