/**
 * Query strings read the way PHP reads them, because clients of the original Laravel app depend on it
 * (`../shared/laravel-wire-conventions.md`, "Query strings"):
 *
 *   ids[]=1&ids[]=2 → ["1", "2"]     ids=1 → "1"          ids=1&ids=2 → "2" (last wins)
 *   ids[]=1&ids=2   → "2"            ids=1&ids[]=2 → ["2"]
 *
 * `key[anything]=v` appends like `key[]=v`. Parameter names are PHP's (`phpVariable`: `a.b` and `a b` are
 * `a_b`), and pairs beyond the 1000th are ignored (PHP's max_input_vars). Values stay strings; `+` is a
 * space; a malformed percent escape is kept as written instead of failing the request; a NUL (`%00`,
 * which no database accepts in a text) reads as a space, so `manufacturer=%00` is empty (ignored) and
 * `search=a%00b` searches `a b`. Use it as Express's `query parser`. The raw string stays attached
 * (`rawQueryOf`): the page links rebuild the query from it exactly as Laravel does (./laravel-query.ts).
 */
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
