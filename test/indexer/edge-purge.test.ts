/**
 * Edge cache purges of the worker against a tiny HTTP server standing in for Varnish or a CDN's purge API:
 * a sync round purges exactly the tags of what it changed, a reindex swap its index tag; an edge that is
 * down or answers 500 neither fails nor holds up the sync, is retried and counted; no URL, no request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Counter, Registry } from 'prom-client';
import { chunkTags, createEdgePurger, type EdgePurger } from '../../src/edge/purge';
import { syncOutbox } from '../../indexer/jobs/sync';
import { runReindex } from '../../indexer/jobs/reindex';
import { createWorkerPurger } from '../../indexer/worker';
import { loadConfig } from '../../config/env';
import { addOutbox, documents, TEST_DEFINITIONS } from './harness';
import { startStack, type Stack } from '../support/stack';

interface Recorded {
  method: string;
  url: string;
  tags: string[];
}

/** A purge API: records each request and answers `status()`. */
async function purgeServer(status: () => number = () => 200) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const header = req.headers['xkey'];
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      tags: typeof header === 'string' ? header.split(' ') : [],
    });
    res.statusCode = status();
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets of fetch would hold the server open
      }),
  };
}

const silent = pino({ level: 'silent' });

function counted(purgeUrls: string[], options: { attempts?: number } = {}) {
  const registry = new Registry();
  const failures = new Counter({ name: 'edge_purge_failures_total', help: 'x', registers: [registry] });
  const purger = createEdgePurger({
    urls: purgeUrls,
    header: 'xkey',
    logger: silent,
    metrics: { failures },
    timeoutMs: 500,
    backoffMs: 10,
    ...options,
  });
  return { purger, registry };
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
  await syncOutbox(stack.indexer); // the first build: the import's rows
});

afterAll(() => stack.stop());

/** Runs `fn` with `purger` as the indexer's purge hook. */
async function withPurger<T>(purger: EdgePurger, fn: () => Promise<T>): Promise<T> {
  stack.indexer.purge = (tags) => purger.purge(tags);
  try {
    return await fn();
  } finally {
    delete stack.indexer.purge;
  }
}

describe('a sync round', () => {
  it('purges exactly the changed product and the products index', async () => {
    const edge = await purgeServer();
    try {
      const { purger } = counted([edge.url]);
      await stack.database
        .db('products')
        .where('id', 1001)
        .update({ names: { de: 'Presse neu' } });
      await addOutbox(stack.database.db, ['product', 1001]);
      await withPurger(purger, () => syncOutbox(stack.indexer));
      const doc = (await documents<{ id: number; name: string }>(stack.meili, stack.uid('products'))).find(
        (d) => d.id === 1001,
      );
      expect(doc?.name).toBe('Presse neu');
      await purger.idle();
      expect(edge.requests).toHaveLength(1);
      expect(edge.requests[0]).toMatchObject({ method: 'PURGE', url: '/' });
      expect(edge.requests[0]!.tags.sort()).toEqual(['index-products', 'product-1001']);
    } finally {
      await edge.close();
    }
  });

  it('purges a manufacturer, its list and the products that show it', async () => {
    const edge = await purgeServer();
    try {
      const { purger } = counted([edge.url]);
      await stack.database.db('manufacturers').where('id', 11).update({ slug: 'fendt-purge' });
      await addOutbox(stack.database.db, ['manufacturer', 11]);
      await withPurger(purger, () => syncOutbox(stack.indexer));
      await purger.idle();
      const tags = edge.requests.flatMap((r) => r.tags);
      expect(tags).toEqual(
        expect.arrayContaining([
          'manufacturer-11',
          'index-manufacturers',
          'product-1006',
          'product-1007',
          'index-products',
        ]),
      );
      expect(tags).not.toContain('product-1001');
    } finally {
      await edge.close();
    }
  });

  it('completes while the edge answers 500: retried, then counted', async () => {
    const edge = await purgeServer(() => 500);
    try {
      const { purger, registry } = counted([edge.url], { attempts: 3 });
      await addOutbox(stack.database.db, ['product', 1002]);
      const result = await withPurger(purger, () => syncOutbox(stack.indexer));
      expect(result.rows).toBe(1);
      await purger.idle();
      expect(edge.requests).toHaveLength(3);
      expect(purger.stats).toMatchObject({ sent: 0, failures: 1, failedAttempts: 3 });
      expect(await registry.metrics()).toMatch(/^edge_purge_failures_total 1$/m);
    } finally {
      await edge.close();
    }
  });

  it('completes while the edges are down: each retried, then counted, within the deadlines', async () => {
    const edge = await purgeServer();
    await edge.close();
    const { purger, registry } = counted([edge.url, 'http://127.0.0.1:9/'], { attempts: 2 });
    await addOutbox(stack.database.db, ['product', 1003]);
    const started = Date.now();
    const result = await withPurger(purger, () => syncOutbox(stack.indexer));
    expect(result.rows).toBe(1);
    await purger.idle();
    expect(purger.stats.failures).toBe(2);
    expect(purger.stats.failedAttempts).toBe(4);
    expect(await registry.metrics()).toMatch(/^edge_purge_failures_total 2$/m);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('a reindex swap', () => {
  it('purges the index tag of the index swapped in', async () => {
    const edge = await purgeServer();
    try {
      const { purger } = counted([edge.url]);
      await withPurger(purger, () => runReindex(stack.indexer, 'articles'));
      await purger.idle();
      expect(edge.requests.map((r) => r.tags)).toEqual([['index-articles']]);
    } finally {
      await edge.close();
    }
  });
});

describe('configuration', () => {
  it('sends nothing without EDGE_PURGE_URLS', async () => {
    const edge = await purgeServer();
    try {
      const config = loadConfig({ ...process.env, EDGE_PURGE_URLS: '' });
      const purger = createWorkerPurger(config, silent, new Registry());
      expect(purger.enabled).toBe(false);
      await addOutbox(stack.database.db, ['product', 1005]);
      await withPurger(purger, () => syncOutbox(stack.indexer));
      purger.purge(['product-1005']);
      await purger.idle();
      expect(edge.requests).toEqual([]);
    } finally {
      await edge.close();
    }
  });

  it('sends to each EDGE_PURGE_URLS in the EDGE_TAG_HEADER header', async () => {
    const [a, b] = [await purgeServer(), await purgeServer()];
    try {
      const config = loadConfig({ ...process.env, EDGE_PURGE_URLS: `${a.url},${b.url}/` });
      const purger = createWorkerPurger(config, silent, new Registry());
      purger.purge(['product-1', 'bad tag', 'index-products']);
      await purger.idle();
      for (const edge of [a, b])
        expect(edge.requests.map((r) => r.tags)).toEqual([['product-1', 'index-products']]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('splits the tags into header values of at most 8000 characters', () => {
    const tags = Array.from({ length: 2000 }, (_, i) => `product-${1_000_000 + i}`);
    const chunks = chunkTags(tags, 8000);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.join(' ').length).toBeLessThanOrEqual(8000);
    expect(chunks.flat()).toEqual(tags);
  });

  it('splits the tags into batches of at most EDGE_PURGE_MAX_TAGS', () => {
    const tags = Array.from({ length: 250 }, (_, i) => `product-${i}`);
    const chunks = chunkTags(tags, 8000, 100);
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunks.flat()).toEqual(tags);
  });
});
