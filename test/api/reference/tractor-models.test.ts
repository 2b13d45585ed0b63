/**
 * GET /tractor-models (pagination, sorting, the `manufacturer` filter, fixed query count) and
 * GET /tractor-models/{tractorModel} over HTTP. Data: the sample snapshot (models 31–35; 35 belongs to the
 * inactive Eicher) plus a tie on `model` (30), a model without manufacturer (37) and 60 John Deere test
 * models (3101–3160) whose ids run against their names: 67 models in all.
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
import type { Page, TractorModel } from '../../support/types';

let stack: Stack;

const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  stack = await startStack({
    index: false,
    catalog: (dir) =>
      editRecords(dir, 'tractor_models.ndjson', (records) => [
        ...records,
        {
          id: 30,
          identifier: 'DF-TIGER',
          model: 'Königstiger',
          type_of_tractor: null,
          manufacturer_id: 13,
          tractor_series_id: null,
        },
        { id: 37, model: 'Eigenbau' },
        ...Array.from({ length: 60 }, (_, i) => ({
          id: 3160 - i,
          identifier: `JD-T${pad(i + 1)}`,
          model: `Testmodell ${pad(i + 1)}`,
          type_of_tractor: 'Testtraktor',
          manufacturer_id: 12,
          tractor_series_id: 22,
        })),
      ]),
  });
});
afterAll(() => stack.stop());

const BASE = 'http://api.test/api/v1/tractor-models';
const series700 = { id: 21, slug: 'fendt-700-vario', names: '700 Vario', manufacturer_id: 11 };
const series6r = { id: 22, slug: 'john-deere-6r', names: '6R-Serie', manufacturer_id: 12 };

/** Test model number `n` (1–60) in list form. */
const testModel = (n: number) => ({
  id: 3161 - n,
  identifier: `JD-T${pad(n)}`,
  model: `Testmodell ${pad(n)}`,
  type_of_tractor: 'Testtraktor',
  manufacturer_id: 12,
  tractor_series_id: 22,
  manufacturer: johnDeere,
  series: series6r,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const SAMPLE_FIRST = [34, 33, 31, 32, 37, 30, 35];

describe('GET /tractor-models', () => {
  it('sorts by model, then id, and pages by 50 with the Laravel envelope', async () => {
    const first = await stack.api.json<Page<TractorModel>>('/tractor-models');
    expect(first.data.map((m) => m.id)).toEqual([...SAMPLE_FIRST, ...range(1, 43).map((n) => 3161 - n)]);
    expect(first.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 50,
      per_page: 50,
      last_page: 2,
      total: 67,
    });

    const second = await stack.api.json<Page<TractorModel>>('/tractor-models?page=2');
    expect(second).toEqual({
      data: range(44, 60).map(testModel),
      links: { first: `${BASE}?page=1`, last: `${BASE}?page=2`, prev: `${BASE}?page=1`, next: null },
      meta: {
        current_page: 2,
        from: 51,
        last_page: 2,
        links: [
          { url: `${BASE}?page=1`, label: '&laquo; Previous', active: false },
          { url: `${BASE}?page=1`, label: '1', active: false },
          { url: `${BASE}?page=2`, label: '2', active: true },
          { url: null, label: 'Next &raquo;', active: false },
        ],
        path: BASE,
        per_page: 50,
        to: 67,
        total: 67,
      },
    });
    expect(Object.keys(second)).toEqual(['data', 'links', 'meta']);
  });

  it('returns the list form: manufacturer and series always present, null when none or not public', async () => {
    const body = await stack.api.json<Page<TractorModel>>('/tractor-models?per_page=7');
    expect(body.data).toEqual([
      {
        id: 34,
        identifier: 'DF-6165RC',
        model: '6165 RCshift',
        type_of_tractor: 'Standardtraktor',
        manufacturer_id: 13,
        tractor_series_id: null,
        manufacturer: deutzFahr,
        series: null,
      },
      {
        id: 33,
        identifier: 'JD-6R150',
        model: '6R 150',
        type_of_tractor: 'Standardtraktor',
        manufacturer_id: 12,
        tractor_series_id: 22,
        manufacturer: johnDeere,
        series: series6r,
      },
      {
        id: 31,
        identifier: 'FE-724V-G6',
        model: '724 Vario',
        type_of_tractor: 'Standardtraktor',
        manufacturer_id: 11,
        tractor_series_id: 21,
        manufacturer: fendt,
        series: series700,
      },
      {
        id: 32,
        identifier: 'FE-728V-G6',
        model: '728 Vario',
        type_of_tractor: 'Standardtraktor',
        manufacturer_id: 11,
        tractor_series_id: 21,
        manufacturer: fendt,
        series: series700,
      },
      {
        id: 37,
        identifier: null,
        model: 'Eigenbau',
        type_of_tractor: null,
        manufacturer_id: null,
        tractor_series_id: null,
        manufacturer: null,
        series: null,
      },
      {
        id: 30,
        identifier: 'DF-TIGER',
        model: 'Königstiger',
        type_of_tractor: null,
        manufacturer_id: 13,
        tractor_series_id: null,
        manufacturer: deutzFahr,
        series: null,
      },
      {
        // Eicher (14) is inactive: its id stays, the record is not public.
        id: 35,
        identifier: null,
        model: 'Königstiger',
        type_of_tractor: null,
        manufacturer_id: 14,
        tractor_series_id: null,
        manufacturer: null,
        series: null,
      },
    ]);
    expect(Object.keys(body.data[1]!)).toEqual([
      'id',
      'identifier',
      'model',
      'type_of_tractor',
      'manufacturer_id',
      'tractor_series_id',
      'manufacturer',
      'series',
    ]);
    expect(Object.keys((body.data[1] as unknown as { series: object }).series)).toEqual([
      'id',
      'slug',
      'names',
      'manufacturer_id',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Eicher/);
  });

  it('filters by manufacturer slug and keeps the filter in every page URL', async () => {
    expect(await stack.api.json<Page<TractorModel>>('/tractor-models?manufacturer=fendt')).toMatchObject({
      data: [{ id: 31 }, { id: 32 }],
      meta: { total: 2, last_page: 1 },
    });
    const body = await stack.api.json<Page<TractorModel>>(
      '/tractor-models?manufacturer=john-deere&per_page=20&page=2',
    );
    expect(body.data).toEqual(range(20, 39).map(testModel));
    expect(body.meta).toMatchObject({
      current_page: 2,
      from: 21,
      to: 40,
      per_page: 20,
      last_page: 4,
      total: 61,
    });
    expect(body.links).toEqual({
      first: `${BASE}?manufacturer=john-deere&per_page=20&page=1`,
      last: `${BASE}?manufacturer=john-deere&per_page=20&page=4`,
      prev: `${BASE}?manufacturer=john-deere&per_page=20&page=1`,
      next: `${BASE}?manufacturer=john-deere&per_page=20&page=3`,
    });
  });

  it('ignores an unknown or inactive manufacturer slug (an invalid filter value), and other parameters', async () => {
    const all = await stack.api.json<Page<TractorModel>>('/tractor-models?per_page=200');
    expect(all.meta.total).toBe(67);
    for (const query of [
      'manufacturer=unknown',
      'manufacturer=eicher',
      'manufacturer=',
      'manufacturer[]=fendt',
    ]) {
      const body = await stack.api.json<Page<TractorModel>>(
        `/tractor-models?${query}&per_page=200&series=fendt-700-vario&search=x`,
      );
      expect({ query, data: body.data, total: body.meta.total }).toEqual({
        query,
        data: all.data,
        total: 67,
      });
    }
    const kept = await stack.api.json<Page<TractorModel>>('/tractor-models?manufacturer=unknown');
    expect(kept.links.next).toBe(`${BASE}?manufacturer=unknown&page=2`);
  });

  it('clamps per_page to 1..200 and reads an unusable page as page 1', async () => {
    expect((await stack.api.json<Page<TractorModel>>('/tractor-models?per_page=500')).meta).toMatchObject({
      per_page: 200,
      total: 67,
    });
    expect((await stack.api.json<Page<TractorModel>>('/tractor-models?per_page=0')).data).toHaveLength(1);
    expect((await stack.api.json<Page<TractorModel>>('/tractor-models?per_page=abc')).meta.per_page).toBe(50);
    expect((await stack.api.json<Page<TractorModel>>('/tractor-models?page=abc')).meta.current_page).toBe(1);
    const beyond = await stack.api.json<Page<TractorModel>>('/tractor-models?page=9');
    expect(beyond).toMatchObject({ data: [], meta: { current_page: 9, from: null, to: null, total: 67 } });
  });

  it('runs the same few queries for a page of 2 as for a page of 200 (no query per model)', async () => {
    const count = async (path: string) => {
      const queries = await recordQueries(stack.api.deps.db, async () => {
        const body = await stack.api.json<Page<TractorModel>>(path);
        expect(body.data.length).toBeGreaterThan(0);
      });
      expectNamedColumns(queries);
      return queries.length;
    };
    const small = await count('/tractor-models?per_page=2');
    const large = await count('/tractor-models?per_page=200');
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
    const filteredSmall = await count('/tractor-models?manufacturer=john-deere&per_page=2');
    const filteredLarge = await count('/tractor-models?manufacturer=john-deere&per_page=200');
    expect(filteredLarge).toBe(filteredSmall);
    expect(filteredSmall).toBeLessThanOrEqual(3);
  });
});

describe('GET /tractor-models/{tractorModel}', () => {
  it('returns the model in list form', async () => {
    expect(await stack.api.json('/tractor-models/31')).toEqual({
      data: {
        id: 31,
        identifier: 'FE-724V-G6',
        model: '724 Vario',
        type_of_tractor: 'Standardtraktor',
        manufacturer_id: 11,
        tractor_series_id: 21,
        manufacturer: fendt,
        series: series700,
      },
    });
    expect(await stack.api.json('/tractor-models/35?page=2')).toEqual({
      data: {
        id: 35,
        identifier: null,
        model: 'Königstiger',
        type_of_tractor: null,
        manufacturer_id: 14,
        tractor_series_id: null,
        manufacturer: null,
        series: null,
      },
    });
  });

  it('takes the integer id only: other forms and unknown ids are 404 not_found, never 500', async () => {
    expect(await stack.api.json('/tractor-models/031')).toMatchObject({ data: { id: 31 } });
    for (const id of [
      'abc',
      '1.5',
      '31.0',
      '-31',
      '+31',
      '1e3',
      '31abc',
      '0',
      '9999',
      '2147483648',
      '99999999999999999999',
      '%2031',
      'FE-724V-G6',
    ]) {
      await expectNotFound(stack.api, `/tractor-models/${id}`);
    }
  });
});

it('answers other methods with 405 and Allow: GET, HEAD', async () => {
  await expectOnlyGet(stack.api, '/tractor-models');
  await expectOnlyGet(stack.api, '/tractor-models/31');
  await expectOnlyGet(stack.api, '/tractor-models/abc');
});
