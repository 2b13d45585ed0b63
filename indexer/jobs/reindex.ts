/**
 * Full reindex without downtime: build `<live>__build_<time>` next to the live index, fill it, swap the
 * two, delete the old one. Searches on the live uid keep answering throughout (they see the old documents
 * until the swap, the new ones after it).
 */
import { INDEX_NAMES, type IndexName } from '../../src/search/indexes';
import { liveUid, type IndexerContext } from '../context';
import { addDocumentsBody, documentsBody } from '../documents-body';
import type { IndexDefinition } from '../indexes/types';
import { MeilisearchApiError, type Meilisearch } from 'meilisearch';
import { ensureIndex, indexExists, MeiliTaskError, TaskWindow, waitForTask } from '../meili-tasks';
import { SYNONYM_INDEXES, type ReindexTarget } from '../../src/jobs/index-queue';
import { loadSynonyms } from '../synonyms';
import { withLexicon } from '../vocabulary';
import { indexTag } from '../../src/edge/tags';
import { queueAllRenders } from './render';

/** Progress of one index: records pushed and confirmed by Meilisearch, of `total` (definition.count). */
export interface ReindexProgress {
  index: IndexName;
  pushed: number;
  total: number;
}
export type ProgressCallback = (progress: ReindexProgress) => void | Promise<void>;

export interface ReindexResult {
  index: IndexName;
  uid: string;
  /** Documents in the new live index (records that `documents()` kept). */
  documents: number;
  durationMs: number;
}

const BUILD_MARKER = '__build_';

/** Uid of a fresh build index for `live`. */
function buildUid(live: string): string {
  return `${live}${BUILD_MARKER}${Date.now()}`;
}

/**
 * Deletes build indexes of `live` that an interrupted earlier run left behind. Assumes one worker builds at
 * a time (the worker runs one job at a time). Returns the uids it deleted.
 */
export async function deleteStaleBuilds(ctx: IndexerContext, live: string): Promise<string[]> {
  const { results } = await ctx.meili.getRawIndexes({ limit: 1000 });
  const stale = results.map((i) => i.uid).filter((uid) => uid.startsWith(`${live}${BUILD_MARKER}`));
  for (const uid of stale) {
    ctx.logger.warn({ uid }, 'deleting a build index left by an interrupted reindex');
    await waitForTask(ctx.meili, ctx.meili.deleteIndex(uid), ctx.push.taskTimeoutMs);
  }
  return stale;
}

/**
 * Deletes every build index of this prefix's indexes (products, articles, media, whatever was rebuilt
 * last) that an interrupted reindex left behind: a worker killed mid-build leaves `<live>__build_<time>`,
 * and only a later rebuild of that same index would delete it. Run at worker start, before the worker
 * takes jobs; `busy` says whether a reindex job is running elsewhere (another worker process), in which
 * case nothing is deleted (its build is not an orphan). Never throws: Meilisearch unreachable is logged and
 * the next start tries again. Returns the uids it deleted.
 */
export async function deleteOrphanBuilds(
  ctx: IndexerContext,
  busy: () => Promise<boolean>,
): Promise<string[]> {
  try {
    const prefixes = INDEX_NAMES.map((name) => `${liveUid(ctx, name)}${BUILD_MARKER}`);
    const { results } = await ctx.meili.getRawIndexes({ limit: 1000 });
    const orphans = results.map((i) => i.uid).filter((uid) => prefixes.some((p) => uid.startsWith(p)));
    if (orphans.length === 0) return [];
    if (await busy()) {
      ctx.logger.info({ uids: orphans }, 'build indexes kept: a reindex is running in another worker');
      return [];
    }
    for (const uid of orphans) {
      ctx.logger.warn({ uid }, 'deleting a build index left by an interrupted reindex');
      await waitForTask(ctx.meili, ctx.meili.deleteIndex(uid), ctx.push.taskTimeoutMs);
    }
    return orphans;
  } catch (error) {
    ctx.logger.warn({ err: error }, 'orphan build indexes not checked: Meilisearch unreachable?');
    return [];
  }
}

