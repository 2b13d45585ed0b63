/**
 * The result cache of the list and search endpoints (src/search/result-cache.ts) over HTTP: it answers
 * repeated requests without Meilisearch (a list page from its second request on), and is never staler than Meilisearch once the worker has announced
 * a write (src/search/generations.ts), in every API process; an expiring image leaves a cached page at its
 * `valid_until`; while Redis is unreachable every request goes to Meilisearch. (test/api/sync.test.ts runs
 * the real worker: import → sync → the next request shows the change, with the cache on.)
 */
import { advanceGenerations } from '../../src/search/generations';
import { type Stack, startStack, type TestApi, testMeiliClient } from '../support/stack';
import type { Medium, Page, Product } from '../support/types';

let stack: Stack;
let second: TestApi;

beforeAll(async () => {
  stack = await startStack();
  // A second API process on the same indexes and Redis prefix (a replica behind the load balancer).
  second = await stack.startApi(stack.configWith({ REDIS_PREFIX: stack.config.redisPrefix }));
  // Both processes cache only once their generation watchers are live (subscribed, hash read): on a
  // loaded machine that can take longer than any fixed wait.
  for (const api of [stack.api, second]) {
    const deadline = Date.now() + 10_000;
    while (api.deps.generations?.current('products') === undefined) {
      if (Date.now() > deadline) throw new Error('the generation watcher did not get live within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
afterAll(async () => {
  await second?.close();
  await stack?.stop();
});

// The master key: the worker's admin key may write documents but not read them.
const productsIndex = () => testMeiliClient().index(`${stack.config.meiliIndexPrefix}products`);
const nameOf = async (api: TestApi, id: number) =>
  (await api.json<Page<Product>>(`/products?ids[]=${id}`)).data[0]?.names?.de;

/** Renames product `id` in Meilisearch alone, as a write of the worker would, and waits for it. */
async function renameInIndex(id: number, name: string): Promise<void> {
  const doc = await productsIndex().getDocument(id);
  const names = { ...(doc.names as Record<string, string>), de: name };
  // The worker writes the stored list form with the record (src/search/list-form.ts).
  const list = JSON.parse(Buffer.from(doc._list as string, 'base64').toString()) as Record<string, unknown>;
  const form = Buffer.from(JSON.stringify({ ...list, names })).toString('base64');
  await productsIndex()
    .updateDocuments([{ ...doc, names, _list: form }])
    .waitTask();
}

it('answers a repeated request from memory until the worker announces a write, then from the index', async () => {
  // A list page is kept from its second request on.
  for (const api of [stack.api, second]) await nameOf(api, 1002);
  const before = await nameOf(stack.api, 1002);
  expect(before).toBe('Festkammer-Rundballenpresse RP 125 F');
  expect(await nameOf(second, 1002)).toBe(before);

  await renameInIndex(1002, 'Cache-Probe 1');
  // Not announced: both processes still answer from their caches (this is what the cache saves).
  expect(await nameOf(stack.api, 1002)).toBe(before);
  expect(await nameOf(second, 1002)).toBe(before);

  await advanceGenerations(stack.api.deps.redis, stack.config.redisPrefix, ['products']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Announced: the very next request of either process sees the write.
  expect(await nameOf(stack.api, 1002)).toBe('Cache-Probe 1');
  expect(await nameOf(second, 1002)).toBe('Cache-Probe 1');
});

it('keeps a list page from its second request: a page asked once is not kept', async () => {
  expect(await nameOf(stack.api, 1001)).not.toBe('Cache-Probe 4');
  await renameInIndex(1001, 'Cache-Probe 4');
  // The second request is answered from the index, and kept.
  expect(await nameOf(stack.api, 1001)).toBe('Cache-Probe 4');
  await renameInIndex(1001, 'Cache-Probe 5');
  expect(await nameOf(stack.api, 1001)).toBe('Cache-Probe 4');
});

it('keys entries by the parsed parameters, not the raw URL', async () => {
  await stack.api.json<Page<Product>>('/products?ids[]=1003');
  const first = await stack.api.json<Page<Product>>('/products?ids[]=1003');
  await renameInIndex(1003, 'Cache-Probe 2');
  // The same parameters written otherwise: same entry, still the cached answer.
  const same = await stack.api.json<Page<Product>>('/products?ids=1003&unknown=1&per_page=15');
  expect(same.data).toEqual(first.data);
  await advanceGenerations(stack.api.deps.redis, stack.config.redisPrefix, ['products']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await nameOf(stack.api, 1003)).toBe('Cache-Probe 2');
});

it('drops a cached media page the moment an image on it expires', async () => {
  const expiresAt = Date.now() + 6000; // room for the reindex on a busy machine
  await stack.database
    .db('media')
    .where('id', 5001)
    .update({ valid_until: new Date(expiresAt) });
  await stack.reindex(); // announces new generations
  await new Promise((resolve) => setTimeout(resolve, 50));
  const ids = async () => (await stack.api.json<Page<Medium>>('/media?type=image')).data.map((m) => m.id);
  expect(Date.now()).toBeLessThan(expiresAt - 1000);
  expect(await ids()).toContain(5001);
  expect(await ids()).toContain(5001); // kept from this second request
  expect(await ids()).toContain(5001); // from the cache
  await new Promise((resolve) => setTimeout(resolve, expiresAt + 200 - Date.now()));
  expect(await ids()).not.toContain(5001);
  const page = await stack.api.json<Page<Medium>>('/media?type=image');
  expect(page.meta.total).toBe(4);
});

it('asks Meilisearch for every request while Redis is unreachable (no announcement could arrive)', async () => {
  const cut = await stack.startApi(
    stack.configWith({
      REDIS_URL: 'redis://127.0.0.1:1', // nothing listens there
    }),
  );
  try {
    const before = await nameOf(cut, 1005);
    expect(before).toBeTruthy();
    await renameInIndex(1005, 'Cache-Probe 3');
    expect(await nameOf(cut, 1005)).toBe('Cache-Probe 3');
  } finally {
    await cut.close();
  }
});
