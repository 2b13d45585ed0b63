/**
 * `GET /content/media` answered by the media index (Meilisearch), as `/media` is, with the CMS rule.
 *
 * Every query is limited to `cms = true` (released for any channel, not trashed, in no folder or an active
 * folder chain: decided by the indexer) AND not expired at the request's time. Client values reach the
 * filter only as whitelisted constants, resolved ids or quoted strings (src/search/request.ts).
 */
import type { CmsMediumRecord } from '../../catalog/records';
import { allOf, eq } from '../../search/request';
import { cachedFolderId } from '../filter-lookups';
import { findActiveFolderId } from '../media-folders/query';
import { attributeFilters, MEDIUM_RECORD_FIELDS, notExpiredAt } from '../media/search';
import { searchIndex, type ListPage, type SearchDeps } from '../searchable-list';
import type { ContentMediaListParams } from './params';

/** Fields of a document that make the CMS record (filter helpers are not fetched). */
export const CMS_MEDIUM_RECORD_FIELDS: (keyof CmsMediumRecord)[] = [
  ...MEDIUM_RECORD_FIELDS,
  'public',
  'source_id',
  'release_status',
  'release_channels',
  'keywords',
  'folder_path',
];

export type CmsMediaPage = ListPage<CmsMediumRecord>;

/**
 * One page of the CMS media list at `now` (ms since epoch). `folder` is the slug of an active folder and
 * takes its sub-folders too; a slug that names no active folder is ignored. `channel` keeps media released
 * unrestricted or for that channel. The hits hold the attributes `fields` (default: the record's). Throws
 * what the Meilisearch client throws (the app maps it to 503).
 */
export async function searchCmsMedia(
  deps: SearchDeps,
  params: ContentMediaListParams,
  now: number,
  fields: readonly string[] = CMS_MEDIUM_RECORD_FIELDS,
): Promise<CmsMediaPage> {
  const folderId = params.folder
    ? await cachedFolderId(deps, 'active-folder', params.folder, findActiveFolderId)
    : undefined;
  const filter = allOf([
    eq('cms', true),
    notExpiredAt(now),
    ...attributeFilters(params),
    // `folder_ids` holds the asset's folder and every ancestor: the folder with all its sub-folders.
    ...(folderId !== undefined ? [eq('folder_ids', folderId)] : []),
    ...(params.channel
      ? [`${eq('release_status', 'released')} OR ${eq('release_channels', params.channel)}`]
      : []),
  ]);
  const result = await searchIndex<CmsMediumRecord & Record<string, unknown>>(deps, 'media', params, {
    filter,
    sort: ['created_at_ts:desc', 'id:desc'],
    fields,
  });
  return { records: result.hits, total: result.total };
}
