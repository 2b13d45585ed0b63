/**
 * The index queue and its job registry against the real Redis: default job options, sync deduplication,
 * target validation, and the refusal to run without a handler per job.
 */
import { UnrecoverableError } from 'bullmq';
import {
  assertHandlers,
  createIndexQueue,
  dispatch,
  enqueueReindex,
  enqueueSync,
  type IndexJob,
  type IndexJobHandlers,
  type IndexQueue,
  type ReindexTarget,
} from '../../indexer/queue';
import { testConfig } from '../support/stack';

let queue: IndexQueue;

beforeAll(() => {
  // No database needed: the URL only has to be valid.
  queue = createIndexQueue(testConfig('postgres://postgres@127.0.0.1:5432/unused'));
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
});

afterEach(() => queue.drain(true));

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

describe('the job registry', () => {
  const handlers: IndexJobHandlers = {
    reindex: async () => 'r',
    sync: async () => 's',
    render: async () => 'x',
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
    expect(await run({ name: 'render', data: { target: 'media', id: 1 } } as IndexJob)).toBe('x');
    const orphan = run({ name: 'thumbnail', data: {} } as unknown as IndexJob);
    await expect(orphan).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run({ name: 'toString', data: {} } as unknown as IndexJob)).rejects.toThrow(
      'no handler for index job "toString"',
    );
  });
});
