/** GET /articles over HTTP on the sample snapshot: active articles only, partial order-number search. */
import { startStack, type Stack } from '../support/stack';
import type { Article, Page } from '../support/types';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const list = (query: string) => stack.api.json<Page<Article>>(`/articles${query}`);
const ids = async (query: string) => (await list(query)).data.map((a) => a.id);

it('lists every active article by ordernumber, also past end of life or of an inactive product', async () => {
  const page = await list('?per_page=100');
  expect(page.meta.total).toBe(19);
  const listed = page.data.map((a) => a.id);
  expect(listed).not.toContain(2019);
  expect(listed).toEqual(expect.arrayContaining([2004, 2006, 2015, 2020]));
  const numbers = page.data.map((a) => a.ordernumber);
  expect(numbers.slice(0, 3)).toEqual(['100.125.01', '100.125.02', '100.126.01']);
  expect((await list('')).meta.per_page).toBe(15);
  expect((await list('?per_page=101')).meta.per_page).toBe(100);
  const far = await list('?page=99999999999999');
  expect(far.data).toEqual([]);
  expect(far.meta.total).toBe(19);
});

it('has the embedded article fields plus timestamps, weight as decimal text, never price or stock', async () => {
  const page = await list('?per_page=100');
  const first = page.data.find((a) => a.id === 2001)!;
  expect(Object.keys(first)).toEqual([
    'id',
    'type',
    'type_code',
    'ordernumber',
    'names',
    'short_names',
    'descriptions',
    'weight',
    'customs_tariff_number',
    'sale_start',
    'end_of_life',
    'created_at',
    'updated_at',
  ]);
  expect(first.weight).toBe('2350.000');
  expect(page.data.find((a) => a.id === 2009)!.weight).toBe('0.085');
  expect(page.data.find((a) => a.id === 2020)!.weight).toBeNull();
  const plain = page.data.find((a) => a.id === 2012)!;
  expect(plain).toMatchObject({ short_names: {}, descriptions: {}, sale_start: null, end_of_life: null });
  const text = JSON.stringify(page);
  expect(text).not.toContain('28950');
  expect(text).not.toMatch(/"(price|stock)"/);
});

it('searches partially in the order number and the German name, without synonyms', async () => {
  expect(await ids('?search=0455')).toEqual([2009]);
  expect(await ids('?search=E%2011-0455')).toEqual([2009]);
  // Digit groups of an order number are one part, not each a part of its own (`0` would match anything).
  expect((await ids('?search=125.0')).sort()).toEqual([2001, 2002]);
  expect(await ids('?search=100%20125%2001')).toEqual([2001]);
  expect((await ids('?search=11-045')).sort()).toEqual([2009, 2015]);
  expect(await ids('?search=-Garnmesser')).toEqual([2014]); // no exclusion operator
  expect((await ids('?search=Zinke')).sort()).toEqual([2009, 2015]);
  expect(await ids('?search=Verschlei%C3%9Fleiste')).toEqual([2018]);
  // Inside a word of the name, as the original's LIKE '%messer%' found it.
  expect((await ids('?search=messer')).sort()).toEqual([2003, 2010, 2014]);
  expect((await ids('?search=Kette')).sort()).toEqual([2011, 2012]);
  expect(await ids('?search=bremsbel')).toEqual([2013]);
  expect(await ids('?search=leiste')).toEqual([2018]);
  expect(await ids('?search=Rundballer')).toEqual([]); // a synonym of products, not of articles
  expect(await ids('?search=tine')).toEqual([]); // English names are not searched here
});

it('filters by type and ignores an invalid type', async () => {
  const spare = await list('?type=spare&per_page=100');
  expect(spare.meta.total).toBe(11);
  expect((await list('?type=zubehoer')).meta.total).toBe(19);
});
