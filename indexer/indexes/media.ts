/**
 * The media index: one document per released, untrashed asset (release status `released` or
 * `released_channels`). `public` marks those the public endpoints may show (website channel, public folder);
 * expiry (`valid_until_ts`) is filtered at request time. Drafts, assets in review, blocked and trashed ones
 * are never indexed.
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../src/catalog/visibility';
import { mediumFromRow } from '../../src/resources/products/query';
import { renditionsJson } from '../../src/media/renditions';
import type { MediumDocument } from '../../src/search/documents';
import { loadSynonyms } from '../synonyms';
import { tableSource } from './source';
import type { IndexDefinition } from './types';

type Row = Record<string, unknown>;

const INDEXED = `m.release_status IN ('released', 'released_channels') AND m.trashed_at IS NULL`;

const seconds = (value: unknown): number | null =>
  value instanceof Date ? Math.floor(value.getTime() / 1000) : null;

async function settings(db: Knex, documentCount: number): Promise<Settings> {
  return {
    searchableAttributes: ['name', 'file_name', 'keywords', 'title', 'alt'],
    filterableAttributes: [
      'id',
      'public',
      'type',
      'mime_type',
      'folder_ids',
      // GET /media?folder=<slug>: the folder itself (resolved to its id), without sub-folders
      'folder.id',
      'release_channels',
      'valid_until_ts',
    ],
    sortableAttributes: ['created_at_ts', 'id'],
    displayedAttributes: ['*'],
    proximityPrecision: 'byAttribute',
    pagination: { maxTotalHits: Math.max(10_000, documentCount * 2) },
    synonyms: await loadSynonyms(db),
  };
}

async function documents(db: Knex, ids: readonly number[]): Promise<MediumDocument[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [media, keywords, folders] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
       SELECT m.id, m.name, m.file_name, m.mime_type, m.type, m.size, m.file_path, m.file_sha256, m.alt, m.title,
              m.caption, m.description, m.copyright, m.license, m.ki_status, m.valid_until, m.created_at,
              m.release_status, m.release_channels, f.id AS folder_id, f.name AS folder_name, f.slug AS folder_slug,
              (${mediaReleasedForWebsite('m')}) AS public, ${renditionsJson('media_id', 'm')} AS renditions
         FROM media m LEFT JOIN media_folders f ON f.id = m.folder_id
        WHERE m.id = ANY(?) AND ${INDEXED}`,
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      'SELECT media_id, keyword FROM search_keywords WHERE media_id = ANY(?) ORDER BY media_id, position',
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE up(media_id, folder_id) AS (
         SELECT id, folder_id FROM media WHERE id = ANY(?) AND folder_id IS NOT NULL
         UNION
         SELECT up.media_id, f.parent_id FROM up JOIN media_folders f ON f.id = up.folder_id WHERE f.parent_id IS NOT NULL
       ) SELECT media_id, folder_id FROM up`,
      [list],
    ),
  ]);
  const keywordsOf = new Map<number, string[]>();
  for (const r of keywords.rows)
    keywordsOf.set(Number(r.media_id), [...(keywordsOf.get(Number(r.media_id)) ?? []), String(r.keyword)]);
  const foldersOf = new Map<number, number[]>();
  for (const r of folders.rows)
    foldersOf.set(Number(r.media_id), [...(foldersOf.get(Number(r.media_id)) ?? []), Number(r.folder_id)]);
  return media.rows.map((row) => ({
    ...mediumFromRow(row),
    public: Boolean(row.public),
    release_status: String(row.release_status),
    release_channels: (row.release_channels ?? []) as string[],
    keywords: keywordsOf.get(Number(row.id)) ?? [],
    folder_ids: foldersOf.get(Number(row.id)) ?? [],
    valid_until_ts: seconds(row.valid_until),
    created_at_ts: seconds(row.created_at) ?? 0,
  }));
}

export const mediaIndex: IndexDefinition<MediumDocument> = {
  name: 'media',
  settings,
  ...tableSource('media as m', (q) => q.whereRaw(INDEXED), 'm.id'),
  documents,
};
