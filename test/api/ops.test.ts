/**
 * Operations endpoints (src/ops, README "Operations") over HTTP against the real app on the sample
 * snapshot: `/up` without dependencies, `/ready` and what it names when a dependency is missing (the
 * reasons to an ops token or locally), both counted by the request limits except the host's own probes;
 * `/metrics` and the Bull Board dashboard only for tokens with ability `*` (changes on the dashboard only
 * with `ops:queues:write`: test/api/ops-rights.test.ts), and what `/metrics` reports after real requests.
 */
import { FlowProducer, Worker } from 'bullmq';
import type { AppConfig } from '../../config/env';
import { redisConnection } from '../../src/jobs/connection';
import { createIndexQueue, INDEX_QUEUE_NAME, type IndexQueue } from '../../src/jobs/index-queue';
import type { RenderQueue } from '../../src/jobs/render-queue';
import { QUEUE_STATES } from '../../src/ops/metrics';
import { freePort } from '../../tools/dev/free-port';
import type { SearchLog } from '../../src/search-log';
import { startStack, type Stack } from '../support/stack';
import { eventually } from '../support/outage';
import { bearer } from '../support/tokens';

interface OpsApi {
  origin: string;
  queue: IndexQueue;
  renderQueue: RenderQueue;
  searchLog: SearchLog;
  /** GET `<origin><path>` through the test API's `get()`, so the contract check sees the response. */
  get(path: string, authorization?: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** The real app of `config` with an index queue (as src/server.ts builds it) on the stack. */
async function startOpsApi(config: AppConfig): Promise<OpsApi> {
  const queue = createIndexQueue(config);
  queue.on('error', () => undefined);
  const api = await stack.startApi(config, { indexQueue: queue });
  return {
    origin: api.origin,
    queue,
    renderQueue: api.deps.renderJobs!.queue,
    searchLog: api.deps.searchLog,
    get: (path, authorization, headers = {}) =>
      api.get(`${api.origin}${path}`, {
        headers: { ...headers, ...(authorization ? { Authorization: authorization } : {}) },
      }),
    async close() {
      await api.close();
      await queue.close();
    },
  };
}

let stack: Stack;
let api: OpsApi;
let full: string;
let operator: string;
let content: string;

beforeAll(async () => {
  stack = await startStack();
  api = await startOpsApi(stack.config);
  full = await bearer(stack.database.db, 'full');
  operator = await bearer(stack.database.db, 'operator');
  content = await bearer(stack.database.db, 'content');
});
afterAll(async () => {
  await api?.close();
  await stack?.stop();
});

describe('/up', () => {
  it('answers 200 without asking any dependency (Meilisearch and Postgres on closed ports)', async () => {
    const closed = await freePort();
    const config = stack.configWith({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/none`,
      MEILI_URL: `http://127.0.0.1:${closed}`,
    });
    const down = await startOpsApi(config);
    try {
      const res = await down.get('/up');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'up' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await down.close();
    }
  });
});

describe('/ready', () => {
  it('answers 200 when Postgres, Redis, Meilisearch and the live indexes are there', async () => {
    const res = await api.get('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', redis: 'ok', meilisearch: 'ok', indexes: 'ok', outbox: 'ok' },
    });
  });

  it('stays ready but warns when the oldest change not yet indexed is older than OUTBOX_STALE_SECONDS', async () => {
    const db = stack.database.db;
    const [row] = (await db('index_outbox')
      .insert({
        entity: 'product',
        entity_id: '1',
        action: 'upsert',
        created_at: db.raw("now() - interval '90 seconds'"),
      })
      .returning('id')) as { id: number }[];
    try {
      const res = await api.get('/ready', full);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { warnings?: string[]; checks: Record<string, string> };
      expect(body.warnings).toEqual(['outbox']);
      expect(body.checks.outbox).toMatch(
        /^stale: \d+ changes not indexed yet, the oldest (9\d|1[01]\d) s old \(more than 60 s\): is the index worker running\?$/,
      );
      // Without a token: that it is stale, not how far behind.
      const anonymous = (await (await api.get('/ready')).json()) as typeof body;
      expect(anonymous).toMatchObject({ warnings: ['outbox'], checks: { outbox: 'stale' } });
    } finally {
      await db('index_outbox').where('id', row!.id).delete();
    }
    expect(await (await api.get('/ready')).json()).not.toHaveProperty('warnings');
  });

  it('answers 503 naming Meilisearch when it is on a closed port', async () => {
    const closed = await freePort();
    const down = await startOpsApi(stack.configWith({ MEILI_URL: `http://127.0.0.1:${closed}` }));
    try {
      const res = await down.get('/ready', full);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { failed: string[]; checks: Record<string, string> };
      expect(body).toMatchObject({ status: 'unavailable', failed: ['meilisearch'] });
      expect(body.checks).toMatchObject({ postgres: 'ok', redis: 'ok' });
      expect(body.checks.meilisearch).toMatch(/^ECONNREFUSED: /);
      // Without a token: which check fails, not the error text with the host and port.
      const anonymous = await down.get('/ready');
      expect(anonymous.status).toBe(503);
      const text = await anonymous.text();
      expect(JSON.parse(text)).toEqual({
        status: 'unavailable',
        failed: ['meilisearch'],
        checks: { postgres: 'ok', redis: 'ok', meilisearch: 'failing', indexes: 'not checked', outbox: 'ok' },
      });
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|:\d{2,5}\b/);
    } finally {
      await down.close();
    }
  });

