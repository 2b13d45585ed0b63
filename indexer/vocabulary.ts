/**
 * The catalog's own vocabulary for compound splitting (indexer/text/german.ts): the words that stand alone
 * in product names (every language), product and media keywords, taxon names, synonyms and media names,
 * titles and alt texts, minus the words of manufacturer names (brands). One SQL query per full reindex or
 * sync round: the jobs run their work inside `withLexicon`, and the products and media definitions ask
 * `currentLexicon` for the lexicon of the job they run in, so a full reindex and the sync use the same
 * vocabulary and the same rules.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { buildLexicon, LEXICON, MIN_WORD_LENGTH, vocabularyWords, type Lexicon } from './text/german';

/**
 * Space-separated tokens of every text the vocabulary is read from (`brand` marks manufacturer names),
 * each once; `vocabularyWords` splits them further. `unnest(string_to_array())` rather than
 * `regexp_split_to_table` (3 times slower) or `string_to_table` (its row estimate made Postgres JIT-compile
 * the query for longer than it runs). Medium demo catalog (10k products, 25k media, 88k keywords): about
 * 0.3 s, 670 tokens.
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

/** Reads the vocabulary (one query). */
export async function loadVocabulary(db: Knex): Promise<Vocabulary> {
  const { rows } = await db.raw<{ rows: { brand: boolean; token: string }[] }>(VOCABULARY_SQL);
  return {
    words: vocabularyWords(rows.filter((r) => !r.brand).map((r) => r.token)),
    brands: vocabularyWords(rows.filter((r) => r.brand).map((r) => r.token)),
  };
}

export interface LexiconOptions {
  /** Include the curated base list `LEXICON` (default true; false measures what the catalog alone gives). */
  curated?: boolean;
}

/** The lexicon of the catalog's vocabulary plus the curated base list (one query). */
export async function loadLexicon(db: Knex, { curated = true }: LexiconOptions = {}): Promise<Lexicon> {
  const { words, brands } = await loadVocabulary(db);
  return buildLexicon({ words, brands, base: curated ? LEXICON : [] });
}

interface Scope {
  db: Knex;
  options: LexiconOptions;
  lexicon?: Promise<Lexicon>;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` with one lexicon for `db`: the first `currentLexicon(db)` inside it loads the vocabulary, every
 * later one gets the same lexicon (none loaded when no document is built). Nested calls for the same
 * database join the outer scope (a sync round that rebuilds an index), unless they pass options.
 */
export function withLexicon<T>(db: Knex, fn: () => Promise<T>, options?: LexiconOptions): Promise<T> {
  const outer = scopes.getStore();
  if (outer && outer.db === db && !options) return fn();
  return scopes.run({ db, options: options ?? {} }, fn);
}

/** The lexicon of the enclosing `withLexicon` for `db`; outside one, a freshly loaded lexicon. */
export function currentLexicon(db: Knex): Promise<Lexicon> {
  const scope = scopes.getStore();
  if (!scope || scope.db !== db) return loadLexicon(db);
  scope.lexicon ??= loadLexicon(db, scope.options);
  return scope.lexicon;
}
