/**
 * Paginated lists exactly as Laravel writes them (`../shared/laravel-wire-conventions.md`, "Paginated
 * lists"; the links are checked against a real Laravel by test/http/laravel-links.test.ts):
 *
 * - the envelope of the spec ("Pagination envelope") as Laravel's LengthAwarePaginator renders an API
 *   resource collection: `{ data, links: { first, last, prev, next }, meta: { current_page, from,
 *   last_page, links, path, per_page, to, total } }`, with the page-link window of Laravel's UrlWindow
 *   (3 pages on each side);
 * - the `page` and `per_page` fields of a list's query, read as Laravel reads them (`pageFields`);
 * - unlike Laravel's default, every URL keeps the request's other query parameters, written exactly as
 *   `->withQueryString()` writes them, with `page` last (`linkQuery`):
 *   1. PHP parses the raw query into nested arrays (`parse_str`, the parser of `$_GET`): names as
 *      `phpVariable` reads them, `a[x][]=1` nested, a key given twice keeps its first place and its last
 *      value, numeric keys are integers and `[]` appends after the largest one.
 *   2. The default middleware TrimStrings (PHP's `trim`) and ConvertEmptyStringsToNull turn empty and
 *      whitespace-only values into null.
 *   3. `->withQueryString()` keeps every parameter but `page`; each link adds `page` last
 *      (`array_merge`, which also renumbers integer top-level keys from 0) and writes the whole with
 *      `http_build_query` in RFC 3986 (Laravel's `Arr::query`): nulls left out, `a[0]=` indices written
 *      out, `%20` for a space.
 *   Values are byte strings (one char per byte, as PHP sees them), so invalid UTF-8 goes back out as
 *   sent. The parameter filters read the query as src/http/query.ts parses it; this is only for the links.
 */
import { z } from '../openapi/zod';
import { lenient, phpVariable, queryPairs, rawQueryOf, type ParsedQuery, type PhpVariable } from './query';

export const PageLinkSchema = z
  .strictObject({
    url: z.string().nullable(),
    label: z.string().openapi({ description: '`&laquo; Previous`, a page number, `...` or `Next &raquo;`.' }),
    active: z.boolean(),
  })
  .openapi('PageLink');

export type PageLink = z.infer<typeof PageLinkSchema>;

export const PaginationLinksSchema = z
  .strictObject({
    first: z.string(),
    last: z.string(),
    prev: z.string().nullable(),
    next: z
      .string()
      .nullable()
      .openapi({ description: 'Follow it until it is null to page through a list.' }),
  })
  .openapi('PaginationLinks');

const metaShape = {
  current_page: z.int(),
  from: z.int().nullable(),
  last_page: z.int(),
  links: z.array(PageLinkSchema),
  path: z.string(),
  per_page: z.int(),
  to: z.int().nullable(),
  total: z.int(),
};

export const PaginationMetaSchema = z.strictObject(metaShape).openapi('PaginationMeta');

/**
 * The envelope of a paginated list of `item`; `extraMeta` adds fields to `meta` (the products list's
 * `facets`). Not registered as a component: each list gets its own schema with its item type.
 */
export function paginatedSchema<Item extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  item: Item,
  extraMeta?: Extra,
) {
  return z.strictObject({
    data: z.array(item),
    links: PaginationLinksSchema,
    meta: extraMeta ? z.strictObject({ ...metaShape, ...extraMeta }) : PaginationMetaSchema,
  });
}

export interface Paginated<T> {
  data: T[];
  links: z.infer<typeof PaginationLinksSchema>;
  meta: z.infer<typeof PaginationMetaSchema>;
}

const ON_EACH_SIDE = 3;

/**
 * `page` as Laravel's `Paginator::resolveCurrentPage` reads it after the TrimStrings middleware: PHP's
 * `FILTER_VALIDATE_INT` (an optional sign, digits without a leading zero; `+4`, ` 4 ` are 4, `04`, `4.0`
 * are not integers) and ≥ 1; anything else, a list included, is page 1. PHP takes integers up to 2^63−1;
 * here a page beyond 2^53−1 (no JSON number keeps it exactly) is page 1 too.
 */
