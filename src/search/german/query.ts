/**
 * Query-side German for the search endpoints (docs/search.md): what the API sends to Meilisearch for a
 * shopper's `search` text.
 * - Umlauts: a word typed with `ae`/`oe`/`ue`/`ss` that the lexicon knows only with `ä`/`ö`/`ü`/`ß` is
 *   recognized and split with them (`Spuelmaschine` → `spül` + `maschine`); the text is sent as typed, as
 *   the indexer stores every word and part also in its `ae`/`oe`/`ue`/`ss` spelling.
 * - No false friends: Meilisearch matches the last query word as a prefix (`Kranz` → `Kranzange`, `Heck` →
 *   `Heckenschere`). When that word is a complete word the lexicon knows, the query gets a trailing space,
 *   which turns prefix matching off for it; its compound parts are indexed on their own (terms.ts), so real
 *   parts still match (`Heck` → `Heckanbaustreuer`). An unfinished word (`Mähw`) or an order number
 *   (`100.4`) keeps its prefix match.
 * - One-word compounds: a query of one word that splits (`Heckenscherenmesser`) and that the catalog never
 *   writes as a word of its own is searched as the lemmas of its parts instead, all required (`hecken
 *   schere messer`), to find `Messer für Heckenschere`. A compound the catalog does write (`Frontlader`) is
 *   searched as it is: its documents hold it as a word, and its parts elsewhere would mostly add noise
 *   (`Frontgewicht für Radlader`); the same holds for synonyms, which are catalog words and which
 *   Meilisearch applies to the query's own words only.
 * - Bounded work: only the text's `searchText` (src/search/request.ts: what Meilisearch uses, at most
 *   200 characters and 10 words) is rewritten and sent; the decompounder leaves words over 40 letters whole,
 *   and Meilisearch matches them exactly, as a one-word phrase (`exactLongWords`: its typo search is dear on
 *   long words).
 */
import { isKnownWord, normalizeSpelling, splitWord, umlautSpellings } from './decompound';
import { exactLongWords, searchText } from '../request';
import type { Lexicon } from './lexicon';

export interface GermanQuery {
  /** The query to send: the text as typed, with a trailing space when its last word is complete. */
  q: string;
  /**
   * For a one-word compound query the catalog never writes, the lemmas of its parts (every one required),
   * to send instead of `q`; else null.
   */
  parts: string | null;
}

const TOKEN = /[\p{L}\p{N}]+/gu;
const LETTERS = /^\p{L}+$/u;
/** Shorter words are left alone: a prefix of 1 or 2 letters is still being typed. */
const MIN_WORD = 3;

/**
 * `search` without Meilisearch's query operators: `"` (a phrase) becomes a space and a `-` in front of a
 * word (exclude the word) goes, so every word counts as a word that must occur (spec "Search semantics"):
 * `-Scheibenmähwerk` finds the disc mowers instead of everything else. A dash inside a word or an order
 * number (`E 11-0455`, `Pick-up`) stays.
 */
export function withoutOperators(search: string): string {
  return search.replace(/"/g, ' ').replace(/(^|\s)-+/g, '$1');
}

/**
 * The German rewrite of one `search` text (see the module comment), of its `searchText` only: what
 * Meilisearch would ignore is dropped before any word is looked at, so the work is bounded whatever the
 * input. Pure.
 */
export function germanQuery(typed: string, lexicon: Lexicon): GermanQuery {
  const search = withoutOperators(searchText(typed));
  // Each word as the lexicon knows it (umlauts restored where only that spelling is known). The text sent
  // keeps the shopper's own spelling: the indexer stores every word also in its `ae`/`oe`/`ue`/`ss` form.
  const words = (search.match(TOKEN) ?? []).map((token) => {
    const lower = token.toLowerCase();
    return LETTERS.test(lower) && lower.length >= MIN_WORD ? normalizeSpelling(lower, lexicon) : lower;
  });
  const last = words[words.length - 1];
  const endsInWord = last !== undefined && /[\p{L}\p{N}]$/u.test(search);
  const complete = endsInWord && last.length >= MIN_WORD && LETTERS.test(last) && isKnownWord(last, lexicon);
  let parts: string | null = null;
  if (words.length === 1 && last !== undefined && LETTERS.test(last) && !isCatalogWord(last, lexicon)) {
    const split = splitWord(last, lexicon);
    // `ß` as `ss`: Meilisearch 1.21 does not fold it, and the indexer stores both.
    if (split) parts = `${split.map((part) => transliterateSharpS(part.lemma)).join(' ')} `;
  }
  return { q: exactLongWords(complete ? `${search} ` : search), parts };
}

function transliterateSharpS(word: string): string {
  return word.replace(/ß/g, 'ss');
}

/** Whether the catalog writes `word` on its own, in this spelling or with its umlauts restored. */
function isCatalogWord(word: string, lexicon: Lexicon): boolean {
  return lexicon.catalogWords.has(word) || umlautSpellings(word).some((w) => lexicon.catalogWords.has(w));
}
