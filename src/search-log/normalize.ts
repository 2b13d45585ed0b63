/**
 * What a logged search keeps of the request (docs/api/search-log.md): the query as the user typed it, only
 * tidied; the session id only when it has the documented form; the filters as plain JSON values. Every
 * string is made storable: Postgres `text` and `jsonb` refuse NUL, `jsonb` refuses lone surrogates, and a
 * btree index entry (`search_log.query`, `lower(query)`) must stay far below its ~2.7 KB limit, so one
 * unstorable row can never fail the multi-row INSERT of a whole batch.
 */

/** Longest query kept, in characters (code points): at most 800 bytes of UTF-8 in the query indexes. */
export const MAX_QUERY_LENGTH = 200;

/** `X-Search-Session` is kept only in this form (spec "Search semantics", same rule as request ids). */
export const SESSION_ID = /^[A-Za-z0-9._-]{8,64}$/;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` in NFC with lone surrogates replaced by U+FFFD and control characters by spaces. */
export function storableText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').replace(CONTROL, ' ');
}

/**
 * The query as logged: trimmed, every run of whitespace (and control characters) one space, Unicode NFC,
 * at most `MAX_QUERY_LENGTH` characters; the user's casing is kept. Suggestions group the log
 * case-insensitively and show the most frequent spelling (src/resources/search-suggestions/query.ts), so
 * `Mähwerk` and `mähwerk` count together and the spelling most people typed is the one suggested.
 * Empty when nothing is left (such a search is not logged).
 */
export function normalizeQuery(query: string): string {
  const tidy = storableText(query).replace(/\s+/gu, ' ').trim();
  const chars = Array.from(tidy);
  return chars.length <= MAX_QUERY_LENGTH ? tidy : chars.slice(0, MAX_QUERY_LENGTH).join('').trimEnd();
}

/** The `X-Search-Session` value when it is 8 to 64 characters of `[A-Za-z0-9._-]`, else null. */
export function sessionIdOf(header: string | undefined): string | null {
  return header !== undefined && SESSION_ID.test(header) ? header : null;
}

/** A filter value as logged: a string, number or boolean, or a list of strings or numbers. */
export type FilterValue = string | number | boolean | readonly (string | number)[];

/** The filters of a search as logged (`search_log.filters`); absent filters have no key. */
export type SearchFilters = Record<string, FilterValue>;

/**
 * `filters` without the unset ones (undefined, null, empty lists, empty strings) and with every string
 * storable (`storableText`). Keys keep their order.
 */
export function cleanFilters(filters: Record<string, FilterValue | null | undefined>): SearchFilters {
  const out: SearchFilters = {};
  const clean = <T>(v: T): T => (typeof v === 'string' ? (storableText(v) as T) : v);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = (value as (string | number)[]).map(clean);
    } else {
      out[key] = clean(value as string | number | boolean);
    }
  }
  return out;
}
