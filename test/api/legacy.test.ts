/**
 * The legacy layer (docs/api/legacy.md) over HTTP on the sample snapshot plus five PDF catalogs
 * (test/support/catalogs.ts): every endpoint of the earlier overview (list, detail, 404, 405, filters,
 * visibility), no price or stock key anywhere, the deprecation headers, `deprecated: true` in the OpenAPI
 * document, the `/products` aliases `category` and `maker`, the catalog PDFs under `/files/catalogs`, a
 * fixed number of queries per request, and `API_LEGACY_ENDPOINTS=false` (404).
 */
import { createHash } from 'node:crypto';
import { LEGACY_DEPRECATED_AT } from '../../src/http/router';
import { buildOpenApiDocument } from '../../src/openapi/document';
import { LEGACY_ROUTES } from '../../src/resources/legacy/routes';
import { API_ROUTES } from '../../src/routes';
import { addCatalogs, pdfBytes, PUBLIC_CATALOG_SLUGS } from '../support/catalogs';
import { type Stack, startStack, type TestApi } from '../support/stack';
import { expectNotFound, expectOnlyGet, recordQueries } from './reference/fixture';
import type { Page } from '../support/types';

type Json = Record<string, unknown>;
let stack: Stack;
let api: TestApi;
let off: TestApi;
const BASE = 'http://api.test/api/v1';

beforeAll(async () => {
  stack = await startStack({ catalog: (dir) => addCatalogs(dir) });
  api = stack.api;
  off = await stack.startApi({ ...stack.config, legacyEndpoints: false });
});
afterAll(async () => {
  await stack?.stop();
});

const get = <T = Json>(path: string) => api.json<T>(path);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** Every key anywhere in `value` (objects inside arrays and objects, at any depth). */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.add(key);
      keysOf(v, out);
    }
  }
  return out;
}

/** A URL of each legacy route that answers 200 on the fixture, with its successor. */
const OK_URLS: [string, string][] = [
  ['/categories', `${BASE}/taxonomies`],
  ['/categories/pressen', `${BASE}/taxonomies`],
  ['/main-articles', `${BASE}/articles?type=main`],
  ['/main-articles/100.125.01', `${BASE}/articles?type=main&search=100.125.01`],
  ['/makers', `${BASE}/manufacturers`],
  ['/makers/11', `${BASE}/manufacturers/fendt`],
  ['/tractors', `${BASE}/tractor-models`],
  ['/tractors/31', `${BASE}/tractor-models/31`],
  ['/catalogs', `${BASE}/media?type=brochure`],
  ['/catalogs/gesamtkatalog-2026', `${BASE}/media?type=brochure`],
  ['/sparepart-groups', `${BASE}/products`],
  ['/sparepart-groups/1002', `${BASE}/products/rp-125-f`],
];

describe('every legacy route', () => {
  it('is a deprecated, public route of the table with a successor', () => {
    expect(LEGACY_ROUTES.map((r) => r.path)).toEqual([
      '/categories',
      '/categories/{slug}',
      '/main-articles',
      '/main-articles/{orderNumber}',
      '/makers',
      '/makers/{id}',
      '/tractors',
      '/tractors/{id}',
      '/catalogs',
      '/catalogs/{slug}',
      '/sparepart-groups',
      '/sparepart-groups/{id}',
    ]);
    for (const r of LEGACY_ROUTES) {
      expect([r.path, r.auth, API_ROUTES.includes(r), r.deprecated?.successor]).toEqual([
        r.path,
        'public',
        true,
        expect.stringMatching(/^\//),
      ]);
    }
    expect(API_ROUTES.filter((r) => r.deprecated)).toEqual(LEGACY_ROUTES);
  });

  it('answers with Deprecation (RFC 9745) and Link naming its successor, and never a price or stock', async () => {
    expect(LEGACY_DEPRECATED_AT).toBe(Date.parse('2026-11-25T00:00:00Z') / 1000);
    for (const [path, successor] of OK_URLS) {
      const res = await api.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.headers.get('deprecation'), res.headers.get('link')]).toEqual([
        path,
        `@${LEGACY_DEPRECATED_AT}`,
        `<${successor}>; rel="successor-version"`,
      ]);
      const keys = keysOf(await res.json());
      for (const key of ['price', 'prices', 'price_list', 'stock'])
        expect([path, keys.has(key)]).toEqual([path, false]);
    }
  });

  it('carries the headers on 404 and 405 too, and answers 405 to other methods', async () => {
    for (const path of ['/makers/999', '/categories/gibt-es-nicht', '/tractors/abc']) {
      const res = await api.get(path);
      expect([path, res.status, res.headers.get('deprecation')]).toEqual([
        path,
        404,
        `@${LEGACY_DEPRECATED_AT}`,
      ]);
      expect(res.headers.get('link')).toMatch(/; rel="successor-version"$/);
    }
    for (const [path] of OK_URLS) await expectOnlyGet(api, path);
    const res = await api.get('/catalogs', { method: 'DELETE' });
    expect([res.status, res.headers.get('deprecation')]).toEqual([405, `@${LEGACY_DEPRECATED_AT}`]);
  });

  it('is marked deprecated in the OpenAPI document, with the headers documented; the current routes are not', () => {
    const document = buildOpenApiDocument('http://api.test');
    for (const r of API_ROUTES) {
      const op = document.paths![r.path]!.get!;
      expect([r.path, op.deprecated ?? false]).toEqual([r.path, Boolean(r.deprecated)]);
      if (!r.deprecated) continue;
      const headers = op.responses!['200']!.headers as Record<string, { required?: boolean }>;
      expect([r.path, headers.Deprecation?.required, headers.Link?.required]).toEqual([r.path, true, true]);
    }
    const params = document.paths!['/products']!.get!.parameters as unknown as {
      name: string;
      schema: Json;
    }[];
    expect(params.filter((p) => p.schema.deprecated).map((p) => p.name)).toEqual(['category', 'maker']);
    const without = buildOpenApiDocument('http://api.test', { legacyEndpoints: false });
    expect(Object.keys(without.paths!)).not.toContain('/makers');
  });
});

