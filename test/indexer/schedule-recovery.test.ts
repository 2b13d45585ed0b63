/**
 * After Redis loses its data (a restart without persistence, a failover to an empty replica, FLUSHALL),
 * the worker notices that its sync schedule is gone, recreates it, says so in its log, and indexes what
 * waits in the outbox (it used to stay alive and silently stop indexing); the API's result cache
 * sees the restarted generation counters as new (their epoch changed), so it shows the change too. Data
 * loss is simulated by deleting this file's Redis prefix only: the other test files share the server.
 */
import pino from 'pino';
import { createIndexWorker, SYNC_SCHEDULER_ID, type IndexWorker } from '../../indexer/worker';
import { importSnapshot } from '../../src/import';
import { eventually } from '../support/outage';
import { editRecords } from '../support/snapshot';
import { dropRedisKeys, startStack, type Stack } from '../support/stack';

let stack: Stack;
let indexer: IndexWorker;
let snapshot: string;
const warnings: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  snapshot = await stack.copySample();
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
  indexer = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.indexer.meili,
    logger,
    renders: false,
    syncEveryMs: 300,
    scheduleCheckMs: 200,
  });
});
afterAll(async () => {
  await indexer?.queue.obliterate({ force: true }).catch(() => undefined);
  await indexer?.close();
  await stack?.stop();
});

it('recreates a lost sync schedule, logs it, and indexes the waiting changes', async () => {
  expect(await indexer.queue.getJobScheduler(SYNC_SCHEDULER_ID)).toBeTruthy();
  await indexer.worker.pause(); // no sync in hand while the data goes, as after a restart of Redis
  await dropRedisKeys(stack.config.redisUrl, stack.config.redisPrefix); // Redis "lost its data"
  indexer.worker.resume();
  expect(await indexer.queue.getJobScheduler(SYNC_SCHEDULER_ID)).toBeFalsy();

  await editRecords(snapshot, 'products.ndjson', (records) =>
    records.map((r) => (r.id === 1005 ? { ...r, names: { de: 'Nach dem Datenverlust' } } : r)),
  );
  await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });
  const name = await eventually(
    async () =>
      (await stack.api.json<{ data: { names: { de: string } }[] }>('/products?ids[]=1005')).data[0]?.names.de,
    (value) => value === 'Nach dem Datenverlust',
    15_000,
  );
  expect(name).toBe('Nach dem Datenverlust');
  expect(await indexer.queue.getJobScheduler(SYNC_SCHEDULER_ID)).toBeTruthy();
  expect(warnings.join('\n')).toMatch(/job scheduler was missing from Redis/);
});