/**
 * Pushes every record of `definition` into index `uid` (keyset over `ids`, `documents` per batch, a bounded
 * window of unconfirmed tasks). Returns the number of documents pushed. Throws `MeiliTaskError` when
 * Meilisearch rejects a batch.
 */
async function pushAll(
  ctx: IndexerContext,
  definition: IndexDefinition,
  uid: string,
  total: number,
  onProgress?: ProgressCallback,
): Promise<number> {
  const index = ctx.meili.index(uid);
  const window = new TaskWindow(ctx.meili, ctx.push.maxInFlight, ctx.push.taskTimeoutMs);
  let afterId = 0; // catalog ids are the PIM's positive ids
  let pushed = 0;
  let documents = 0;
  try {
    for (;;) {
      const ids = await definition.ids(ctx.db, afterId, ctx.push.batchSize);
      if (ids.length === 0) break;
      const last = ids[ids.length - 1]!;
      if (last <= afterId) throw new Error(`${definition.name}.ids() did not advance past id ${afterId}`);
      const body = await documentsBody(ctx, definition, ids);
      documents += body.ids.length;
      const task = body.ids.length > 0 ? addDocumentsBody(index, body) : null;
      await window.push(task, () => {
        pushed += ids.length;
        // Progress is advisory: a failed report (Redis hiccup) must not fail or stall the build.
        Promise.resolve(
          onProgress?.({ index: definition.name, pushed, total: Math.max(total, pushed) }),
        ).catch((error: unknown) => ctx.logger.warn({ err: error }, 'reindex: progress report failed'));
      });
      afterId = last;
    }
    await window.drain();
  } catch (error) {
    await window.settle(); // every batch enqueued before the caller deletes the build index
    throw error;
  }
  return documents;
}

/**
 * Rebuilds one index from Postgres and swaps it in. Returns what the live index now holds. On failure the
 * build index is deleted (best effort) and the live index is left as it was; throws the cause
 * (`MeiliTaskError` with Meilisearch's message for a rejected task).
 */
export async function reindexIndex(
  ctx: IndexerContext,
  definition: IndexDefinition,
  onProgress?: ProgressCallback,
): Promise<ReindexResult> {
  // One vocabulary for every batch (loaded by the first one that builds spellings), shared with the
  // other indexes of the same job or sync round (indexer/vocabulary.ts).
  return withLexicon(ctx.db, () => buildAndSwap(ctx, definition, onProgress));
}

async function buildAndSwap(
  ctx: IndexerContext,
  definition: IndexDefinition,
  onProgress?: ProgressCallback,
): Promise<ReindexResult> {
  const started = Date.now();
  const { meili, db } = ctx;
  const timeout = ctx.push.taskTimeoutMs;
  const live = liveUid(ctx, definition.name);
  await deleteStaleBuilds(ctx, live);
  const total = await definition.count(db);
  const tmp = buildUid(live);
  ctx.logger.info({ index: definition.name, uid: tmp, total }, 'reindex: building');
  await onProgress?.({ index: definition.name, pushed: 0, total });
  await waitForTask(meili, meili.createIndex(tmp, { primaryKey: 'id' }), timeout);
  try {
    await waitForTask(meili, meili.index(tmp).updateSettings(await definition.settings(db, total)), timeout);
    const documents = await pushAll(ctx, definition, tmp, total, onProgress);
    await ensureIndex(meili, live, timeout);
    await swapIn(meili, live, tmp, timeout);
    await ctx.announce?.([definition.name]);
    ctx.purge?.([indexTag(definition.name)]);
    const durationMs = Date.now() - started;
    ctx.logger.info({ index: definition.name, uid: live, documents, durationMs }, 'reindex: swapped in');
    return { index: definition.name, uid: live, documents, durationMs };
  } catch (error) {
    // Wait for the delete so a failed job leaves no build index behind; should even that fail, the next
    // run deletes stale builds first.
    await waitForTask(meili, meili.deleteIndex(tmp), timeout).catch(() => undefined);
    throw error;
  }
}

