/**
 * One `search_log` row from a logged search (docs/api/search-log.md), built in the search log's background
 * batch after the response (recorder.ts): what the row keeps of the request, and whether its query may
 * ever be suggested.
 *
 * What a logged search keeps of the request: the query as the user typed it, only tidied; the session id
 * only when it has the documented form; the filters as plain JSON values. Every string is made storable:
 * Postgres `text` and `jsonb` refuse NUL, `jsonb` refuses lone surrogates, and a btree index entry
 * (`search_log.query`, `lower(query)`) must stay far below its ~2.7 KB limit, so one unstorable row can
 * never fail the multi-row INSERT of a whole batch.
 *
 * Whether a query may be suggested (`isSuggestible`): which logged search texts may ever be shown to other
 * visitors as a popular search of `GET /search/suggestions` (docs/api/search-suggestions.md "Privacy
 * rule"): not a text with a URL, an e-mail address or a phone number, whoever typed it and however often.
 * The search log stores the answer with each row (`search_log.suggestible`), and the suggestions check it
 * again on what they show.
 *
 * The rules, on the text in Unicode NFKC (full-width `ｗｗｗ．` is `www.`), case-insensitive:
 * - a URL: `://` anywhere, `www.` at the start of a word, `label.tld/` (a dot, 2 to 24 letters and a
 *   slash), or a bare domain with a common top-level domain (`spam.com`, `shop.de`);
 * - an e-mail address: `@` between a name character and a letter or digit (`name@host`);
 * - a phone number: 9 or more digits in a row, or 7 or more when the run starts a word with `0` (a
 *   national prefix) or follows a `+`; spaces, `-` and `/` between the digits do not end a run
 *   (`0171 123 45 67`). The catalog's order numbers stay suggestible in every spelling shoppers use:
 *   `100.125.01` (dots end a run), `E 11-0455` and `K12345-67` (6 and 7 digits), `10012501` and
 *   `100 125 01` (8 digits, no leading `0`).
 *
 * Every check is linear in the text's length: fixed-width regular expressions (no nested or unbounded
 * quantifiers that could backtrack) and one pass over the characters for the digits.
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
 * A character that survives `normalizeQuery`: `normalizeQuery(text)` is '' exactly when `text` has none
 * (only whitespace and control characters), so a search can be skipped before anything else is done.
 */
// eslint-disable-next-line no-control-regex
export const LOGGABLE = /[^\s\u0000-\u001f\u007f-\u009f]/u;

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

/**
 * One row of `search_log` (migrations/20261121000000_catalog_schema.ts,
 * 20261127121000_search_log_client_key.ts). Of the client only its anonymous per-day key (cap.ts).
 */
export interface SearchLogRow {
  query: string;
  endpoint: string;
  filters: SearchFilters;
  result_count: number;
  session_id: string | null;
  /** HMAC of the client's address under the day key, 16 hex digits (cap.ts) */
  client_key: string;
  /** no URL, e-mail address or phone number in `query` (`isSuggestible`) */
  suggestible: boolean;
  created_at: Date;
}

/** A search as the request left it, with its client key: what the background batch makes a row of. */
export interface LoggedSearch {
  /** what Meilisearch used of the `search` parameter (`searchText`), with a `LOGGABLE` character */
  text: string;
  endpoint: string;
  /** the valid filters the list applied, as logged (the list's `searchFilters` of its parameters) */
  filters: () => SearchFilters;
  /** the result's total (all pages) */
  total: number;
  /** the `X-Search-Session` header as sent */
  session: string | undefined;
  client_key: string;
  created_at: Date;
}

/** The `search_log` row of `search`. Throws what the list's `filters` throws. */
export function rowOf(search: LoggedSearch): SearchLogRow {
  const query = normalizeQuery(search.text);
  return {
    query,
    endpoint: search.endpoint,
    filters: search.filters(),
    result_count: search.total,
    session_id: sessionIdOf(search.session),
    client_key: search.client_key,
    suggestible: isSuggestible(query),
    created_at: search.created_at,
  };
}

/** Digits in a row (spaces, `-` and `/` between them ignored) that make a text a phone number. */
export const PHONE_DIGITS = 9;

/** The same for a run that starts a word with `0` or follows a `+`. */
export const PREFIXED_PHONE_DIGITS = 7;

/** Top-level domains recognised without a path: the common generic ones and this market's. */
const BARE_DOMAIN_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'co',
  'me',
  'xyz',
  'top',
  'online',
  'site',
  'shop',
  'ly',
  'eu',
  'de',
  'at',
  'ch',
  'ru',
  'cn',
];

const SCHEME = /:\/\//;
const WWW = /(?:^|[^\p{L}\p{N}])www\./iu;
const DOMAIN_WITH_PATH = /[\p{L}\p{N}-]\.[a-z]{2,24}\//iu;
const BARE_DOMAIN = new RegExp(`[\\p{L}\\p{N}-]\\.(?:${BARE_DOMAIN_TLDS.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
const EMAIL = /[\p{L}\p{N}._%+-]@[\p{L}\p{N}]/u;

/** Why `text` may not be suggested, or null when it may. */
export type UnsuggestibleReason = 'url' | 'email' | 'phone';

const isDigit = (c: string) => c >= '0' && c <= '9';
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** True when `text` holds a phone number by the rule of the module comment. One pass. */
export function hasPhoneNumber(text: string): boolean {
  let run = 0;
  let prefixed = false;
  let previous: string | undefined;
  for (const c of text) {
    if (isDigit(c)) {
      if (run === 0) prefixed = previous === '+' || (c === '0' && !isWordChar(previous));
      run += 1;
      if (run >= PHONE_DIGITS || (prefixed && run >= PREFIXED_PHONE_DIGITS)) return true;
    } else if (!(run > 0 && (c === ' ' || c === '-' || c === '/'))) {
      run = 0;
    }
    previous = c;
  }
  return false;
}

/** Why `text` (a logged query) may never be suggested, or null (see the module comment). Linear. */
export function unsuggestibleReason(text: string): UnsuggestibleReason | null {
  const folded = text.normalize('NFKC');
  if (SCHEME.test(folded) || WWW.test(folded) || DOMAIN_WITH_PATH.test(folded) || BARE_DOMAIN.test(folded)) {
    return 'url';
  }
  if (EMAIL.test(folded)) return 'email';
  if (hasPhoneNumber(folded)) return 'phone';
  return null;
}

/** True when `text` may be suggested: no URL, e-mail address or phone number in it. */
export function isSuggestible(text: string): boolean {
  return unsuggestibleReason(text) === null;
}
