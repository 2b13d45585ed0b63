/**
 * The media index: one document per released, untrashed asset (release status `released` or
 * `released_channels`). `public` marks those the public endpoints may show (website channel, public folder),
 * `cms` those the CMS endpoints may show (any channel, active folder chain, role restrictions ignored);
 * expiry (`valid_until_ts`) is filtered at request time. Drafts, assets in review, blocked and trashed ones
 * are never indexed. A folder change reaches the documents of its media and of its sub-folders' media
 * through the sync's fan-out (indexer/fanout.ts), so `public`, `cms` and `folder_path` follow it.
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import { mediaReleasedForCms } from '../../src/catalog/visibility';
import {
  CMS_MEDIUM_COLUMNS,
  CMS_MEDIUM_CTES,
  CMS_MEDIUM_FROM,
  cmsMediumFromRow,
} from '../../src/catalog/cms-media';
import type { MediumDocument } from '../../src/search/documents';
import { loadSynonyms } from '../synonyms';
import type { Lexicon } from '../../src/search/german/lexicon';
import { searchTerms } from '../../src/search/german/terms';
import { currentLexicon } from '../vocabulary';
import { MODIFIER_ATTRIBUTES } from './products';
import { tableSource } from './source';
import { mediumListForm } from '../../src/search/list-form';
import type { DocumentOptions, IndexDefinition } from './types';

type Row = Record<string, unknown>;

const INDEXED = `m.release_status IN ('released', 'released_channels') AND m.trashed_at IS NULL`;

const seconds = (value: unknown): number | null =>
  value instanceof Date ? Math.floor(value.getTime() / 1000) : null;

async function settings(db: Knex, documentCount: number): Promise<Settings> {
  return {
    // German terms (src/search/german/terms.ts): other spellings and compound heads right after what they
    // come from, compound modifiers last (the `attribute` ranking rule: a head match first).
    searchableAttributes: [
      'name',
      'name_terms',
      'name_heads',
      'file_name',
      'keywords',
      'keyword_terms',
      'title',
      'alt',
      ...MODIFIER_ATTRIBUTES,
    ],
    filterableAttributes: [
      'id',
      'public',
      'cms',
      'type',
      'mime_type',
      'folder_ids',
      // GET /media?folder=<slug>: the folder itself (resolved to its id), without sub-folders
      'folder.id',
      // GET /content/media?channel=: released unrestricted, or for that channel
      'release_status',
      'release_channels',
      'valid_until_ts',
    ],
    sortableAttributes: ['created_at_ts', 'id'],
    displayedAttributes: ['*'],
    // One typo from five letters, two only in long words, none in numbers (`2400` never finds `2800`) nor
    // in compound modifiers (products.ts).
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 12 },
      disableOnAttributes: MODIFIER_ATTRIBUTES,
      disableOnNumbers: true,
    },
    proximityPrecision: 'byAttribute',
    pagination: { maxTotalHits: Math.max(10_000, documentCount * 2) },
    synonyms: await loadSynonyms(db),
  };
}

/**
 * The documents of `ids` (indexed media only), their German terms split with `lexicon` (the media index passes
 * the lexicon of the running reindex or sync round, indexer/vocabulary.ts), with their stored list forms
 * when `options.listForms` names the base URLs (src/search/list-form.ts).
 */
export async function mediumDocuments(
  db: Knex,
  ids: readonly number[],
  lexicon: Lexicon,
  options: DocumentOptions = {},
): Promise<MediumDocument[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [media, folders] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE ${CMS_MEDIUM_CTES}
       SELECT ${CMS_MEDIUM_COLUMNS}, (${mediaReleasedForCms('m')}) AS cms
         FROM ${CMS_MEDIUM_FROM}
        WHERE m.id = ANY(?) AND ${INDEXED}`,
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
  const foldersOf = new Map<number, number[]>();
  for (const r of folders.rows)
    foldersOf.set(Number(r.media_id), [...(foldersOf.get(Number(r.media_id)) ?? []), Number(r.folder_id)]);
  return media.rows.map((row) => {
    const medium = cmsMediumFromRow(row);
    const nameTerms = searchTerms([medium.name, medium.title, medium.alt], lexicon);
    const keywordTerms = searchTerms(medium.keywords, lexicon);
    return {
      ...medium,
      name_terms: nameTerms.terms,
      name_heads: nameTerms.heads,
      name_modifiers: nameTerms.modifiers,
      keyword_terms: [...keywordTerms.terms, ...keywordTerms.heads],
      keyword_modifiers: keywordTerms.modifiers,
      cms: Boolean(row.cms),
      folder_ids: foldersOf.get(Number(row.id)) ?? [],
      valid_until_ts: seconds(row.valid_until),
      created_at_ts: seconds(row.created_at) ?? 0,
      ...(options.listForms ? mediumListForm(medium, options.listForms) : {}),
    };
  });
}

export const mediaIndex: IndexDefinition<MediumDocument> = {
  name: 'media',
  settings,
  ...tableSource('media as m', (q) => q.whereRaw(INDEXED), 'm.id'),
  documents: async (db, ids, options) => mediumDocuments(db, ids, await currentLexicon(db), options),
};
