/**
 * The protected catalog endpoints for a CMS over HTTP (docs/api/content-catalog.md):
 * `GET /content/articles/{ordernumber}`, `GET /content/taxonomies` and `GET /content/taxonomies/{slug}`.
 * The sample snapshot plus two deeper terms under `rundballenpressen` (levels 4 and 5), tagged on the
 * active 1002 and the inactive 1004, so the tree depth and the distinct active counts show.
 */
import { startStack, type Stack } from '../support/stack';
import { editRecords } from '../support/snapshot';
import { authHeaders, bearer } from '../support/tokens';
import type { ArticleDetail, ContentTermNode, Data, Medium } from '../support/types';

let stack: Stack;
let content: string;
let media: string;

beforeAll(async () => {
  stack = await startStack({
    catalog: async (dir) => {
      await editRecords(dir, 'taxons.ndjson', (records) => [
        ...records,
        { id: 130, taxonomy_id: 1, parent_id: 103, slug: 'festkammer', name: 'Festkammer', position: 1 },
        { id: 131, taxonomy_id: 1, parent_id: 130, slug: 'rp-125', name: 'Baureihe RP 125', position: 1 },
      ]);
      await editRecords(dir, 'products.ndjson', (records) =>
        records.map((p) =>
          p.id === 1002 || p.id === 1004 ? { ...p, taxon_ids: [...(p.taxon_ids as number[]), 131] } : p,
        ),
      );
    },
  });
  content = await bearer(stack.database.db, 'content');
  media = await bearer(stack.database.db, 'media');
});
afterAll(async () => {
  await stack?.stop();
});

const call = (path: string, token?: string) => stack.api.get(path, { headers: authHeaders(token) });

/** GET with the content token, expecting `status`; the parsed body and its text. */
async function json<T>(path: string, status = 200): Promise<{ body: T; text: string }> {
  const res = await call(path, content);
  const text = await res.text();
  expect({ path, status: res.status }).toEqual({ path, status });
  return { body: JSON.parse(text) as T, text };
}

/** The SQL statements `run` issues, without the token lookups and `last_used_at` updates of the auth layer. */
async function catalogQueries(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => {
    if (!query.sql.includes('personal_access_tokens')) seen.push(query.sql);
  };
  stack.api.deps.db.on('query', listener);
  try {
    await run();
  } finally {
    stack.api.deps.db.removeListener('query', listener);
  }
  return seen;
}

/** Named columns only (no `select *`) and never a price or stock column. */
function expectNamedColumns(queries: string[]): void {
  for (const sql of queries) {
    expect(sql.replace(/count\(\*\)/gi, '')).not.toMatch(/\*/);
    expect(sql).not.toMatch(/\b(price|stock)\b/i);
  }
}

async function expectNotFound(path: string): Promise<void> {
  const { body } = await json<{ error: { code: string } }>(path, 404);
  expect(body.error.code).toBe('not_found');
}

/** No `price` or `stock` key, and not the article's price as the snapshot has it. */
function expectNoPriceOrStock(text: string, price: string): void {
  expect(text).not.toMatch(/"(price|stock)"/);
  expect(text).not.toContain(price);
}