  it('answers 503 naming the missing indexes', async () => {
    const other = await startOpsApi(stack.configWith({ MEILI_INDEX_PREFIX: 'tmissing_' }));
    try {
      const res = await other.get('/ready', operator);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        failed: ['indexes'],
        checks: {
          postgres: 'ok',
          redis: 'ok',
          meilisearch: 'ok',
          indexes: 'missing tmissing_products, tmissing_articles, tmissing_media',
          outbox: 'ok',
        },
      });
    } finally {
      await other.close();
    }
  });

  it('names Postgres when it is unreachable (the reason locally: no token can be checked)', async () => {
    const closed = await freePort();
    const DATABASE_URL = `postgres://postgres@127.0.0.1:${closed}/none`;
    const local = await startOpsApi(stack.configWith({ DATABASE_URL, APP_ENV: 'local' }));
    const production = await startOpsApi(stack.configWith({ DATABASE_URL }));
    try {
      const res = await local.get('/ready');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { checks: Record<string, string> };
      expect(body).toMatchObject({
        failed: ['postgres'],
        checks: { meilisearch: 'ok', outbox: 'not checked: Postgres is unavailable' },
      });
      expect(body.checks.postgres).toContain('ECONNREFUSED');
      // In production even a token cannot open the reasons while Postgres is down: it cannot be checked.
      const anonymous = await production.get('/ready', full);
      expect(anonymous.status).toBe(503);
      expect(await anonymous.json()).toMatchObject({
        failed: ['postgres'],
        checks: { postgres: 'failing', meilisearch: 'ok', outbox: 'not checked' },
      });
    } finally {
      await local.close();
      await production.close();
    }
  });
});

