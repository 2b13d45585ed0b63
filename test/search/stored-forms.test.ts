/**
 * parseWithStoredForms (src/search/stored-forms.ts): the forms of a search answer come out as the bytes
 * they encode, everything else as `JSON.parse` reads it, whatever the strings around them hold.
 */
import { itemsFromForms, serializeItems } from '../../src/http/caching';
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

it('gives the forms as one array in place: a page of all of them is that array, not a copy', () => {
  const items = [{ id: 1, name: 'Mähwerk' }, { id: 2, name: 'Ölfilter ✓' }, { id: 3 }];
  const answer = { hits: items.map((item) => ({ _list: b64(JSON.stringify(item)) })), totalHits: 3 };
  const parsed = parseWithStoredForms(Buffer.from(JSON.stringify(answer)), ['_list']) as {
    hits: { _list: Buffer }[];
  };
  const forms = parsed.hits.map((h) => h._list);
  const page = itemsFromForms(forms);
  expect(page).toEqual(serializeItems(items));
  expect(page.bytes.buffer).toBe(forms[0]!.buffer);
  expect(page.bytes.buffer.byteLength - page.bytes.length).toBeLessThanOrEqual(2 * forms.length);
  // A part of them, or another order, is copied, with the same bytes as serialized items.
  expect(itemsFromForms([forms[2]!, forms[0]!])).toEqual(serializeItems([items[2], items[0]]));
  expect(itemsFromForms(forms.slice(1)).bytes.buffer).not.toBe(forms[0]!.buffer);
  expect(itemsFromForms(forms.slice(1))).toEqual(serializeItems(items.slice(1)));
  expect(itemsFromForms(forms.slice(0, 2))).toEqual(serializeItems(items.slice(0, 2)));
});