const ENDPOINTS = [
  '/content/articles/E%2011-0455',
  '/content/taxonomies',
  '/content/taxonomies/produktbereich',
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s answers 401 without a token and 403 for a media-only token', async (path) => {
    const none = await call(path);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    const mediaOnly = await call(path, media);
    expect(mediaOnly.status).toBe(403);
    expect(((await mediaOnly.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it.each(ENDPOINTS)('%s answers other methods with 405 before the token', async (path) => {
    const res = await stack.api.get(path, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /content/articles/{ordernumber}', () => {
  it('returns the article in list form plus its active products, for a URL-encoded order number', async () => {
    const { body, text } = await json<Data<ArticleDetail>>('/content/articles/E%2011-0455');
    expect(Object.keys(body)).toEqual(['data']);
    const { products, ...article } = body.data;
    expect(article).toEqual({
      id: 2009,
      type: 'spare',
      type_code: 'VT',
      ordernumber: 'E 11-0455',
      names: { de: 'Pick-up-Zinke 5,5 mm', en: 'Pick-up tine 5.5 mm', fr: 'Dent de pick-up 5,5 mm' },
      short_names: { de: 'Zinke 5,5', en: 'Tine 5.5' },
      descriptions: {
        de: 'Federstahl, passend für alle Pick-ups 2,10 m und 2,30 m ab Baujahr 2019.',
        en: 'Spring steel, fits all 2.10 m and 2.30 m pick-ups from model year 2019.',
      },
      weight: '0.085',
      customs_tariff_number: '84339000',
      sale_start: '2019-01-01T00:00:00.000000Z',
      end_of_life: null,
      created_at: '2018-11-12T09:00:00.000000Z',
      updated_at: '2026-01-05T06:55:00.000000Z',
    });
    expect(Object.keys(body.data)).toEqual([...Object.keys(article), 'products']);
    // the same record as in the list
    const listed = await json<{ data: unknown[] }>('/content/articles?search=0455');
    expect(listed.body.data).toEqual([article]);

    // 1002 and 1003, by product ordernumber; never the inactive 1004
    expect(products.map((p) => p.id)).toEqual([1002, 1003]);
    expect(Object.keys(products[0]!)).toEqual([
      'id',
      'slug',
      'objekttyp',
      'ordernumber',
      'names',
      'primary_image',
    ]);
    expect(products.map(({ primary_image, ...rest }) => ({ ...rest, image: primary_image?.id }))).toEqual([
      {
        id: 1002,
        slug: 'rp-125-f',
        objekttyp: 'produkt',
        ordernumber: '100.125',
        names: {
          de: 'Festkammer-Rundballenpresse RP 125 F',
          en: 'Fixed-chamber round baler RP 125 F',
          fr: 'Presse à balles rondes à chambre fixe RP 125 F',
        },
        image: 5001,
      },
      {
        id: 1003,
        slug: 'rp-160-v-profi',
        objekttyp: 'modellvariante',
        ordernumber: '100.160',
        names: {
          de: 'Variable Rundballenpresse RP 160 V Profi',
          en: 'Variable-chamber round baler RP 160 V Profi',
          fr: 'Presse à balles rondes à chambre variable RP 160 V Profi',
        },
        image: 5005,
      },
    ]);
    // primary_image is the product list form's, whole (url, conversions, ki_label, ...)
    const list = await json<{ data: { id: number; primary_image: Medium | null }[] }>(
      '/content/products?ids[]=1002&ids[]=1003',
    );
    expect(products.map((p) => p.primary_image)).toEqual(list.body.data.map((p) => p.primary_image));
    expect(products[1]!.primary_image).toMatchObject({ id: 5005, ki_label: 'KI-generiert' });
    expect(text).not.toContain('rpw-125-f-combi');
    expectNoPriceOrStock(text, '4.85');
  });

  it('takes an order number with dots as it is, and an upload as primary image', async () => {
    const dotted = await json<Data<ArticleDetail>>('/content/articles/100.126.01');
    expect(dotted.body.data).toMatchObject({ id: 2004, ordernumber: '100.126.01', weight: '4250.000' });
    expect(dotted.body.data.products).toEqual([]); // its only product, 1004, is inactive
    expectNoPriceOrStock(dotted.text, '52300');

    const bz = await json<Data<ArticleDetail>>('/content/articles/200.915.01');
    expect(bz.body.data.products.map((p) => [p.id, p.slug, p.primary_image?.id])).toEqual([
      [1008, 'ballenzange-bz-150', 9002],
    ]);
  });

  it('returns an article of no product with products []', async () => {
    const { body } = await json<Data<ArticleDetail>>('/content/articles/E%2090-0001');
    expect(body.data).toMatchObject({ id: 2020, weight: null, customs_tariff_number: null, products: [] });
  });

  it('answers 404 for an inactive or unknown order number, matched exactly', async () => {
    await expectNotFound('/content/articles/E%2049-0101'); // 2019, inactive
    await expectNotFound('/content/articles/E%2099-9999');
    await expectNotFound('/content/articles/e%2011-0455'); // case matters
    await expectNotFound('/content/articles/E11-0455');
    await expectNotFound('/content/articles/2009'); // not an id
  });

  it('issues two queries however many products, one without any', async () => {
    const count = async (path: string, status = 200) => {
      const queries = await catalogQueries(() => json(path, status));
      expectNamedColumns(queries);
      return queries.length;
    };
    expect(await count('/content/articles/E%2011-0455')).toBe(2); // two active products
    expect(await count('/content/articles/100.125.01')).toBe(2); // one
    expect(await count('/content/articles/100.126.01')).toBe(1); // only an inactive one
    expect(await count('/content/articles/E%2090-0001')).toBe(1); // none
    expect(await count('/content/articles/E%2049-0101', 404)).toBe(1);
  });
});

/** A term of `taxonomy` (`[id, slug]`) in the content wire form; `path` from the parent's. */
const term =
  (taxonomy: [number, string]) =>
  (
    id: number,
    parent: [number, string] | null,
    slug: string,
    names: string,
    position: number,
    productsCount: number,
    children: (parentPath: [number, string]) => ContentTermNode[] = () => [],
  ): ContentTermNode => {
    const path = parent ? `${parent[1]} / ${names}` : names;
    return {
      id,
      taxonomy_id: taxonomy[0],
      taxonomy_slug: taxonomy[1],
      parent_id: parent ? parent[0] : null,
      slug,
      names,
      position,
      path,
      products_count: productsCount,
      children: children([id, path]),
    };
  };

const pb = term([1, 'produktbereich']);
const eb = term([2, 'einsatzbereich']);

const PRODUKTBEREICH = {
  id: 1,
  slug: 'produktbereich',
  labels: 'Produktbereich',
  position: 1,
  terms_count: 12,
  terms: [
    pb(101, null, 'erntetechnik', 'Erntetechnik', 1, 3, (p) => [
      pb(102, p, 'pressen', 'Pressen', 1, 3, (p) => [
        pb(103, p, 'rundballenpressen', 'Rundballenpressen', 1, 3, (p) => [
          pb(130, p, 'festkammer', 'Festkammer', 1, 1, (p) => [
            pb(131, p, 'rp-125', 'Baureihe RP 125', 1, 1), // 1002; 1004 is inactive
          ]),
        ]),
        pb(104, p, 'press-wickel-kombinationen', 'Press-Wickel-Kombinationen', 2, 0), // only 1004
      ]),
    ]),
    pb(105, null, 'frontladertechnik', 'Frontladertechnik', 2, 4, (p) => [
      pb(106, p, 'frontlader', 'Frontlader', 1, 3),
      pb(107, p, 'werkzeuge', 'Werkzeuge und Anbaugeräte', 2, 1, (p) => [
        pb(108, p, 'schaufeln', 'Schaufeln', 1, 0),
        pb(109, p, 'ballenhandling', 'Ballenhandling', 2, 1),
      ]),
    ]),
    pb(110, null, 'ersatzteile', 'Ersatzteile', 3, 0),
  ],
};

const EINSATZBEREICH = {
  id: 2,
  slug: 'einsatzbereich',
  labels: 'Einsatzbereich',
  position: 2,
  terms_count: 5,
  terms: [
    // 1002 is in both children: counted once
    eb(111, null, 'gruenland', 'Grünland', 1, 2, (p) => [
      eb(112, p, 'silage', 'Silage', 1, 2),
      eb(113, p, 'heu-und-stroh', 'Heu und Stroh', 2, 1),
    ]),
    eb(114, null, 'hof-und-stall', 'Hof und Stall', 2, 2),
    eb(115, null, 'ballenhandling', 'Ballenhandling', 3, 1),
  ],
};

const withoutTerms = ({ terms: _terms, ...dimension }: { terms: ContentTermNode[] }) => dimension;

describe('GET /content/taxonomies', () => {
  it('lists the frontend dimensions with their term counts, without terms or internal dimensions', async () => {
    const { body, text } = await json<{ data: Record<string, unknown>[] }>('/content/taxonomies?frontend=0');
    expect(body).toEqual({ data: [withoutTerms(PRODUKTBEREICH), withoutTerms(EINSATZBEREICH)] });
    expect(Object.keys(body.data[0]!)).toEqual(['id', 'slug', 'labels', 'position', 'terms_count']);
    for (const hidden of ['personen', 'Personen']) expect(text).not.toContain(hidden);
  });

  it('runs one query, on named columns', async () => {
    const queries = await catalogQueries(() => json('/content/taxonomies'));
    expect(queries).toHaveLength(1);
    expectNamedColumns(queries);
  });
});

describe('GET /content/taxonomies/{slug}', () => {
  it('returns one dimension with its full tree at every depth, paths and active product counts', async () => {
    const { body } = await json<{ data: { terms: ContentTermNode[] } }>('/content/taxonomies/produktbereich');
    expect(body).toEqual({ data: PRODUKTBEREICH });
    expect(Object.keys(body.data)).toEqual(['id', 'slug', 'labels', 'position', 'terms_count', 'terms']);
    expect(Object.keys(body.data.terms[0]!)).toEqual([
      'id',
      'taxonomy_id',
      'taxonomy_slug',
      'parent_id',
      'slug',
      'names',
      'position',
      'path',
      'products_count',
      'children',
    ]);
    const deepest = body.data.terms[0]!.children[0]!.children[0]!.children[0]!.children[0]!;
    expect(deepest).toMatchObject({
      id: 131,
      path: 'Erntetechnik / Pressen / Rundballenpressen / Festkammer / Baureihe RP 125',
      children: [],
    });
  });

  it('counts distinct active products of a term and its descendants', async () => {
    const { body } = await json<{ data: unknown }>('/content/taxonomies/einsatzbereich');
    expect(body).toEqual({ data: EINSATZBEREICH });
  });

  it('the public /taxonomies has the same tree, without paths and counts', async () => {
    const pub = await stack.api.json<{ data: { slug: string; terms: unknown[] }[] }>('/taxonomies');
    const strip = (t: ContentTermNode): unknown => {
      const { path: _path, products_count: _count, children, ...rest } = t;
      return { ...rest, children: children.map(strip) };
    };
    expect(pub.data.find((d) => d.slug === 'produktbereich')!.terms).toEqual(PRODUKTBEREICH.terms.map(strip));
  });

  it('answers 404 for an internal (non-frontend) or unknown dimension, and for a term slug', async () => {
    await expectNotFound('/content/taxonomies/personen');
    await expectNotFound('/content/taxonomies/gibt-es-nicht');
    await expectNotFound('/content/taxonomies/erntetechnik');
    await expectNotFound('/content/taxonomies/Produktbereich');
  });

  it('runs two queries on named columns whatever the size of the tree', async () => {
    const queries = await catalogQueries(() => json('/content/taxonomies/produktbereich'));
    expect(queries).toHaveLength(2);
    expectNamedColumns(queries);
    expect(await catalogQueries(() => json('/content/taxonomies/einsatzbereich'))).toHaveLength(2);
    expect(await catalogQueries(() => json('/content/taxonomies/personen', 404))).toHaveLength(2);
  });
});