describe('rate limits', () => {
  let limited: OpsApi;
  beforeAll(async () => {
    limited = await startOpsApi(
      stack.configWith({
        API_RATE_LIMIT_GUEST: '1',
        API_RATE_LIMIT_TOKEN: '1',
        API_UNLIMITED_NETWORKS: '192.0.2.0/24',
      }),
    );
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('count /up, /ready, /metrics and /admin/queues as the API: 429 over the limit', async () => {
    // Each from a client address of its own, through the loopback proxy TRUST_PROXY trusts by default;
    // with a token, per token.
    for (const [path, auth, client] of [
      ['/up', undefined, '203.0.113.1'],
      ['/ready', undefined, '203.0.113.2'],
      ['/metrics', full, '203.0.113.3'],
      ['/admin/queues/api/queues', operator, '203.0.113.4'],
    ] as const) {
      const headers = { 'X-Forwarded-For': client };
      const first = await limited.get(path, auth, headers);
      expect([path, first.status]).toEqual([path, 200]);
      expect(first.headers.get('x-ratelimit-limit')).toBe('1');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
      await first.arrayBuffer();
      const second = await limited.get(path, auth, headers);
      expect([path, second.status]).toEqual([path, 429]);
      expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await second.json()).toMatchObject({ error: { code: 'too_many_requests', status: 429 } });
    }
  });

  it("never count the host's own probes (loopback, no forwarding header) nor the unlimited networks", async () => {
    for (let i = 0; i < 3; i++) {
      for (const [path, headers] of [
        ['/up', {}],
        ['/ready', {}],
        ['/up', { 'X-Forwarded-For': '192.0.2.7' }],
        ['/ready', { 'X-Forwarded-For': '192.0.2.7' }],
      ] as const) {
        const res = await limited.get(path, undefined, headers);
        expect([path, res.status]).toEqual([path, 200]);
        expect(res.headers.get('x-ratelimit-limit')).toBeNull();
        await res.arrayBuffer();
      }
    }
    // Only the probes: the same host's other requests are counted.
    expect((await limited.get('/api/v1/image-formats')).headers.get('x-ratelimit-limit')).toBe('1');
    expect((await limited.get('/api/v1/image-formats')).status).toBe(429);
  });
});

describe.each(['/metrics', '/admin/queues', '/admin/queues/api/queues'])('%s protection', (path) => {
  it('is 401 without a token, in the spec error shape', async () => {
    const res = await api.get(path);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      message: 'Unauthenticated.',
      error: { code: 'unauthenticated', status: 401 },
    });
  });

  it('is 403 with a content token', async () => {
    const res = await api.get(path, content);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden', status: 403 } });
  });

  it('is 200 with a full (*) token', async () => {
    const res = await api.get(path, full);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});

/** The value of the sample `name{labels}` in a Prometheus text page (undefined when absent). */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      found[key!] = value!;
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  const scrape = async () => {
    const res = await api.get('/metrics', full);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    const { slug } = (await stack.database.db('products').first('slug')) as { slug: string };
    expect((await api.get(`/api/v1/products/${slug}`)).status).toBe(200);
    expect((await api.get('/api/v1/products/no-such-product')).status).toBe(404);
    expect((await api.get('/api/v1/products?search=Mähwerk')).status).toBe(200);
    expect((await api.get('/nowhere/at/all')).status).toBe(404);
    const page = await scrape();
    const route = '/api/v1/products/:slug';
    expect(sample(page, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(sample(page, 'http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(
      sample(page, 'http_requests_total', { method: 'GET', route: '/api/v1/products', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(page, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(page).not.toContain(slug);
    expect(page).not.toContain('nowhere');
    expect(sample(page, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBe(
      1,
    );
    expect(
      sample(page, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route,
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1);
  });

  it('counts how the result cache served list answers, and the bytes it holds', async () => {
    const before = await scrape();
    const count = (page: string, result: string) =>
      sample(page, 'api_result_cache_requests_total', { result }) ?? 0;
    const query = `/api/v1/products?search=Presse&per_page=${(Date.now() % 90) + 3}`; // asked here first
    for (let i = 0; i < 3; i++) expect((await api.get(query)).status).toBe(200);
    const after = await scrape();
    const served = (r: string) => count(after, r) - count(before, r);
    // The first two ask Meilisearch (a list page is kept from its second request), the third comes from memory.
    expect([served('miss'), served('hit'), served('bypassed')]).toEqual([2, 1, 0]);
    expect(sample(after, 'api_result_cache_bytes', {})).toBeGreaterThan(0);
  });

  it('has Meilisearch and Postgres latency histograms', async () => {
    expect((await api.get('/api/v1/media?search=Anleitung')).status).toBe(200);
    const page = await scrape();
    expect(
      sample(page, 'meilisearch_request_duration_seconds_count', { operation: 'search', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'postgres_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(page, 'postgres_query_duration_seconds_bucket', { outcome: 'ok', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('reports the outbox backlog and the age of its oldest pending row', async () => {
    const db = stack.database.db;
    // The import's rows, applied by the stack's full reindex.
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    expect(sample(await scrape(), 'index_outbox_pending')).toBe(0);
    expect(sample(await scrape(), 'index_outbox_oldest_pending_age_seconds')).toBe(0);
    const ids = (await db('index_outbox')
      .insert([
        {
          entity: 'product',
          entity_id: '1',
          action: 'upsert',
          created_at: db.raw("now() - interval '90 seconds'"),
        },
        { entity: 'product', entity_id: '2', action: 'upsert' },
      ])
      .returning('id')) as { id: number }[];
    try {
      const page = await scrape();
      expect(sample(page, 'index_outbox_pending')).toBe(2);
      const age = sample(page, 'index_outbox_oldest_pending_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(120);
    } finally {
      await db('index_outbox')
        .whereIn(
          'id',
          ids.map((row) => row.id),
        )
        .del();
    }
  });

  it('reports the index queue and the render queue by state', async () => {
    await api.queue.add('sync', {}, { jobId: 'metrics-probe' });
    await api.renderQueue.add('render', { target: 'media', id: 1 }, { jobId: 'render-probe', priority: 10 });
    await api.renderQueue.add('preview', { mediumId: 1, format: 'thumb' }, { jobId: 'preview-probe' });
    try {
      const page = await scrape();
      expect(sample(page, 'index_queue_jobs', { state: 'waiting' })).toBe(1);
      expect(sample(page, 'index_queue_jobs', { state: 'failed' })).toBe(0);
      expect(sample(page, 'index_queue_jobs', { state: 'active' })).toBe(0);
      expect(sample(page, 'render_queue_jobs', { state: 'prioritized' })).toBe(1);
      expect(sample(page, 'render_queue_jobs', { state: 'waiting' })).toBe(1);
      expect(sample(page, 'render_queue_jobs', { state: 'failed' })).toBe(0);
      expect(sample(page, 'render_backlog')).toBe(2);
    } finally {
      await api.queue.remove('metrics-probe');
      await api.renderQueue.remove('render-probe');
      await api.renderQueue.remove('preview-probe');
    }
  });

  it("reports the counts BullMQ's getJobCounts reads, in every state (they are read without BullMQ)", async () => {
    const { queue } = api;
    const connection = redisConnection(stack.config, 'worker');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // One job each completed, failed and running (held until the end), then no more taken.
    const worker = new Worker(
      INDEX_QUEUE_NAME,
      async (job) => {
        if (job.id === 'counts-failed') throw new Error('counts probe');
        if (job.id === 'counts-active') await held;
      },
      { connection, prefix: stack.config.redisPrefix, autorun: false },
    );
    const flows = new FlowProducer({ connection, prefix: stack.config.redisPrefix });
    try {
      await queue.add('sync', {}, { jobId: 'counts-completed' });
      await queue.add('sync', {}, { jobId: 'counts-failed', attempts: 1 });
      await queue.add('sync', {}, { jobId: 'counts-active' });
      void worker.run();
      await eventually(
        async () => queue.getJobCounts('completed', 'failed', 'active'),
        (c) => c.completed === 1 && c.failed === 1 && c.active === 1,
        10_000,
      );
      await worker.pause(true);
      await queue.add('sync', {}, { jobId: 'counts-waiting' });
      await queue.add('sync', {}, { jobId: 'counts-prioritized', priority: 5 });
      await queue.add('sync', {}, { jobId: 'counts-delayed', delay: 3_600_000 });
      await flows.add({
        name: 'sync',
        queueName: INDEX_QUEUE_NAME,
        data: {},
        opts: { jobId: 'counts-parent' },
        children: [{ name: 'sync', queueName: INDEX_QUEUE_NAME, data: {}, opts: { jobId: 'counts-child' } }],
      });

      const expected = await queue.getJobCounts(...QUEUE_STATES);
      expect(expected).toEqual({
        waiting: 2, // counts-waiting and the flow's child
        prioritized: 1,
        active: 1,
        delayed: 1,
        failed: 1,
        completed: 1,
        'waiting-children': 1,
      });
      const page = await scrape();
      for (const state of QUEUE_STATES) {
        expect([state, sample(page, 'index_queue_jobs', { state })]).toEqual([state, expected[state]]);
      }
    } finally {
      release();
      await worker.close();
      await flows.close();
      await queue.obliterate({ force: true });
    }
  });

  it('reports the search-log counters', async () => {
    await api.searchLog.flush(); // the searches of the tests above
    const before = sample(await scrape(), 'search_log_logged_total') ?? 0;
    expect((await api.get('/api/v1/products?search=metrics-log-probe')).status).toBe(200);
    await api.searchLog.flush();
    const page = await scrape();
    expect(sample(page, 'search_log_logged_total')).toBe(before + 1);
    for (const name of ['search_log_dropped_total', 'search_log_capped_total', 'search_log_uncapped_total']) {
      expect(sample(page, name)).toBe(0);
    }
    expect(sample(page, 'search_log_buffered')).toBe(0);
  });
});

describe('/admin/queues (Bull Board)', () => {
  it('serves its page and static files to a full token', async () => {
    const res = await api.get('/admin/queues', full);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<base href="/admin/queues/"');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)![1]!;
    const asset = await api.get(`/admin/queues/${script}`, full);
    expect(asset.status).toBe(200);
    await asset.arrayBuffer();
    expect((await api.get(`/admin/queues/${script}`)).status).toBe(401);
  });

  it('lists the index and render queues', async () => {
    const res = await api.get('/admin/queues/api/queues?page=1', full);
    expect(res.status).toBe(200);
    const names = ((await res.json()) as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names.sort()).toEqual(['index', 'render']);
  });

  it('lists the render queue with its jobs, and retries a failed one for ops:queues:write', async () => {
    await api.renderQueue.add(
      'render',
      { target: 'media', id: 999_999 },
      { jobId: 'board-probe', attempts: 1 },
    );
    let worker: Worker | undefined;
    try {
      const list = await api.get('/admin/queues/api/queues?activeQueue=render&status=waiting&page=1', full);
      expect(list.status).toBe(200);
      const body = (await list.json()) as {
        queues: { name: string; counts: Record<string, number>; jobs: { id: string; name: string }[] }[];
      };
      const render = body.queues.find((queue) => queue.name === 'render');
      expect(render).toBeDefined();
      expect(render!.counts.waiting).toBeGreaterThanOrEqual(1);
      expect(render!.jobs).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'board-probe', name: 'render' })]),
      );

      // A failed job shows its error and goes back to waiting on retry.
      worker = new Worker('render', () => Promise.reject(new Error('render exploded')), {
        connection: redisConnection(stack.config, 'worker'),
        prefix: stack.config.redisPrefix,
      });
      await eventually(
        async () => (await api.renderQueue.getJob('board-probe'))!.getState(),
        (state) => state === 'failed',
      );
      await worker.close();
      const failed = await api.get('/admin/queues/api/queues?activeQueue=render&status=failed&page=1', full);
      const failedJobs = ((await failed.json()) as typeof body).queues.find((q) => q.name === 'render')!
        .jobs as unknown as { id: string; failedReason: string }[];
      expect(failedJobs).toEqual([
        expect.objectContaining({ id: 'board-probe', failedReason: 'render exploded' }),
      ]);
      const refused = await fetch(`${api.origin}/admin/queues/api/queues/render/board-probe/retry`, {
        method: 'PUT',
        headers: { Authorization: full },
      });
      expect(refused.status).toBe(403);
      expect(await (await api.renderQueue.getJob('board-probe'))!.getState()).toBe('failed');
      const retry = await fetch(`${api.origin}/admin/queues/api/queues/render/board-probe/retry`, {
        method: 'PUT',
        headers: { Authorization: operator },
      });
      expect(retry.status).toBe(204);
      expect(await (await api.renderQueue.getJob('board-probe'))!.getState()).toBe('waiting');
      expect(
        (
          await fetch(`${api.origin}/admin/queues/api/queues/render/board-probe/retry`, {
            method: 'PUT',
          })
        ).status,
      ).toBe(401);
    } finally {
      await worker?.close();
      await api.renderQueue.remove('board-probe');
    }
  });
});
