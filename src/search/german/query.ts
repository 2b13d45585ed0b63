/**
 * The query side of German search (docs/search.md): what the API sends to Meilisearch for a shopper's
 * `search` text (`germanQuery`), the search that sends it (`germanSearch`), and the lexicon it splits
 * with (`lexiconProvider`).
 *
 * The rewrite:
 * - Umlauts: a word typed with `ae`/`oe`/`ue`/`ss` that the lexicon knows only with `ä`/`ö`/`ü`/`ß` is
 *   recognized and split with them (`Spuelmaschine` → `spül` + `maschine`); the text is sent as typed, as
 *   the indexer stores every word and part also in its `ae`/`oe`/`ue`/`ss` spelling.
 * - No false friends: Meilisearch matches the last query word as a prefix (`Kranz` → `Kranzange`, `Heck` →
 *   `Heckenschere`). When that word is a complete word the lexicon knows, the query gets a trailing space,
 *   which turns prefix matching off for it; its compound parts are indexed on their own (terms.ts), so real
 *   parts still match (`Heck` → `Heckanbaustreuer`). An unfinished word (`Mähw`) or an order number
 *   (`100.4`) keeps its prefix match.
 * - One-word compounds: a query of one word that splits (`Heckenscherenmesser`) and that the catalog never
 *   writes as a word of its own is also searched as the lemmas of its parts, all required (`hecken schere
 *   messer`), to find `Messer für Heckenschere`, when the word as typed finds nothing. A compound the
 *   catalog does write (`Frontlader`) is only searched as it is: its documents hold it as a word, and its
 *   parts elsewhere would mostly add noise (`Frontgewicht für Radlader`); the same holds for synonyms, which
 *   are catalog words and which Meilisearch applies to the query's own words only.
 * - Typos: a word one edit from a whole word of the dictionary or the catalog (`Verteiller`) is taken as
 *   complete and never split into odd parts (`Thermostatt` is no `thermo statt`).
 * - Bounded work: only the text's `searchText` (src/search/request.ts: what Meilisearch uses, at most
 *   200 characters and 10 words) is rewritten and sent; the decompounder leaves words over 40 letters whole,
 *   and Meilisearch matches them exactly, as a one-word phrase (`exactLongWords`: its typo search is dear on
 *   long words).
 *
 * The search (`germanSearch`, for the lists with `search`: products, media and CMS media): one search of the
 * text as typed; for a one-word compound the catalog never writes, its parts follow as a second search when
 * the first finds nothing.
 *
 * The lexicon (`lexiconProvider`): the dictionary and curated words, plus the catalog's vocabulary read
 * from Postgres (vocabulary.ts), so queries split as the indexer splits documents. The vocabulary is read
 * on first use and again when older than `refreshMs`; a search never waits for a refresh (the previous
 * lexicon serves meanwhile). A read that fails or passes its deadline degrades to the dictionary and
 * curated words alone for `retryMs`, and is logged; searches go on.
 */
import type { Knex } from 'knex';
import type { Meilisearch, SearchResponse } from 'meilisearch';
import { directSearchOf } from '../http-client';
import { exactLongWords, searchText, totalHits } from '../request';
import { storedFormsInit } from '../stored-forms';
import { isKnownWord, MAX_SPLIT_LENGTH, normalizeSpelling, splitWord, umlautSpellings } from './decompound';
import { buildLexicon, type Lexicon } from './lexicon';
import { loadLexicon } from './vocabulary';

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
  // A typo of a whole word (`Verteiller`) is no unfinished word, and no compound of odd parts (`thermo` +
  // `statt` for `Thermostatt`): matched as a prefix, it would rank compounds that begin with the word
  // (`Verteilerkasten`) before those whose head it is.
  const lettersOnly = last !== undefined && LETTERS.test(last);
  const typo = lettersOnly && isTypoOfWord(last, lexicon);
  const complete =
    endsInWord && lettersOnly && last.length >= MIN_WORD && (typo || isKnownWord(last, lexicon));
  let parts: string | null = null;
  if (words.length === 1 && lettersOnly && !typo && !isCatalogWord(last, lexicon)) {
    const split = splitWord(last, lexicon);
    // `ß` as `ss`: Meilisearch 1.21 does not fold it, and the indexer stores both.
    if (split) parts = `${split.map((part) => transliterateSharpS(part.lemma)).join(' ')} `;
  }
  return { q: exactLongWords(complete ? `${search} ` : search), parts };
}

/** Shortest word taken for a typo: Meilisearch allows no typo in shorter ones either. */
const MIN_TYPO_WORD = 5;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzäöüß';

/** Whether the dictionary or the catalog has `word` as a word of its own (not only as parts). */
function isWholeWord(word: string, lexicon: Lexicon): boolean {
  return (
    lexicon.catalogWords.has(word) ||
    lexicon.brands.has(word) ||
    Boolean(lexicon.dictionary?.words.has(word) || lexicon.dictionary?.heads.has(word))
  );
}

/**
 * Whether `word` (lowercase letters) is no whole word of the dictionary or the catalog but one edit away
 * from one: a letter left out, doubled or another, or two letters swapped (`verteiller`, `thermostatt`),
 * anywhere but at the end.
 * Tries each edit at each position (about 60 lookups per letter, words up to `MAX_SPLIT_LENGTH`): linear in
 * the word's length.
 */
