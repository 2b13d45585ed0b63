/**
 * Query strings read the way PHP reads them, because clients of the original Laravel app depend on it
 * (`../shared/laravel-wire-conventions.md`, "Query strings"):
 *
 *   ids[]=1&ids[]=2 → ["1", "2"]     ids=1 → "1"          ids=1&ids=2 → "2" (last wins)
 *   ids[]=1&ids=2   → "2"            ids=1&ids[]=2 → ["2"]
 *
 * `key[anything]=v` appends like `key[]=v`. Values stay strings; `+` is a space; a malformed percent
 * escape is kept as written instead of failing the request; a NUL (`%00`, which no database accepts in
 * a text) reads as a space, so `manufacturer=%00` is empty (ignored) and `search=a%00b` searches `a b`.
 * Use it as Express's `query parser`.
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

/** Parses a raw query string (with or without the leading `?`) into PHP's `$_GET` shape (one level). */
export function parsePhpQuery(raw: string): ParsedQuery {
  const out: ParsedQuery = Object.create(null) as ParsedQuery;
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const bracket = rawKey.indexOf('[');
    if (bracket === 0) continue; // no name before the bracket: PHP drops it
    const isList = bracket > 0 && rawKey.endsWith(']');
    const key = isList ? rawKey.slice(0, bracket) : rawKey;
    if (key === '' || key === '__proto__') continue;
    if (!isList) {
      out[key] = value;
      continue;
    }
    const current = out[key];
    if (Array.isArray(current)) current.push(value);
    else out[key] = [value];
  }
  return out;
}
