/**
 * Retention of the search log (SEARCH_LOG_RETENTION_DAYS): the worker's `prune-search-log` job against
 * real Redis and Postgres deletes exactly the rows older than N days, in batches; the process schedules it
 * daily.
 */
import { watchJob } from '../../src/jobs/watch';
import { pruneSearchLog, PRUNE_SEARCH_LOG_PATTERN } from '../../indexer/jobs/prune-search-log';
import { createIndexWorker, PRUNE_SEARCH_LOG_SCHEDULER_ID, type IndexWorker } from '../../indexer/worker';
import { startStack, type Stack } from '../support/stack';
import { silentLogger } from './harness';

const DAY = 24 * 60 * 60 * 1000;

let stack: Stack;
const workers: IndexWorker[] = [];

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
});
afterAll(async () => {
  for (const worker of workers) {
    await worker.queue.obliterate({ force: true });
    await worker.close();
  }
  await stack?.stop();
});

async function startWorker(env: Record<string, string>, pattern?: string): Promise<IndexWorker> {
  const worker = await createIndexWorker({
    config: stack.configWith(env),
    db: stack.database.db,
    meili: stack.meili,
    logger: silentLogger,
    syncEveryMs: null,
    pruneSearchLogPattern: pattern,
  });
  workers.push(worker);
  return worker;
}

/** Replaces the log with one row per age (days before now), the age as the query. */
async function logRowsAged(days: number[]): Promise<void> {
  await stack.database.db('search_log').del();
  await stack.database.db('search_log').insert(
    days.map((d) => ({
      query: `aged ${d}`,
      endpoint: 'products',
      filters: JSON.stringify({}),
      result_count: 1,
      session_id: null,
      created_at: new Date(Date.now() - d * DAY),
    })),
  );
}

const remaining = async () =>
  (await stack.database.db('search_log').orderBy('created_at', 'desc').pluck('query')) as string[];

it('the job deletes only the rows older than SEARCH_LOG_RETENTION_DAYS', async () => {
  await logRowsAged([0, 1, 29.9, 30.1, 31, 400, 401, 1000]);
  const worker = await startWorker({ SEARCH_LOG_RETENTION_DAYS: '30' });
  const job = await worker.queue.add('prune-search-log', {});
  const { state, job: done } = await watchJob(worker.queue, job.id!, { timeoutMs: 30_000 });
  expect(state).toBe('completed');
  expect(done.returnvalue).toMatchObject({ deleted: 5, batches: 1 });
  expect(await remaining()).toEqual(['aged 0', 'aged 1', 'aged 29.9']);

  // Idempotent: nothing more to delete.
  const again = await worker.queue.add('prune-search-log', {});
  const second = await watchJob(worker.queue, again.id!, { timeoutMs: 30_000 });
  expect(second.job.returnvalue).toMatchObject({ deleted: 0, batches: 1 });
  expect(await remaining()).toEqual(['aged 0', 'aged 1', 'aged 29.9']);
});

it('keeps 400 days by default', async () => {
  await logRowsAged([0, 399, 401]);
  const worker = await startWorker({});
  const job = await worker.queue.add('prune-search-log', {});
  expect((await watchJob(worker.queue, job.id!, { timeoutMs: 30_000 })).state).toBe('completed');
  expect(await remaining()).toEqual(['aged 0', 'aged 399']);
});

it('deletes a backlog in batches, one short statement each', async () => {
  await logRowsAged([1, 50, 51, 52, 53, 54, 55, 56]);
  const statements: string[] = [];
  const onQuery = (q: { sql: string }) => statements.push(q.sql);
  stack.database.db.on('query', onQuery);
  const result = await pruneSearchLog(stack.database.db, { retentionDays: 10, batchSize: 3 });
  stack.database.db.off('query', onQuery);
  expect(result).toMatchObject({ deleted: 7, batches: 3 });
  expect(statements.filter((s) => s.trim().startsWith('DELETE'))).toHaveLength(3);
  expect(await remaining()).toEqual(['aged 1']);
});

it('is scheduled once a day (UTC) when the worker is given the pattern, as the process does', async () => {
  const worker = await startWorker({}, PRUNE_SEARCH_LOG_PATTERN);
  const schedulers = await worker.queue.getJobSchedulers();
  expect(schedulers).toEqual([
    expect.objectContaining({
      key: PRUNE_SEARCH_LOG_SCHEDULER_ID,
      name: 'prune-search-log',
      pattern: '17 3 * * *',
      tz: 'UTC',
    }),
  ]);
  const [next] = await worker.queue.getDelayed();
  expect(next?.name).toBe('prune-search-log');
  const at = new Date(next!.timestamp + (next!.opts.delay ?? 0));
  expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([3, 17]);
  expect(at.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
});
