/**
 * The index worker in-process against real Redis, Postgres and Meilisearch: reindex and sync jobs with
 * progress and results, orphan build indexes deleted at start, a job that keeps failing ends up failed with Meilisearch's error (rows pending
 * with attempts), one job at a time, the 2 s sync scheduler, and sync deduplication while one runs.
 */
import type { IndexDefinition } from '../../indexer/indexes/types';
import { enqueueReindex, enqueueSync } from '../../src/jobs/index-queue';
import { watchJob } from '../../src/jobs/watch';
import { waitForTask } from '../../indexer/meili-tasks';
import {
  createIndexWorker,
  SYNC_SCHEDULER_ID,
  type IndexWorker,
  type IndexWorkerOptions,
} from '../../indexer/worker';
import { startStack, type Stack } from '../support/stack';
import {
  addOutbox,
  clearOutbox,
  documentIds,
  eventually,
  indexUids,
  outbox,
  silentLogger,
  TEST_DEFINITIONS,
} from './harness';

let stack: Stack;
const workers: IndexWorker[] = [];

/** A worker of its own (own Redis and index prefixes) over this file's database. */
async function startWorker(options: Partial<IndexWorkerOptions> = {}): Promise<IndexWorker> {
  const worker = await createIndexWorker({
    config: stack.configWith({}),
    db: stack.database.db,
    meili: stack.meili,
    definitions: TEST_DEFINITIONS,
    logger: silentLogger,
    syncEveryMs: null,
    jobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 50 } },
    ...options,
  });
  workers.push(worker);
  return worker;
}

/** Stops the worker and removes its queue's keys from Redis. */
async function stopWorker(worker: IndexWorker): Promise<void> {
  workers.splice(workers.indexOf(worker), 1);
  await worker.queue.removeJobScheduler(SYNC_SCHEDULER_ID);
  await worker.worker.close();
  await worker.queue.obliterate({ force: true });
  await worker.close();
}

const pending = async () => (await outbox(stack.database.db)).filter((r) => !r.processed);

beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
});

afterAll(async () => {
  for (const worker of [...workers]) await stopWorker(worker);
  await stack.stop();
});

describe('jobs', () => {
  let w: IndexWorker;
  beforeAll(async () => {
    w = await startWorker();
  });
  afterAll(() => stopWorker(w));

  it('reindex: rebuilds the index, stores progress per index and the result', async () => {
    const job = await enqueueReindex(w.queue, 'products');
    const { state, job: done } = await watchJob(w.queue, job.id!, { timeoutMs: 30_000 });
    expect(state).toBe('completed');
    expect(done.progress).toEqual({ products: { pushed: 7, total: 7 } });
    expect(done.returnvalue).toMatchObject({
      target: 'products',
      indexes: [{ index: 'products', uid: stack.uid('products'), documents: 7 }],
    });
    expect(await documentIds(stack.meili, stack.uid('products'))).toEqual([
      1001, 1002, 1003, 1005, 1006, 1007, 1008,
    ]);
  });

  it('sync: drains the outbox', async () => {
    expect((await pending()).length).toBeGreaterThan(0); // the sample import's rows
    const job = await enqueueSync(w.queue);
    const { state, job: done } = await watchJob(w.queue, job.id!, { timeoutMs: 30_000 });
    expect(state).toBe('completed');
    expect(done.returnvalue).toMatchObject({ rounds: 1 });
    expect(await pending()).toEqual([]);
    expect((await documentIds(stack.meili, stack.uid('media'))).length).toBe(15);
  });
});

describe('start', () => {
  it('deletes the build indexes an interrupted reindex left, of any index, before taking jobs', async () => {
    const orphan = `${stack.uid('media')}__build_1700000000000`;
    await waitForTask(stack.meili, stack.meili.createIndex(orphan), 30_000);
    const w = await startWorker();
    expect(await indexUids(stack.meili, orphan)).toEqual([]);
    await stopWorker(w);
  });
});

