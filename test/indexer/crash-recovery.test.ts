/**
 * Crash recovery of the real worker process: `indexer/worker.ts` runs as a child process over
 * this file's database, index prefix and Redis prefix, and is killed with SIGKILL in the middle of a full
 * reindex, of a sync round and of a render backlog, then started again. Each case shows that the live
 * indexes answered every search meanwhile (the API, in-process, is polled throughout), that the work
 * completes (the reindex swaps in complete indexes and its build index goes; every outbox row is
 * processed and its change is in Meilisearch; every image gets its renditions, no temp file is left), and
 * prints the recovery time: kill → restart → state complete.
 *
 * WORKER_LOCK_MS=5000: a killed job's lock expires after 5 s and the stalled check (every 5 s) runs it
 * again, instead of BullMQ's default 30 s (about 40 s from kill to rerun).
 *
 * The demo catalog's `tiny` scale (30 products, 200 articles, 91 media), so a reindex and a sync round
 * take long enough to be cut.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { activeFormats, allRenderRequests } from '../../indexer/jobs/render';
import { importSnapshot } from '../../src/import';
import { createIndexQueue, enqueueReindex, type IndexQueue } from '../../src/jobs/index-queue';
import {
  createRenderQueue,
  renderBacklog,
  type RenderQueue,
  type RenderRequest,
} from '../../src/jobs/render-queue';
import { INDEX_NAMES } from '../../src/search/indexes';
import { generateCatalog } from '../../tools/generate';
import { spawnTs } from '../support/command';
import { killProcess } from '../support/outage';
import { editRecords, removeDir, tempDir } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';
import { clearOutbox } from './harness';

jest.setTimeout(150_000);

/**
 * The worker's WORKER_LOCK_MS. Not shorter: loading the German dictionary (the first build of a
 * reindex) blocks the worker's event loop for over 2 s on a busy machine, and a job whose lock expires
 * while it runs is taken for stalled a second time and fails ("job stalled more than allowable limit").
 */
const LOCK_MS = 5000;

let stack: Stack;
let snapshot: string;
let queue: IndexQueue;
let renderQueue: RenderQueue;
/** Per case: ms from the kill to the restarted worker's start, and to the complete state. */
const recovery: Record<string, { restarted: number; complete: number }> = {};
/** Every worker started, killed in afterAll should a test fail before it does. */
const workers = new Set<WorkerProcess>();
/** Stoppers of the search probes, for the same reason. */
const probes = new Set<() => void>();

interface WorkerProcess {
  child: ChildProcess;
  /** Every log line (JSON) since it started. */
  lines: string[];
}

/** Starts `indexer/worker.ts` (tsx) over the stack; resolves once it logged "worker started". */
async function startWorker(): Promise<WorkerProcess> {
  const child = spawnTs(
    'indexer/worker.ts',
    stack.childEnv({ LOG_LEVEL: 'info', WORKER_LOCK_MS: String(LOCK_MS) }),
    ['ignore', 'pipe', 'pipe'],
  );
  const lines: string[] = [];
  workers.add({ child, lines });
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => lines.push(line));
  }
  await waitFor('the worker to start', async () => {
    if (child.exitCode !== null) throw new Error(`worker exited: ${lines.slice(-5).join('\n')}`);
    return lines.some((line) => line.includes('"worker started"'));
  });
  return { child, lines };
}

const kill = (worker: WorkerProcess) => killProcess(worker.child);

/** Polls `check` every 10 ms until it holds; throws after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Searches the live indexes through the API every 100 ms until stopped; returns the statuses that were
 * not 200 and how many searches ran.
 */
