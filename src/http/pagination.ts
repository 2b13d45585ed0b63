/**
 * The pagination envelope of the spec ("Pagination envelope") exactly as Laravel's LengthAwarePaginator
 * renders an API resource collection (`../shared/laravel-wire-conventions.md`, "Paginated lists"):
 * `{ data, links: { first, last, prev, next }, meta: { current_page, from, last_page, links, path,
 * per_page, to, total } }`, with the page-link window of Laravel's UrlWindow (3 pages on each side).
 * Unlike Laravel's default, every URL keeps the request's other query parameters, written exactly as
 * `->withQueryString()` writes them (./laravel-query.ts), with `page` last. The `page` and `per_page`
 * fields of a list's query are read as Laravel reads them (`pageFields`).
 */
import { z } from '../openapi/zod';
import { linkQuery, phpTrim } from './laravel-query';
import { lenient, rawQueryOf, type ParsedQuery } from './query';

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