/**
 * Swaps the build `tmp` in as `live` and deletes what `live` held (after the swap, under `tmp`). Throws when
 * the swap failed (`MeiliTaskError` when the key may read the swap task); `live` is then as it was.
 *
 * A key scoped to some indexes (MEILI_ADMIN_KEY: `<prefix>*`) cannot read a swap task: Meilisearch shows
 * those only to keys on every index. Tasks run in the order they were enqueued, so the delete enqueued
 * right after the swap finishes after it, and `live` then carries the build's creation time only if the
 * swap happened.
 */
async function swapIn(meili: Meilisearch, live: string, tmp: string, timeout: number): Promise<void> {
  const built = (await meili.getRawIndex(tmp)).createdAt;
  const swap = await meili.swapIndexes([{ indexes: [live, tmp], rename: false }]);
  const deleted = meili.deleteIndex(tmp);
  deleted.catch(() => undefined); // awaited below; must not be an unhandled rejection meanwhile
  const task = await meili.tasks
    .waitForTask(swap.taskUid, { timeout, interval: 100 })
    .catch((error: unknown) => {
      if (error instanceof MeilisearchApiError && error.cause?.code === 'task_not_found') return undefined;
      throw error;
    });
  if (task && task.status !== 'succeeded') throw new MeiliTaskError(task);
  await waitForTask(meili, deleted, timeout);
  const now = (await meili.getRawIndex(live)).createdAt;
  if (now !== built) {
    throw new Error(`Meilisearch task ${swap.taskUid} (indexSwap) did not swap ${tmp} in as ${live}`);
  }
}

/**
 * Applies the current synonyms to the live products and media indexes and waits. Changing synonyms makes
 * Meilisearch reindex those indexes in place; searches keep answering. A live index that does not exist
 * yet is built in full instead (its definition's settings carry the synonyms): an empty index holding only
 * synonyms would lack the other settings, and later syncs would fill it as is.
 */
export async function applySynonyms(ctx: IndexerContext): Promise<Record<string, string[]>> {
  const synonyms = await loadSynonyms(ctx.db);
  for (const name of SYNONYM_INDEXES) {
    const uid = liveUid(ctx, name);
    if (await indexExists(ctx.meili, uid)) {
      await waitForTask(ctx.meili, ctx.meili.index(uid).updateSynonyms(synonyms), ctx.push.taskTimeoutMs);
      await ctx.announce?.([name]);
      ctx.purge?.([indexTag(name)]);
    } else {
      await reindexIndex(ctx, ctx.definitions[name]);
    }
  }
  ctx.logger.info({ keys: Object.keys(synonyms).length }, 'synonyms applied');
  return synonyms;
}

/**
 * Runs a reindex job's target: one index, `synonyms` (settings only), `renditions` (queues a render job
 * per image and returns; the renders run after it) or `all` (products, articles, media in turn). Returns
 * one result per rebuilt index (none for `synonyms` and `renditions`).
 */
export async function runReindex(
  ctx: IndexerContext,
  target: ReindexTarget,
  onProgress?: ProgressCallback,
): Promise<ReindexResult[]> {
  if (target === 'synonyms') {
    await applySynonyms(ctx);
    return [];
  }
  if (target === 'renditions') {
    await queueAllRenders(ctx);
    return [];
  }
  const names: readonly IndexName[] = target === 'all' ? INDEX_NAMES : [target];
  return withLexicon(ctx.db, async () => {
    const results: ReindexResult[] = [];
    for (const name of names) results.push(await reindexIndex(ctx, ctx.definitions[name], onProgress));
    return results;
  });
}
