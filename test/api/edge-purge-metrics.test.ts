/**
 * The workers' edge purges on the API's `/metrics`: a worker purger adds its requests and failures to
 * Redis, the API reads the totals on scrape (0 before any purge); with Redis unreachable the scrape still
 * answers within its deadlines, without the two (nor the queue counts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createWorkerPurger } from '../../indexer/worker';
import { purgeCountKey } from '../../src/edge/purge-counts';
import { freePort } from '../../tools/dev/free-port';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let redis: Redis;
let full: string;

beforeAll(async () => {
  stack = await startStack({ index: false });
  redis = new Redis(stack.config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2000 });
  full = await bearer(stack.database.db, 'full');
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

/** The `/metrics` page of `origin` (status 200 checked). */
async function scrape(origin: string): Promise<string> {
  const res = await fetch(`${origin}/metrics`, { headers: { Authorization: full } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of the unlabelled sample `name` on `page`, or undefined. */
const sample = (page: string, name: string) => {
  const found = new RegExp(`^${name} (\\S+)$`, 'm').exec(page);
  return found ? Number(found[1]) : undefined;
};

/** An edge that accepts every purge. */
async function acceptingEdge() {
  const server = http.createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('edge purge counts on /metrics', () => {
  it('are 0 before any purge', async () => {
    const page = await scrape(stack.api.origin);
    expect(sample(page, 'edge_purge_requests_total')).toBe(0);
    expect(sample(page, 'edge_purge_failures_total')).toBe(0);
    expect(page).toMatch(/^# TYPE edge_purge_failures_total counter$/m);
  });

  it("show what the workers' purgers counted, failures against an unreachable edge included", async () => {
    const edge = await acceptingEdge();
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    try {
      const config = stack.configWith({
        REDIS_PREFIX: stack.config.redisPrefix, // the API's: the worker of this deployment
        EDGE_PURGE_URLS: `${unreachable},${edge.url}`,
      });
      // Two workers: the API shows their sum.
      const workers = [0, 1].map(() =>
        createWorkerPurger(config, pino({ level: 'silent' }), new Registry(), redis),
      );
      for (const purger of workers) purger.purge(['product-1', 'index-products']);
      await Promise.all(workers.map((purger) => purger.idle()));
      for (const purger of workers) expect(purger.stats).toMatchObject({ sent: 1, failures: 1 });

      const page = await scrape(stack.api.origin);
      expect(sample(page, 'edge_purge_failures_total')).toBe(2);
      expect(sample(page, 'edge_purge_requests_total')).toBe(2);
      expect(await redis.get(purgeCountKey(stack.config.redisPrefix, 'failures'))).toBe('2');
    } finally {
      await edge.close();
    }
  });

  it('are left out while Redis is unreachable; the scrape still answers', async () => {
    const down = await stack.startApi(
      stack.configWith({
        REDIS_PREFIX: stack.config.redisPrefix,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      }),
    );
    try {
      const started = Date.now();
      const page = await scrape(down.origin);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(page).toContain('http_requests_total');
      expect(page).not.toContain('edge_purge_');
      // The queue counts, which BullMQ would wait for until Redis is back, are left out too.
      expect(page).not.toMatch(/^render_queue_jobs\{/m);
    } finally {
      await down.close();
    }
  });

  it('are never held up by a worker whose Redis is unreachable', async () => {
    const edge = await acceptingEdge();
    const offline = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      lazyConnect: false,
    });
    offline.on('error', () => undefined);
    try {
      const config = stack.configWith({ EDGE_PURGE_URLS: edge.url });
      const purger = createWorkerPurger(config, pino({ level: 'silent' }), new Registry(), offline);
      const started = Date.now();
      expect(() => purger.purge(['product-2'])).not.toThrow();
      await purger.idle();
      expect(purger.stats.sent).toBe(1);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      offline.disconnect();
      await edge.close();
    }
  });
});
