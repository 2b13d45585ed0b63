/**
 * Readers of query parameters as the spec's general rules want them: empty and unknown parameters are
 * ignored, invalid values are ignored (never an error), lists come as `key[]=a&key[]=b` or a single value.
 * Every reader returns `undefined` for "not given or not usable", so a route applies a filter only when it
 * has a value.
 */
import type { ParsedQuery } from './query-string';

/** A non-empty trimmed string; a list (`search[]=x`) is not a string and is ignored. */
export function stringParam(query: ParsedQuery, key: string): string | undefined {
  const value = query[key];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Positive integer ids from `key[]=1&key[]=2`, `key=1` and, when `commaList` is set, `key=1,2`.
 * Entries that are not positive integers are dropped; undefined when none is left.
 */
export function idsParam(
  query: ParsedQuery,
  key: string,
  options: { commaList: boolean },
): number[] | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  const raw = Array.isArray(value) ? value : options.commaList ? value.split(',') : [value];
  const ids = raw
    .map((v) => v.trim())
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .filter((n) => n >= 1 && n <= 2_147_483_647);
  return ids.length ? [...new Set(ids)] : undefined;
}

/** The entries of a list parameter given as `key[]=a&key[]=b`, `key=a,b` or `key=a`: trimmed, non-empty. */
export function listParam(query: ParsedQuery, key: string): string[] | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  const entries = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return entries.length ? entries : undefined;
}

/** `1`/`0` (also `true`/`false`) as a boolean; anything else undefined. */
export function booleanParam(query: ParsedQuery, key: string): boolean | undefined {
  const value = stringParam(query, key)?.toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}
