/**
 * The search path end to end: a changed snapshot is imported, the real index worker (BullMQ on Redis)
 * drains the outbox, and the list responses show the change, including the fan-out of a renamed term, a
 * deactivated folder and a deactivated article. A full reindex while requests run drops no request.
 */
import { QueueEvents } from 'bullmq';
import { redisConnection } from '../../src/jobs/connection';
import { enqueueReindex, enqueueSync, INDEX_QUEUE_NAME } from '../../src/jobs/index-queue';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { importSnapshot } from '../../src/import';
import { runTs } from '../support/command';
import { startStack, type Stack } from '../support/stack';
import { editRecords } from '../support/snapshot';
import type { ProductPage } from '../support/types';

let stack: Stack;
let indexer: IndexWorker;
let events: QueueEvents;
let snapshot: string;

beforeAll(async () => {
  stack = await startStack();
  indexer = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.indexer.meili,
    logger: stack.indexer.logger,
    syncEveryMs: null,
  });
  events = new QueueEvents(INDEX_QUEUE_NAME, {
    connection: redisConnection(stack.config, 'worker'),
    prefix: stack.config.redisPrefix,
  });
  await events.waitUntilReady();
  snapshot = await stack.copySample();
});
afterAll(async () => {
  await events?.close();
  await indexer?.queue.obliterate({ force: true }); // leave no keys of this file's prefix in Redis
  await indexer?.close();
  await stack?.stop();
});

const list = (query: string) => stack.api.json<ProductPage>(`/products${query}`);
const product = async (id: number) => (await list(`?ids=${id}`)).data[0];

async function sync(): Promise<void> {
  const job = await enqueueSync(indexer.queue);
  await job.waitUntilFinished(events, 60_000);
}

it('shows an imported change in the list responses after the incremental sync', async () => {
  await editRecords(snapshot, 'products.ndjson', (records) =>
    records.map((r) => (r.id === 1002 ? { ...r, names: { de: 'Festkammerpresse Quadro 125' } } : r)),
  );
  await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });
  expect((await product(1002))!.names.de).toBe('Festkammer-Rundballenpresse RP 125 F'); // not synced yet
  await sync();
  expect((await product(1002))!.names).toEqual({ de: 'Festkammerpresse Quadro 125' });
  expect((await list('?search=Quadro')).data.map((p) => p.id)).toEqual([1002]);
  const pending = await stack.database
    .db('index_outbox')
    .whereNull('processed_at')
    .count<{ n: string }[]>({ n: '*' });
  expect(Number(pending[0]!.n)).toBe(0);
});

it('fans out a renamed parent term, a deactivated folder and a deactivated article', async () => {
  await editRecords(snapshot, 'taxons.ndjson', (records) =>
    records.map((r) => (r.id === 102 ? { ...r, slug: 'ballenpressen' } : r)),
  );
  await editRecords(snapshot, 'media_folders.ndjson', (records) =>
    records.map((r) => (r.id === 402 ? { ...r, is_active: false } : r)),
  );
  await editRecords(snapshot, 'articles.ndjson', (records) =>
    records.map((r) => (r.id === 2007 ? { ...r, is_active: false } : r)),
  );
  await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });
  await sync();
  // Products 1001-1003 hang below term 102 through its child 103: their facet attributes changed.
  expect((await list('?taxons=produktbereich:ballenpressen')).data.map((p) => p.id).sort()).toEqual([
    1001, 1002, 1003,
  ]);
  expect((await list('?facets=1')).meta.facets!.produktbereich).toHaveProperty('ballenpressen', 3);
  expect((await list('?facets=1')).meta.facets!.produktbereich).not.toHaveProperty('pressen');
  // 5001 and 5002 lie in folder 402, 5003 in its sub-folder 403: all hidden now.
  expect((await product(1002))!.images).toEqual([]);
  expect((await product(1008))!.articles_count).toBe(0);
  const articles = await stack.api.json<{ data: { id: number }[] }>('/articles?per_page=100');
  expect(articles.data.map((a) => a.id)).not.toContain(2007);
});

it('asks the worker for a sync as soon as catalog:import commits (no scheduled sync runs here)', async () => {
  await editRecords(snapshot, 'products.ndjson', (records) =>
    records.map((r) => (r.id === 1003 ? { ...r, names: { de: 'Sofort sichtbar 160' } } : r)),
  );
  const run = await runTs('src/cli/catalog-import.ts', [snapshot, '--quiet'], stack.childEnv());
  if (run.code !== 0) throw new Error(`catalog:import failed: ${run.stderr}`);
  const committed = Date.now();
  let seen: number | undefined;
  while (Date.now() - committed < 10_000) {
    if ((await product(1003))?.names.de === 'Sofort sichtbar 160') {
      seen = Date.now() - committed;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(seen).toBeDefined(); // the worker of this file has no schedule: only the import's request syncs
});

it('keeps answering every request during a full reindex', async () => {
  const job = await enqueueReindex(indexer.queue, 'all');
  let done = false;
  const finished = job.waitUntilFinished(events, 120_000).finally(() => {
    done = true;
  });
  const statuses: number[] = [];
  const totals: number[] = [];
  while (!done) {
    const [products, search, articles] = await Promise.all([
      stack.api.get('/products'),
      stack.api.get('/products?search=Frontlader'),
      stack.api.get('/articles'),
    ]);
    statuses.push(products.status, search.status, articles.status);
    totals.push(((await products.json()) as ProductPage).meta.total);
    await Promise.all([search.text(), articles.text()]);
  }
  await finished;
  expect(statuses.length).toBeGreaterThan(3);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(new Set(totals)).toEqual(new Set([7]));
});
