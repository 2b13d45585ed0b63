/**
 * Postgres reads of the CMS media endpoints (docs/api/content-media.md): one CMS medium by id or source id,
 * the file behind preview and download, all with the CMS visibility rule of src/catalog/visibility.ts
 * (released for any channel, not trashed, in no folder or an active folder chain) and `valid_until` checked
 * against the request's clock. The row mapper is shared with the media index (indexer/indexes/media.ts),
 * so the list and the detail show the same record. One query per call.
 */
import type { Knex } from 'knex';
import {
  ACTIVE_FOLDERS_CTE,
  mediaReleasedForCms,
  mediaReleasedForWebsite,
  PUBLIC_FOLDERS_CTE,
} from '../../catalog/visibility';
import { renditionsJson } from '../../media/renditions';
import type { CmsMediumRecord } from '../../search/documents';
import type { MediumKey } from '../media/params';
import { mediumFromRow } from '../products/query';

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

const keyCondition = (key: MediumKey): [string, string | number] =>
  'id' in key ? ['m.id = ?', key.id] : ['m.source_id = ?', key.sourceId];

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
  const [where, value] = keyCondition(key);
  const { rows } = await db.raw<{ rows: Row[] }>(
    `WITH RECURSIVE ${CMS_MEDIUM_CTES}
     SELECT ${CMS_MEDIUM_COLUMNS} FROM ${CMS_MEDIUM_FROM}
      WHERE ${where} AND ${CMS_VISIBLE}`,
    [value, new Date(now).toISOString()],
  );
  return rows[0] ? cmsMediumFromRow(rows[0]) : undefined;
}
