/**
 * `npm run reindex` as a user runs it: a child process (`npx tsx src/cli/reindex.ts`) against this file's
 * Redis prefix, database and index prefix, with an index worker running in-process.
 */
import type { IndexDefinition } from '../../indexer/indexes/types';
import { allRenderRequests } from '../../indexer/jobs/render';
import { createIndexQueue, type IndexQueue } from '../../src/jobs/index-queue';
import { renderBacklog } from '../../src/jobs/render-queue';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { runCommand, type CommandRun } from '../support/command';
import { testMeili } from '../support/stack';
import {
  clearOutbox,
  createHarness,
  documentIds,
  silentLogger,
  TEST_DEFINITIONS,
  type Harness,
} from './harness';

let h: Harness;
let worker: IndexWorker;

/** Runs the CLI with this file's configuration; resolves when it exits. */
function reindex(...args: string[]): Promise<CommandRun> {
  const { url, adminKey } = testMeili();
  const env = {
    ...process.env,
    DATABASE_URL: h.t.url,
    MEILI_URL: url,
    MEILI_ADMIN_KEY: adminKey,
    REDIS_PREFIX: h.config.redisPrefix,
    MEILI_INDEX_PREFIX: h.config.meiliIndexPrefix,
    LOG_LEVEL: 'silent',
  };
  return runCommand('npx', ['tsx', 'src/cli/reindex.ts', ...args], env);
}

async function startWorker(definitions = TEST_DEFINITIONS): Promise<void> {
  worker = await createIndexWorker({
    config: h.config,
    db: h.db,
    meili: h.meili,
    definitions,
    logger: silentLogger,
    syncEveryMs: null,
  });
}

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await worker?.close();
  const queue = createIndexQueue(h.config);
  await queue.obliterate({ force: true });
  await queue.close();
  await h.cleanup();
});

describe('with a worker running', () => {
  beforeAll(() => startWorker());
  afterAll(() => worker.close());

  it('products --wait: rebuilds, then prints the live document count', async () => {
    const run = await reindex('products', '--wait');
    expect(run.stderr).toMatch(/Reindexing products \(job \d+\)/);
    expect(run.stdout).toBe(`products: 7 documents in ${h.uid('products')}\n`);
    expect(run.stderr).not.toMatch(/fail|Attempt/i);
    expect(run.code).toBe(0);
    expect(await documentIds(h.meili, h.uid('products'))).toEqual([1001, 1002, 1003, 1005, 1006, 1007, 1008]);
  });

  it('all --wait: rebuilds the three indexes', async () => {
    const run = await reindex('all', '--wait');
    expect(run.stdout).toBe(
      [
        `products: 7 documents in ${h.uid('products')}`,
        `articles: 19 documents in ${h.uid('articles')}`,
        `media: 15 documents in ${h.uid('media')}`,
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(0);
  });
});

it('renditions --wait: waits until the render backlog is empty, then counts the renders', async () => {
  // The sample import's outbox rows are still pending: the sync the renders ask for would queue their
  // images' renders once more (an import's change does), after --wait returned.
  await clearOutbox(h.db);
  worker = await createIndexWorker({
    config: { ...h.config, mediaRoot: h.mediaRoot },
    db: h.db,
    meili: h.meili,
    logger: silentLogger,
    syncEveryMs: null,
  });
  try {
    const run = await reindex('renditions', '--wait');
    expect(run.stderr).toMatch(/Reindexing renditions \(job \d+\)/);
    const images = (await allRenderRequests(h.db)).length;
    expect(run.stdout).toBe(`renditions: ${images} render jobs done\n`);
    expect(run.code).toBe(0);
    // It returned only once every render had run: nothing left, every image rendered.
    expect(await renderBacklog(worker.renderQueue)).toBe(0);
    const rendered = await h.db('renditions').where('media_id', 5001).count({ n: '*' });
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
  const queue: IndexQueue = createIndexQueue(h.config);
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