describe('GET /makers', () => {
  it('lists the active manufacturers with tractor and product counts', async () => {
    const { data } = await get<{ data: Json[] }>('/makers');
    expect(data.map((m) => [m.id, m.shortname, m.slug, m.tractors_count, m.products_count])).toEqual([
      [13, 'Deutz-Fahr', 'deutz-fahr', 1, 1],
      [11, 'Fendt', 'fendt', 2, 2],
      [12, 'John Deere', 'john-deere', 1, 2],
    ]);
    expect(data[1]).toEqual({
      id: 11,
      shortname: 'Fendt',
      name: { de: 'Fendt', en: 'Fendt', fr: 'Fendt' },
      slug: 'fendt',
      tractors_count: 2,
      products_count: 2,
      created_at: '2019-03-04T07:00:00.000000Z',
      updated_at: '2024-01-15T09:20:00.000000Z',
    });
  });

  it('shows one by id; 404 for an inactive, unknown or malformed id', async () => {
    expect((await get<{ data: Json }>('/makers/12')).data).toMatchObject({ id: 12, shortname: 'John Deere' });
    for (const path of ['/makers/14', '/makers/999', '/makers/fendt', '/makers/011', '/makers/99999999999']) {
      await expectNotFound(api, path);
    }
  });
});

describe('GET /tractors', () => {
  it('lists the tractor models with maker and series, paginated 15 by default', async () => {
    const page = await get<Page<Json>>('/tractors');
    expect(page.meta).toMatchObject({ total: 5, per_page: 15, current_page: 1 });
    expect(page.data.map((t) => t.model)).toEqual([
      '6165 RCshift',
      '6R 150',
      '724 Vario',
      '728 Vario',
      'Königstiger',
    ]);
    expect(page.data.find((t) => t.id === 31)).toEqual({
      id: 31,
      identification: 'FE-724V-G6',
      model: '724 Vario',
      series: expect.any(String) as string,
      type_of_tractor: 'Standardtraktor',
      maker: { id: 11, shortname: 'Fendt', name: { de: 'Fendt', en: 'Fendt', fr: 'Fendt' } },
      tractor_series: { id: 21, slug: 'fendt-700-vario', name: expect.any(String) as string },
      performance_classes: [],
      created_at: null,
      updated_at: null,
    });
    // Königstiger: its manufacturer is inactive, it has no series.
    expect(page.data.find((t) => t.id === 35)).toMatchObject({
      maker: null,
      tractor_series: null,
      series: null,
    });
  });

  it('filters by maker (short name or slug), series and search; ignores invalid values; clamps per_page', async () => {
    const models = async (query: string) => ids((await get<Page<{ id: number }>>(`/tractors?${query}`)).data);
    expect(await models('maker=fendt')).toEqual([31, 32]);
    expect(await models('maker=FENDT')).toEqual([31, 32]);
    expect(await models('maker=John%20Deere')).toEqual([33]);
    expect(await models('maker=deutz-fahr')).toEqual([34]);
    expect(await models('series=21')).toEqual([31, 32]);
    expect(await models('search=vario%20728')).toEqual([32]);
    expect(await models('search=jd-6r')).toEqual([33]);
    expect(await models('search=100%25')).toEqual([]);
    const all = await models('');
    for (const ignored of [
      'maker=eicher',
      'maker=nobody',
      'series=999',
      'series=abc',
      'maker=',
      'series[]=21',
    ]) {
      expect([ignored, await models(ignored)]).toEqual([ignored, all]);
    }
    const page = await get<Page<Json>>('/tractors?per_page=2&page=2');
    expect(page.meta).toMatchObject({ total: 5, per_page: 2, current_page: 2, last_page: 3 });
    expect(page.links.next).toBe(`${BASE}/tractors?per_page=2&page=3`);
    expect((await get<Page<Json>>('/tractors?per_page=500')).meta.per_page).toBe(100);
  });

  it('shows one by id; 404 otherwise', async () => {
    expect((await get<{ data: Json }>('/tractors/35')).data).toMatchObject({ id: 35, model: 'Königstiger' });
    for (const path of ['/tractors/999', '/tractors/x1', '/tractors/0']) await expectNotFound(api, path);
  });
});

