/**
 * Render batching through the real worker: a backlog of N render jobs reaches the indexes in a few sync
 * rounds (the renders' sync requests are debounced and one round takes every render outbox row), and the
 * sync queues no render again for rows the renders wrote (each image is rendered by exactly one job).
 */
import { allRenderRequests } from '../../indexer/jobs/render';
import { runReindex } from '../../indexer/jobs/reindex';
import { createSyncRequester } from '../../indexer/sync-requests';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { enqueueRenders, renderBacklog } from '../../src/jobs/render-queue';
import { clearOutbox, eventually, silentLogger, TEST_DEFINITIONS } from './harness';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let worker: IndexWorker | undefined;

/** Media copies of 5001 (same original file) that make the backlog long. */
const COPIES = 40;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
  const original = (await stack.database.db('media').where({ id: 5001 }).first()) as Record<string, unknown>;
  await stack.database.db('media').insert(
    Array.from({ length: COPIES }, (_, i) => ({
      ...original,
      id: 7001 + i,
      source_id: null,
      name: `Kopie ${i + 1}`,
    })),
  );
  await runReindex(stack.indexer, 'all');
  await clearOutbox(stack.database.db);
});
afterAll(async () => {
  await worker?.renderQueue.obliterate({ force: true });
  await worker?.queue.obliterate({ force: true });
  await worker?.close();
  await stack?.stop();
});

/** The stack's worker (index and render jobs) with the sync scheduler every `syncEveryMs` (null: none). */
function startWorker(syncEveryMs: number | null): Promise<IndexWorker> {
  return createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.meili,
    logger: silentLogger,
    definitions: stack.indexer.definitions,
    syncEveryMs,
  });
}

it('a backlog of N images is brought into the indexes by far fewer than N sync rounds', async () => {
  worker = await startWorker(null); // only the renders ask for syncs
  const syncs: { rows: number; rounds: number }[] = [];
  const renders: string[] = [];
  worker.worker.on('completed', (job, result) => {
    if (job.name === 'sync') syncs.push(result as { rows: number; rounds: number });
  });
  worker.renderWorker!.on('completed', (job) => {
    const data = job.data as { target: string; id: number };
    renders.push(`${data.target}:${data.id}`);
  });
  const requests = await allRenderRequests(stack.database.db);
  expect(requests.length).toBeGreaterThanOrEqual(COPIES + 5);
  await enqueueRenders(worker.renderQueue, requests);

  const pending = async () =>
    Number((await stack.database.db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n);
  await eventually(
    async () => (await renderBacklog(worker!.renderQueue)) === 0 && (await pending()) === 0,
    60_000,
  );

  expect(await worker.renderQueue.getJobCounts('failed')).toEqual({ failed: 0 });
  // Every image was rendered by one job, and the rows the renders wrote queued no render again.
  expect(renders).toHaveLength(requests.length);
  expect(new Set(renders).size).toBe(requests.length);
  const copies = await stack.database
    .db('renditions')
    .whereBetween('media_id', [7001, 7000 + COPIES])
    .count({ n: '*' });
  expect(Number(copies[0]!.n)).toBe(COPIES * 6);
  const rows = (await stack.database
    .db('index_outbox')
    .whereIn('entity', ['media_renditions', 'upload_renditions'])
    .select('processed_at')) as { processed_at: Date | null }[];
  expect(rows.length).toBe(requests.length);
  expect(rows.every((r) => r.processed_at !== null)).toBe(true);
  // The renders' rows reached the indexes in a few rounds, not one per render.
  expect(syncs.reduce((sum, s) => sum + s.rows, 0)).toBe(rows.length);
  const rounds = syncs.reduce((sum, s) => sum + s.rounds, 0);
  expect(rounds).toBeGreaterThanOrEqual(1);
  // One round per render request window (2 s) while the backlog lasts; before batching, a render each.
  expect(rounds).toBeLessThanOrEqual(Math.ceil(requests.length / 6));
});

it('the renders of one window share one sync request; a later render asks again', async () => {
  let enqueued = 0;
  const requester = createSyncRequester(async () => (enqueued += 1), silentLogger, 200);
  await Promise.all(Array.from({ length: 100 }, () => requester.request()));
  expect(enqueued).toBe(0); // not before the window ends
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(enqueued).toBe(1);
  await requester.request();
  await requester.flush(); // shutdown: the pending request goes out at once
  expect(enqueued).toBe(2);
  expect(requester.enqueued).toBe(2);
  await requester.flush(); // nothing pending
  expect(enqueued).toBe(2);
});

it('with the 2 s scheduler far off, the end of a backlog asks for its sync at once', async () => {
  await worker?.close();
  worker = await startWorker(600_000); // its first sync runs at start, the next one long after this test
  const syncs: number[] = [];
  worker.worker.on('completed', (job, result) => {
    if (job.name === 'sync') syncs.push((result as { rows: number }).rows);
  });
  const db = stack.database.db;
  const ids = [7001, 7002, 7003];
  await db('renditions').whereIn('media_id', ids).delete();
  await enqueueRenders(
    worker.renderQueue,
    ids.map((id) => ({ target: 'media' as const, id })),
  );
  const pending = async () =>
    Number((await db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n);
  await eventually(
    async () => (await renderBacklog(worker!.renderQueue)) === 0 && syncs.some((rows) => rows > 0),
    15_000,
  );
  expect(await pending()).toBe(0);
  expect(Number((await db('renditions').whereIn('media_id', ids).count({ n: '*' }))[0]!.n)).toBe(18);
});
