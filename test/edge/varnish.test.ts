/**
 * The shipped VCL (deploy/varnish/default.vcl) on a real varnishd in front of the real API: public reads
 * are cached for the API's shared lifetime, searches always reach the API (and its search log), a PURGE
 * of a tag evicts exactly the answers tagged with it, rate-limit headers of a cached answer are not
 * replayed, a stale answer is served within grace while the API is down or answers 5xx, and the worker's
 * purge after a sync round makes the next read show the change.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import pino from 'pino';
import { syncOutbox } from '../../indexer/jobs/sync';
import { createEdgePurger } from '../../src/edge/purge';
import { startStack, type Stack, type TestApi } from '../support/stack';
import { startVarnish, type TestVarnish } from '../support/varnish';

let stack: Stack;
let varnish: TestVarnish;

beforeAll(async () => {
  // A shared lifetime long enough for the test (s-maxage from EDGE_MAX_AGE; max-age for a cache without it).
  stack = await startStack({
    env: { EDGE_MAX_AGE: '300', API_CACHE_MAX_AGE: '300', TRUST_PROXY: 'loopback' },
  });
  varnish = await startVarnish(stack.api.origin);
});
afterAll(async () => {
  await varnish?.stop();
  await stack?.stop();
});

/** GET `path` of the API's /api/v1 through `edge`; the answer with `hit` (Varnish answered from cache). */
async function get(path: string, edge: TestVarnish = varnish, headers: Record<string, string> = {}) {
  const res = await fetch(`${edge.origin}/api/v1${path}`, {
    headers: { Accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.text();
  // X-Varnish holds this request's id, and on a hit also the id of the request that stored the object.
  const hit = (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;
  return { status: res.status, headers: res.headers, body, hit };
}

/** The tags the API itself sends for `path` (what Varnish stored with the answer). */
async function apiTags(api: TestApi, path: string): Promise<string[]> {
  const res = await api.get(path, { headers: { Accept: 'application/json' } });
  await res.arrayBuffer();
  expect([path, res.status]).toEqual([path, 200]);
  return (res.headers.get('xkey') ?? '').split(/\s+/).filter(Boolean);
}

describe('Varnish in front of the API', () => {
  it("answers the second read of a public page from its cache, without the first one's rate-limit headers", async () => {
    const first = await get('/image-formats');
    expect(first.status).toBe(200);
    expect(first.hit).toBe(false);
    expect(first.headers.get('x-ratelimit-remaining')).not.toBeNull();

    const second = await get('/image-formats');
    expect(second.status).toBe(200);
    expect(second.hit).toBe(true);
    expect(second.body).toBe(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('x-ratelimit-limit')).toBeNull();
    expect(second.headers.get('x-ratelimit-remaining')).toBeNull();
    // the tags are for Varnish and the purging worker only
    expect(second.headers.get('xkey')).toBeNull();
  });

  it('passes every search and every request with a token to the API; each search is logged', async () => {
    await stack.api.deps.searchLog.flush();
    await stack.database.db('search_log').del();
    const path = '/products?search=Frontlader&per_page=3';
    const answers = [await get(path), await get(path), await get(path)];
    expect(answers.map((a) => [a.status, a.hit])).toEqual([
      [200, false],
      [200, false],
      [200, false],
    ]);
    // a pass carries the API's own, current rate-limit headers
    expect(answers[2]!.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await stack.api.deps.searchLog.flush()).toBe(0);
    const rows = await stack.database.db('search_log').select('query', 'endpoint');
    expect(rows).toHaveLength(3);
    expect(rows.every((row: { query: string }) => row.query === 'Frontlader')).toBe(true);

    const withToken = [
      await get('/image-formats', varnish, { Authorization: 'Bearer not-a-token' }),
      await get('/image-formats', varnish, { Authorization: 'Bearer not-a-token' }),
    ];
    expect(withToken.map((a) => a.hit)).toEqual([false, false]);
  });

  it('purges exactly the cached answers tagged with a record or index tag', async () => {
    // the product's detail, a list page showing it, one not showing it, and pages of other indexes
    const paths = [
      '/products/rp-125-f',
      '/products?per_page=2',
      '/products?per_page=1&page=3',
      '/image-formats',
      '/media?per_page=2',
    ];
    const tags = new Map<string, string[]>();
    for (const path of paths) tags.set(path, await apiTags(stack.api, path));
    const detailTags = tags.get('/products/rp-125-f')!;
    // the API names what each answer depends on
    expect(detailTags).toContainEqual(expect.stringMatching(/^product-\d+$/));
    const tag = detailTags.find((t) => /^product-\d+$/.test(t));

    for (const path of paths) await get(path);
    for (const path of paths) expect([path, (await get(path)).hit]).toEqual([path, true]);

    const res = await varnish.purge(tag!);
    expect(res.status).toBe(200);
    const tagged = paths.filter((path) => tags.get(path)!.includes(tag!));
    expect(tagged).toEqual(['/products/rp-125-f', '/products?per_page=2']);
    expect(((await res.json()) as { purged: number }).purged).toBe(tagged.length);
    for (const path of paths) {
      expect([path, (await get(path)).hit]).toEqual([path, !tagged.includes(path)]);
    }

    // an index tag: every page listed from that index, nothing else
    const media = await varnish.purge('index-media');
    expect(((await media.json()) as { purged: number }).purged).toBe(1);
    expect((await get('/media?per_page=2')).hit).toBe(false);
    expect((await get('/image-formats')).hit).toBe(true);

    // a PURGE needs its tags, and only PURGE / is one
    expect((await fetch(`${varnish.origin}/`, { method: 'PURGE' })).status).toBe(400);
    expect(
      (await fetch(`${varnish.origin}/api/v1/products`, { method: 'PURGE', headers: { xkey: tag! } })).status,
    ).toBe(405);
  });

  it('refuses a PURGE from an address outside its ACL', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
    if (!outside) throw new Error('this machine has no non-loopback IPv4 address to send a PURGE from');
    // Listening on that address, Varnish sees the request come from it, not from 127.0.0.1.
    const edge = await startVarnish(stack.api.origin, { host: outside });
    try {
      const res = await edge.purge('index-products');
      expect(res.status).toBe(403);
      expect(res.headers.get('x-purged')).toBeNull();
    } finally {
      await edge.stop();
    }
  });

  it('serves the last good answer within grace while the API is down', async () => {
    // An API whose answers live 1 s, behind a Varnish of its own.
    const api = await stack.startApi(stack.configWith({ EDGE_MAX_AGE: '1', API_CACHE_MAX_AGE: '1' }));
    const edge = await startVarnish(api.origin);
    try {
      const first = await get('/image-formats', edge);
      expect(first.status).toBe(200);
      await api.close();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const stale = await get('/image-formats', edge);
      expect(stale.status).toBe(200);
      expect(stale.body).toBe(first.body);
      expect(stale.hit).toBe(true);
      expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(2);
      // a page never cached has nothing to fall back on
      expect((await get('/products/rp-125-f', edge)).status).toBe(503);
    } finally {
      await edge.stop();
    }
  });

  it('keeps serving the last good answer while the backend answers 5xx', async () => {
    // A stand-in for an API whose dependencies failed: a good answer living 1 s, then only 500s.
    let failing = false;
    let requests = 0;
    const backend = createServer((req, res) => {
      requests += 1;
      if (failing) {
        res.writeHead(500, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end('{"message":"Server Error."}');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, s-maxage=1' });
        res.end('{"data":"good"}');
      }
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const edge = await startVarnish(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`);
    try {
      expect((await get('/thing', edge)).body).toBe('{"data":"good"}');
      failing = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = requests;
      for (let i = 0; i < 3; i += 1) {
        const stale = await get('/thing', edge);
        expect([stale.status, stale.body]).toEqual([200, '{"data":"good"}']);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // the background refreshes did reach the backend, and their 500s replaced nothing
      expect(requests).toBeGreaterThan(before);
      // a page never cached gets the backend's error
      expect((await get('/other', edge)).status).toBe(500);
    } finally {
      await edge.stop();
      await new Promise<void>((resolve) => backend.close(() => resolve()));
    }
  });

  it("shows a change at the next read once the worker's sync round purged its tags", async () => {
    const detail = '/products/rp-125-f';
    // a product change purges every product list (index-products), not another index's pages
    const other = '/media?per_page=2';
    await syncOutbox(stack.indexer); // the import's rows, which the stack's reindex left in the outbox
    for (const path of [detail, other]) await get(path);
    expect([(await get(detail)).hit, (await get(other)).hit]).toEqual([true, true]);

    await stack.database
      .db('products')
      .where('id', 1002)
      .update({ names: { de: 'Rundballenpresse frisch' } });
    await stack.database
      .db('index_outbox')
      .insert({ entity: 'product', entity_id: '1002', action: 'upsert' });
    const purger = createEdgePurger({
      urls: [varnish.origin],
      header: 'xkey',
      logger: pino({ level: 'silent' }),
    });
    stack.indexer.purge = (tags) => purger.purge(tags);
    try {
      await syncOutbox(stack.indexer);
      await purger.idle();
    } finally {
      delete stack.indexer.purge;
    }
    expect(purger.stats).toMatchObject({ failures: 0 });

    const fresh = await get(detail);
    expect(fresh.hit).toBe(false);
    expect(fresh.body).toContain('Rundballenpresse frisch');
    expect((await get(other)).hit).toBe(true);
  });
});
