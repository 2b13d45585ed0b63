/**
 * GET /tractor-series and /tractor-series/{slug} over HTTP against the sample snapshot plus a series of the
 * inactive manufacturer Eicher (14, its `manufacturer` is null) and a series without models.
 */
import { editRecords } from '../../support/snapshot';
import { startStack, type Stack } from '../../support/stack';
import {
  fendt,
  johnDeere,
  deutzFahr,
  expectNamedColumns,
  expectNotFound,
  expectOnlyGet,
  recordQueries,
} from './fixture';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    index: false,
    catalog: async (dir) => {
      await editRecords(dir, 'tractor_series.ndjson', (records) => [
        ...records,
        { id: 23, slug: 'eicher-tiger', name: null, manufacturer_id: 14 },
        { id: 24, slug: 'deutz-fahr-6', name: 'Serie 6', manufacturer_id: 13 },
      ]);
      await editRecords(dir, 'tractor_models.ndjson', (records) => [
        // Königstiger (35, Eicher) joins the Eicher series; 716 Vario sorts before the older ids of its series.
        ...records.map((r) => (r.id === 35 ? { ...r, tractor_series_id: 23 } : r)),
        {
          id: 36,
          identifier: 'FE-716V',
          model: '716 Vario',
          type_of_tractor: 'Standardtraktor',
          manufacturer_id: 11,
          tractor_series_id: 21,
        },
      ]);
    },
  });
});
afterAll(() => stack.stop());

describe('GET /tractor-series', () => {
  it('lists every series by slug with its manufacturer; an inactive manufacturer is null', async () => {
    const body = await stack.api.json<{ data: object[] }>('/tractor-series');
    expect(body).toEqual({
      data: [
        { id: 24, slug: 'deutz-fahr-6', names: 'Serie 6', manufacturer_id: 13, manufacturer: deutzFahr },
        { id: 23, slug: 'eicher-tiger', names: null, manufacturer_id: 14, manufacturer: null },
        { id: 21, slug: 'fendt-700-vario', names: '700 Vario', manufacturer_id: 11, manufacturer: fendt },
        { id: 22, slug: 'john-deere-6r', names: '6R-Serie', manufacturer_id: 12, manufacturer: johnDeere },
      ],
    });
    expect(Object.keys(body.data[0]!)).toEqual(['id', 'slug', 'names', 'manufacturer_id', 'manufacturer']);
    expect(JSON.stringify(body)).not.toMatch(/Eicher/);
  });

  it('ignores query parameters and reads named columns in one query', async () => {
    const plain = await stack.api.json('/tractor-series');
    const queries = await recordQueries(stack.api.deps.db, async () => {
      expect(await stack.api.json('/tractor-series?manufacturer=fendt&page=2&per_page=1')).toEqual(plain);
    });
    expect(queries).toHaveLength(1);
    expectNamedColumns(queries);
  });
});

describe('GET /tractor-series/{slug}', () => {
  it('adds the models by model name, without their manufacturer and series', async () => {
    const body = await stack.api.json<{ data: { models: object[] } }>('/tractor-series/fendt-700-vario');
    const model = (id: number, identifier: string, name: string) => ({
      id,
      identifier,
      model: name,
      type_of_tractor: 'Standardtraktor',
      manufacturer_id: 11,
      tractor_series_id: 21,
    });
    expect(body).toEqual({
      data: {
        id: 21,
        slug: 'fendt-700-vario',
        names: '700 Vario',
        manufacturer_id: 11,
        manufacturer: fendt,
        models: [
          model(36, 'FE-716V', '716 Vario'),
          model(31, 'FE-724V-G6', '724 Vario'),
          model(32, 'FE-728V-G6', '728 Vario'),
        ],
      },
    });
    expect(Object.keys(body.data)).toEqual([
      'id',
      'slug',
      'names',
      'manufacturer_id',
      'manufacturer',
      'models',
    ]);
    expect(Object.keys(body.data.models[0]!)).toEqual([
      'id',
      'identifier',
      'model',
      'type_of_tractor',
      'manufacturer_id',
      'tractor_series_id',
    ]);
  });

  it('lists a series of an inactive manufacturer with manufacturer null, and a series without models', async () => {
    expect(await stack.api.json('/tractor-series/eicher-tiger')).toEqual({
      data: {
        id: 23,
        slug: 'eicher-tiger',
        names: null,
        manufacturer_id: 14,
        manufacturer: null,
        models: [
          {
            id: 35,
            identifier: null,
            model: 'Königstiger',
            type_of_tractor: null,
            manufacturer_id: 14,
            tractor_series_id: 23,
          },
        ],
      },
    });
    expect(await stack.api.json('/tractor-series/deutz-fahr-6?with=models')).toEqual({
      data: {
        id: 24,
        slug: 'deutz-fahr-6',
        names: 'Serie 6',
        manufacturer_id: 13,
        manufacturer: deutzFahr,
        models: [],
      },
    });
  });

  it('reads named columns in two queries', async () => {
    const queries = await recordQueries(stack.api.deps.db, () =>
      stack.api.json('/tractor-series/fendt-700-vario'),
    );
    expect(queries).toHaveLength(2);
    expectNamedColumns(queries);
  });

  it('is 404 not_found for an unknown slug', async () => {
    await expectNotFound(stack.api, '/tractor-series/unknown');
    await expectNotFound(stack.api, '/tractor-series/FENDT-700-VARIO');
    await expectNotFound(stack.api, '/tractor-series/21');
  });
});

it('answers other methods with 405 and Allow: GET, HEAD', async () => {
  await expectOnlyGet(stack.api, '/tractor-series');
  await expectOnlyGet(stack.api, '/tractor-series/fendt-700-vario');
});
