/**
 * Meilisearch filter expressions built safely (`../shared/meilisearch-notes.md`, "Filters"): every value
 * is quoted with backslashes and double quotes escaped, attribute names come only from the code's own
 * whitelist, never from input. A slug like `a" OR is_active = false OR "` stays one quoted value.
 */

/** `"value"` with `\` and `"` escaped, as Meilisearch's filter parser reads it. */
export function quote(value: string | number | boolean): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function attribute(name: string): string {
  if (!ATTRIBUTE.test(name)) throw new Error(`not a filterable attribute name: ${name}`);
  return name;
}

/** `attr = "value"`. Throws for an attribute name that is not a plain identifier (a programming error). */
export function eq(name: string, value: string | number | boolean): string {
  return `${attribute(name)} = ${quote(value)}`;
}

/** `attr IN ["a", "b"]`; an empty list matches nothing (`attr IN []`). */
export function anyOf(name: string, values: readonly (string | number)[]): string {
  return `${attribute(name)} IN [${values.map(quote).join(', ')}]`;
}

/** Parts joined with AND, each in parentheses; undefined for no parts (no filter). */
export function allOf(parts: readonly string[]): string | undefined {
  return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : undefined;
}
