/**
 * The query of the page links exactly as Laravel writes it (`../shared/laravel-wire-conventions.md`,
 * "Paginated lists"; checked against a real Laravel by test/http/laravel-links.test.ts):
 *
 * 1. PHP parses the raw query into nested arrays (`parse_str`, the parser of `$_GET`): names as
 *    `phpVariable` reads them, `a[x][]=1` nested, a key given twice keeps its first place and its last
 *    value, numeric keys are integers and `[]` appends after the largest one.
 * 2. The default middleware TrimStrings (PHP's `trim`) and ConvertEmptyStringsToNull turn empty and
 *    whitespace-only values into null.
 * 3. `->withQueryString()` keeps every parameter but `page`; each link adds `page` last (`array_merge`,
 *    which also renumbers integer top-level keys from 0) and writes the whole with `http_build_query`
 *    in RFC 3986 (Laravel's `Arr::query`): nulls left out, `a[0]=` indices written out, `%20` for a space.
 *
 * Values are byte strings (one char per byte, as PHP sees them), so invalid UTF-8 goes back out as sent.
 * The parameter filters read src/http/query.ts instead; this is only for the links.
 */
import { phpVariable, queryPairs, type PhpVariable } from './query';

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
