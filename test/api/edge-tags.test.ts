/**
 * What a shared cache in front of the API (Varnish, a CDN) is told, over HTTP on the sample snapshot:
 * every public 200 answer and stored file names the records and indexes it depends on in the
 * `EDGE_TAG_HEADER` header (default `xkey`, src/edge/tags.ts), public answers carry `s-maxage` from
 * `EDGE_MAX_AGE` capped by the nearest `valid_until`, degraded answers a few seconds and logged searches
 * none; protected routes stay private and untagged, errors keep their headers.
 */
import { type Stack, startStack, type TestApi, testMeili } from '../support/stack';
import { startTcpProxy, type TcpProxy } from '../support/outage';
import { bearer } from '../support/tokens';

let stack: Stack;
let proxy: TcpProxy;
let outageApi: TestApi;

beforeAll(async () => {
  stack = await startStack({ env: { API_CACHE_MAX_AGE: '600' } });
  const meili = new URL(testMeili().url);
  proxy = await startTcpProxy({ host: meili.hostname, port: Number(meili.port) });
  outageApi = await stack.startApi(
    stack.configWith({ MEILI_URL: `http://127.0.0.1:${proxy.port}`, API_RESULT_CACHE_MB: '0' }),
  );
});
afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
});

/** The tags of a response (the `xkey` header), as a list. */
const tagsOf = (res: Response, header = 'xkey') => (res.headers.get(header) ?? '').split(' ').filter(Boolean);
const sMaxAge = (res: Response) => {
  const found = /s-maxage=(\d+)/.exec(res.headers.get('cache-control') ?? '');
  return found ? Number(found[1]) : undefined;
};

