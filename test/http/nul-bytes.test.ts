/**
 * A NUL byte (`%00`) in a path or a query value (issue 15: Postgres rejects it, SQLSTATE 22021, and the
 * client got 500): a path naming nothing answers 404, an invalid filter value is ignored, as the spec
 * wants for any unknown path value and invalid filter value.
 */
import { startCatalogStack, type CatalogStack } from '../support/catalog';
import { bearer } from '../support/tokens';

let stack: CatalogStack;
let token: string;

beforeAll(async () => {
  stack = await startCatalogStack();
  token = await bearer(stack.database.db, 'full');
});
afterAll(async () => {
  await stack?.close();
});

const get = (path: string) => stack.api.get(path, { headers: { Authorization: token } });

it.each([
  '/products/rp-125-f%00',
  '/media/ext:DAM-000184%00',
  '/media/5001%00',
  '/manufacturers/claas%00',
  '/tractor-series/fendt-700-vario%00',
  '/content/articles/X%00',
  '/content/products/rp-125-f%00',
  '/content/taxonomies/produktbereich%00',
  '/content/media/ext:DAM-000184%00/preview',
  '/content/media/ext:DAM-000184%00/download',
])('%s: 404 not_found', async (path) => {
  const res = await get(path);
  expect([path, res.status]).toEqual([path, 404]);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found', status: 404 } });
});

it('answers 404 for a file URL with a NUL', async () => {
  const res = await fetch(`${stack.api.origin}/files/media/5001/${'0'.repeat(32)}/a%00.jpg`);
  expect(res.status).toBe(404);
});

it.each([
  ['/products?manufacturer=%00', '/products'],
  ['/products?taxons=%00', '/products'],
  ['/products?taxons[]=produktbereich:pressen%00', '/products'],
  ['/products?search=%00', '/products'],
  ['/media?folder=%00', '/media'],
  ['/media?type=image%00', '/media'],
  ['/content/media?channel=%00', '/content/media'],
  ['/tractor-models?manufacturer=%00', '/tractor-models'],
  ['/articles?search=a%00b', '/articles'],
])('%s: the invalid value is ignored (as %s)', async (path, same) => {
  const res = await get(path);
  expect([path, res.status]).toEqual([path, 200]);
  const plain = (await (await get(same)).json()) as { data: unknown[]; meta: { total: number } };
  const body = (await res.json()) as { data: unknown[]; meta: { total: number } };
  expect(body.meta.total).toBe(plain.meta.total);
});

it('answers 422 for a suggestion prefix that is only a NUL, never 500', async () => {
  const res = await get('/search/suggestions?q=%00');
  expect(res.status).toBe(422);
});
