/**
 * Incremental sync: drains the index outbox into Meilisearch, at least once. A round reads pending rows in
 * id order, plans them (fanout.ts), writes the documents, waits until Meilisearch confirms every task, and
 * only then marks the rows processed. A crash anywhere before that leaves them pending for the next run;
 * a failure records `attempts` and `last_error` on them and rethrows, so BullMQ retries with backoff.
 */
import { INDEX_NAMES, type IndexName } from '../../src/search/indexes';
import { liveUid, type IndexerContext } from '../context';
import { addDocumentsBody, documentsBody } from '../documents-body';
import { planChanges, type OutboxRow } from '../fanout';
import type { IndexDefinition } from '../indexes/types';
import { indexExists, TaskWindow } from '../meili-tasks';
import { scopeLexicon, withLexicon, withLoadedLexicon } from '../vocabulary';
import { roundTags } from '../purge-tags';
import { applySynonyms, reindexIndex } from './reindex';
import { queueAllRenders, RENDITION_OUTBOX } from './render';
import type { Knex } from 'knex';
import type { Lexicon } from '../../src/search/german/lexicon';

/** Outbox entities a finished render writes (indexer/jobs/render.ts `RENDITION_OUTBOX`). */
const RENDER_ROW_ENTITIES = new Set<string>(Object.values(RENDITION_OUTBOX));

/** The lexicon of the last round that loaded one, per database, for rounds of render rows only. */
const lastLexicon = new WeakMap<Knex, { lexicon: Promise<Lexicon>; at: number }>();
/** At most this old (a safety bound: every vocabulary change comes with outbox rows of its own). */
const LEXICON_REUSE_MS = 5 * 60_000;

/** Outbox rows per round: bounds memory and the size of the `processed_at` update. */
export const DEFAULT_ROUND_SIZE = 10_000;

export interface SyncResult {
  /** Outbox rows marked processed. */
  rows: number;
  rounds: number;
  /** Documents written (added or replaced) per index. */
  upserted: Record<IndexName, number>;
  /** Document ids deleted per index (ids without a document; deleting an absent id is a no-op). */
  deleted: Record<IndexName, number>;
  /** Indexes rebuilt completely (a `*` row, a taxonomy change, a missing live index). */
  rebuilt: IndexName[];
  synonyms: boolean;
  /** Render jobs queued (none without the worker's queue). */
  renders: number;
}

const perIndex = () => Object.fromEntries(INDEX_NAMES.map((n) => [n, 0])) as Record<IndexName, number>;

/**
 * Upserts the documents of `ids` into the live index of `definition` and deletes the ids `documents()`
 * does not return, in batches (one vocabulary for all of them, that of the round when called from one),
 * waiting for every task. Returns the counts. Throws `MeiliTaskError` when
 * Meilisearch rejects a batch.
 */
export async function syncDocuments(
  ctx: IndexerContext,
  definition: IndexDefinition,
  ids: readonly number[],
): Promise<{ upserted: number; deleted: number }> {
  const counts = await withLexicon(ctx.db, () => pushDocuments(ctx, definition, ids));
  // Every task is confirmed: the next search sees the documents; the API's caches must not answer older.
  if (counts.upserted + counts.deleted > 0) await ctx.announce?.([definition.name]);
  return counts;
}

async function pushDocuments(
  ctx: IndexerContext,
  definition: IndexDefinition,
  ids: readonly number[],
): Promise<{ upserted: number; deleted: number }> {
  const index = ctx.meili.index(liveUid(ctx, definition.name));
  const window = new TaskWindow(ctx.meili, ctx.push.maxInFlight, ctx.push.taskTimeoutMs);
  let upserted = 0;
  let deleted = 0;
  for (let start = 0; start < ids.length; start += ctx.push.batchSize) {
    const batch = ids.slice(start, start + ctx.push.batchSize);
    const body = await documentsBody(ctx, definition, batch);
    const kept = new Set(body.ids);
    const gone = batch.filter((id) => !kept.has(id));
    if (body.ids.length > 0) await window.push(addDocumentsBody(index, body));
    if (gone.length > 0) await window.push(index.deleteDocuments(gone));
    upserted += body.ids.length;
    deleted += gone.length;
  }
  await window.drain();
  return { upserted, deleted };
}

