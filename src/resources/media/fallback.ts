/**
 * The public media list from Postgres, for when Meilisearch cannot answer (src/search/degraded.ts):
 * `/media` without `search`, with the same visibility (released for the website, not trashed, public
 * folder chain, not expired at the request's time), filters (`type`, `renderable`, `ids`, `folder`), order
 * (newest first, then id) and page as the index gives.
 */
import type { Knex } from 'knex';
import { mediumFromRow } from '../../catalog/media-rows';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';
import { renditionsJson } from '../../media/renditions';
import { findPublicFolderId } from '../media-folders/query';
import { RENDERABLE_MIME_TYPES, type MediaListParams } from './params';
import type { MediaPage } from './search';

/** True when `params` can be answered from Postgres exactly (no full-text search). */
export function mediaAnswerableFromPostgres(params: MediaListParams): boolean {
  return params.search === undefined;
}

/** SQL conditions on the medium `m` with their bindings, to be joined with AND. */
export interface Conditions {
  where: string[];
  bindings: Knex.RawBinding[];
}

/**
 * The conditions every media list shares on the medium `m`: `visibility` (a rule of
 * src/catalog/visibility.ts), not expired at `now` (ms since epoch), and the `type`, `renderable` and
 * `ids` filters, as `attributeFilters` (./search.ts) puts them to the index.
 */
export function mediaConditions(
  visibility: string,
  params: Pick<MediaListParams, 'type' | 'renderable' | 'ids'>,
  now: number,
): Conditions {
  const where = [visibility, '(m.valid_until IS NULL OR m.valid_until > ?::timestamptz)'];
  const bindings: Knex.RawBinding[] = [new Date(now).toISOString()];
  if (params.type) {
    where.push('m.type = ?');
    bindings.push(params.type);
  }
  if (params.renderable !== undefined) {
    where.push(params.renderable ? 'm.mime_type = ANY(?)' : 'NOT (m.mime_type = ANY(?))');
    bindings.push([...RENDERABLE_MIME_TYPES]);
  }
  if (params.ids) {
    where.push('m.id = ANY(?)');
    bindings.push(params.ids);
  }
  return { where, bindings };
}

/**
 * One page of the public media list at `now` (ms since epoch) from Postgres: at most three queries (the
 * folder, the page, the total). A folder slug that is not a public folder is ignored, as on the index path.
 */
export async function listMediaFromPostgres(
  db: Knex,
  params: MediaListParams,
  now: number,
): Promise<MediaPage> {
  const folderId = params.folder ? await findPublicFolderId(db, params.folder) : undefined;
  const { where, bindings } = mediaConditions(mediaReleasedForWebsite('m'), params, now);
  if (folderId !== undefined) {
    where.push('m.folder_id = ?'); // the folder itself, not its sub-folders (docs/api/media.md)
    bindings.push(folderId);
  }
  const condition = where.join(' AND ');
  const [page, count] = await Promise.all([
    db.raw<{ rows: Record<string, unknown>[] }>(
      `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
       SELECT m.id, m.name, m.file_name, m.mime_type, m.type, m.size, m.file_path, m.file_sha256, m.alt,
              m.title, m.caption, m.description, m.copyright, m.license, m.ki_status, m.valid_until,
              m.created_at, f.id AS folder_id, f.name AS folder_name, f.slug AS folder_slug,
              ${renditionsJson('media_id', 'm')} AS renditions
         FROM media m LEFT JOIN media_folders f ON f.id = m.folder_id
        WHERE ${condition}
        ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      [...bindings, params.perPage, (params.page - 1) * params.perPage],
    ),
    db.raw<{ rows: { n: string }[] }>(
      `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE} SELECT count(*) AS n FROM media m WHERE ${condition}`,
      bindings,
    ),
  ]);
  return { records: page.rows.map(mediumFromRow), total: Number(count.rows[0]?.n ?? 0) };
}
