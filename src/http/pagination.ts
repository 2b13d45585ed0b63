/**
 * The pagination envelope of the spec ("Pagination envelope") exactly as Laravel's LengthAwarePaginator
 * renders an API resource collection (`../shared/laravel-wire-conventions.md`, "Paginated lists"):
 * `{ data, links: { first, last, prev, next }, meta: { current_page, from, last_page, links, path,
 * per_page, to, total } }`, with the page-link window of Laravel's UrlWindow (3 pages on each side).
 * Unlike Laravel, every URL keeps the request's other query parameters, with `page` last.
 */
import { z } from '../openapi/zod';
import type { ParsedQuery } from './query-string';

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

/** `page` as Laravel reads it: an integer ≥ 1 written as digits only; anything else is page 1. */
export function parsePage(value: unknown): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `per_page` clamped to 1..max (spec "General rules" 5); a value that is not an integer gives the default.
 * Accepts digits with an optional minus sign (`-5` becomes 1).
 */
export function parsePerPage(value: unknown, defaults: { default: number; max: number }): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return defaults.default;
  return Math.min(Math.max(Number(value), 1), defaults.max);
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
  /** The request's query (PHP rules); `page` is replaced, everything else is kept in every URL. */
  query: ParsedQuery;
  page: number;
  perPage: number;
}

function pageUrl(request: PageRequest, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    if (key === 'page') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, v);
    else params.append(key, value);
  }
  params.append('page', String(page));
  return `${request.path}?${params.toString()}`;
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
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  const to = from === null ? null : from + count - 1;
  const prev = page > 1 ? pageUrl(request, page - 1) : null;
  const next = page < lastPage ? pageUrl(request, page + 1) : null;
  const links: PageLink[] = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page, lastPage).map((entry) =>
      entry === '...'
        ? { url: null, label: '...', active: false }
        : { url: pageUrl(request, entry), label: String(entry), active: entry === page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    links: { first: pageUrl(request, 1), last: pageUrl(request, lastPage), prev, next },
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
