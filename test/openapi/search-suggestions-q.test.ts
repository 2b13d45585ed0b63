/**
 * The OpenAPI document states the length rule of `q` of `GET /search/suggestions` as the API applies it:
 * 2 to 100 characters once trimmed, a run of whitespace inside counted as one. Every value the parameter's
 * schema accepts is answered, and every value it refuses is 422, also when padded with whitespace.
 */
import { ApiError } from '../../src/http/errors';
import { parseQuery } from '../../src/http/query';
import { buildOpenApiDocument } from '../../src/openapi/document';
import { SuggestionQuery } from '../../src/resources/search-suggestions/params';

interface StringSchema {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** The schema of `q` as the document states it. */
function qSchema(): StringSchema {
  const operation = buildOpenApiDocument('http://api.test').paths!['/search/suggestions']!.get!;
  const q = (operation.parameters as { name: string; schema: StringSchema }[]).find((p) => p.name === 'q')!;
  return q.schema;
}

/** JSON Schema's string keywords: lengths in code points, `pattern` an ECMA-262 (Unicode) expression. */
function schemaAccepts(schema: StringSchema, value: string): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

/** True when the API takes `q`, false when it answers 422. */
function apiAccepts(q: string): boolean {
  try {
    parseQuery(SuggestionQuery, { q });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return false;
    throw error;
  }
}

const x = (n: number) => 'x'.repeat(n);

let schema: StringSchema;
beforeAll(() => {
  schema = qSchema();
});

it.each([
  ['one letter', 'a', false],
  ['two letters', 'ab', true],
  ['one letter padded', '  a  ', false],
  ['one letter between a tab and a newline', '\ta\n', false],
  ['two letters and a space', 'a b', true],
  ['two letters padded with 202 spaces', `  ${x(2)}${' '.repeat(200)}`, true],
  ['100 letters', x(100), true],
  ['101 letters', x(101), false],
  ['100 letters padded', `   ${x(100)}\t\t`, true],
  ['49 + 50 letters, 30 spaces between (100)', `${x(49)}${' '.repeat(30)}${x(50)}`, true],
  ['50 + 50 letters, 30 spaces between (101)', `${x(50)}${' '.repeat(30)}${x(50)}`, false],
  ['two emoji', '😀😀', true],
  ['100 emoji', '😀'.repeat(100), true],
  ['101 emoji', '😀'.repeat(101), false],
])('agrees with the API on %s', (_label, q, accepted) => {
  expect([apiAccepts(q), schemaAccepts(schema, q)]).toEqual([accepted, accepted]);
});

it('agrees with the API on 2,000 generated values of whitespace and letters', () => {
  // Mostly whitespace, so that padding and runs often decide.
  const alphabet = ['a', 'ü', '😀', ...' '.repeat(6), '\t', '\n', '\u00a0'];
  let seed = 21;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const disagreements: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const length = next() % 240;
    let q = '';
    for (let j = 0; j < length; j++) q += alphabet[next() % alphabet.length];
    if (apiAccepts(q) !== schemaAccepts(schema, q)) disagreements.push(q);
  }
  expect(disagreements).toEqual([]);
});