export function isTypoOfWord(word: string, lexicon: Lexicon): boolean {
  const n = word.length;
  if (n < MIN_TYPO_WORD || n > MAX_SPLIT_LENGTH || isWholeWord(word, lexicon)) return false;
  // No edit at the end: a letter more or less there is a word still being typed (`Verteilerk`, `Rohrzang`).
  for (let i = 0; i < n - 1; i += 1) {
    const before = word.slice(0, i);
    const after = word.slice(i + 1);
    if (isWholeWord(before + after, lexicon)) return true;
    if (isWholeWord(before + word[i + 1]! + word[i]! + word.slice(i + 2), lexicon)) return true;
    for (const letter of ALPHABET) {
      if (letter !== word[i] && isWholeWord(before + letter + after, lexicon)) return true;
      if (isWholeWord(before + letter + word.slice(i), lexicon)) return true;
    }
  }
  return false;
}

function transliterateSharpS(word: string): string {
  return word.replace(/ß/g, 'ss');
}

/** Whether the catalog writes `word` on its own, in this spelling or with its umlauts restored. */
function isCatalogWord(word: string, lexicon: Lexicon): boolean {
  return lexicon.catalogWords.has(word) || umlautSpellings(word).some((w) => lexicon.catalogWords.has(w));
}

export interface GermanSearchOptions {
  filter: string[] | string | undefined;
  page: number;
  hitsPerPage: number;
  sort?: string[];
  attributesToRetrieve: readonly string[];
  facets?: string[];
  /**
   * the retrieved attributes that hold stored list forms: the API's client gives them as Buffers
   * (src/search/stored-forms.ts), another client as the base64 text Meilisearch holds
   */
  storedForms?: readonly string[];
}

export interface GermanSearchResult<T> {
  hits: T[];
  /** exhaustive match count (Meilisearch's `totalHits`) */
  total: number;
  facetDistribution: Record<string, Record<string, number>> | undefined;
}

/**
 * Searches index `uid` for `search` (empty: the plain list; else its `searchText`, rewritten by
 * `germanQuery`) with `lexicon`, `matchingStrategy: 'all'`.
 * Throws what the Meilisearch client throws (the app maps it to 503).
 */
export async function germanSearch<T extends Record<string, unknown>>(
  meili: Meilisearch,
  uid: string,
  search: string | undefined,
  lexicon: Lexicon,
  options: GermanSearchOptions,
): Promise<GermanSearchResult<T>> {
  const query = search ? germanQuery(search, lexicon) : { q: '', parts: null };
  const params = {
    filter: options.filter,
    matchingStrategy: 'all' as const,
    // The client's type asks for a mutable array; it only serializes it.
    attributesToRetrieve: options.attributesToRetrieve as string[],
    page: options.page,
    hitsPerPage: options.hitsPerPage,
    sort: options.sort,
    facets: options.facets,
  };
  // The API's own client searches the direct way (src/search/http-client.ts); another client (tools,
  // tests) through the package: the same request either way.
  const direct = directSearchOf(meili);
  const forms = options.storedForms?.length ? options.storedForms : undefined;
  const run = (q: string) =>
    direct
      ? (direct(uid, { q, ...params }, forms) as Promise<SearchResponse<T>>)
      : meili.index(uid).search<T>(q, params, storedFormsInit(options.storedForms));
  // The text as typed first: the indexer stores every run of parts that ends a compound as a head and every
  // other run as a modifier, so a compound the catalog only writes inside longer ones (`Heizkörper` in
  // Kompaktheizkörper and Heizkörperthermostat) finds them with its heads first. Only when it finds nothing
  // do the parts follow (`Heckenscherenmesser` → `Messer für Heckenschere`).
  let result = await run(query.q);
  if (query.parts !== null && totalHits(result) === 0) result = await run(query.parts);
  return { hits: result.hits, total: totalHits(result), facetDistribution: result.facetDistribution };
}

export interface LexiconProviderOptions {
  /** Age after which the vocabulary is read again, ms (default 10 minutes). */
  refreshMs?: number;
  /** Wait after a failed read before the next try, ms (default 30 s). */
  retryMs?: number;
  /** Deadline of the vocabulary query, ms (default 2 s). */
  timeoutMs?: number;
  /** Where a failed read is reported (the app's pino logger). */
  logger?: { warn(details: object, message: string): void };
}

/** Returns the current lexicon; never rejects. */
export type LexiconProvider = () => Promise<Lexicon>;

/** A provider reading `db`'s vocabulary (see the module comment). */
export function lexiconProvider(db: Knex, options: LexiconProviderOptions = {}): LexiconProvider {
  const { refreshMs = 10 * 60_000, retryMs = 30_000, timeoutMs = 2_000, logger } = options;
  let current: Promise<Lexicon> | undefined;
  /** The read in flight, if any: never two at once. */
  let reading: Promise<Lexicon> | undefined;
  let validUntil = 0;
  const read = async (): Promise<Lexicon> => {
    try {
      // The query's own timeout cancels it on the server; the race also bounds getting a connection.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const lexicon = await Promise.race([loadLexicon(db, { timeoutMs }), deadline]).finally(() =>
        clearTimeout(timer),
      );
      validUntil = Date.now() + refreshMs;
      return lexicon;
    } catch (error) {
      logger?.warn(
        { err: error },
        'search: catalog vocabulary unavailable, splitting with the dictionary alone',
      );
      validUntil = Date.now() + retryMs;
      return buildLexicon();
    } finally {
      reading = undefined;
    }
  };
  return () => {
    if (!current) {
      current = reading = read();
    } else if (!reading && Date.now() >= validUntil) {
      reading = read();
      void reading.then((lexicon) => {
        current = Promise.resolve(lexicon);
      });
    }
    return current;
  };
}
