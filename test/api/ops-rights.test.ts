/**
 * Who may do what on the operations endpoints (src/ops, README "Operations"), over HTTP against the real
 * app with real queues in Redis:
 * - the queue dashboard: a `*` token (the spec's full access of integrations) reads it, but every write
 *   route of Bull Board (taken from Bull Board's own route table, so a new one is tested too) is 403 for it
 *   with both queues unchanged; `ops:queues:write` changes them (pause and resume, retry);
 * - `/ready` says why a check failed only locally or to an ops token;
 * - the operations endpoints answer other methods as the document says (405 with `Allow`).
 */
import { appRoutes } from '@bull-board/api/dist/routes.js';
import { Worker, type Queue } from 'bullmq';
import type { AppConfig } from '../../config/env';
import { redisConnection } from '../../src/jobs/connection';
import { createIndexQueue, type IndexQueue } from '../../src/jobs/index-queue';
import type { RenderQueue } from '../../src/jobs/render-queue';
import { buildOpenApiDocument } from '../../src/openapi/document';
import { captureLogger, type LogLine } from '../support/logs';
import { eventually } from '../support/outage';
import { startStack, type Stack, type TestApi } from '../support/stack';
import { bearer } from '../support/tokens';

const EMAIL = 'operator@example.com';

let stack: Stack;
let config: AppConfig;
let indexQueue: IndexQueue;
let renderQueue: RenderQueue;
let api: TestApi;
const tokens: Record<'full' | 'operator' | 'queues' | 'content', string> = {
  full: '',
  operator: '',
  queues: '',
  content: '',
};

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  const db = stack.database.db;
  await db('users').insert({ id: 1, name: 'Operator', email: EMAIL, source_hash: 'test', permissions: [] });
  tokens.full = await bearer(db, 'full', EMAIL);
  tokens.operator = await bearer(db, 'operator', EMAIL);
  tokens.queues = await bearer(db, ['ops:queues:write'], EMAIL);
  tokens.content = await bearer(db, 'content', EMAIL);
  config = stack.config;
  indexQueue = createIndexQueue(config);
  indexQueue.on('error', () => undefined);
  api = await stack.startApi(config, { indexQueue });
  renderQueue = api.deps.renderJobs!.queue;
  await seedQueues();
});
afterAll(async () => {
  await api?.close();
  await indexQueue?.close();
  await stack?.stop();
});

/**
 * Something for every write route to change: a failed, a waiting and a delayed render job, and a job
 * scheduler on the index queue.
 */
async function seedQueues(): Promise<void> {
  await renderQueue.add('render', { target: 'media', id: 1 }, { jobId: 'probe-failed', attempts: 1 });
  const worker = new Worker('render', () => Promise.reject(new Error('render exploded')), {
    connection: redisConnection(config, 'worker'),
    prefix: config.redisPrefix,
  });
  try {
    await eventually(
      async () => (await renderQueue.getJob('probe-failed'))!.getState(),
      (state) => state === 'failed',
    );
  } finally {
    await worker.close();
  }
  await renderQueue.add('render', { target: 'media', id: 2 }, { jobId: 'probe-waiting' });
  await renderQueue.add('render', { target: 'media', id: 3 }, { jobId: 'probe-delayed', delay: 3_600_000 });
  await (indexQueue as unknown as Queue).upsertJobScheduler(
    'probe-scheduler',
    { every: 3_600_000 },
    { name: 'sync', data: {} },
  );
}

const STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'failed',
  'completed',
  'waiting-children',
] as const;

/** Everything a Bull Board write could change in `queue`. */
async function queueState(queue: Queue) {
  const jobs = await queue.getJobs([...STATES]);
  return {
    paused: await queue.isPaused(),
    counts: await queue.getJobCounts(...STATES),
    jobs: await Promise.all(
      jobs
        .sort((a, b) => String(a.id).localeCompare(String(b.id)))
        .map(async (job) => ({
          id: job.id,
          name: job.name,
          data: job.data as unknown,
          priority: job.priority,
          delay: job.delay,
          state: await job.getState(),
        })),
    ),
    schedulers: await queue.getJobSchedulers(),
    concurrency: await queue.getGlobalConcurrency(),
    rateLimitTtl: await queue.getRateLimitTtl(),
  };
}