describe('GET /categories', () => {
  it('lists the terms of the first frontend dimension with their active products', async () => {
    const { data } = await get<{ data: Json[] }>('/categories');
    expect(data.map((c) => c.slug)).toEqual([
      'erntetechnik',
      'frontlader',
      'pressen',
      'rundballenpressen',
      'schaufeln',
      'ballenhandling',
      'frontladertechnik',
      'press-wickel-kombinationen',
      'werkzeuge',
      'ersatzteile',
    ]);
    expect(data.every((c) => c.taxonomy_slug === 'produktbereich')).toBe(true);
    const pressen = data.find((c) => c.slug === 'pressen');
    // rundballenpressen (1001, 1002, 1003) and press-wickel-kombinationen (only the inactive 1004).
    expect(pressen).toEqual({
      id: 102,
      slug: 'pressen',
      name: { de: 'Pressen' },
      short_name: { de: 'Pressen' },
      parent_id: 101,
      position: 1,
      taxonomy_slug: 'produktbereich',
      products_count: 3,
      created_at: null,
      updated_at: null,
    });
  });

  it('shows one by slug; 404 for a term of another dimension or an unknown slug', async () => {
    expect((await get<{ data: Json }>('/categories/frontlader')).data).toMatchObject({
      id: 106,
      products_count: 3,
    });
    for (const path of ['/categories/silage', '/categories/jana-vogt', '/categories/gibt-es-nicht']) {
      await expectNotFound(api, path);
    }
  });
});

describe('GET /main-articles', () => {
  it('lists the active main articles by order number with products and makers, no price', async () => {
    const page = await get<Page<Json>>('/main-articles');
    expect(page.meta).toMatchObject({ total: 8, per_page: 15 });
    expect(page.data.map((a) => a.order_number)).toEqual([
      '100.125.01',
      '100.125.02',
      '100.126.01',
      '100.160.01',
      '200.045.01',
      '200.046.01',
      '200.720.20',
      '200.915.01',
    ]);
    const fl45 = page.data.find((a) => a.order_number === '200.045.01')!;
    expect(fl45).toMatchObject({
      id: 2005,
      is_published: true,
      weight: expect.stringMatching(/^\d+\.\d{3}$/) as string,
      products: [{ id: 1006, slug: 'fl-45-p', order_number: '200.045', name: expect.any(Object) as Json }],
      makers: [
        { id: 13, shortname: 'Deutz-Fahr', name: { de: 'Deutz-Fahr' } },
        { id: 11, shortname: 'Fendt', name: expect.any(Object) as Json },
        { id: 12, shortname: 'John Deere', name: expect.any(Object) as Json },
      ],
    });
    expect(Object.keys(fl45)).toEqual([
      'id',
      'order_number',
      'name',
      'short_name',
      'description',
      'type_code',
      'weight',
      'customs_tariff_number',
      'is_published',
      'sol',
      'eol',
      'products',
      'makers',
      'created_at',
      'updated_at',
    ]);
    // 100.126.01 belongs only to the inactive product 1004: listed, without products.
    expect(page.data.find((a) => a.order_number === '100.126.01')).toMatchObject({
      products: [],
      makers: [],
    });
    // 200.720.20 (Erdschaufel) belongs to two active products.
    expect(ids(page.data.find((a) => a.order_number === '200.720.20')!.products as { id: number }[])).toEqual(
      [1006, 1007],
    );
  });

  it('filters by product and search; ignores unknown or inactive products', async () => {
    const numbers = async (query: string) =>
      (await get<Page<Json>>(`/main-articles?${query}`)).data.map((a) => a.order_number);
    expect(await numbers('product=rp-125-f')).toEqual(['100.125.01', '100.125.02']);
    expect(await numbers('search=frontlader%20komfort')).toEqual(['200.046.01']);
    expect(await numbers('search=100.160')).toEqual(['100.160.01']);
    expect(await numbers('search=E%2011')).toEqual([]); // spare parts are not main articles
    const all = await numbers('');
    for (const ignored of ['product=rpw-125-f-combi', 'product=nope', 'product[]=rp-125-f']) {
      expect([ignored, await numbers(ignored)]).toEqual([ignored, all]);
    }
  });

  it('shows one by exact order number; 404 for spare parts, inactive and unknown ones', async () => {
    expect((await get<{ data: Json }>('/main-articles/200.720.20')).data).toMatchObject({ id: 2008 });
    for (const path of [
      '/main-articles/E%2011-0455',
      '/main-articles/200.720',
      '/main-articles/E%2049-0101',
    ]) {
      await expectNotFound(api, path);
    }
  });

  it('reads a page in a fixed number of queries, whatever its size', async () => {
    const small = await recordQueries(api.deps.db, () => get('/main-articles?per_page=1&product=fl-45-p'));
    const large = await recordQueries(api.deps.db, () => get('/main-articles?per_page=100&product=fl-45-p'));
    expect(small.length).toBe(5);
    expect(large.length).toBe(small.length);
    const groups = await recordQueries(api.deps.db, () => get('/sparepart-groups?per_page=100'));
    expect(groups.length).toBe(2);
    const tractors = await recordQueries(api.deps.db, () => get('/tractors?per_page=100&maker=fendt'));
    expect(tractors.length).toBe(3);
  });
});

