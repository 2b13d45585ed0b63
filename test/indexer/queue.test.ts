/**
 * The index and render queues and their job registries against the real Redis: default job options, sync
 * deduplication, target validation, render priorities and deduplication, and the refusal to run without a
 * handler per job.
 */
import { UnrecoverableError, Worker } from 'bullmq';
import {
  assertHandlers,
  dispatch,
  dispatchRender,
  type IndexJobHandlers,
  type RenderJobHandlers,
} from '../../indexer/queue';
import {
  createIndexQueue,
  enqueueReindex,
  enqueueSync,
  type IndexJob,
  type IndexQueue,
  type ReindexTarget,
} from '../../src/jobs/index-queue';
import {
  createRenderQueue,
  enqueueRenders,
  PREVIEW_JOB_OPTIONS,
  PREVIEW_PRIORITY,
  previewJobId,
  RENDER_PRIORITY,
  type RenderJob,
  type RenderQueue,
} from '../../src/jobs/render-queue';
import { redisConnection } from '../../src/jobs/connection';
import { testConfig } from '../support/stack';

// No database needed: the URL only has to be valid.
const config = testConfig('postgres://postgres@127.0.0.1:5432/unused');
let queue: IndexQueue;
let renders: RenderQueue;

beforeAll(() => {
  queue = createIndexQueue(config);
  renders = createRenderQueue(config);
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await renders.obliterate({ force: true });
  await renders.close();
});

afterEach(async () => {
  await queue.drain(true);
  await renders.drain(true);
});

describe('enqueueReindex', () => {
  it('adds a reindex job with the default options: 5 attempts, exponential backoff, failed jobs kept', async () => {
    const job = await enqueueReindex(queue, 'products');
    expect(job.name).toBe('reindex');
    expect(job.data).toEqual({ target: 'products' });
    expect(job.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 200,
      removeOnFail: false,
    });
    expect(queue.opts.prefix).toMatch(/^t[0-9a-f]{8}$/);
  });

  it('refuses an unknown target', async () => {
    await expect(enqueueReindex(queue, 'widgets' as ReindexTarget)).rejects.toThrow(
      'unknown reindex target "widgets"',
    );
    expect(await queue.getWaitingCount()).toBe(0);
  });
});

describe('enqueueSync', () => {
  it('keeps at most one sync waiting', async () => {
    const first = await enqueueSync(queue);
    const second = await enqueueSync(queue);
    expect(second.id).toBe(first.id);
    expect(await queue.getWaiting()).toHaveLength(1);
    await enqueueReindex(queue, 'media');
    expect(await queue.getWaitingCount()).toBe(2);
  });
});

describe('enqueueRenders', () => {
  it('queues renders on the render queue behind previews, at most one waiting per image', async () => {
    expect(renders.name).toBe('render');
    await enqueueRenders(renders, [
      { target: 'media', id: 1 },
      { target: 'upload', id: 1 },
      { target: 'media', id: 1 },
    ]);
    expect(await renders.getPrioritizedCount()).toBe(2);
    expect(await queue.getWaitingCount()).toBe(0);
    const [job] = await renders.getPrioritized();
    expect(job!.opts.priority).toBe(RENDER_PRIORITY);
    expect(PREVIEW_PRIORITY).toBeLessThan(RENDER_PRIORITY);
  });
});

describe('preview jobs', () => {
  it('run before the backlog renders queued earlier', async () => {
    await enqueueRenders(renders, [
      { target: 'media', id: 1 },
      { target: 'media', id: 2 },
      { target: 'upload', id: 3 },
    ]);
    await renders.add(
      'preview',
      { mediumId: 7, format: 'thumb' },
      { ...PREVIEW_JOB_OPTIONS, jobId: previewJobId({ mediumId: 7, format: 'thumb' }) },
    );
    const order: string[] = [];
    const worker = new Worker(
      'render',
      async (job: RenderJob) => {
        order.push(job.name === 'preview' ? 'preview' : `render ${JSON.stringify(job.data)}`);
      },
      {
        connection: redisConnection(config, 'worker'),
        prefix: config.redisPrefix,
      },
    );
    try {
      const deadline = Date.now() + 10_000;
      while (order.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await worker.close();
    }
    expect(order).toEqual([
      'preview',
      'render {"target":"media","id":1}',
      'render {"target":"media","id":2}',
      'render {"target":"upload","id":3}',
    ]);
    // Done previews leave nothing behind under their id (a later request adds a new job).
    expect(await renders.getJob(previewJobId({ mediumId: 7, format: 'thumb' }))).toBeUndefined();
  });
});

describe('the render job registry', () => {
  const handlers: RenderJobHandlers = { render: async () => 'x', preview: async () => 'p' };

  it('refuses handlers that miss a job, and runs the handler of the job', async () => {
    expect(() => dispatchRender({ render: handlers.render } as RenderJobHandlers)).toThrow(
      'render job registry: no handler for preview',
    );
    const run = dispatchRender(handlers);
    expect(await run({ name: 'render', data: { target: 'media', id: 1 } } as RenderJob)).toBe('x');
    expect(await run({ name: 'preview', data: { mediumId: 1, format: 'thumb' } } as RenderJob)).toBe('p');
    await expect(run({ name: 'sync', data: {} } as unknown as RenderJob)).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
  });
});

describe('the index job registry', () => {
  const handlers: IndexJobHandlers = {
    reindex: async () => 'r',
    sync: async () => 's',
    'prune-search-log': async () => 'p',
  };

  it('refuses handlers that miss a job or add an unknown one', () => {
    expect(() => assertHandlers({ sync: handlers.sync })).toThrow(
      'index job registry: no handler for reindex',
    );
    expect(() => dispatch({ ...handlers, sync: undefined } as unknown as IndexJobHandlers)).toThrow(
      'no handler for sync',
    );
    expect(() => assertHandlers({ ...handlers, thumbnail: async () => null })).toThrow(
      'handler for unknown job thumbnail',
    );
    expect(() => assertHandlers(handlers)).not.toThrow();
  });

  it('runs the handler of the job, and fails a job without one for good', async () => {
    const run = dispatch(handlers);
    expect(await run({ name: 'sync', data: {} } as IndexJob)).toBe('s');
    expect(await run({ name: 'reindex', data: { target: 'all' } } as IndexJob)).toBe('r');
    // Renders have their own queue now: a render job on the index queue has no handler.
    await expect(
      run({ name: 'render', data: { target: 'media', id: 1 } } as unknown as IndexJob),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    const orphan = run({ name: 'thumbnail', data: {} } as unknown as IndexJob);
    await expect(orphan).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run({ name: 'toString', data: {} } as unknown as IndexJob)).rejects.toThrow(
      'no handler for index job "toString"',
    );
  });
});