const bothQueues = async () => ({
  index: await queueState(indexQueue as unknown as Queue),
  render: await queueState(renderQueue as unknown as Queue),
});

/** Bull Board's write routes: every API route whose method is not GET (pause, add, retry, clean, ...). */
const WRITE_ROUTES = appRoutes.api
  .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => [m, route]))
  .filter(([method]) => method !== 'get')
  .map(([method, route]) => [String(method).toUpperCase(), String((route as { route: string }).route)]);

/** A concrete path for a route pattern, naming the seeded jobs and scheduler. */
function concrete(pattern: string): string {
  const queueName = pattern.includes(':schedulerId') ? 'index' : 'render';
  return `/admin/queues${pattern}`
    .replace(':queueName', queueName)
    .replace(':queueStatus', 'failed')
    .replace(':schedulerId', 'probe-scheduler')
    .replace(':jobId', pattern.endsWith('/promote') ? 'probe-delayed' : 'probe-failed');
}

/** A body that would be valid for the routes that take one. */
const BODY = JSON.stringify({
  name: 'sync',
  data: { evil: true },
  options: {},
  concurrency: 1,
  max: 1,
  duration: 1000,
  delay: 1,
  priority: 1,
  every: 1000,
  force: true,
});

function send(method: string, path: string, authorization?: string): Promise<Response> {
  return fetch(`${api.origin}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : BODY,
  });
}

describe('the queue dashboard', () => {
  it('has Bull Board write routes to test (pause, add, retry, clean, obliterate, ...)', () => {
    expect(WRITE_ROUTES.length).toBeGreaterThanOrEqual(20);
    expect(WRITE_ROUTES).toEqual(
      expect.arrayContaining([
        ['PUT', '/api/queues/:queueName/pause'],
        ['POST', '/api/queues/:queueName/add'],
        ['PUT', '/api/queues/:queueName/obliterate'],
        ['PUT', '/api/queues/:queueName/job-schedulers/:schedulerId/remove'],
        ['PATCH', '/api/queues/:queueName/:jobId/update-data'],
      ]),
    );
  });

  it.each(WRITE_ROUTES)(
    'refuses %s %s to a `*` token: 403 forbidden, both queues unchanged',
    async (method, route) => {
      const before = await bothQueues();
      for (const token of [tokens.full, tokens.content]) {
        const res = await send(method, concrete(route), token);
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toMatchObject({
          message: 'Forbidden.',
          error: { code: 'forbidden', status: 403, request_id: expect.any(String) },
        });
      }
      const anonymous = await send(method, concrete(route));
      expect(anonymous.status).toBe(401);
      await anonymous.arrayBuffer();
      expect(await bothQueues()).toEqual(before);
    },
  );

  it('lets a `*` token read: the page, the queues (read-only), a job and its logs', async () => {
    const page = await api.get(`${api.origin}/admin/queues`, { headers: { Authorization: tokens.full } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<base href="/admin/queues/"');
    const list = await api.get(
      `${api.origin}/admin/queues/api/queues?activeQueue=render&status=failed&page=1`,
      {
        headers: { Authorization: tokens.full },
      },
    );
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      queues: { name: string; readOnlyMode: boolean; jobs: { id: string }[] }[];
    };
    expect(body.queues.map((q) => [q.name, q.readOnlyMode]).sort()).toEqual([
      ['index', true],
      ['render', true],
    ]);
    expect(body.queues.find((q) => q.name === 'render')!.jobs.map((j) => j.id)).toEqual(['probe-failed']);
    for (const path of ['render/probe-failed', 'render/probe-failed/logs']) {
      const res = await send('GET', `/admin/queues/api/queues/${path}`, tokens.full);
      expect([path, res.status]).toEqual([path, 200]);
      await res.arrayBuffer();
    }
  });

  it('shows the writable board to `ops:queues:write`, and 403 to a token without `*` or it', async () => {
    for (const token of [tokens.operator, tokens.queues]) {
      const res = await send('GET', '/admin/queues/api/queues?page=1', token);
      expect(res.status).toBe(200);
      const { queues } = (await res.json()) as { queues: { readOnlyMode: boolean }[] };
      expect(queues.map((q) => q.readOnlyMode)).toEqual([false, false]);
    }
    const content = await send('GET', '/admin/queues/api/queues?page=1', tokens.content);
    expect(content.status).toBe(403);
    await content.arrayBuffer();
  });

  it('lets `ops:queues:write` pause and resume a queue and retry a failed job', async () => {
    const pause = await send('PUT', '/admin/queues/api/queues/render/pause', tokens.operator);
    expect(pause.status).toBe(200);
    await pause.arrayBuffer();
    expect(await renderQueue.isPaused()).toBe(true);
    const resume = await send('PUT', '/admin/queues/api/queues/render/resume', tokens.queues);
    expect(resume.status).toBe(200);
    await resume.arrayBuffer();
    expect(await renderQueue.isPaused()).toBe(false);

    const retry = await send('PUT', '/admin/queues/api/queues/render/probe-failed/retry', tokens.operator);
    expect(retry.status).toBe(204);
    expect(await (await renderQueue.getJob('probe-failed'))!.getState()).toBe('waiting');
  });
});

describe('/ready', () => {
  // This file's index prefix has no indexes: the `indexes` check fails, naming them.
  const ready = (authorization?: string) =>
    api.get(`${api.origin}/ready`, { headers: authorization ? { Authorization: authorization } : {} });

  it('tells anyone only which checks fail, never why', async () => {
    for (const authorization of [undefined, tokens.content, 'Bearer 1|not-a-token']) {
      const res = await ready(authorization);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        status: 'unavailable',
        failed: ['indexes'],
        checks: { postgres: 'ok', redis: 'ok', meilisearch: 'ok', indexes: 'failing', outbox: 'ok' },
      });
      expect(text).not.toContain(config.meiliIndexPrefix);
    }
  });

  it('says why to a token with `*` or `ops:queues:write`', async () => {
    for (const token of [tokens.full, tokens.queues]) {
      const res = await ready(token);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { checks: Record<string, string> };
      const uids = ['products', 'articles', 'media'].map((name) => `${config.meiliIndexPrefix}${name}`);
      expect(body.checks.indexes).toBe(`missing ${uids.join(', ')}`);
    }
  });

  it('logs why for the operators, at most once a minute', async () => {
    const lines: LogLine[] = [];
    const logged = await stack.startApi(stack.configWith({}), { logger: captureLogger(lines) });
    try {
      for (let i = 0; i < 3; i++) expect((await logged.get(`${logged.origin}/ready`)).status).toBe(503);
      const notReady = lines.filter((line) => line.msg === 'not ready: a readiness check failed');
      expect(notReady).toHaveLength(1);
      expect(notReady[0]!.err).toMatchObject({
        failed: ['indexes'],
        checks: { indexes: expect.stringMatching(/^missing /) as string },
      });
    } finally {
      await logged.close();
    }
  });

  it('says why to anyone when the app runs locally (APP_ENV=local)', async () => {
    const local = await stack.startApi(stack.configWith({ APP_ENV: 'local' }));
    try {
      const res = await local.get(`${local.origin}/ready`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { checks: { indexes: string } }).checks.indexes).toMatch(/^missing /);
    } finally {
      await local.close();
    }
  });
});

describe('other methods on the operations endpoints', () => {
  it.each(['/up', '/ready', '/metrics'])(
    '%s: 405 method_not_allowed with Allow, as documented',
    async (path) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await api.get(`${api.origin}${path}`, { method });
        expect([method, res.status]).toEqual([method, 405]);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        expect(await res.json()).toMatchObject({ error: { code: 'method_not_allowed', status: 405 } });
      }
      const operation = buildOpenApiDocument('http://api.test').paths![path]!.get!;
      expect(operation.responses).toHaveProperty('405');
      expect(operation.responses).toHaveProperty('429');
    },
  );

  it('/admin/queues: 403 for a `*` token, 404 with `ops:queues:write` (the page takes no other method)', async () => {
    const full = await api.get(`${api.origin}/admin/queues`, {
      method: 'POST',
      headers: { Authorization: tokens.full },
    });
    expect(full.status).toBe(403);
    await full.arrayBuffer();
    const operator = await api.get(`${api.origin}/admin/queues`, {
      method: 'POST',
      headers: { Authorization: tokens.operator },
    });
    expect(operator.status).toBe(404);
    expect(await operator.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
