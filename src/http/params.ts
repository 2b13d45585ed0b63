/**
 * Query parameters as the spec's general rules want them: empty and unknown parameters are ignored,
 * invalid values are ignored (never an error), lists come as `key[]=a&key[]=b` or a single value.
 *
 * A route's query is one zod schema (`querySchema`) that both documents the parameters (the OpenAPI
 * document shows each field's wire schema) and parses them leniently: each field is `lenient(wire, read)`,
 * which normalizes the raw value with `read` and drops it (undefined) when the wire schema rejects it.
 * The readers below return `undefined` for "not given or not usable", so a route applies a filter only
 * when it has a value.
 */
import { ApiError } from './errors';
import { parsePage, parsePerPage } from './pagination';
import type { ParsedQuery, QueryValue } from './query-string';
import { z } from '../openapi/zod';

/** A raw query value as src/http/query-string.ts parses it: a string, a list (`key[]=`) or absent. */
export type RawValue = QueryValue | undefined;

/** A non-empty trimmed string; a list (`search[]=x`) is not a string and is ignored. */
export function stringValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Positive integer ids (1..2^31-1) from `key[]=1&key[]=2`, `key=1` and, when `commaList` is set, `key=1,2`.
 * Entries that are not positive integers are dropped; undefined when none is left. Duplicates removed.
 */
export function idsValue(value: unknown, options: { commaList: boolean }): number[] | undefined {
  if (typeof value !== 'string' && !Array.isArray(value)) return undefined;
  const raw = Array.isArray(value) ? value : options.commaList ? value.split(',') : [value];
  const ids = raw
    .map((v) => String(v).trim())
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .filter((n) => n >= 1 && n <= 2_147_483_647);
  return ids.length ? [...new Set(ids)] : undefined;
}

/** The entries of a list parameter given as `key[]=a&key[]=b`, `key=a,b` or `key=a`: trimmed, non-empty. */
export function listValue(value: unknown): string[] | undefined {
  if (typeof value !== 'string' && !Array.isArray(value)) return undefined;
  const entries = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return entries.length ? entries : undefined;
}

/** `1`/`0` (also `true`/`false`, any case) as the wire flag `'1'`/`'0'`; anything else undefined. */
export function flagValue(value: unknown): '1' | '0' | undefined {
  const text = stringValue(value)?.toLowerCase();
  if (text === '1' || text === 'true') return '1';
  if (text === '0' || text === 'false') return '0';
  return undefined;
}

/** `1` → true, `0` → false, absent → undefined (the value of a `flagValue` field). */
export function flag(value: '1' | '0' | undefined): boolean | undefined {
  return value === undefined ? undefined : value === '1';
}

/**
 * A lenient query field: `read` normalizes the raw value (default: `stringValue`), and a value the wire
 * schema `wire` rejects becomes undefined, so `wire` must accept undefined (`.optional()`) unless the
 * field is validated instead of ignored. The OpenAPI document shows `wire`. A null (never a query value)
 * is passed through so that the document does not call the parameter nullable.
 */
export function lenient<W extends z.ZodType>(wire: W, read: (raw: RawValue) => unknown = stringValue) {
  return z.preprocess((raw) => {
    if (raw === null) return raw;
    const value = read(raw as RawValue);
    return wire.safeParse(value).success ? value : undefined;
  }, wire);
}

/**
 * A route's query: the zod object of its documented fields (keys as the wire names them; `ids[]` reads
 * the list `ids`), transformed by `finish` into what the handler takes. Parse it with `parseQuery`.
 */
export function querySchema<S extends z.ZodRawShape, T>(
  shape: S,
  finish: (values: z.output<z.ZodObject<S>>) => T,
) {
  return z.object(shape).transform(finish);
}

/** Any schema made by `querySchema`, with the handler's input type `T`. */
export type QuerySchema<T = unknown> = z.ZodPipe<z.ZodObject, z.ZodTransform<T>>;

/**
 * Parses a request's query with `schema`. Lenient fields never fail; a field that validates instead (the
 * `q` of `/search/suggestions`) fails with 422 `validation_failed`, the first message of each failing
 * field in `errors` (spec "Errors"). Unknown parameters are ignored.
 */
export function parseQuery<T>(schema: QuerySchema<T>, query: ParsedQuery): T {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.in.shape)) {
    input[key] = query[key.endsWith('[]') ? key.slice(0, -2) : key];
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'query');
    fields[field] ??= [issue.message];
  }
  throw ApiError.validation(fields);
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
