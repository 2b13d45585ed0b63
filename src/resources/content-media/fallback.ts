/**
 * The CMS media list from Postgres, for when Meilisearch cannot answer (src/search/degraded.ts):
 * `/content/media` without `search`, with the same CMS rule (released for any channel, not trashed, in no
 * folder or an active folder chain, not expired at the request's time), filters (`type`, `renderable`,
 * `ids`, `folder` with its sub-folders, `channel`), order (newest first, then id) and page as the index
 * gives (./search.ts).
 */
import type { Knex } from 'knex';
import {
  CMS_MEDIUM_COLUMNS,
  CMS_MEDIUM_CTES,
  CMS_MEDIUM_FROM,
  cmsMediumFromRow,
} from '../../catalog/cms-media';
import { mediaReleasedForCms } from '../../catalog/visibility';
import { findActiveFolderId } from '../media-folders/query';
import { mediaConditions } from '../media/fallback';
import type { ContentMediaListParams } from './params';
import type { CmsMediaPage } from './search';

/**
 * One page of the CMS media list at `now` (ms since epoch) from Postgres: at most three queries (the
 * folder, the page, the total). A folder slug that names no active folder is ignored, as on the index path.
 */
export async function listCmsMediaFromPostgres(
  db: Knex,
  params: ContentMediaListParams,
  now: number,
): Promise<CmsMediaPage> {
  const folderId = params.folder ? await findActiveFolderId(db, params.folder) : undefined;
  const { where, bindings } = mediaConditions(mediaReleasedForCms('m'), params, now);
  let subtree = '';
  if (folderId !== undefined) {
    // The folder and its sub-folders (the index's `folder_ids` holds every ancestor of an asset's folder).
    subtree = `, folder_subtree(id) AS (
        SELECT ?::bigint UNION ALL SELECT c.id FROM media_folders c JOIN folder_subtree s ON c.parent_id = s.id)`;
    where.push('m.folder_id IN (SELECT id FROM folder_subtree)');
  }
  if (params.channel) {
    where.push(
      "(m.release_status = 'released' OR EXISTS (SELECT 1 FROM unnest(m.release_channels) c WHERE lower(c) = ?))",
    );
    bindings.push(params.channel);
  }
  const condition = where.join(' AND ');
  const ctes = `WITH RECURSIVE ${CMS_MEDIUM_CTES}${subtree}`;
  const all = folderId === undefined ? bindings : [folderId, ...bindings];
  const [page, count] = await Promise.all([
    db.raw<{ rows: Record<string, unknown>[] }>(
      `${ctes} SELECT ${CMS_MEDIUM_COLUMNS} FROM ${CMS_MEDIUM_FROM}
        WHERE ${condition}
        ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      [...all, params.perPage, (params.page - 1) * params.perPage],
    ),
    db.raw<{ rows: { n: string }[] }>(`${ctes} SELECT count(*) AS n FROM media m WHERE ${condition}`, all),
  ]);
  return { records: page.rows.map(cmsMediumFromRow), total: Number(count.rows[0]?.n ?? 0) };
}
