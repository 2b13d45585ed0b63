/**
 * `npm run reindex` as a user runs it: a child process (`npx tsx src/cli/reindex.ts`) against this file's
 * Redis prefix, database and index prefix, with an index worker running in-process.
 */
import type { IndexDefinition } from '../../indexer/indexes/types';
import { allRenderRequests } from '../../indexer/jobs/render';
import { createIndexQueue, type IndexQueue } from '../../src/jobs/index-queue';
import { renderBacklog } from '../../src/jobs/render-queue';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { runTs, type CommandRun } from '../support/command';
import { startStack, type Stack } from '../support/stack';
import { clearOutbox, documentIds, silentLogger, TEST_DEFINITIONS } from './harness';

let stack: Stack;
let worker: IndexWorker;

/** Runs the CLI with this file's configuration; resolves when it exits. */
function reindex(...args: string[]): Promise<CommandRun> {
  return runTs('src/cli/reindex.ts', args, stack.childEnv({ LOG_LEVEL: 'silent' }));
}

async function startWorker(definitions = TEST_DEFINITIONS): Promise<void> {
  worker = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.meili,
    definitions,
    logger: silentLogger,
    syncEveryMs: null,
  });
}

beforeAll(async () => {
  stack = await startStack({ api: false, index: false });
});

afterAll(async () => {
  await worker?.close();
  const queue = createIndexQueue(stack.config);
  await queue.obliterate({ force: true });
  await queue.close();
  await stack.stop();
});

describe('with a worker running', () => {
  beforeAll(() => startWorker());
  afterAll(() => worker.close());

  it('products --wait: rebuilds, then prints the live document count', async () => {
    const run = await reindex('products', '--wait');
    expect(run.stderr).toMatch(/Reindexing products \(job \d+\)/);
    expect(run.stdout).toBe(`products: 7 documents in ${stack.uid('products')}\n`);
    expect(run.stderr).not.toMatch(/fail|Attempt/i);
    expect(run.code).toBe(0);
    expect(await documentIds(stack.meili, stack.uid('products'))).toEqual([
      1001, 1002, 1003, 1005, 1006, 1007, 1008,
    ]);
  });

  it('all --wait: rebuilds the three indexes', async () => {
    const run = await reindex('all', '--wait');
    expect(run.stdout).toBe(
      [
        `products: 7 documents in ${stack.uid('products')}`,
        `articles: 19 documents in ${stack.uid('articles')}`,
        `media: 15 documents in ${stack.uid('media')}`,
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(0);
  });
});

it('renditions --wait: waits until the render backlog is empty, then counts the renders', async () => {
  // The sample import's outbox rows are still pending: the sync the renders ask for would queue their
  // images' renders once more (an import's change does), after --wait returned.
  await clearOutbox(stack.database.db);
  worker = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.meili,
    logger: silentLogger,
    syncEveryMs: null,
  });
  try {
    const run = await reindex('renditions', '--wait');
    expect(run.stderr).toMatch(/Reindexing renditions \(job \d+\)/);
    const images = (await allRenderRequests(stack.database.db)).length;
    expect(run.stdout).toBe(`renditions: ${images} render jobs done\n`);
    expect(run.code).toBe(0);
    // It returned only once every render had run: nothing left, every image rendered.
    expect(await renderBacklog(worker.renderQueue)).toBe(0);
    const rendered = await stack.database.db('renditions').where('media_id', 5001).count({ n: '*' });
    expect(Number(rendered[0]!.n)).toBe(6);
  } finally {
    await worker.renderQueue.obliterate({ force: true });
    await worker.close();
  }
}, 60_000);

it('without --wait: prints the job id and leaves the job to the worker', async () => {
  const run = await reindex('synonyms');
  expect(run.code).toBe(0);
  const id = /job (\d+)/.exec(run.stdout)?.[1];
  expect(run.stdout).toBe(
    `Enqueued reindex of synonyms: job ${id}. The index worker (npm run worker) runs it.\n`,
  );
  const queue: IndexQueue = createIndexQueue(stack.config);
  try {
    const job = await queue.getJob(id!);
    expect(job?.data).toEqual({ target: 'synonyms' });
    expect(await job?.getState()).toBe('waiting');
    await job?.remove();
  } finally {
    await queue.close();
  }
});

it('an unknown target: a clear message and exit 1', async () => {
  const run = await reindex('widgets', '--wait');
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    'reindex: unknown target "widgets" (allowed: products, articles, media, synonyms, renditions, all)',
  );
  expect(run.stdout).toBe('');
});

it('a job that keeps failing: its error and exit 1 (after the default 5 attempts)', async () => {
  const broken: IndexDefinition = {
    ...TEST_DEFINITIONS.media,
    settings: async () => ({ rankingRules: ['words', 'typo', 'nonsense:sideways'] }),
  };
  await startWorker({ ...TEST_DEFINITIONS, media: broken });
  try {
    const run = await reindex('media', '--wait');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Attempt 1 failed: .*; retrying/);
    expect(run.stderr).toMatch(/reindex of media failed after 5 attempt\(s\): .*nonsense:sideways/);
    expect(run.stdout).toBe('');
  } finally {
    await worker.close();
  }
}, 60_000);