export function parsePage(value: unknown): number {
  if (typeof value !== 'string') return 1;
  const text = phpTrim(value);
  if (!/^[+-]?(0|[1-9][0-9]*)$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `per_page` clamped to 1..max (spec "General rules" 5); a value that is not an integer gives the default.
 * Accepts digits with an optional minus sign (`-5` becomes 1), spaces around trimmed (TrimStrings).
 */
export function parsePerPage(value: unknown, defaults: { default: number; max: number }): number {
  if (typeof value !== 'string') return defaults.default;
  const text = phpTrim(value);
  if (!/^-?\d+$/.test(text)) return defaults.default;
  return Math.min(Math.max(Number(text), 1), defaults.max);
}

/** The page numbers and `...` separators of the link window (Laravel's UrlWindow with onEachSide = 3). */
export function pageWindow(current: number, last: number): (number | '...')[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + ON_EACH_SIDE - 1), last)];
  return [1, 2, '...', ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), '...', last - 1, last];
}

export interface PageRequest {
  /** Absolute URL of the endpoint without query string, e.g. `https://host/api/v1/products`. */
  path: string;
  /** The request's query (PHP rules; its raw string is what the URLs keep); `page` is replaced. */
  query: ParsedQuery;
  page: number;
  perPage: number;
}

/** The URL of page `page` given the query before it (`linkQuery`): `path?<query>&page=N`. */
function pageUrl(path: string, query: string, page: number): string {
  return `${path}?${query === '' ? '' : `${query}&`}page=${page}`;
}

/** Wraps one page of `items` (already sliced) out of `total` in the envelope. */
export function paginate<T>(items: T[], total: number, request: PageRequest): Paginated<T> {
  return { data: items, ...pageLinks(items.length, total, request) };
}

/**
 * `links` and `meta` of a page holding `count` items: the envelope of `paginate` without its `data`, for a
 * page whose items are already serialized (src/http/caching.ts `replyWithItems`).
 */
export function pageLinks(
  count: number,
  total: number,
  request: PageRequest,
): Pick<Paginated<never>, 'links' | 'meta'> {
  const { page, perPage } = request;
  const query = linkQuery(rawQueryOf(request.query));
  const url = (n: number) => pageUrl(request.path, query, n);
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  const to = from === null ? null : from + count - 1;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const links: PageLink[] = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page, lastPage).map((entry) =>
      entry === '...'
        ? { url: null, label: '...', active: false }
        : { url: url(entry), label: String(entry), active: entry === page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    links: { first: url(1), last: url(lastPage), prev, next },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links,
      path: request.path,
      per_page: perPage,
      to,
      total,
    },
  };
}

/**
 * The `page` and `per_page` fields of a paginated list's query (spec "General rules" 5), leniently parsed
 * as Laravel reads them (`parsePage`; `per_page` clamped to 1..`limits.max`), documented with `texts`
 * (default: the wording of `/products`).
 */
export function pageFields(
  limits: { default: number; max: number },
  texts: { page?: string; perPage?: string } = {},
) {
  return {
    page: lenient(
      z
        .int()
        .min(1)
        .optional()
        .openapi({
          description:
            texts.page ??
            'Page number, default 1, read as Laravel reads it: an integer ≥ 1 without leading zeros; a `+` sign and spaces around are allowed (`+4` and `%204%20` are 4); anything else (`04`, `4.0`, `1e1`, `page[]=`) is page 1.',
        }),
      parsePage,
    ),
    per_page: lenient(
      z
        .int()
        .min(1)
        .max(limits.max)
        .optional()
        .openapi({
          description:
            texts.perPage ??
            `Page size, default ${limits.default}, max ${limits.max}; a larger value is set to ${limits.max}, a smaller one to 1.`,
        }),
      (raw) => parsePerPage(raw, limits),
    ),
  };
}

// The links' query as Laravel writes it (steps 1-3 above).

/** A value of a PHP array built from a query: a byte string, null (after the middleware) or an array. */
export type PhpValue = string | null | PhpArray;

const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/** A PHP integer key when `key` is one (canonical decimal within 64 bits: `5`, `-3`; not `05`, `-0`). */
function integerKey(key: string): bigint | undefined {
  // No 64-bit integer has more than 20 characters; a longer digit run never reaches BigInt's superlinear parse.
  if (key.length > 20 || !/^(0|-?[1-9][0-9]*)$/.test(key)) return undefined;
  const n = BigInt(key);
  return n >= LONG_MIN && n <= LONG_MAX ? n : undefined;
}

/** An ordered PHP array: keys in insertion order (an update keeps the place), `append` as `$a[] = v`. */
export class PhpArray {
  readonly entries = new Map<string, PhpValue>();
  /**
   * PHP 8.2's nNextFreeElement of an array `parse_str` makes: one past the largest integer key so far,
   * negative ones too (`k[-3]=a&k[]=b` gives -3 and -2); undefined before the first (`[]` is then 0).
   */
  private nextIndex: bigint | undefined;