describe('cache tags', () => {
  it('name each product of a list page and the products index', async () => {
    const res = await stack.api.get('/products?per_page=3');
    const { data } = (await res.json()) as { data: { id: number }[] };
    expect(data).toHaveLength(3);
    expect(tagsOf(res).sort()).toEqual(['index-products', ...data.map((p) => `product-${p.id}`)].sort());
    // the fixture's products show an image with a valid_until years ahead: stale for a day at most
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=600, s-maxage=86400, stale-if-error=86400',
    );
  });

  it('name a search page like a list, which no shared cache may keep: every search reaches the log', async () => {
    const res = await stack.api.get('/products?search=Presse');
    const { data } = (await res.json()) as { data: { id: number }[] };
    expect(data.length).toBeGreaterThan(0);
    expect(tagsOf(res)).toEqual(expect.arrayContaining(['index-products', `product-${data[0]!.id}`]));
    expect(sMaxAge(res)).toBe(0);
    // A list without search text is not a logged search.
    expect(sMaxAge(await stack.api.get('/products?search=%20'))).toBe(86_400);
  });

  it('name a detail and the records shown in it', async () => {
    const res = await stack.api.get('/products/rp-125-f');
    const { data } = (await res.json()) as {
      data: { id: number; images: { id: number }[]; articles: { id: number }[] };
    };
    const tags = tagsOf(res);
    expect(tags.slice(0, 2)).toEqual([`product-${data.id}`, 'every-product']);
    expect(data.images.length + data.articles.length).toBeGreaterThan(0);
    expect(tags).toEqual(
      expect.arrayContaining([
        ...data.images.map((m) => `medium-${m.id}`),
        ...data.articles.map((a) => `article-${a.id}`),
      ]),
    );
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('name the media index, a medium, its stored file and the articles index', async () => {
    const list = await stack.api.get('/media?per_page=2');
    const ids = ((await list.json()) as { data: { id: number }[] }).data.map((m) => m.id);
    expect(tagsOf(list).sort()).toEqual(['index-media', ...ids.map((id) => `medium-${id}`)].sort());

    const detail = await stack.api.get('/media/5001');
    const { data } = (await detail.json()) as { data: { url: string } };
    expect(tagsOf(detail)).toEqual(['medium-5001', 'every-medium', 'index-folders']);

    const file = await fetch(`${stack.api.origin}${new URL(data.url).pathname}`);
    expect(file.status).toBe(200);
    expect(tagsOf(file)).toEqual(['medium-5001', 'every-medium', 'index-folders']);
    expect(file.headers.get('cache-control')).toBe('public, max-age=300');

    expect(tagsOf(await stack.api.get('/articles?per_page=1'))).toContain('index-articles');
  });

  it('name the product of an uploaded image', async () => {
    const page = (await (await stack.api.get('/products?ids[]=1007')).json()) as {
      data: { images: { id: number; url: string }[] }[];
    };
    const upload = page.data[0]!.images.find((m) => m.url.includes('/files/uploads/'))!;
    const file = await fetch(`${stack.api.origin}${new URL(upload.url).pathname}`);
    expect(file.status).toBe(200);
    expect(tagsOf(file)).toEqual(['product-1007', 'every-product']);
  });

  it('name the kind-wide tag of taxonomies, manufacturers and legacy answers', async () => {
    expect(tagsOf(await stack.api.get('/taxonomies'))).toEqual(['index-taxonomies']);
    expect(tagsOf(await stack.api.get('/manufacturers'))).toEqual(['index-manufacturers']);
    expect(tagsOf(await stack.api.get('/image-formats'))).toEqual(['index-formats']);
    const legacy = await stack.api.get('/makers');
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('deprecation')).not.toBeNull();
    expect(tagsOf(legacy)).toEqual(['index-manufacturers', 'index-products', 'index-models']);
  });

  it('are never sent on protected routes, which stay private, nor on errors', async () => {
    const token = await bearer(stack.database.db, 'content');
    for (const path of ['/content/products', '/content/products/rp-125-f', '/user']) {
      const res = await stack.api.get(path, { headers: { Authorization: token } });
      expect([path, res.status, res.headers.get('xkey'), res.headers.get('cache-control')]).toEqual([
        path,
        200,
        null,
        'private, no-cache',
      ]);
    }
    const missing = await stack.api.get('/products/gibt-es-nicht');
    expect([missing.status, missing.headers.get('xkey'), missing.headers.get('cache-control')]).toEqual([
      404,
      null,
      null,
    ]);
  });

  it('go in the header EDGE_TAG_HEADER names, or nowhere when it is off', async () => {
    const surrogate = await stack.startApi(stack.configWith({ EDGE_TAG_HEADER: 'Surrogate-Key' }));
    const res = await surrogate.get('/media/5001');
    expect([res.headers.get('xkey'), res.headers.get('surrogate-key')]).toEqual([
      null,
      'medium-5001 every-medium index-folders',
    ]);
    await surrogate.close();

    const off = await stack.startApi(stack.configWith({ EDGE_TAG_HEADER: 'off', EDGE_MAX_AGE: '0' }));
    const plain = await off.get('/products');
    expect([plain.headers.get('xkey'), plain.headers.get('cache-control')]).toEqual([
      null,
      'public, max-age=0, stale-if-error=86400',
    ]);
    await off.close();
  });
});

describe('s-maxage', () => {
  it('keeps a degraded answer (Meilisearch out, from Postgres) seconds only', async () => {
    proxy.setMode('refuse');
    try {
      const res = await outageApi.get('/products');
      expect([res.status, res.headers.get('x-search-degraded')]).toEqual([200, '1']);
      expect(sMaxAge(res)).toBe(5);
      expect(tagsOf(res)).toContain('index-products');
    } finally {
      proxy.setMode('forward');
    }
  });

  it('never reaches past the valid_until of an image in the body', async () => {
    const expiresIn = 120;
    await stack.database
      .db('media')
      .where('id', 5001)
      .update({ valid_until: new Date(Date.now() + expiresIn * 1000) });
    await stack.reindex();
    for (const path of ['/media/5001', '/products/rp-125-f']) {
      const age = sMaxAge(await stack.api.get(path))!;
      expect([path, age <= expiresIn && age >= expiresIn - 10]).toEqual([path, true]);
    }
    expect(sMaxAge(await stack.api.get('/media/5002'))).toBe(86_400);
  });
});
