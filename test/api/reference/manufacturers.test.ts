/**
 * GET /manufacturers and /manufacturers/{slug} over HTTP against the imported sample snapshot plus a tie on
 * `short_name` and two manufacturers without one. Eicher (14) is inactive in the sample.
 */
import { editRecords } from '../../support/snapshot';
import { startStack, type Stack } from '../../support/stack';
import { fendt, expectNamedColumns, expectNotFound, expectOnlyGet, recordQueries } from './fixture';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    index: false,
    catalog: (dir) =>
      editRecords(dir, 'manufacturers.ndjson', (records) => [
        ...records,
        // Ids run against slug order, so a sort by id instead of slug shows.
        { id: 15, slug: 'zetor', short_name: null, names: { de: 'Zetor' }, is_active: true },
        { id: 16, slug: 'agco-fendt', short_name: 'Fendt', names: { de: 'AGCO Fendt' }, is_active: true },
        { id: 17, slug: 'claas', short_name: null, names: { de: 'Claas', en: 'Claas' }, is_active: true },
      ]),
  });
});
afterAll(() => stack.stop());

describe('GET /manufacturers', () => {
  it('lists the active manufacturers by short_name, then slug, without short_name last', async () => {
    const body = await stack.api.json<{ data: unknown[] }>('/manufacturers');
    expect(body).toEqual({
      data: [
        { id: 13, slug: 'deutz-fahr', short_name: 'Deutz-Fahr', names: { de: 'Deutz-Fahr' } },
        { id: 16, slug: 'agco-fendt', short_name: 'Fendt', names: { de: 'AGCO Fendt' } },
        fendt,
        {
          id: 12,
          slug: 'john-deere',
          short_name: 'John Deere',
          names: { de: 'John Deere', en: 'John Deere' },
        },
        { id: 17, slug: 'claas', short_name: null, names: { de: 'Claas', en: 'Claas' } },
        { id: 15, slug: 'zetor', short_name: null, names: { de: 'Zetor' } },
      ],
    });
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data[0] as object)).toEqual(['id', 'slug', 'short_name', 'names']);
  });

  it('ignores query parameters: it takes none and is not paginated', async () => {
    const plain = await stack.api.json('/manufacturers');
    expect(await stack.api.json('/manufacturers?page=2&per_page=1&short_name=Fendt&search=x')).toEqual(plain);
  });

  it('reads named columns only', async () => {
    const queries = await recordQueries(stack.api.deps.db, () => stack.api.json('/manufacturers'));
    expect(queries).toHaveLength(1);
    expectNamedColumns(queries);
  });
});

describe('GET /manufacturers/{slug}', () => {
  it('returns the list fields of an active manufacturer, nothing more', async () => {
    const body = await stack.api.json<{ data: object }>('/manufacturers/fendt');
    expect(body).toEqual({ data: fendt });
    expect(Object.keys(body.data)).toEqual(['id', 'slug', 'short_name', 'names']);
    expect(await stack.api.json('/manufacturers/claas?with=series')).toEqual({
      data: { id: 17, slug: 'claas', short_name: null, names: { de: 'Claas', en: 'Claas' } },
    });
  });

  it('is 404 not_found for an inactive manufacturer and for an unknown slug', async () => {
    await expectNotFound(stack.api, '/manufacturers/eicher');
    await expectNotFound(stack.api, '/manufacturers/unknown');
    await expectNotFound(stack.api, '/manufacturers/FENDT');
    await expectNotFound(stack.api, '/manufacturers/11');
  });
});

it('answers other methods with 405 and Allow: GET, HEAD; HEAD works', async () => {
  await expectOnlyGet(stack.api, '/manufacturers');
  await expectOnlyGet(stack.api, '/manufacturers/fendt');
  const head = await stack.api.get('/manufacturers/fendt', { method: 'HEAD' });
  expect(head.status).toBe(200);
});
