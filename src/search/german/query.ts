/**
 * Query-side German for the search endpoints (issue 12): what the API sends to Meilisearch for a shopper's
 * `search` text.
 * - Umlauts: a word typed with `ae`/`oe`/`ue`/`ss` that the lexicon knows only with `ä`/`ö`/`ü`/`ß` is sent
 *   with them (`Blaeser` → `bläser`, `Spuelmaschine` → `spülmaschine`), so it meets the parts the indexer
 *   split with umlauts.
 * - No false friends: Meilisearch matches the last query word as a prefix (`Kranz` → `Kranzange`, `Heck` →
 *   `Heckenschere`). When that word is a complete word the lexicon knows, the query gets a trailing space,
 *   which turns prefix matching off for it; its compound parts are indexed on their own (terms.ts), so real
 *   parts still match (`Heck` → `Heckanbaustreuer`). An unfinished word (`Mähw`) or an order number
 *   (`100.4`) keeps its prefix match.
 * - One-word compounds: a query of one word that splits (`Heckenscherenmesser`) is also searched as the
 *   lemmas of its parts, all required (`hecke schere messer`), to find `Messer für Heckenschere`.
 */
import { normalizeSpelling, isKnownWord, splitWord } from './decompound';
import type { Lexicon } from './lexicon';

export interface GermanQuery {
  /** The query to send: known umlaut spellings restored; a trailing space when the last word is complete. */
  q: string;
  /** For a one-word compound query, the lemmas of its parts (every one required); else null. */
  parts: string | null;
}

const TOKEN = /[\p{L}\p{N}]+/gu;
const LETTERS = /^\p{L}+$/u;
/** Shorter words are left alone: a prefix of 1 or 2 letters is still being typed. */
const MIN_WORD = 3;

/** The German rewrite of one `search` text (see the module comment). Pure. */
export function germanQuery(search: string, lexicon: Lexicon): GermanQuery {
  const words: string[] = [];
  const q = search.replace(TOKEN, (token) => {
    const lower = token.toLowerCase();
    if (!LETTERS.test(lower) || lower.length < MIN_WORD) {
      words.push(lower);
      return token;
    }
    const spelled = normalizeSpelling(lower, lexicon);
    words.push(spelled);
    return spelled === lower ? token : spelled;
  });
  const last = words[words.length - 1];
  const endsInWord = last !== undefined && new RegExp(`[\\p{L}\\p{N}]$`, 'u').test(q);
  const complete = endsInWord && last.length >= MIN_WORD && LETTERS.test(last) && isKnownWord(last, lexicon);
  let parts: string | null = null;
  if (words.length === 1 && last !== undefined && LETTERS.test(last)) {
    const split = splitWord(last, lexicon);
    if (split) parts = `${split.map((part) => part.lemma).join(' ')} `;
  }
  return { q: complete ? `${q} ` : q, parts };
}