function probeSearches(): { stop(): Promise<{ searches: number; failures: string[] }> } {
  let running = true;
  probes.add(() => (running = false));
  let searches = 0;
  const failures: string[] = [];
  const paths = ['/products?search=maehwerk', '/articles?search=a', '/media?search=bild'];
  const loop = (async () => {
    while (running) {
      const url = paths[searches % paths.length]!;
      searches++;
      // (`instanceof Error` fails across jest's realms: fetch's errors come from Node's own.)
      const res = await fetch(`${stack.api.origin}/api/v1${url}`).then(
        async (r) => ({ status: r.status, body: await r.arrayBuffer() }),
        (error: Error) => ({ status: 0, error: error.message }),
      );
      if (res.status !== 200) failures.push(`${url}: ${'error' in res ? res.error : res.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { searches, failures };
    },
  };
}

const pending = async () =>
  Number((await stack.database.db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n);

async function buildIndexes(): Promise<string[]> {
  const { results } = await stack.indexer.meili.getRawIndexes({ limit: 1000 });
  return results
    .map((i) => i.uid)
    .filter((uid) => uid.startsWith(stack.config.meiliIndexPrefix) && uid.includes('__build_'));
}

async function liveCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of INDEX_NAMES) {
    const stats = await stack.indexer.meili.index(`${stack.config.meiliIndexPrefix}${name}`).getStats();
    counts[name] = stats.numberOfDocuments;
  }
  return counts;
}

beforeAll(async () => {
  snapshot = await tempDir('crash-snapshot-');
  await generateCatalog({ outDir: snapshot, scale: 'tiny', seed: 1 });
  stack = await startStack({ catalog: snapshot });
  await clearOutbox(stack.database.db); // the stack built its indexes itself
  queue = createIndexQueue(stack.config);
  renderQueue = createRenderQueue(stack.config);
});
afterAll(async () => {
  for (const stop of probes) stop();
  for (const worker of workers) await kill(worker);
  await queue?.close();
  await renderQueue?.close();
  await stack?.stop();
  if (snapshot) await removeDir(snapshot);
  // One line per case, for the record (README, BENCHMARKS.md).
  process.stdout.write(`crash recovery (kill -> restart -> complete, ms): ${JSON.stringify(recovery)}\n`);
});

it('a worker killed in the middle of a full reindex: the rerun deletes its build index and swaps in complete indexes', async () => {
  const before = await liveCounts();
  let worker = await startWorker();
  const probe = probeSearches();
  const job = await enqueueReindex(queue, 'all');
  // Cut while a build index exists, i.e. between its creation and the swap.
  await waitFor('a build index', async () => (await buildIndexes()).length > 0, 30_000);
  await kill(worker);
  const killed = Date.now();
  const orphans = await buildIndexes();
  expect(orphans.length).toBeGreaterThan(0);
  expect(await job.getState()).toBe('active'); // locked by the dead worker

  worker = await startWorker();
  const restarted = Date.now();
  await waitFor('the reindex to complete', async () => {
    const state = await job.getState();
    if (state === 'failed') throw new Error(`reindex failed: ${(await queue.getJob(job.id!))?.failedReason}`);
    return state === 'completed';
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.lines.slice(-20).join('\n')}`);
  });
  recovery.reindex = { restarted: restarted - killed, complete: Date.now() - killed };
  const { searches, failures } = await probe.stop();
  await kill(worker);

  expect(failures).toEqual([]);
  expect(searches).toBeGreaterThan(5);
  expect(await buildIndexes()).toEqual([]);
  const done = (await queue.getJob(job.id!))!;
  const result = done.returnvalue as { indexes: { index: string; documents: number }[] };
  expect(result.indexes.map((r) => r.index)).toEqual([...INDEX_NAMES]);
  const counts = await liveCounts();
  expect(counts).toEqual(before);
  for (const r of result.indexes) expect(counts[r.index]).toBe(r.documents);
  const log = worker.lines.join('\n');
  expect(log).toMatch(/stalled job recovered/);
  expect(log).toMatch(/deleting a build index left by an interrupted reindex/);
});

