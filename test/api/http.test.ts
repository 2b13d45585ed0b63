/**
 * HTTP conventions of the whole API (spec "General rules", "Errors", "Cross-origin access"): JSON 404 for
 * unknown paths, 405 with Allow on every documented path, request ids only on errors, CORS for all origins.
 */
import { startStack, type Stack } from '../support/stack';
import { expectOnlyGet } from './reference/fixture';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PUBLIC_PATHS = [
  '/products',
  '/products/rp-125-f',
  '/articles',
  '/manufacturers',
  '/manufacturers/fendt',
  '/tractor-series',
  '/tractor-series/fendt-700-vario',
  '/tractor-models',
  '/tractor-models/31',
  '/taxonomies',
];

it.each(PUBLIC_PATHS)('GET %s answers 200 with data and no X-Request-Id', async (path) => {
  const res = await stack.api.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-request-id')).toBeNull();
  expect(await res.json()).toHaveProperty('data');
});

it.each(PUBLIC_PATHS)('%s answers other methods with 405 and Allow', async (path) => {
  await expectOnlyGet(stack.api, path);
});

it('answers an unknown path under /api/ with JSON 404, without Accept', async () => {
  for (const path of ['/api/v1/nothing', '/api/v2/products', '/api/v1/products/a/b']) {
    const res = await stack.api.get(`${stack.api.origin}${path}`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string; error: Record<string, unknown> };
    expect(body.error.code).toBe('not_found');
    expect(body.error).not.toHaveProperty('details');
    expect(res.headers.get('x-request-id')).toBe(body.error.request_id);
  }
});

it('takes over a valid client request id and replaces an invalid one', async () => {
  const ok = await stack.api.get('/nothing', { headers: { 'X-Request-Id': 'abc.DEF_123-x' } });
  expect(ok.headers.get('x-request-id')).toBe('abc.DEF_123-x');
  const bad = await stack.api.get('/nothing', { headers: { 'X-Request-Id': 'short' } });
  expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

it('allows every origin and exposes no header', async () => {
  const res = await stack.api.get('/products', { headers: { Origin: 'https://shop.example' } });
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-expose-headers')).toBeNull();
  const preflight = await stack.api.get('/products', {
    method: 'OPTIONS',
    headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  // A preflight of an authenticated request (the CMS) may send Authorization; any path, no token needed.
  const protectedPreflight = await stack.api.get('/content/products', {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://cms.example',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'authorization',
    },
  });
  expect(protectedPreflight.status).toBe(204);
  expect(protectedPreflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  // Errors carry the header too, so cross-origin code can read their request id.
  const missing = await stack.api.get('/no-such-thing', { headers: { Origin: 'https://shop.example' } });
  expect([missing.status, missing.headers.get('access-control-allow-origin')]).toEqual([404, '*']);
});

it('matches paths case-sensitively, as Laravel does', async () => {
  expect((await stack.api.get('/Products')).status).toBe(404);
  expect((await stack.api.get('/products/RP-125-F')).status).toBe(404); // slugs are lowercase
  expect((await fetch(`${stack.api.origin}/API/v1/products`)).status).toBe(404);
  expect((await fetch(`${stack.api.origin}/api/V1/products`)).status).toBe(404);
  expect((await stack.api.get('/products')).status).toBe(200);
});

it('routes a path by its first segment exactly as the whole table matched it', async () => {
  const status = async (url: string) => (await fetch(`${stack.api.origin}${url}`)).status;
  expect(await status('/api/v1/products/rp-125-f/')).toBe(200); // a trailing slash matches
  expect(await status('/api/v1/products/')).toBe(200);
  expect(await status('/api/v1/manufacturers/fend%74')).toBe(200); // parameters are decoded
  expect(await status('/api/v1/%70roducts')).toBe(404); // the path itself is not
  expect(await status('/api/v1//products')).toBe(404);
  expect(await status('/api/v1/products/rp-125-f/x')).toBe(404);
  expect(await status('/api/v1')).toBe(404);
  expect(await status('/api/v1/products%00')).toBe(404);
  // The operations endpoints are matched case-insensitively, the API's paths are not.
  expect(await status('/UP')).toBe(200);
  expect(await status('/api/v1/UP')).toBe(404);
});

it('answers a plain OPTIONS as Laravel does: 200 with Allow on a known path, 404 on an unknown one', async () => {
  for (const path of ['/products', '/products/rp-125-f', '/content/products', '/makers']) {
    const res = await stack.api.get(path, { method: 'OPTIONS' });
    expect([path, res.status, res.headers.get('allow'), await res.text()]).toEqual([
      path,
      200,
      'GET,HEAD',
      '',
    ]);
    expect(res.headers.get('cache-control')).toBe('no-cache, private');
  }
  const unknown = await stack.api.get('/no-such-thing', { method: 'OPTIONS' });
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
});

it('answers 503 service_unavailable when the search index is missing, never 500', async () => {
  await stack.indexer.meili.deleteIndex(`${stack.config.meiliIndexPrefix}articles`).waitTask();
  // A search needs the index (a list would come from Postgres: test/api/degraded-lists.test.ts).
  const res = await stack.api.get('/articles?search=Messer');
  expect(res.status).toBe(503);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
  await stack.reindex();
  expect((await stack.api.get('/articles')).status).toBe(200);
});
