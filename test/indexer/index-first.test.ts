/**
 * Index work first, through the real worker (BullMQ on Redis, Postgres, Meilisearch, sharp): while a
 * reindex job runs (held open by its `ids()` here), no backlog render runs in the same process, a CMS
 * preview still does; once the reindex is done every render runs, none lost, each exactly once.
 */
import type { IndexDefinitions } from '../../indexer/context';
import { allRenderRequests } from '../../indexer/jobs/render';
import { runReindex } from '../../indexer/jobs/reindex';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { enqueueReindex } from '../../src/jobs/index-queue';
import {
  enqueueRenders,
  PREVIEW_JOB_OPTIONS,
  previewJobId,
  renderBacklog,
} from '../../src/jobs/render-queue';
import { watchJob } from '../../src/jobs/watch';
import { clearOutbox, eventually, silentLogger, TEST_DEFINITIONS } from './harness';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let worker: IndexWorker | undefined;

/** Resolved by the test: the products reindex waits on it in its first `ids()` call. */
let release: () => void = () => undefined;
let entered: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));
const reindexRunning = new Promise<void>((resolve) => (entered = resolve));

const HELD_DEFINITIONS: IndexDefinitions = {
  ...TEST_DEFINITIONS,
  products: {
    ...TEST_DEFINITIONS.products,
    ids: async (db, afterId, limit) => {
      entered();
      await held;
      return TEST_DEFINITIONS.products.ids(db, afterId, limit);
    },
  },
};

beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
  await runReindex(stack.indexer, 'all');
  await clearOutbox(stack.database.db);
});
afterAll(async () => {
  release();
  await worker?.renderQueue.obliterate({ force: true });
  await worker?.queue.obliterate({ force: true });
  await worker?.close();
  await stack?.stop();
});

const renditions = async () => Number((await stack.database.db('renditions').count({ n: '*' }))[0]!.n);

it('holds backlog renders while a reindex runs, lets a preview through, then runs every render once', async () => {
  worker = await createIndexWorker({
    config: stack.configWith({ RENDER_CONCURRENCY: '2' }),
    db: stack.database.db,
    meili: stack.meili,
    logger: silentLogger,
    definitions: HELD_DEFINITIONS,
    syncEveryMs: null,
  });
  const rendered: string[] = [];
  let previews = 0;
  worker.renderWorker!.on('completed', (job) => {
    if (job.name === 'preview') previews++;
    if (job.name === 'render') {
      const data = job.data as { target: string; id: number };
      rendered.push(`${data.target}:${data.id}`);
    }
  });
  const reindex = await enqueueReindex(worker.queue, 'products');
  await reindexRunning;
  expect(worker.indexFirst.busy).toBe(true);

  // A preview (a person waits for it) runs although the reindex does.
  const preview = { mediumId: 5001, format: 'thumb' };
  await worker.renderQueue.add('preview', preview, { ...PREVIEW_JOB_OPTIONS, jobId: previewJobId(preview) });
  await eventually(async () => previews === 1, 20_000);
  const afterPreview = await renditions();
  expect(afterPreview).toBe(1);

  const requests = await allRenderRequests(stack.database.db);
  expect(requests.length).toBeGreaterThanOrEqual(5);
  await enqueueRenders(worker.renderQueue, requests);
  // Long enough for several renders of the sample's small originals: none may run meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(rendered).toEqual([]);
  expect(await renditions()).toBe(afterPreview);
  expect(worker.indexFirst.stats.heldRenders).toBeGreaterThan(0);
  expect(await renderBacklog(worker.renderQueue)).toBe(requests.length);

  release();
  const done = await watchJob(worker.queue, reindex.id!, { timeoutMs: 30_000 });
  expect(done.state).toBe('completed');
  await eventually(async () => (await renderBacklog(worker!.renderQueue)) === 0, 60_000);
  const counts = await worker.renderQueue.getJobCounts('completed', 'failed');
  expect(counts.completed).toBe(requests.length); // the preview's job is removed once done
  expect(counts.failed).toBe(0);
  expect([...rendered].sort()).toEqual(requests.map((r) => `${r.target}:${r.id}`).sort());
  expect(await renditions()).toBeGreaterThan(afterPreview);
  // The renders' debounced sync may still run: the gate opens after it.
  await eventually(async () => !worker!.indexFirst.busy, 20_000);
});
