/**
 * parseWithStoredForms (src/search/stored-forms.ts): the forms of a search answer come out as the bytes
 * they encode, everything else as `JSON.parse` reads it, whatever the strings around them hold.
 */
import { parseWithStoredForms } from '../../src/search/stored-forms';

const b64 = (text: string) => Buffer.from(text).toString('base64');

it('decodes the forms of the hits into Buffers and parses the rest', () => {
  const forms = ['{"id":1,"name":"Mähwerk \\"X\\""}', '{"id":2}'];
  const answer = {
    hits: forms.map((f, i) => ({ _list: b64(f), _list_key: '1 http://a "_list":"x', id: i + 1 })),
    query: '"_list":"QUJD" \\"_list":"QUJD"',
    totalHits: 2,
    facetDistribution: { taxonomy_1: { _list: 3 } },
  };
  const parsed = parseWithStoredForms(Buffer.from(JSON.stringify(answer)), ['_list']) as typeof answer;
  expect(parsed.hits.map((h) => (h._list as unknown as Buffer).toString())).toEqual(forms);
  expect(parsed.hits.map((h) => h._list_key)).toEqual([answer.hits[0]!._list_key, answer.hits[1]!._list_key]);
  expect({ ...parsed, hits: [] }).toEqual({ ...answer, hits: [] });
});

it('leaves an answer without forms, or a value that is no base64, to JSON.parse', () => {
  const plain = { hits: [{ id: 1, _list: 'a\\"b' }], totalHits: 1 };
  expect(parseWithStoredForms(Buffer.from(JSON.stringify(plain)), ['_list'])).toEqual(plain);
  expect(parseWithStoredForms(Buffer.from('{"hits":[],"totalHits":0}'), ['_list'])).toEqual({
    hits: [],
    totalHits: 0,
  });
});
