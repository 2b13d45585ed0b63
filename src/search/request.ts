/**
 * What the API sends Meilisearch with a search, each part bounded or quoted so that no client input
 * reaches the engine unchecked: the filter expression, the page, and the search text.
 *
 * - Filters (`../shared/meilisearch-notes.md`, "Filters"): every value is quoted with backslashes and
 *   double quotes escaped, attribute names come only from the code's own whitelist, never from input. A
 *   slug like `a" OR is_active = false OR "` stays one quoted value.
 * - Pages: Laravel pages on Meilisearch's `page`/`hitsPerPage` pagination, which counts matches
 *   exhaustively (up to the index's `pagination.maxTotalHits`), so `total` and the last page are exact.
 * - Search text: the part of a `search` text that Meilisearch uses, cut before any rewriting or logging so
 *   that no step over a shopper's input does work for text the engine ignores (spec "Search semantics";
 *   SECURITY.md). At most `MAX_SEARCH_CHARS` characters (code points) are looked at; the rest is dropped
 *   unread. Meilisearch 1.21 counts only the first `MAX_SEARCH_WORDS` query words (meilisearch-notes.md),
 *   where a word is a run of letters and digits (`- / _ . :` and spaces separate words): the text is cut
 *   after the tenth, keeping its separators as typed (`E 11-0455` stays one order number). When words
 *   followed, the cut text ends in a space, so the tenth word counts as complete (no prefix match), as it
 *   did before. Linear in the input's length.
 */

/** `"value"` with `\` and `"` escaped, as Meilisearch's filter parser reads it. */
export function quote(value: string | number | boolean): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function attribute(name: string): string {
  if (!ATTRIBUTE.test(name)) throw new Error(`not a filterable attribute name: ${name}`);
  return name;
}

/** `attr = "value"`. Throws for an attribute name that is not a plain identifier (a programming error). */
export function eq(name: string, value: string | number | boolean): string {
  return `${attribute(name)} = ${quote(value)}`;
}

/** `attr IN ["a", "b"]`; an empty list matches nothing (`attr IN []`). */
export function anyOf(name: string, values: readonly (string | number)[]): string {
  return `${attribute(name)} IN [${values.map(quote).join(', ')}]`;
}

/** Parts joined with AND, each in parentheses; undefined for no parts (no filter). */
export function allOf(parts: readonly string[]): string | undefined {
  return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : undefined;
}

/** Beyond this many hits Meilisearch is asked for the total only (`page=1e13` must not overflow it). */
const MAX_OFFSET = 10_000_000;

/** Meilisearch's `page` and `hitsPerPage` for a 1-based page of `perPage` records. */
export function pageParams(page: number, perPage: number): { page: number; hitsPerPage: number } {
  const farOut = (page - 1) * perPage >= MAX_OFFSET;
  return farOut ? { page: 1, hitsPerPage: 0 } : { page, hitsPerPage: perPage };
}

/** The exhaustive match count of a search made with `pageParams` (0 for any other response). */
export function totalHits(result: object): number {
  return 'totalHits' in result ? Number(result.totalHits) : 0;
}

/** Characters (Unicode code points) of `search` that are read at all. */
export const MAX_SEARCH_CHARS = 200;

/** Query words Meilisearch uses (`matchingStrategy: 'all'` requires exactly these). */
export const MAX_SEARCH_WORDS = 10;

const WORD = /[\p{L}\p{N}]+/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** `search` reduced to what Meilisearch uses (see the module comment); '' stays ''. Pure. */
export function searchText(search: string): string {
  let text = search;
  if (text.length > MAX_SEARCH_CHARS) {
    // Array.from on a bounded slice: a surrogate pair counts as one character and is never cut in half.
    text = Array.from(text.slice(0, MAX_SEARCH_CHARS * 2))
      .slice(0, MAX_SEARCH_CHARS)
      .join('');
  }
  let words = 0;
  for (const match of text.matchAll(WORD)) {
    words += 1;
    if (words === MAX_SEARCH_WORDS) {
      const end = match.index + match[0].length;
      return end < text.length && HAS_WORD.test(text.slice(end)) ? `${text.slice(0, end)} ` : text;
    }
  }
  return text;
}

/**
 * Words longer than this are sent to Meilisearch as a one-word phrase: matched exactly, without typo
 * tolerance or prefix matching. No catalog word comes near it (the decompounder splits none this long),
 * and Meilisearch's typo search costs several milliseconds for a word of hundreds of letters.
 */
export const MAX_FUZZY_WORD = 40;

/** `text` with every word over `MAX_FUZZY_WORD` characters in double quotes (an exact match). Linear. */
export function exactLongWords(text: string): string {
  return text.replace(WORD, (word) => (word.length > MAX_FUZZY_WORD ? `"${word}"` : word));
}
