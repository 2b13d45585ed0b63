/**
 * The look-ups of the lists' filter values (src/resources/filter-lookups.ts) over HTTP: a page the result
 * cache misses reuses them, and the next request after the worker announces an import's sync round looks
 * Postgres up again, so a term, manufacturer or folder the import renamed, deactivated or hid is no longer
 * applied (nor shown in the facets) while the index still holds it. Each change here is written to Postgres
 * alone and announced as a sync round would, so only the look-up decides what the filter does.
 */
import { advanceGenerations } from '../../src/search/generations';
import { startStack, type Stack } from '../support/stack';
import type { Medium, Page, ProductPage } from '../support/types';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  // The cache keeps nothing until the generation watcher is live (subscribed, hash read).
  const deadline = Date.now() + 10_000;
  while (stack.api.deps.generations?.current('catalog') === undefined) {
    if (Date.now() > deadline) throw new Error('the generation watcher did not get live within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await stack?.stop();
});

/** Unique page sizes: each request misses the result cache's pages and reaches the look-ups. */
let perPage = 20;
const products = (query: string) => stack.api.json<ProductPage>(`/products?per_page=${perPage++}&${query}`);
const media = (query: string) => stack.api.json<Page<Medium>>(`/media?per_page=${perPage++}&${query}`);

/** What a sync round announces after writing an import's changes: the index and the catalog. */
async function announce(index: 'products' | 'media'): Promise<void> {
  await advanceGenerations(stack.api.deps.redis, stack.config.redisPrefix, [index, 'catalog']);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

it('drops a taxon renamed by an import at the next announcement', async () => {
  const query = 'taxons=produktbereich:erntetechnik';
  expect((await products(query)).meta.total).toBe(3);
  await stack.database.db('taxons').where('slug', 'erntetechnik').update({ slug: 'erntetechnik-neu' });
  // Not announced: the look-up is the one kept (the index has not seen the import either).
  expect((await products(query)).meta.total).toBe(3);
  await announce('products');
  // An unknown term is ignored: the whole list.
  expect((await products(query)).meta.total).toBe(7);
});

it('stops applying and showing a taxonomy taken off the frontend', async () => {
  const query = 'taxons=einsatzbereich:heu-und-stroh&facets=1';
  const before = await products(query);
  expect(before.meta.total).toBe(1);
  expect(Object.keys(before.meta.facets!)).toEqual(['produktbereich', 'einsatzbereich']);
  await stack.database.db('taxonomies').where('slug', 'einsatzbereich').update({ frontend: false });
  await announce('products');
  const after = await products(query);
  expect(after.meta.total).toBe(7);
  expect(Object.keys(after.meta.facets!)).toEqual(['produktbereich']);
});

it('stops applying a deactivated manufacturer', async () => {
  expect((await products('manufacturer=fendt')).meta.total).toBe(2);
  await stack.database.db('manufacturers').where('slug', 'fendt').update({ is_active: false });
  await announce('products');
  expect((await products('manufacturer=fendt')).meta.total).toBe(7);
});

it('stops applying a folder that is no longer public', async () => {
  const query = 'folder=produktbilder-rundballenpressen';
  expect((await media(query)).meta.total).toBe(2);
  await stack.database
    .db('media_folders')
    .where('slug', 'produktbilder-rundballenpressen')
    .update({ is_active: false });
  expect((await media(query)).meta.total).toBe(2);
  await announce('media');
  // Its media are still public in the index (nothing was synced): the filter alone is ignored.
  expect((await media(query)).meta.total).toBe(8);
});

it('looks Postgres up again when only the catalog advances (a change no index document carries)', async () => {
  const query = 'taxons=produktbereich:frontlader';
  expect((await products(query)).meta.total).toBe(3);
  await stack.database.db('taxons').where('slug', 'frontlader').update({ slug: 'frontlader-neu' });
  await advanceGenerations(stack.api.deps.redis, stack.config.redisPrefix, ['catalog']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await products(query)).meta.total).toBe(7);
});
