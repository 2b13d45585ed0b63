/**
 * What every indexer job needs: Postgres, Meilisearch, the index prefix, the index definitions and a logger,
 * plus the tuning knobs of document pushing. Built once by the worker (worker.ts) and passed to the jobs;
 * tests build their own with small definitions.
 */
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import type { Logger } from 'pino';
import type { GenerationName } from '../src/search/generations';
import { indexUid, type IndexName } from '../src/search/indexes';
import type { IndexDefinition } from './indexes/types';
import type { RenderRequest } from '../src/jobs/render-queue';

export type IndexDefinitions = Record<IndexName, IndexDefinition>;

export interface PushOptions {
  /** Records per `definition.documents` call and per Meilisearch addDocuments request. */
  batchSize: number;
  /** addDocuments tasks enqueued but not yet confirmed before the next batch waits for the oldest. */
  maxInFlight: number;
  /** Milliseconds to wait for one Meilisearch task before giving up (big batches on a busy server). */
  taskTimeoutMs: number;
}

/**
 * 2000 records a batch, 4 unconfirmed tasks. Measured (2026-11, 2 cores, bundled Meilisearch 1.21, medium
 * demo catalog, full reindex, one process per run): articles (97k docs, ~0.8 KB) 1000: 8.6k docs/s,
 * 2000: 10.7k, 5000: 13.3k; products (9.6k docs, ~4.3 KB, up to 8 KB; documents() dominates) 2000: 2.3k
 * docs/s at 355 MB peak RSS, 5000: 2.8k at 483 MB. 5000 is ~20 % faster but costs memory on the biggest
 * documents and makes requests 2.5 times larger; 2000 keeps a products request under ~16 MB (the limit
 * is 100 MB). In flight 4 vs 1 at 2000: 10.1k vs 7.8k docs/s (Meilisearch autobatches queued additions).
 */
export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  batchSize: 2000,
  maxInFlight: 4,
  taskTimeoutMs: 10 * 60_000,
};

export interface IndexerContext {
  db: Knex;
  meili: Meilisearch;
  /** MEILI_INDEX_PREFIX: live uids are `<prefix><name>`. */
  indexPrefix: string;
  definitions: IndexDefinitions;
  logger: Logger;
  push: PushOptions;
  /** MEDIA_ROOT: originals are read from it, renditions written to it. */
  mediaRoot: string;
  /**
   * The worker's producers: renders go to the render queue, syncs to the index queue. Absent where jobs
   * run without them (tests that call the job functions directly): then changes queue no render jobs, and
   * a finished render queues no sync.
   */
  jobs?: IndexerJobs;
  /**
   * Announces new generations of these indexes (src/search/generations.ts `advanceGenerations`) once
   * Meilisearch has confirmed writes to them, so that the API's result caches stop serving older answers.
   * Absent where no API caches (tests of the jobs alone).
   */
  announce?: (names: readonly GenerationName[]) => Promise<unknown>;
}

export interface IndexerJobs {
  enqueueRenders(requests: readonly RenderRequest[]): Promise<unknown>;
  requestSync(): Promise<unknown>;
}

/** The live uid of `name` in this context, e.g. `catalog_products`. */
export function liveUid(ctx: Pick<IndexerContext, 'indexPrefix'>, name: IndexName): string {
  return indexUid(ctx.indexPrefix, name);
}
