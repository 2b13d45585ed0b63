/**
 * A Meilisearch search answer whose hits carry stored list forms (src/search/list-form.ts: base64 of the
 * form's UTF-8 JSON, so that Meilisearch sends them without a single escape), parsed without turning the
 * forms into JavaScript strings: each form's base64 text is found in the answer's bytes, decoded into a
 * Buffer, and cut out of the text that `JSON.parse` reads, which is then a few bytes per hit. The API's
 * list pages are spliced from those Buffers (src/resources/searchable-list.ts).
 */

/** The flag of a request (in the `RequestInit` the meilisearch client passes on) that asks for this. */
export const STORED_FORMS = Symbol('stored list forms');

/**
 * The extra `RequestInit` of a search whose retrieved attributes `fields` hold stored list forms (the
 * meilisearch client passes it to the API's HTTP client, which reads the flag), or undefined for none.
 */
export function storedFormsInit(fields: readonly string[] | undefined): RequestInit | undefined {
  return fields && fields.length > 0 ? ({ [STORED_FORMS]: fields } as RequestInit) : undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** The index of the `"` that ends the JSON string whose opening quote is at `start`, or -1. */
function stringEnd(bytes: Buffer, start: number): number {
  let at = bytes.indexOf(QUOTE, start + 1);
  while (at !== -1) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
    at = bytes.indexOf(QUOTE, at + 1);
  }
  return -1;
}

/** The quoted attribute names of each `fields` array a caller passes (each list passes the same one). */
const quoted = new WeakMap<readonly string[], Buffer[]>();

/** `fields` as the bytes of their JSON keys (`"_list"`), made once per array. */
function quotedKeys(fields: readonly string[]): Buffer[] {
  let keys = quoted.get(fields);
  if (!keys) quoted.set(fields, (keys = fields.map((f) => Buffer.from(`"${f}"`))));
  return keys;
}

/**
 * `bytes` (a JSON search answer) parsed, with the value of every string attribute of a hit named one of
 * `fields` (e.g. `_list`) decoded from base64 into a Buffer (left a string when it holds a quote or a
 * backslash, which base64 never does). Only the JSON strings are walked (a quote preceded by an even
 * number of backslashes ends one), so a name inside a string value is never taken for an attribute.
 * What it returns holds copies only: `bytes` may be reused as soon as it returns. Throws what
 * `JSON.parse` throws.
 */
export function parseWithStoredForms(bytes: Buffer, fields: readonly string[]): unknown {
  const keys = quotedKeys(fields);
  const parts: Buffer[] = [];
  /** the base64 texts of the forms: [start, end) in `bytes` */
  const spans: number[] = [];
  let copied = 0;
  let at = bytes.indexOf(QUOTE);
  while (at !== -1) {
    const end = stringEnd(bytes, at);
    if (end === -1) break;
    const isKey = bytes[end + 1] === COLON && bytes[end + 2] === QUOTE;
    if (
      isKey &&
      keys.some((k) => k.length === end + 1 - at && bytes.compare(k, 0, k.length, at, end + 1) === 0)
    ) {
      const valueStart = end + 2;
      const valueEnd = stringEnd(bytes, valueStart);
      if (valueEnd === -1) break;
      const backslash = bytes.indexOf(BACKSLASH, valueStart);
      if (backslash === -1 || backslash > valueEnd) {
        // The value becomes `"\u0000<n>"`: the n-th form, put back in place after the parse.
        parts.push(bytes.subarray(copied, valueStart + 1), Buffer.from(`\\u0000${spans.length / 2}`));
        spans.push(valueStart + 1, valueEnd);
        copied = valueEnd;
      }
      at = bytes.indexOf(QUOTE, valueEnd + 1);
      continue;
    }
    at = bytes.indexOf(QUOTE, end + 1);
  }
  if (spans.length === 0) return JSON.parse(bytes.toString());
  parts.push(bytes.subarray(copied));
  const forms = decodeForms(bytes, spans);
  const parsed = JSON.parse(Buffer.concat(parts).toString()) as { hits?: Record<string, unknown>[] };
  for (const hit of parsed.hits ?? []) {
    for (const field of fields) {
      const value = hit[field];
      if (typeof value === 'string' && value.charCodeAt(0) === 0) hit[field] = forms[Number(value.slice(1))];
    }
  }
  return parsed;
}

/**
 * The forms whose base64 texts are at `spans` of `bytes`, decoded into one buffer of their own laid out
 * as a JSON array of them (`[form,form,...]`): the forms are views of it, so a page of all of them in
 * order is that array as it stands (`itemsFromForms` takes it without copying), and a search answer costs
 * one allocation instead of one per hit.
 */
function decodeForms(bytes: Buffer, spans: readonly number[]): Buffer[] {
  const count = spans.length / 2;
  // base64 decodes to at most three bytes per four characters
  let capacity = count + 1;
  for (let i = 0; i < spans.length; i += 2) capacity += Math.floor(((spans[i + 1]! - spans[i]!) * 3) / 4);
  const array = Buffer.allocUnsafeSlow(capacity);
  const forms: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < spans.length; i += 2) {
    array[at++] = i === 0 ? 0x5b : 0x2c; // [ ,
    // Base64 is ASCII: Node's ASCII decoder makes the same string as latin1's, faster.
    const written = array.write(bytes.toString('ascii', spans[i], spans[i + 1]), at, 'base64');
    forms.push(array.subarray(at, at + written));
    at += written;
  }
  array[at] = 0x5d; // ]
  return forms;
}