describe('GET /sparepart-groups', () => {
  it('lists the active products with active spare parts', async () => {
    const page = await get<Page<Json>>('/sparepart-groups');
    expect(page.data.map((g) => [g.id, g.order_number, g.spareparts_count])).toEqual([
      [1002, '100.125', 6],
      [1003, '100.160', 3],
      [1006, '200.045', 3],
      [1007, '200.046', 2],
    ]);
    expect(Object.keys(page.data[0]!)).toEqual([
      'id',
      'slug',
      'order_number',
      'name',
      'spareparts_count',
      'created_at',
      'updated_at',
    ]);
  });

  it('searches name and order number', async () => {
    const found = async (q: string) =>
      ids((await get<Page<{ id: number }>>(`/sparepart-groups?search=${q}`)).data);
    expect(await found('komfort')).toEqual([1007]);
    expect(await found('100.1')).toEqual([1002, 1003]);
    expect(await found('nichts')).toEqual([]);
  });

  it('shows a group with its spare parts; 404 for products without active spares, inactive or unknown', async () => {
    const { data } = await get<{ data: { spareparts: Json[] } }>('/sparepart-groups/1003');
    expect(data.spareparts.map((s) => s.order_number)).toEqual(['E 11-0455', 'E 11-0610', 'E 13-0830']);
    expect(data.spareparts[0]).toMatchObject({
      id: 2009,
      is_published: true,
      name: expect.any(Object) as Json,
    });
    // 1008 has only the inactive spare 2019; 1004 is inactive; 1001 has no articles.
    for (const path of ['/sparepart-groups/1008', '/sparepart-groups/1004', '/sparepart-groups/1001']) {
      await expectNotFound(api, path);
    }
    await expectNotFound(api, '/sparepart-groups/rp-125-f');
  });
});