it('a worker killed in the middle of a sync round: every outbox row reaches Meilisearch after the restart', async () => {
  let worker = await startWorker();
  const probe = probeSearches();
  let round = 0;
  let killedWithPending = 0;
  let killed = 0;
  // An import renames every product and article; the worker is killed while a sync job runs with rows
  // still pending (a round is cut before it marks its rows). Tried again should a round finish unseen.
  while (killedWithPending === 0 && round < 5) {
    round++;
    const suffix = ` (Runde ${round})`;
    await editRecords(snapshot, 'products.ndjson', (records) =>
      records.map((r) => ({
        ...r,
        names: { ...(r.names as object), de: `Produkt ${r.id as number}${suffix}` },
      })),
    );
    await editRecords(snapshot, 'articles.ndjson', (records) =>
      records.map((r) => ({
        ...r,
        names: { ...(r.names as object), de: `Artikel ${r.id as number}${suffix}` },
      })),
    );
    await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await pending()) > 0) {
      if ((await queue.getJobs(['active'])).some((j) => j.name === 'sync')) {
        await kill(worker);
        killed = Date.now();
        killedWithPending = await pending();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  expect(killedWithPending).toBeGreaterThan(0);

  worker = await startWorker();
  const restarted = Date.now();
  const suffix = ` (Runde ${round})`;
  await waitFor(
    'every change in the indexes',
    async () => {
      if ((await pending()) > 0) return false;
      const products = await stack.api.json<{ data: { names: { de: string } }[] }>('/products?per_page=100');
      const articles = await stack.api.json<{ data: { names: { de: string } }[] }>('/articles?per_page=100');
      return [...products.data, ...articles.data].every((r) => r.names.de.endsWith(suffix));
    },
    60_000,
  );
  recovery.sync = { restarted: restarted - killed, complete: Date.now() - killed };
  const { failures } = await probe.stop();
  await kill(worker);
  expect(failures).toEqual([]);
  expect(await pending()).toBe(0);
  const outboxErrors = await stack.database.db('index_outbox').whereNotNull('last_error').count({ n: '*' });
  expect(Number(outboxErrors[0]!.n)).toBe(0);
});

it('a worker killed in the middle of a render backlog: every image ends with its renditions', async () => {
  const db = stack.database.db;
  const images = await allRenderRequests(db);
  const formats = await activeFormats(db);
  let worker = await startWorker();
  const probe = probeSearches();
  await enqueueReindex(queue, 'renditions');
  // Cut once some renders are done and most are not.
  await waitFor(
    'the first renditions',
    async () => Number((await db('renditions').count({ n: '*' }))[0]!.n) > 0,
  );
  await kill(worker);
  const killed = Date.now();
  const backlogAtKill = await renderBacklog(renderQueue);
  expect(backlogAtKill).toBeGreaterThan(0);

  worker = await startWorker();
  const restarted = Date.now();
  await waitFor(
    'the render backlog to be done and synced',
    async () => (await renderBacklog(renderQueue)) === 0 && (await pending()) === 0,
    90_000,
  );
  recovery.render = { restarted: restarted - killed, complete: Date.now() - killed };
  const { failures } = await probe.stop();
  await kill(worker);
  expect(failures).toEqual([]);

  // Every image has a rendition of every active format, unless its original cannot be decoded (the
  // catalog has such files on purpose): then its job failed for good, and never for a stall.
  const failed = await renderQueue.getFailed();
  expect(failed.filter((j) => /stalled/i.test(j.failedReason))).toEqual([]);
  const unrenderable = new Set(failed.map((j) => j.data as RenderRequest).map((r) => `${r.target}:${r.id}`));
  const rows = await db('renditions').select('media_id', 'upload_id', 'format_key');
  const have = new Map<string, number>();
  for (const r of rows) {
    const key = r.media_id ? `media:${r.media_id}` : `upload:${r.upload_id}`;
    have.set(key, (have.get(key) ?? 0) + 1);
  }
  const missing = images
    .map((i) => `${i.target}:${i.id}`)
    .filter((key) => !unrenderable.has(key) && have.get(key) !== formats.length);
  expect(missing).toEqual([]);
  expect(images.length - unrenderable.size).toBeGreaterThan(10);
  // The public media list shows them (the renders' outbox rows reached Meilisearch).
  const media = await stack.api.json<{
    data: { id: number; type: string; conversions?: Record<string, unknown> }[];
  }>('/media?per_page=100');
  const shown = media.data.filter((m) => have.get(`media:${m.id}`) === formats.length);
  expect(shown.length).toBeGreaterThan(0);
  for (const m of shown) expect(Object.keys(m.conversions ?? {}).length).toBe(formats.length);
  // No temp file of a cut render is left.
  const files = await readdir(path.join(stack.mediaRoot, 'renditions'), { recursive: true });
  expect(files.filter((f) => String(f).endsWith('.tmp'))).toEqual([]);
});
