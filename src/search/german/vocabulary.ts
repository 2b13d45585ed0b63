/**
 * The catalog's own vocabulary for compound splitting (lexicon.ts): the words that stand alone in product
 * names (every language), product and media keywords, taxon names, synonyms and media names, titles and alt
 * texts, minus the words of manufacturer names (brands). Read by the indexer once per full reindex or sync
 * round (indexer/vocabulary.ts) and by the API for its query-side splitting (query.ts `lexiconProvider`).
 */
import type { Knex } from 'knex';
import { buildLexicon, LEXICON, MIN_WORD_LENGTH, vocabularyWords, type Lexicon } from './lexicon';

/**
 * Space-separated tokens of every text the vocabulary is read from (`brand` marks manufacturer names),
 * each once; `vocabularyWords` splits them further. `unnest(string_to_array())` rather than
 * `regexp_split_to_table` (several times slower) or `string_to_table` (its row estimate made Postgres
 * JIT-compile the query for longer than it runs); on the medium demo catalog it takes a fraction of a second.
 */
export const VOCABULARY_SQL = `
  SELECT DISTINCT w.brand, w.token FROM (
    SELECT false AS brand, token FROM (
      SELECT n.value AS text FROM products p CROSS JOIN LATERAL jsonb_each_text(p.names) n
      UNION ALL SELECT DISTINCT keyword FROM search_keywords
      UNION ALL SELECT name FROM taxons
      UNION ALL SELECT input FROM synonyms
      UNION ALL SELECT unnest(terms) FROM synonyms
      UNION ALL SELECT unnest(ARRAY[name, title, alt]) FROM media
    ) t CROSS JOIN LATERAL unnest(string_to_array(t.text, ' ')) token
    UNION ALL
    SELECT true, token FROM manufacturers
      CROSS JOIN LATERAL unnest(string_to_array(concat_ws(' ', short_name, replace(slug, '-', ' ')), ' ')) token
  ) w
  WHERE length(w.token) >= ${MIN_WORD_LENGTH}`;

export interface Vocabulary {
  /** Catalog words that stand alone (see `vocabularyWords`), brands not taken out yet. */
  words: Set<string>;
  /** Words of manufacturers' short names and slugs. */
  brands: Set<string>;
}

/** Reads the vocabulary (one query; `timeoutMs` cancels it on the server, then it throws). */
export async function loadVocabulary(db: Knex, timeoutMs?: number): Promise<Vocabulary> {
  const query = db.raw<{ rows: { brand: boolean; token: string }[] }>(VOCABULARY_SQL);
  const { rows } = await (timeoutMs === undefined ? query : query.timeout(timeoutMs, { cancel: true }));
  return {
    words: vocabularyWords(rows.filter((r) => !r.brand).map((r) => r.token)),
    brands: vocabularyWords(rows.filter((r) => r.brand).map((r) => r.token)),
  };
}

export interface LexiconOptions {
  /** Include the curated domain words `LEXICON` (default true; false measures dictionary + catalog). */
  curated?: boolean;
  /** Deadline of the vocabulary query, ms (default none: the indexer waits). */
  timeoutMs?: number;
}

/** The lexicon of the dictionary, the catalog's vocabulary and the curated words (one query). */
export async function loadLexicon(
  db: Knex,
  { curated = true, timeoutMs }: LexiconOptions = {},
): Promise<Lexicon> {
  const { words, brands } = await loadVocabulary(db, timeoutMs);
  return buildLexicon({ words, brands, base: curated ? LEXICON : [] });
}
