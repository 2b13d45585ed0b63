/**
 * `npm run reindex -- <products|articles|media|synonyms|renditions|all> [--wait]`: asks the index worker
 * for a zero-downtime rebuild (`renditions`: queue a render job for every image; `--wait` then shows a
 * progress bar over the render backlog until every render job has run). Without `--wait` it prints the job id and exits 0. With `--wait` it shows the
 * documents pushed per index until the job ends, then prints each live index's document count (exit 0),
 * or the job's error (exit 1). Bad arguments, or Redis or Meilisearch out of reach: a message and exit 1.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { getConfig } from '../../config/env';
import {
  createIndexQueue,
  enqueueReindex,
  isReindexTarget,
  REINDEX_TARGETS,
  SYNONYM_INDEXES,
  type IndexJob,
  type ReindexJobProgress,
  type ReindexTarget,
} from '../jobs/index-queue';
import { createRenderQueue, renderBacklog } from '../jobs/render-queue';
import { watchJob } from '../jobs/watch';
import { createMeiliClient, INDEX_NAMES, indexUid, type IndexName } from '../search/indexes';
import { cannotReach, exitWithError } from './exit';

const USAGE = `Usage: npm run reindex -- <${REINDEX_TARGETS.join('|')}> [--wait]`;
/** How long the CLI waits for Redis before giving up. */
const CONNECT_TIMEOUT_MS = 10_000;
/** After this long in `waiting`, say that a worker must be running. */
const NO_WORKER_HINT_MS = 5_000;

function usage(message: string): never {
  console.error(`reindex: ${message}\n${USAGE}`);
  process.exit(1);
}

function parse(): { target: ReindexTarget; wait: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { wait: { type: 'boolean' } } });
  } catch (error) {
    usage((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) usage('expected exactly one target');
  const target = positionals[0]!;
  if (!isReindexTarget(target)) usage(`unknown target "${target}" (allowed: ${REINDEX_TARGETS.join(', ')})`);
  return { target, wait: values.wait === true };
}

/** The live indexes a target changes. */
function indexesOf(target: ReindexTarget): readonly IndexName[] {
  if (target === 'all') return INDEX_NAMES;
  if (target === 'renditions') return []; // the render jobs run after the job that queued them
  if (target === 'synonyms') return SYNONYM_INDEXES;
  return [target];
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Progress bars (stderr, only on a terminal), one per index as the job reports it. */
function progressDisplay() {
  const multibar = new cliProgress.MultiBar(
    {
      format: ' {index} |{bar}| {value}/{total} documents',
      hideCursor: true,
      clearOnComplete: false,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  return {
    update(progress: ReindexJobProgress) {
      for (const [index, p] of Object.entries(progress)) {
        if (!p) continue;
        const bar = bars.get(index) ?? multibar.create(p.total, 0, { index: index.padEnd(8) });
        bars.set(index, bar);
        bar.setTotal(p.total);
        bar.update(p.pushed, { index: index.padEnd(8) });
      }
    },
    stop: () => multibar.stop(),
  };
}

/** Milliseconds between two looks at the render backlog. */
const BACKLOG_POLL_MS = 500;

/**
 * After `renditions --wait` queued the render jobs: a progress bar over the render backlog (render jobs
 * waiting, running or delayed for a retry) until it is empty, then a line with the renders done and the
 * renders that failed for good meanwhile (corrupt originals). Returns the exit code: 0 (failed renders are
 * reported, not an error of the reindex). Throws when Redis is lost.
 */
async function waitForRenders(config: ReturnType<typeof getConfig>): Promise<number> {
  const queue = createRenderQueue(config);
  queue.on('error', () => undefined);
  const bar = new cliProgress.SingleBar(
    {
      format: ' renders  |{bar}| {value}/{total} images, {backlog} left',
      hideCursor: true,
      clearOnComplete: false,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    const failedBefore = (await queue.getJobCounts('failed')).failed ?? 0;
    let backlog = await renderBacklog(queue);
    let total = backlog;
    bar.start(total, 0, { backlog });
    while (backlog > 0) {
      await new Promise((resolve) => setTimeout(resolve, BACKLOG_POLL_MS));
      backlog = await renderBacklog(queue);
      // The backlog may grow (an import, a format change): the bar's total follows.
      total = Math.max(total, backlog);
      bar.setTotal(total);
      bar.update(total - backlog, { backlog });
    }
    bar.stop();
    const failed = ((await queue.getJobCounts('failed')).failed ?? 0) - failedBefore;
    console.log(
      `renditions: ${total} render jobs done${failed > 0 ? `, ${failed} failed (see the queue dashboard)` : ''}`,
    );
    return 0;
  } finally {
    bar.stop();
    await queue.close();
  }
}

async function main(): Promise<number> {
  const { target, wait } = parse();
  const config = getConfig();
  // Before enqueuing: without Meilisearch, --wait could not report the result.
  const meili = wait ? createMeiliClient(config) : undefined;
  const queue = createIndexQueue(config);
  queue.on('error', () => undefined); // connection errors surface through the calls below
  try {
    await withTimeout(
      queue.waitUntilReady(),
      CONNECT_TIMEOUT_MS,
      cannotReach('Redis', `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`),
    );
    const job = await enqueueReindex(queue, target);
    if (!meili) {
      console.log(`Enqueued reindex of ${target}: job ${job.id}. The index worker (npm run worker) runs it.`);
      return 0;
    }
    console.error(`Reindexing ${target} (job ${job.id})...`);
    const display = progressDisplay();
    let state = 'waiting';
    let attempts = 0;
    const hint = setTimeout(() => {
      if (state === 'waiting') console.error('Still waiting: is the index worker running (npm run worker)?');
    }, NO_WORKER_HINT_MS);
    let outcome;
    try {
      outcome = await watchJob<IndexJob>(queue, job.id!, {
        onChange: (current, now) => {
          state = now;
          if (current.progress && typeof current.progress === 'object') {
            display.update(current.progress as ReindexJobProgress);
          }
          // attemptsMade also counts the successful attempt: only a failure with retries left is news.
          const retrying = now !== 'failed' && now !== 'completed' && Boolean(current.failedReason);
          if (retrying && current.attemptsMade > attempts) {
            console.error(`Attempt ${current.attemptsMade} failed: ${current.failedReason}; retrying`);
          }
          attempts = current.attemptsMade;
        },
      });
    } finally {
      clearTimeout(hint);
      display.stop();
    }
    if (outcome.state === 'failed') {
      console.error(
        `reindex of ${target} failed after ${outcome.job.attemptsMade} attempt(s): ${outcome.job.failedReason}`,
      );
      return 1;
    }
    if (target === 'renditions') return await waitForRenders(config);
    for (const name of indexesOf(target)) {
      const uid = indexUid(config.meiliIndexPrefix, name);
      const { numberOfDocuments } = await meili.index(uid).getStats();
      console.log(`${name}: ${numberOfDocuments} documents in ${uid}`);
    }
    return 0;
  } finally {
    await queue.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exitWithError('reindex failed', error),
);
