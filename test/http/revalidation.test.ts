/**
 * HTTP revalidation of the JSON responses (src/http/caching.ts): a strong ETag on every 200, 304 for a
 * matching If-None-Match (also with `Cache-Control: no-cache`, as Node's fetch sends it), `public,
 * max-age` from API_CACHE_MAX_AGE capped by the nearest expiring image in the body, `private, no-cache`
 * with `Vary: Authorization` on protected routes. Real Postgres and Meilisearch, the sample snapshot.
 */
import { type Stack, startStack, type TestApi } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let defaults: TestApi;

beforeAll(async () => {
  stack = await startStack({ env: { API_CACHE_MAX_AGE: '600' } });
  defaults = await stack.startApi(stack.configWith({}));
});
afterAll(async () => {
  await defaults?.close();
  await stack?.stop();
});

const STRONG = /^"[A-Za-z0-9_-]{43}"$/;

describe('ETag and 304', () => {
  it.each(['/products', '/products/rp-125-f', '/media?type=image', '/media/5001', '/taxonomies'])(
    '%s: a strong ETag, and 304 without a body for every matching If-None-Match form',
    async (path) => {
      const first = await stack.api.get(path);
      expect(first.status).toBe(200);
      const body = await first.text();
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(STRONG);
      const again = await stack.api.get(path);
      expect([again.headers.get('etag'), await again.text()]).toEqual([etag, body]);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        for (const extra of [{}, { 'Cache-Control': 'no-cache' }] as Record<string, string>[]) {
          const res = await stack.api.get(path, { headers: { 'If-None-Match': ifNoneMatch, ...extra } });
          expect([ifNoneMatch, extra, res.status, await res.text()]).toEqual([ifNoneMatch, extra, 304, '']);
          expect(res.headers.get('etag')).toBe(etag);
          expect(res.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
        }
      }
      const stale = await stack.api.get(path, { headers: { 'If-None-Match': '"stale"' } });
      expect([stale.status, await stale.text()]).toEqual([200, body]);
    },
  );

  it('answers 304 for a stored file too when the request says Cache-Control: no-cache', async () => {
    const { data } = await stack.api.json<{ data: { url: string } }>('/media/5001');
    const file = `${stack.api.origin}${new URL(data.url).pathname}`;
    const first = await fetch(file);
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    const res = await fetch(file, { headers: { 'If-None-Match': etag, 'Cache-Control': 'no-cache' } });
    expect([res.status, await res.text(), res.headers.get('etag')]).toEqual([304, '', etag]);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('gives another body another ETag', async () => {
    const one = await stack.api.get('/products?per_page=1');
    const two = await stack.api.get('/products?per_page=2');
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'));
  });

  it('sends no ETag with an error, and answers it in full whatever If-None-Match says', async () => {
    const res = await stack.api.get('/products/gibt-es-nicht', { headers: { 'If-None-Match': '*' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('Cache-Control', () => {
  it('is public with API_CACHE_MAX_AGE (default 0) and EDGE_MAX_AGE on public routes', async () => {
    expect((await stack.api.get('/manufacturers')).headers.get('cache-control')).toBe(
      'public, max-age=600, s-maxage=86400',
    );
    expect((await defaults.get('/manufacturers')).headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=86400',
    );
    expect((await defaults.get('/products')).headers.get('vary')).toBeNull();
  });

  it('is private with Vary: Authorization on protected routes, which revalidate too', async () => {
    const token = await bearer(stack.database.db, 'content');
    const user = await stack.api.get('/user', { headers: { Authorization: token } });
    expect(user.status).toBe(200);
    expect(user.headers.get('cache-control')).toBe('private, no-cache');
    expect(user.headers.get('vary')).toMatch(/\bAuthorization\b/);
    const etag = user.headers.get('etag')!;
    expect(etag).toMatch(STRONG);
    const again = await stack.api.get('/user', { headers: { Authorization: token, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const products = await stack.api.get('/content/products', { headers: { Authorization: token } });
    expect([products.status, products.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
  });

  it('never lets a cache keep a body past the moment an image in it expires', async () => {
    const maxAge = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1]);
    const expiresIn = 120;
    await stack.database
      .db('media')
      .where('id', 5001)
      .update({ valid_until: new Date(Date.now() + expiresIn * 1000) });
    await stack.reindex();
    for (const path of ['/media/5001', '/media?type=image', '/products/rp-125-f', '/products']) {
      const res = await stack.api.get(path);
      const age = maxAge(res);
      expect([path, age <= expiresIn && age >= expiresIn - 10]).toEqual([path, true]);
      // no cache may serve it stale past that moment (Varnish's grace): its lifetime ends there
      expect([path, res.headers.get('cache-control')]).toEqual([
        path,
        expect.stringMatching(/, stale-if-error=0$/),
      ]);
    }
    // Bodies without that image keep the configured max-age, and may be served stale as long as a cache likes.
    for (const path of ['/media/5002', '/products/rp-160-v-profi']) {
      const res = await stack.api.get(path);
      expect([path, maxAge(res), res.headers.get('cache-control')?.includes('stale-if-error')]).toEqual([
        path,
        600,
        false,
      ]);
    }
  });
});