describe('a job that keeps failing', () => {
  const broken: IndexDefinition = {
    ...TEST_DEFINITIONS.articles,
    documents: async (db, ids) =>
      (await TEST_DEFINITIONS.articles.documents(db, ids)).map((d) => ({
        ...d,
        id: `a b ${d.id}` as unknown as number,
      })),
  };

  it("fails after its attempts with Meilisearch's error; the outbox rows stay pending", async () => {
    await clearOutbox(stack.database.db);
    const w = await startWorker({ definitions: { ...TEST_DEFINITIONS, articles: broken } });
    await addOutbox(stack.database.db, ['article', 2002]);
    const job = await enqueueSync(w.queue);
    const { state, job: done } = await watchJob(w.queue, job.id!, { timeoutMs: 30_000 });
    expect(state).toBe('failed');
    expect(done.attemptsMade).toBe(2);
    expect(done.failedReason).toMatch(/Document identifier `"a b 2002"` is invalid.*\[invalid_document_id\]/);
    expect(await w.queue.getFailedCount()).toBe(1);
    expect(await pending()).toEqual([
      expect.objectContaining({
        entity: 'article',
        entity_id: '2002',
        attempts: 2,
        last_error: expect.stringContaining('invalid_document_id'),
      }),
    ]);
    await stopWorker(w);
  });

  it('a reindex job fails the same way and leaves the live index untouched', async () => {
    const w = await startWorker({ definitions: { ...TEST_DEFINITIONS, articles: broken } });
    const before = await documentIds(stack.meili, stack.uid('articles'));
    const job = await enqueueReindex(w.queue, 'articles');
    const { state, job: done } = await watchJob(w.queue, job.id!, { timeoutMs: 30_000 });
    expect(state).toBe('failed');
    expect(done.failedReason).toContain('invalid_document_id');
    expect(await documentIds(stack.meili, stack.uid('articles'))).toEqual(before);
    await stopWorker(w);
  });
});

describe('scheduling', () => {
  it('syncs every 2 s without being asked', async () => {
    await clearOutbox(stack.database.db);
    const w = await startWorker({ syncEveryMs: undefined });
    const [scheduler] = await w.queue.getJobSchedulers();
    expect(scheduler).toMatchObject({ key: SYNC_SCHEDULER_ID, name: 'sync', every: 2000 });
    await stack.database.db('articles').where('id', 2002).update({ is_active: false });
    await addOutbox(stack.database.db, ['article', 2002]);
    await eventually(async () => (await pending()).length === 0, 10_000);
    expect(await documentIds(stack.meili, stack.uid('articles'))).not.toContain(2002);
    await stopWorker(w);
  });

  it('runs one job at a time, and runs one more sync after the active one when asked meanwhile', async () => {
    await clearOutbox(stack.database.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let overlap = false;
    const slow: IndexDefinition = {
      ...TEST_DEFINITIONS.media,
      documents: async (db, ids) => {
        running += 1;
        overlap ||= running > 1;
        await gate;
        running -= 1;
        return TEST_DEFINITIONS.media.documents(db, ids);
      },
    };
    const w = await startWorker({ definitions: { ...TEST_DEFINITIONS, media: slow } });
    try {
      await addOutbox(stack.database.db, ['media', 5009]);
      const first = await enqueueSync(w.queue);
      await eventually(async () => (await first.getState()) === 'active', 5_000);
      // Asked twice while one runs: deferred into one sync after it, not queued twice.
      expect((await enqueueSync(w.queue)).id).toBe(first.id);
      expect((await enqueueSync(w.queue)).id).toBe(first.id);
      const reindex = await enqueueReindex(w.queue, 'media');
      expect((await w.queue.getWaiting()).map((j) => j.name)).toEqual(['reindex']);
      release();
      for (const job of [first, reindex]) {
        expect((await watchJob(w.queue, job.id!, { timeoutMs: 30_000 })).state).toBe('completed');
      }
      await eventually(
        async () => (await w.queue.getCompleted()).filter((j) => j.name === 'sync').length === 2,
      );
      expect(await w.queue.getWaitingCount()).toBe(0);
      expect(overlap).toBe(false);
    } finally {
      release();
      await stopWorker(w);
    }
  });
});
