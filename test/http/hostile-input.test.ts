/**
 * Hostile input. A NUL byte (`%00`) in a path or a query value (Postgres rejects it, SQLSTATE
 * 22021, and the client got 500): a path naming nothing answers 404; in a query value it reads as a
 * space, so a value that is nothing else is empty and ignored, as the spec wants for an invalid filter
 * value. Errors of Node's HTTP parser (an unknown method, oversized headers) get the spec's JSON error
 * body too.
 */
import net from 'node:net';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await bearer(stack.database.db, 'full');
});
afterAll(async () => {
  await stack?.stop();
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
  // Not percent-encoded UTF-8: a value that names no record either (Express's router would say 400).
  '/products/%FF',
  '/products/rp-125-f%zz',
  '/media/%C3%28',
  '/content/articles/E%2011-0455%E2%82',
  '/makers/%C0%AF',
])('%s: 404 not_found', async (path) => {
  const res = await get(path);
  expect([path, res.status]).toEqual([path, 404]);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found', status: 404 } });
});

it('answers 404 for a file URL with a NUL or bytes that are not UTF-8', async () => {
  for (const name of ['a%00.jpg', 'a%FF.jpg']) {
    const res = await fetch(`${stack.api.origin}/files/media/5001/${'0'.repeat(32)}/${name}`);
    expect([name, res.status]).toEqual([name, 404]);
  }
});

it.each([
  ['/products?manufacturer=%00', '/products'],
  ['/products?taxons=%00', '/products'],
  ['/products?taxons[]=produktbereich:pressen%00', '/products?taxons[]=produktbereich:pressen'],
  ['/products?search=%00', '/products'],
  ['/media?folder=%00', '/media'],
  ['/media?type=image%00', '/media?type=image'],
  ['/content/media?channel=%00', '/content/media'],
  ['/tractor-models?manufacturer=%00', '/tractor-models'],
  ['/articles?search=a%00b', '/articles?search=a%20b'],
])('%s: the NUL reads as a space, an invalid value is ignored (as %s)', async (path, same) => {
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

describe("errors of Node's HTTP parser", () => {
  /** Sends `request` as raw bytes; resolves with the whole answer as text. */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(stack.api.origin);
      const socket = net.connect(Number(port), hostname, () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as unknown };
  };

  it('answers an unknown method with 400 in the spec shape', async () => {
    const res = parse(await raw('FOO /api/v1/products HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toMatchObject({ error: { code: 'bad_request', status: 400 } });
  });

  it('answers request headers over the limit with 431 in the spec shape', async () => {
    const res = parse(
      await raw(`GET /api/v1/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ error: { code: 'client_error', status: 431 } });
  });

  it.each([20_000, 100_000])('answers a request line of %i bytes with 414 in the spec shape', async (n) => {
    const res = parse(await raw(`GET /api/v1/products?search=${'a'.repeat(n)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(res.status).toBe(414);
    expect(res.head).toMatch(/^HTTP\/1\.1 414 URI Too Long/);
    expect(res.body).toMatchObject({
      error: { code: 'client_error', status: 414, message: 'Request line too long.' },
    });
  });
});

describe('searches that cost the German rewrite nothing beyond what Meilisearch uses', () => {
  type Page = { data: { id: number }[]; links: unknown; meta: { total: number } };
  const page = async (path: string) => {
    const res = await get(path);
    expect([path.slice(0, 80), res.status]).toEqual([path.slice(0, 80), 200]);
    const body = (await res.json()) as Page;
    expect(Object.keys(body)).toEqual(['data', 'links', 'meta']);
    return body;
  };
  const search = (path: string, text: string) => `${path}?search=${encodeURIComponent(text)}`;

  it.each([
    ['/products', 'Rundballer'],
    ['/media', 'Schneidrotor'],
    ['/content/media', 'Schneidrotor'],
    ['/articles', 'E'],
  ])('%s: a 10,000-character search answers as its first ten words and one more do', async (path, word) => {
    // Meilisearch uses ten words: an eleventh only makes the tenth a complete word (no prefix match).
    const eleven = `${`${word} `.repeat(10)}kettensaege`;
    const long = `${eleven}${'kettensaege'.repeat(910)}`;
    expect(long.length).toBeGreaterThanOrEqual(10_000);
    const short = await page(search(path, eleven));
    expect(short.meta.total).toBeGreaterThan(0);
    const body = await page(search(path, long));
    expect(body.meta.total).toBe(short.meta.total);
    expect(body.data.map((item) => item.id)).toEqual(short.data.map((item) => item.id));
  });

  it.each(['/products', '/media', '/content/media', '/articles'])(
    '%s: a 600-letter word answers 200 with the envelope',
    async (path) => {
      for (const word of ['kettensäge'.repeat(60), 'ss'.repeat(300), 'Kettensaege'.repeat(55)]) {
        const body = await page(search(path, word));
        expect(body.data).toEqual([]);
        expect(body.meta.total).toBe(0);
      }
    },
  );
});