/** One round's Meilisearch work; the caller marks the rows. Returns the edge cache tags it changed. */
async function applyRound(
  ctx: IndexerContext,
  rows: readonly OutboxRow[],
  result: SyncResult,
): Promise<Set<string>> {
  const plan = await planChanges(ctx.db, rows, ctx.logger);
  const rebuild = new Set(plan.rebuild);
  // A live index that does not exist yet has no settings: build it properly instead of letting
  // addDocuments create a bare one.
  for (const name of INDEX_NAMES) {
    if (
      !rebuild.has(name) &&
      plan.ids[name].length > 0 &&
      !(await indexExists(ctx.meili, liveUid(ctx, name)))
    ) {
      rebuild.add(name);
    }
  }
  for (const name of INDEX_NAMES) {
    if (!rebuild.has(name)) continue;
    await reindexIndex(ctx, ctx.definitions[name]);
    if (!result.rebuilt.includes(name)) result.rebuilt.push(name);
  }
  // A rebuilt products or media index already has the current synonyms in its settings; applying them
  // once more is cheap next to a rebuild and keeps the rule simple.
  if (plan.synonyms) {
    await applySynonyms(ctx);
    result.synonyms = true;
  }
  const written: IndexName[] = [];
  for (const name of INDEX_NAMES) {
    if (rebuild.has(name) || plan.ids[name].length === 0) continue;
    const counts = await syncDocuments(ctx, ctx.definitions[name], plan.ids[name]);
    result.upserted[name] += counts.upserted;
    result.deleted[name] += counts.deleted;
    if (counts.upserted + counts.deleted > 0) written.push(name);
  }
  // Queued last: should queueing fail, the round is retried as a whole (documents again, harmlessly).
  if (ctx.jobs) {
    if (plan.renders.all) result.renders += await queueAllRenders(ctx);
    else {
      const requests = [
        ...plan.renders.media.map((id) => ({ target: 'media' as const, id })),
        ...plan.renders.uploads.map((id) => ({ target: 'upload' as const, id })),
      ];
      if (requests.length > 0) await ctx.jobs.enqueueRenders(requests);
      result.renders += requests.length;
    }
  }
  // Rebuilt indexes and synonyms purged their index tags when they were swapped in or applied.
  return ctx.purge ? roundTags(rows, plan, written) : new Set();
}

/** True when a pending outbox row is not a render's (`RENDER_ROW_ENTITIES`). */
async function otherRowsPending(ctx: IndexerContext): Promise<boolean> {
  const row: unknown = await ctx
    .db('index_outbox')
    .whereNull('processed_at')
    .whereNotIn('entity', [...RENDER_ROW_ENTITIES])
    .first('id');
  return row !== undefined;
}

/** The message stored in `last_error`: bounded, the cause's message first. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * Drains the outbox: rounds of at most `roundSize` pending rows until none is left, except that render rows
 * written during a partial round are left to the next sync job (batching a render backlog). Returns what
 * it did.
 * On failure the round's rows get `attempts + 1` and `last_error`, stay pending, and the error is rethrown.
 */
export async function syncOutbox(
  ctx: IndexerContext,
  { roundSize = DEFAULT_ROUND_SIZE }: { roundSize?: number } = {},
): Promise<SyncResult> {
  const result: SyncResult = {
    rows: 0,
    rounds: 0,
    upserted: perIndex(),
    deleted: perIndex(),
    rebuilt: [],
    synonyms: false,
    renders: 0,
  };
  for (;;) {
    const rows = await ctx
      .db<OutboxRow>('index_outbox')
      .select('id', 'entity', 'entity_id', 'action')
      .whereNull('processed_at')
      .orderBy('id')
      .limit(roundSize);
    if (rows.length === 0) return result;
    const ids = rows.map((r) => r.id);
    let tags = new Set<string>();
    try {
      // One vocabulary per round for every document it builds, rebuilds included (indexer/vocabulary.ts);
      // a round of render rows only changes nothing the vocabulary reads and reuses the last one.
      const renderOnly = rows.every((r) => RENDER_ROW_ENTITIES.has(r.entity));
      const apply = async () => {
        const last = lastLexicon.get(ctx.db);
        if (renderOnly && last && Date.now() - last.at < LEXICON_REUSE_MS) {
          tags = await withLoadedLexicon(ctx.db, last.lexicon, () => applyRound(ctx, rows, result));
        } else {
          lastLexicon.delete(ctx.db);
          await withLexicon(ctx.db, async () => {
            tags = await applyRound(ctx, rows, result);
            const lexicon = scopeLexicon(ctx.db);
            if (lexicon) lastLexicon.set(ctx.db, { lexicon, at: Date.now() });
          });
        }
      };
      // The renders' own rows: the render backlog goes on meanwhile (indexer/priority.ts).
      if (renderOnly && ctx.besideRenders) await ctx.besideRenders(apply);
      else await apply();
    } catch (error) {
      await ctx
        .db('index_outbox')
        .whereIn('id', ids)
        .update({ attempts: ctx.db.raw('attempts + 1'), last_error: describe(error) });
      throw error;
    }
    // The round's changes are in Postgres since their import or render, and now in every index they
    // touch: the API's cached detail answers (keyed by `catalog`) must not answer older.
    await ctx.announce?.(['catalog']);
    // Fire and forget: the edge fetches the new answers from an API whose caches have moved on.
    if (tags.size > 0) ctx.purge?.(tags);
    await ctx.db('index_outbox').whereIn('id', ids).update({ processed_at: ctx.db.fn.now() });
    result.rows += rows.length;
    result.rounds += 1;
    ctx.logger.debug({ rows: rows.length, first: ids[0], last: ids[ids.length - 1] }, 'sync: round done');
    // A partial round took everything pending when it started. Render rows written since wait for the next
    // sync job, which comes within seconds (the scheduler, a render's debounced request): going round after
    // round would sync each render alone and keep the index slot and Meilisearch busy for as long as a
    // render backlog lasts. Any other row (an import that committed meanwhile) gets a round in this job,
    // as whoever asked for this sync may be waiting for it.
    if (rows.length < roundSize && !(await otherRowsPending(ctx))) return result;
  }
}
