/**
 * Postgres read of `GET /media/{media}`: one public asset by id or source id, with the whole visibility rule
 * of the spec applied in SQL (released for the website, not trashed, in no folder or a public folder, and
 * `valid_until` empty or later than the request's time). One query.
 */
import type { Knex } from 'knex';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';
import { renditionsJson } from '../../media/renditions';
import type { MediumRecord } from '../../catalog/records';
import { mediumFromRow } from '../../catalog/media-rows';
import type { MediumKey } from './params';

/** The WHERE condition on the medium `m` that `key` names, and its one binding. */
export const mediumKeyCondition = (key: MediumKey): [string, string | number] =>
  'id' in key ? ['m.id = ?', key.id] : ['m.source_id = ?', key.sourceId];

/**
 * The public medium named by `key` at the instant `now` (ms since epoch, the API's clock, the same one the
 * list filter and the product images use), or undefined when it is unknown or not public.
 */
export async function findPublicMedium(
  db: Knex,
  key: MediumKey,
  now: number,
): Promise<MediumRecord | undefined> {
  const [where, value] = mediumKeyCondition(key);
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
     SELECT m.id, m.name, m.file_name, m.mime_type, m.type, m.size, m.file_path, m.file_sha256, m.alt, m.title,
            m.caption, m.description, m.copyright, m.license, m.ki_status, m.valid_until, m.created_at,
            f.id AS folder_id, f.name AS folder_name, f.slug AS folder_slug,
            ${renditionsJson('media_id', 'm')} AS renditions
       FROM media m LEFT JOIN media_folders f ON f.id = m.folder_id
      WHERE ${where} AND ${mediaReleasedForWebsite('m')}
        AND (m.valid_until IS NULL OR m.valid_until > ?::timestamptz)`,
    [value, new Date(now).toISOString()],
  );
  return rows[0] ? mediumFromRow(rows[0]) : undefined;
}
