/**
 * The result cache's byte bound counts the request key, which carries the client's search text: unique
 * long searches evict earlier entries instead of holding memory the bound does not see.
 */
import { createResultCache } from '../../src/search/result-cache';
import type { GenerationWatcher } from '../../src/search/result-cache';

const generations: GenerationWatcher = { current: () => '1:1', close: async () => {} };

test('a cache of 64 KiB holds fewer 10,000-character keys than their bodies alone would allow', async () => {
  const cache = createResultCache(64 * 1024, generations);
  const body = 'x'.repeat(100);
  for (let i = 0; i < 1000; i++) {
    const key = `${i}:${'s'.repeat(10_000)}`;
    await cache.get('products', key, async () => ({ value: body, size: body.length }));
  }
  await new Promise((resolve) => setImmediate(resolve));
  // Counted by body alone, all 1000 entries (100 KB) would stay; with their 20 KB keys only three fit.
  expect(cache.size).toBeLessThanOrEqual(64 * 1024);
  expect(cache.size).toBeGreaterThan(0);
  let hits = 0;
  for (let i = 0; i < 1000; i++) {
    const key = `${i}:${'s'.repeat(10_000)}`;
    await cache.get('products', key, async () => ({ value: body, size: body.length }));
    hits = cache.stats.hits;
  }
  expect(hits).toBeLessThanOrEqual(3);
});

test('a short key still caches: the second request is a hit', async () => {
  const cache = createResultCache(64 * 1024, generations);
  const load = async () => ({ value: 'page', size: 4 });
  await cache.get('products', 'search=Säge', load);
  await new Promise((resolve) => setImmediate(resolve));
  await cache.get('products', 'search=Säge', load);
  expect(cache.stats.hits).toBe(1);
});
