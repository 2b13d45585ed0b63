/**
 * The articles index: one document per ACTIVE article (end of life does not matter: spare parts of
 * discontinued machines stay findable). Search is the spec's simpler one: partial match in the order number
 * or the German name, no synonyms. Meilisearch matches words and word prefixes only, so the indexer stores
 * every suffix (3 characters and more) of the compacted order number and of each word of the German name:
 * a prefix search on the suffixes is a substring search (`0455` finds `E 11-0455`, `messer` the
 * Schneidmesser and the Garnmesser, `kett` the Rollenkette), as the original's SQL `LIKE` was. No typos.
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import { loadArticleRecords } from '../../src/catalog/products';
import type { ArticleDocument } from '../../src/search/documents';
import { compactOrdernumber } from '../../src/catalog/ordernumbers';
import { tableSource } from './source';
import { articleListForm } from '../../src/search/list-form';
import type { DocumentOptions, IndexDefinition } from './types';

const MIN_PART = 3;

/**
 * The proper suffixes of `text` of at least 3 characters, longest first (`kette` → `ette`, `tte`). By
 * code point: a suffix never starts inside a surrogate pair.
 */
function suffixes(text: string): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 1; chars.length - i >= MIN_PART; i++) out.push(chars.slice(i).join(''));
  return out;
}

/** The compacted order number and its suffixes of at least 3 characters, longest first. */
export function ordernumberParts(ordernumber: string): string[] {
  const compact = compactOrdernumber(ordernumber);
  return compact ? [compact, ...suffixes(compact)] : [];
}

/** Letters and digits: the words of a name (`Pick-up-Zinke` has three). */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The suffixes (3 characters and more, the whole word excluded: `name_de` has it) of each word of `name`,
 * lowercase and without repeats: `Rollenkette` → `ollenkette`, `llenkette`, ..., `kette`, `ette`, `tte`.
 */
export function nameParts(name: string): string[] {
  return [...new Set([...name.toLowerCase().matchAll(WORD)].flatMap(([word]) => suffixes(word)))];
}

async function settings(_db: Knex, documentCount: number): Promise<Settings> {
  return {
    searchableAttributes: ['ordernumber', 'ordernumber_parts', 'name_de', 'name_parts'],
    filterableAttributes: ['id', 'type'],
    sortableAttributes: ['ordernumber', 'id'],
    displayedAttributes: ['*'],
    // Partial match as the original's SQL LIKE: no typo tolerance at all.
    typoTolerance: { enabled: false },
    proximityPrecision: 'byAttribute',
    pagination: { maxTotalHits: Math.max(10_000, documentCount * 2) },
    synonyms: {},
  };
}

async function documents(
  db: Knex,
  ids: readonly number[],
  options: DocumentOptions = {},
): Promise<ArticleDocument[]> {
  const records = await loadArticleRecords(db, ids);
  return records.map((record) => ({
    ...record,
    ordernumber_parts: ordernumberParts(record.ordernumber),
    name_de: record.names.de ?? '',
    name_parts: nameParts(record.names.de ?? ''),
    // The form holds no URL: written whenever the others are, so that all indexes follow one switch.
    ...(options.listForms ? articleListForm(record) : {}),
  }));
}

export const articlesIndex: IndexDefinition<ArticleDocument> = {
  name: 'articles',
  settings,
  ...tableSource('articles', (q) => q.where('is_active', true)),
  documents,
};