describe('GET /catalogs', () => {
  it('lists the published catalogs within their validity, with their PDF URL', async () => {
    const { data } = await get<{ data: Json[] }>('/catalogs');
    expect(data.map((c) => c.slug)).toEqual(PUBLIC_CATALOG_SLUGS);
    const sha = createHash('sha256').update(pdfBytes('gesamtkatalog-2026')).digest('hex');
    const url = `http://api.test/files/catalogs/1/${sha.slice(0, 32)}/gesamtkatalog-2026.pdf`;
    expect(data[0]).toEqual({
      id: 1,
      slug: 'gesamtkatalog-2026',
      title: 'Gesamtkatalog 2026',
      subtitle: 'Pressen und Frontlader',
      description: 'Alle Maschinen des Jahres 2026.',
      language: 'de',
      status: 'published',
      format: 'A4',
      page_count: 124,
      pages_count: 124,
      generated_at: '2025-12-15T09:00:00.000000Z',
      generated_pdf_path: url,
      pdf_url: url,
      file_name: 'gesamtkatalog-2026.pdf',
      size: pdfBytes('gesamtkatalog-2026').length,
      valid_from: '2025-12-31T23:00:00.000000Z',
      valid_until: null,
      created_at: '2025-12-15T09:00:00.000000Z',
      updated_at: '2026-01-02T08:00:00.000000Z',
    });
    expect(data[1]!.pdf_url).toMatch(/\/Full%20line%202026%20\(EN\)\.pdf$/);
  });

  it('shows one by slug; 404 for drafts, expired, not yet valid and unknown catalogs', async () => {
    expect((await get<{ data: Json }>('/catalogs/full-line-2026')).data).toMatchObject({
      id: 2,
      language: 'en',
    });
    for (const slug of ['entwurf-2027', 'ersatzteile-2024', 'herbst-2036', 'nope']) {
      await expectNotFound(api, `/catalogs/${slug}`);
    }
  });

  it('serves the PDF like a media original: ETag, 304, Range, Content-Disposition; 404 for a wrong URL', async () => {
    const { data } = await get<{ data: Json }>('/catalogs/full-line-2026');
    const url = String(data.pdf_url).replace('http://api.test', api.origin);
    const bytes = pdfBytes('full-line-2026');
    const res = await api.get(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Full line 2026 (EN).pdf"; filename*=UTF-8''Full%20line%202026%20%28EN%29.pdf`,
    );
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect((await api.get(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const range = await api.get(url, { headers: { Range: 'bytes=0-4' } });
    expect([range.status, await range.text()]).toEqual([206, '%PDF-']);
    const wrong = [
      url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`),
      url.replace(/[^/]+$/, 'other.pdf'),
      url.replace('/catalogs/2/', '/catalogs/3/'),
    ];
    for (const w of wrong) expect([w, (await api.get(w)).status]).toEqual([w, 404]);
    // A draft's PDF is not served even with its exact URL.
    const draft = await stack.database
      .db('catalogs')
      .where({ id: 3 })
      .first<{ file_sha256: string }>('file_sha256');
    expect(
      (await api.get(`${api.origin}/files/catalogs/3/${draft.file_sha256.slice(0, 32)}/entwurf-2027.pdf`))
        .status,
    ).toBe(404);
  });
});

describe('/products aliases', () => {
  const products = async (client: TestApi, query: string) =>
    ids((await client.json<Page<{ id: number }>>(`/products?${query}`)).data);

  it('maps category onto the category dimension and maker onto manufacturer; ignores invalid values', async () => {
    expect(await products(api, 'category=pressen')).toEqual(
      await products(api, 'taxons=produktbereich:pressen'),
    );
    expect(await products(api, 'category=pressen')).toEqual([1002, 1003, 1001]);
    expect(await products(api, 'category=pressen,frontlader')).toHaveLength(6);
    expect(await products(api, 'category=pressen&taxons=einsatzbereich:silage')).toEqual([1002, 1003]);
    expect(await products(api, 'maker=fendt')).toEqual([1006, 1007]);
    expect(await products(api, 'maker=John%20Deere')).toEqual([1006, 1007]);
    expect(await products(api, 'maker=13')).toEqual([1006]);
    expect(await products(api, 'maker=13&manufacturer=john-deere')).toEqual([1006, 1007]); // manufacturer wins
    const all = await products(api, '');
    // silage is a term of another dimension; eicher is inactive.
    for (const ignored of ['category=silage', 'category=nope', 'maker=eicher', 'maker=14', 'maker=nobody']) {
      expect([ignored, await products(api, ignored)]).toEqual([ignored, all]);
    }
  });

  it('are ignored when the legacy layer is off', async () => {
    const all = await products(off, '');
    expect(await products(off, 'category=pressen')).toEqual(all);
    expect(await products(off, 'maker=fendt')).toEqual(all);
    expect(await products(off, 'manufacturer=fendt')).toEqual([1006, 1007]);
  });
});

describe('API_LEGACY_ENDPOINTS=false', () => {
  it('answers 404 for every legacy path and catalog PDF; the current endpoints stay', async () => {
    for (const [path] of OK_URLS) {
      const res = await off.get(path);
      expect([path, res.status, res.headers.get('deprecation')]).toEqual([path, 404, null]);
    }
    const { data } = await get<{ data: Json[] }>('/catalogs');
    const pdf = String(data[0]!.pdf_url).replace('http://api.test', off.origin);
    expect((await off.get(pdf)).status).toBe(404);
    expect((await off.get('/manufacturers')).status).toBe(200);
    expect((await off.get('/makers', { method: 'POST' })).status).toBe(404);
  });
});
