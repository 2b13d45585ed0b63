/**
 * GET /image-formats over HTTP: the active formats of the sample snapshot (the five built-ins, the custom
 * `katalog`; `social` is inactive) sorted by position.
 */
import { editRecords } from '../support/snapshot';
import {
  expectNamedColumns,
  expectOnlyGet,
  recordQueries,
  startWithSample,
  type ReferenceFixture,
} from './reference/fixture';

let f: ReferenceFixture;
beforeAll(async () => {
  f = await startWithSample(async (dir) => {
    // Positions out of file order: the answer must sort, not keep the insertion order.
    await editRecords(dir, 'image_formats.ndjson', (records) => [...records].reverse());
  });
});
afterAll(async () => {
  await f?.close();
});

it('returns the active formats by position with every field', async () => {
  const { data } = await f.api.json<{ data: Record<string, unknown>[] }>('/image-formats');
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
  const plain = await f.api.json('/image-formats');
  expect(await f.api.json('/image-formats?active=0&per_page=1')).toEqual(plain);
  await expectOnlyGet(f.api, '/image-formats');
  const queries = await recordQueries(f.api.deps.db, () => f.api.json('/image-formats'));
  expect(queries).toHaveLength(1);
  expectNamedColumns(queries);
});
