/**
 * The route table (src/routes.ts) is the only declaration of a route: the Express routes, their auth and
 * their 405s, and the OpenAPI operations all come from it. Checked here over HTTP for every route, so a
 * route added to the table is covered without touching this file.
 */
import { buildOpenApiDocument } from '../../src/openapi/document';
import { route } from '../../src/http/router';
import { API_ROUTES } from '../../src/routes';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty' });
  await stack.database
    .db('users')
    .insert({ id: 1, name: 'CMS', email: 'cms@example.com', permissions: [], source_hash: 'a' });
});
afterAll(async () => {
  await stack?.stop();
});

/** A URL of the route with every path parameter filled in (`/products/{slug}` → `/products/x1`). */
const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'x1');

it('declares every route once, with GET and a unique path and operation id', () => {
  expect(API_ROUTES.length).toBeGreaterThan(20);
  expect(new Set(API_ROUTES.map((r) => r.path)).size).toBe(API_ROUTES.length);
  expect(new Set(API_ROUTES.map((r) => r.operationId)).size).toBe(API_ROUTES.length);
  expect(API_ROUTES.every((r) => r.method === 'GET')).toBe(true);
});

it('documents exactly the routes of the table under /api/v1, in its order', () => {
  const document = buildOpenApiDocument('http://api.test');
  const apiPaths = Object.entries(document.paths ?? {})
    .filter(([, item]) => !item.get?.servers) // /files and the operations endpoints are at the app root
    .map(([p]) => p);
  expect(apiPaths).toEqual(API_ROUTES.map((r) => r.path));
  for (const r of API_ROUTES) {
    const op = document.paths![r.path]!.get!;
    expect([r.path, op.operationId, op.security]).toEqual([
      r.path,
      r.operationId,
      r.auth === 'public' ? [] : [{ bearerAuth: [] }],
    ]);
  }
});

it('answers 405 with Allow to every other method of every route, before any token check', async () => {
  for (const r of API_ROUTES) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await stack.api.get(urlOf(r.path), { method });
      expect([r.path, method, res.status, res.headers.get('allow')]).toEqual([
        r.path,
        method,
        405,
        'GET, HEAD',
      ]);
      expect(await res.json()).toMatchObject({ error: { code: 'method_not_allowed', status: 405 } });
    }
  }
});

it("applies each route's auth: public without a token, 401 without one, 403 without the ability", async () => {
  const noAbility = await bearer(stack.database.db, ['search'], 'cms@example.com'); // an ability no route asks for
  for (const r of API_ROUTES) {
    const anonymous = await stack.api.get(urlOf(r.path));
    const withToken = await stack.api.get(urlOf(r.path), { headers: { Authorization: noAbility } });
    const expected =
      r.auth === 'public'
        ? { anonymous: 'not 401', withToken: 'not 403' }
        : r.auth === 'any-token'
          ? { anonymous: 401, withToken: 'not 403' }
          : { anonymous: 401, withToken: 403 };
    const seen = (status: number, denial: number) => (status === denial ? denial : `not ${denial}`);
    expect([r.path, seen(anonymous.status, 401), seen(withToken.status, 403)]).toEqual([
      r.path,
      expected.anonymous === 401 ? 401 : 'not 401',
      expected.withToken === 403 ? 403 : 'not 403',
    ]);
  }
});

it('does not compile a route without auth', () => {
  // The type check (npm run typecheck) fails if `auth` ever becomes optional: the directive would be unused.
  const declareWithoutAuth = () =>
    // @ts-expect-error `auth` is a required field of a route declaration
    route({
      method: 'GET',
      path: '/nothing',
      operationId: 'nothing',
      tag: 'Catalog',
      summary: 'A route that forgets to say who may call it',
      response: 'file',
      okDescription: 'Nothing.',
      handler: () => () => undefined,
    });
  expect(typeof declareWithoutAuth).toBe('function');
});
