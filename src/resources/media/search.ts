/**
 * `GET /media` answered by the media index (Meilisearch): visibility, filters, search, order and page.
 *
 * Every query is limited to `public = true` (released for the website, not trashed, in no folder or a
 * public folder: decided by the indexer) AND not expired at the request's time (`valid_until_ts`, Unix
 * seconds, explicitly null when empty), so an asset disappears the moment it expires, without a reindex.
 * Client values reach the filter only as whitelisted constants, resolved ids or quoted strings
 * (src/search/request.ts).
 */
import type { Knex } from 'knex';
import type { MediumRecord } from '../../catalog/records';
import type { RouteDeps } from '../../deps';
import { allOf, anyOf, eq } from '../../search/request';
import { cachedFolderId } from '../filter-lookups';
import { findPublicFolderId } from '../media-folders/query';
import { searchIndex, type ListPage, type SearchDeps } from '../searchable-list';
import { RENDERABLE_MIME_TYPES, type MediaListParams } from './params';

/** Fields of a document that make the medium record (search and filter helpers are not fetched). */
export const MEDIUM_RECORD_FIELDS: (keyof MediumRecord)[] = [
  'id',
  'name',
  'file_name',
  'mime_type',
  'type',
  'size',
  'file_path',
  'file_sha256',
  'alt',
  'title',
  'caption',
  'description',
  'copyright',
  'license',
  'ki_status',
  'folder',
  'valid_until',
  'created_at',
  'source',
  'renditions',
];

/** Not expired at `now` (ms since epoch): `valid_until_ts` empty or later. */
export function notExpiredAt(now: number): string {
  // `now` is our own number, not input; seconds with a fraction compare exactly with whole-second stamps.
  const seconds = now / 1000;
  if (!Number.isFinite(seconds)) throw new Error(`not a time: ${now}`);
  return `valid_until_ts IS NULL OR valid_until_ts > ${seconds}`;
}

/** The visibility part of every `/media` filter at `now` (ms since epoch). */
export function visibleAt(now: number): string[] {
  return [eq('public', true), notExpiredAt(now)];
}

/** The filters of `type`, `renderable` and `ids` (shared by `/media` and `/content/media`). */
export function attributeFilters(params: Pick<MediaListParams, 'type' | 'renderable' | 'ids'>): string[] {
  const renderable = anyOf('mime_type', RENDERABLE_MIME_TYPES);
  return [
    ...(params.type ? [eq('type', params.type)] : []),
    ...(params.renderable === true ? [renderable] : []),
    ...(params.renderable === false ? [`NOT (${renderable})`] : []),
    ...(params.ids ? [anyOf('id', params.ids)] : []),
  ];
}

export type MediaPage = ListPage<MediumRecord>;

/**
 * One page of the public media list at `now`, its hits with the attributes `fields` (default: the
 * record's). A `folder` slug that is not a public folder is an invalid filter value and is ignored. Throws
 * what the Meilisearch client throws (the app maps it to 503).
 */
export async function searchMedia(
  deps: SearchDeps,
  params: MediaListParams,
  now: number,
  fields: readonly string[] = MEDIUM_RECORD_FIELDS,
): Promise<MediaPage> {
  const folderId = params.folder
    ? await cachedFolderId(deps, 'public-folder', params.folder, findPublicFolderId)
    : undefined;
  const filter = allOf([
    ...visibleAt(now),
    ...attributeFilters(params),
    // The folder itself, not its sub-folders (docs/api/media.md).
    ...(folderId !== undefined ? [eq('folder.id', folderId)] : []),
  ]);
  const result = await searchIndex<MediumRecord & Record<string, unknown>>(deps, 'media', params, {
    filter,
    // Newest first by instant (created_at_ts), id breaking ties; a search is ordered by relevance.
    sort: ['created_at_ts:desc', 'id:desc'],
    fields,
  });
  return { records: result.hits, total: result.total };
}

/** The earliest `valid_until` after `now` (ms since epoch) of any medium, or undefined. One query. */
export async function nextMediaExpiry(db: Knex, now: number): Promise<number | undefined> {
  const row = await db('media')
    .min<{ next: Date | null }>('valid_until as next')
    .where('valid_until', '>', new Date(now))
    .first();
  return row?.next ? new Date(row.next).getTime() : undefined;
}

/**
 * When a cached page of a media list ends (`cachedUntil` of src/resources/searchable-list.ts): at the first
 * instant any medium expires, since one in the page disappears from it and one elsewhere shifts the pages
 * and the total. That instant is itself cached per media generation.
 */
export async function mediaListExpiry(deps: RouteDeps, now: number): Promise<number | undefined> {
  const next = await deps.resultCache.get(
    'media',
    'next-expiry',
    async () => {
      const at = await nextMediaExpiry(deps.db, now);
      return { value: at ?? null, size: 64, ...(at === undefined ? {} : { expiresAt: at }) };
    },
    now,
  );
  return next ?? undefined;
}
