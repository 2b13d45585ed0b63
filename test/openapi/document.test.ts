/**
 * The OpenAPI document (src/openapi): one operation per route of the route table (src/routes.ts), `/files`
 * and the operations endpoints of src/ops (at the app root, not in the table), and `GET /docs/api.json`
 * open with APP_ENV=local, otherwise only to a token whose user has the permission `viewApiDocs`
 * (401/403 in the spec's error shape).
 */
import { buildOpenApiDocument } from '../../src/openapi/document';
import { startStack, type Stack, type TestApi } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let production: TestApi;
let local: TestApi;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await stack.database.db('users').insert([
    { id: 1, name: 'Petra', email: 'petra@example.com', permissions: ['viewApiDocs'], source_hash: 'a' },
    { id: 2, name: 'CMS', email: 'cms@example.com', permissions: [], source_hash: 'b' },
  ]);
  production = await stack.startApi(stack.configWith({ APP_ENV: 'production' }));
  local = await stack.startApi(stack.configWith({ APP_ENV: 'local' }));
});
afterAll(async () => {
  await stack?.stop();
});

it('documents the routes of the table (test/http/route-table.test.ts) with their common errors', () => {
  const document = buildOpenApiDocument('http://api.test');
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers).toEqual([{ url: 'http://api.test/api/v1', description: 'This server' }]);
  for (const item of Object.values(document.paths ?? {})) {
    const op = item.get!;
    if (op.servers) continue; // /files and the operations endpoints, at the app root
    expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['405', '429', '500', '503']));
  }
  const media = document.paths!['/content/media/{media}/preview']!.get!;
  expect(media.security).toEqual([{ bearerAuth: [] }]);
  expect(Object.keys(media.responses!)).toEqual(expect.arrayContaining(['200', '304', '401', '403', '404']));
});

it('documents the operations endpoints of src/ops at the app root, outside src/routes.ts', () => {
  const document = buildOpenApiDocument('http://api.test');
  const root = [{ url: 'http://api.test', description: expect.any(String) as string }];
  const statuses = (p: string) => Object.keys(document.paths![p]!.get!.responses ?? {});
  for (const p of ['/up', '/ready', '/metrics', '/admin/queues']) {
    const op = document.paths![p]!.get!;
    expect([p, op.tags, op.servers]).toEqual([p, ['Operations'], root]);
  }
  // Counted by the request limits (429); other methods 405 with `Allow`, as on the API.
  expect(statuses('/up')).toEqual(['200', '405', '429']);
  expect(statuses('/ready')).toEqual(['200', '405', '429', '503']);
  expect(statuses('/metrics')).toEqual(expect.arrayContaining(['405', '429']));
  // The reasons of /ready open to an ops token; without one it still answers.
  expect(document.paths!['/ready']!.get!.security).toEqual([{}, { bearerAuth: [] }]);
  for (const p of ['/metrics', '/admin/queues']) {
    expect(document.paths![p]!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(statuses(p)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
  }
  expect(Object.keys(document.paths!['/metrics']!.get!.responses!['200']!.content!)).toEqual(['text/plain']);
  expect(Object.keys(document.paths!['/admin/queues']!.get!.responses!['200']!.content!)).toEqual([
    'text/html',
  ]);
});

it('is open with APP_ENV=local', async () => {
  const res = await local.get(`${local.origin}/docs/api.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toBe('3.1.0');
  expect(Object.keys(body.paths)).toContain('/products');
});

it('answers 401 without a valid token and 403 without viewApiDocs elsewhere', async () => {
  const url = `${production.origin}/docs/api.json`;
  const none = await production.get(url);
  expect(none.status).toBe(401);
  expect(none.headers.get('x-request-id')).toBeTruthy();
  expect(await none.json()).toMatchObject({ error: { code: 'unauthenticated', status: 401 } });

  const bad = await production.get(url, { headers: { Authorization: 'Bearer 1|nope' } });
  expect(bad.status).toBe(401);

  const other = await bearer(stack.database.db, ['*'], 'cms@example.com');
  const forbidden = await production.get(url, { headers: { Authorization: other } });
  expect(forbidden.status).toBe(403);
  expect(await forbidden.json()).toMatchObject({ error: { code: 'forbidden', status: 403 } });

  const petra = await bearer(stack.database.db, ['search'], 'petra@example.com'); // the permission is the user's, not the token's
  const ok = await production.get(url, { headers: { Authorization: petra } });
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as { openapi: string }).openapi).toBe('3.1.0');
  expect(ok.headers.get('cache-control')).toBe('private, no-store');
});

it('answers 405 with Allow for other methods', async () => {
  const res = await local.get(`${local.origin}/docs/api.json`, { method: 'POST' });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, HEAD');
});