  get(key: string): PhpValue | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: PhpValue): void {
    const n = integerKey(key);
    if (n !== undefined && (this.nextIndex === undefined || n >= this.nextIndex))
      this.nextIndex = n < LONG_MAX ? n + 1n : LONG_MAX;
    this.entries.set(key, value);
  }

  /** `$a[] = value`; false when the next index is taken (after the largest integer key), as in PHP. */
  append(value: PhpValue): boolean {
    const key = String(this.nextIndex ?? 0n);
    if (this.entries.has(key)) return false;
    this.set(key, value);
    return true;
  }
}

/** A raw query string as bytes: one char per byte (chars above U+00FF, never sent by Node, as UTF-8). */
function bytesOf(raw: string): string {
  return /[\u0100-\uffff]/.test(raw) ? Buffer.from(raw, 'utf8').toString('latin1') : raw;
}

/** PHP's `urldecode` on bytes: `+` is a space, `%XX` a byte, a malformed escape stays as written. */
function urlDecode(bytes: string): string {
  return bytes
    .replace(/\+/g, ' ')
    .replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Stores `value` under the variable's name and indices, as `php_register_variable_ex` does. */
function register(top: PhpArray, variable: PhpVariable, value: string): void {
  if (variable.tooDeep) {
    top.entries.delete(variable.name);
    return;
  }
  let table = top;
  let key: string | null = variable.name;
  for (const index of variable.indices) {
    let child: PhpArray;
    if (key === null) {
      child = new PhpArray();
      if (!table.append(child)) return;
    } else {
      const existing = table.get(key);
      child = existing instanceof PhpArray ? existing : new PhpArray();
      if (child !== existing) table.set(key, child);
    }
    table = child;
    key = index;
  }
  if (key === null) table.append(value);
  else table.set(key, value);
}

/** `$_GET` for a raw query string (with or without `?`): PHP's `parse_str`, max_input_vars included. */
export function phpParseQuery(raw: string): PhpArray {
  const out = new PhpArray();
  const query = bytesOf(raw.startsWith('?') ? raw.slice(1) : raw);
  for (const [key, value] of queryPairs(query)) {
    const variable = phpVariable(urlDecode(key));
    if (variable) register(out, variable, value === undefined ? '' : urlDecode(value));
  }
  return out;
}

/** PHP's `trim` (space, tab, LF, CR, NUL, vertical tab), what Laravel's TrimStrings middleware applies. */
export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
}

/** TrimStrings then ConvertEmptyStringsToNull over every value, in place. */
function cleanInput(array: PhpArray): PhpArray {
  for (const [key, value] of array.entries) {
    if (value instanceof PhpArray) cleanInput(value);
    else if (value !== null) {
      const trimmed = phpTrim(value);
      array.entries.set(key, trimmed === '' ? null : trimmed);
    }
  }
  return array;
}

/** The query as a Laravel request holds it after its default middleware (`$request->query()`). */
export function laravelQuery(raw: string): PhpArray {
  return cleanInput(phpParseQuery(raw));
}

/** PHP's `rawurlencode` of a byte string: everything but `A-Z a-z 0-9 - _ . ~` as `%XX`. */
function rawUrlEncode(bytes: string): string {
  return bytes.replace(
    /[^A-Za-z0-9\-_.~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** PHP's `http_build_query($array, '', '&', PHP_QUERY_RFC3986)` (Laravel's `Arr::query`). */
export function phpBuildQuery(array: PhpArray): string {
  const parts: string[] = [];
  const walk = (table: PhpArray, prefix: string | undefined) => {
    for (const [key, value] of table.entries) {
      if (value === null) continue;
      const name = prefix === undefined ? rawUrlEncode(key) : `${prefix}%5B${rawUrlEncode(key)}%5D`;
      if (value instanceof PhpArray) walk(value, name);
      else parts.push(`${name}=${rawUrlEncode(value)}`);
    }
  };
  walk(array, undefined);
  return parts.join('&');
}

/**
 * What a `->withQueryString()` paginator puts before `page=N` in its URLs for the raw query `raw`: the
 * query after the middleware without `page`, integer top-level keys renumbered from 0 (`array_merge`),
 * written by `phpBuildQuery`. Empty when nothing is left.
 */
export function linkQuery(raw: string): string {
  const kept = new PhpArray();
  let position = 0;
  for (const [key, value] of laravelQuery(raw).entries) {
    if (key === 'page') continue;
    kept.set(integerKey(key) === undefined ? key : String(position++), value);
  }
  return phpBuildQuery(kept);
}
