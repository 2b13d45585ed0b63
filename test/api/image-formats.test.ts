/**
 * GET /image-formats over HTTP: the active formats of the sample snapshot (the five built-ins, the custom
 * `katalog`; `social` is inactive) sorted by position.
 */
import { editRecords } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';
import { expectNamedColumns, expectOnlyGet, recordQueries } from './reference/fixture';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    index: false,
    catalog: async (dir) => {
      // Positions out of file order: the answer must sort, not keep the insertion order.
      await editRecords(dir, 'image_formats.ndjson', (records) => [...records].reverse());
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

it('returns the active formats by position with every field', async () => {
  const { data } = await stack.api.json<{ data: Record<string, unknown>[] }>('/image-formats');
  expect(data.map((x) => x.key)).toEqual(['thumb', 'mini', 'tile', 'preview', 'hero', 'katalog']);
  expect(data[0]).toEqual({
    key: 'thumb',
    label: 'Vorschaubild',
    width: 300,
    height: 300,
    fit: 'crop',
    quality: null,
    position: 1,
  });
  expect(data[5]).toEqual({
    key: 'katalog',
    label: 'Katalogseite',
    width: 1200,
    height: 900,
    fit: 'contain',
    quality: 90,
    position: 6,
  });
});

it('ignores query parameters, answers other methods with 405 and runs one query naming its columns', async () => {
  const plain = await stack.api.json('/image-formats');
  expect(await stack.api.json('/image-formats?active=0&per_page=1')).toEqual(plain);
  await expectOnlyGet(stack.api, '/image-formats');
  const queries = await recordQueries(stack.api.deps.db, () => stack.api.json('/image-formats'));
  expect(queries).toHaveLength(1);
  expectNamedColumns(queries);
});
