/**
 * The query string, from the raw bytes to a route's typed parameters.
 *
 * 1. Read the way PHP reads it, because clients of the original Laravel app depend on it
 *    (`../shared/laravel-wire-conventions.md`, "Query strings"):
 *
 *      ids[]=1&ids[]=2 → ["1", "2"]     ids=1 → "1"          ids=1&ids=2 → "2" (last wins)
 *      ids[]=1&ids=2   → "2"            ids=1&ids[]=2 → ["2"]
 *
 *    `key[anything]=v` appends like `key[]=v`. Parameter names are PHP's (`phpVariable`: `a.b` and `a b`
 *    are `a_b`), and pairs beyond the 1000th are ignored (PHP's max_input_vars). Values stay strings; `+`
 *    is a space; a malformed percent escape is kept as written instead of failing the request; a NUL
 *    (`%00`, which no database accepts in a text) reads as a space, so `manufacturer=%00` is empty
 *    (ignored) and `search=a%00b` searches `a b`. `parsePhpQuery` is Express's `query parser`. The raw
 *    string stays attached (`rawQueryOf`): the page links rebuild the query from it exactly as Laravel
 *    does (./pagination.ts).
 * 2. Then as the spec's general rules want the parameters: empty and unknown parameters are ignored,
 *    invalid values are ignored (never an error), lists come as `key[]=a&key[]=b` or a single value.
 *    A route's query is one zod schema (`querySchema`) that both documents the parameters (the OpenAPI
 *    document shows each field's wire schema) and parses them leniently: each field is
 *    `lenient(wire, read)`, which normalizes the raw value with `read` and drops it (undefined) when the
 *    wire schema rejects it. The readers return `undefined` for "not given or not usable", so a route
 *    applies a filter only when it has a value.
 */
import { ApiError } from './errors';
import { z } from '../openapi/zod';

export type QueryValue = string | string[];
export type ParsedQuery = Record<string, QueryValue>;

function decode(text: string): string {
  return decodePercent(text).replaceAll('\u0000', ' ');
}

function decodePercent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9A-Fa-f]{2})/g, (match, hex: string) => {
      const code = parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : match;
    });
  }
}

/** PHP's max_input_vars: the pairs after the 1000th are not read. */
const MAX_INPUT_VARS = 1000;
/** PHP's max_input_nesting_level: a name with more `[...]` levels is dropped. */
const MAX_NESTING = 64;

/** A parameter name as PHP registers it: the name, its `[...]` indices (null for `[]`). */
export interface PhpVariable {
  name: string;
  indices: (string | null)[];
  /** more than 64 levels: PHP drops the pair and removes an earlier variable `name` */
  tooDeep?: true;
}

/**
 * A decoded parameter name as PHP's `php_register_variable_ex` reads it: cut at a NUL, leading spaces
 * dropped, ` ` and `.` before the first `[` written `_`; then `[index]` levels. An unclosed `[` is a `_`
 * at the first level (`a[b` → `a_b`, every later ` `, `.`, `[` a `_` too) and ends the name at a deeper
 * one; text after a `]` that no `[` follows is ignored (`a[b]c` → `a[b]`). Undefined: no name (`=1`,
 * `[a]=1`, ` =1`), which PHP drops.
 */
export function phpVariable(decoded: string): PhpVariable | undefined {
  const nul = decoded.indexOf('\u0000');
  const text = (nul === -1 ? decoded : decoded.slice(0, nul)).replace(/^ +/, '');
  const open = text.indexOf('[');
  const name = (open === -1 ? text : text.slice(0, open)).replace(/[ .]/g, '_');
  if (name === '') return undefined;
  const indices: (string | null)[] = [];
  if (open === -1) return { name, indices };
  for (let at = open, level = 1; ; level++) {
    if (level > MAX_NESTING) return { name, indices, tooDeep: true };
    const close = text.indexOf(']', at + 1);
    if (close === -1) {
      if (level > 1) return { name, indices };
      return { name: `${name}_${text.slice(at + 1).replace(/[ .[]/g, '_')}`, indices };
    }
    indices.push(close === at + 1 ? null : text.slice(at + 1, close));
    if (text[close + 1] !== '[') return { name, indices };
    at = close + 1;
  }
}

/**
 * The pairs of a raw query string PHP reads, split at their first `=` (the value undefined without one),
 * still encoded: the non-empty ones between `&`s, at most `MAX_INPUT_VARS`.
 */
export function queryPairs(query: string): [key: string, value: string | undefined][] {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .slice(0, MAX_INPUT_VARS)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? [pair, undefined] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
}

const rawQueries = new WeakMap<ParsedQuery, string>();

/** Parses a raw query string (with or without the leading `?`) into PHP's `$_GET` shape (one level). */
export function parsePhpQuery(raw: string): ParsedQuery {
  const out: ParsedQuery = Object.create(null) as ParsedQuery;
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  rawQueries.set(out, query);
  for (const [rawKey, rawValue] of queryPairs(query)) {
    const variable = phpVariable(decodePercent(rawKey));
    const value = rawValue === undefined ? '' : decode(rawValue);
    if (!variable || variable.name === '__proto__') continue;
    const key = variable.name;
    if (variable.tooDeep) delete out[key];
    else if (variable.indices.length === 0) out[key] = value;
    else {
      const current = out[key];
      if (Array.isArray(current)) current.push(value);
      else out[key] = [value];
    }
  }
  return out;
}

/**
 * The raw query string (without `?`) `query` was parsed from; for a query built by hand, one that
 * parses back to it (`key[]=` for lists).
 */
export function rawQueryOf(query: ParsedQuery): string {
  const raw = rawQueries.get(query);
  if (raw !== undefined) return raw;
  const pair = (key: string, value: string) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  return Object.entries(query)
    .flatMap(([key, value]) =>
      Array.isArray(value) ? value.map((v) => pair(`${key}[]`, v)) : [pair(key, value)],
    )
    .join('&');
}

/** A raw query value as `parsePhpQuery` gives it: a string, a list (`key[]=`) or absent. */
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
