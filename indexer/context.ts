/**
 * What every indexer job needs: Postgres, Meilisearch, the index prefix, the index definitions and a logger,
 * plus the tuning knobs of document pushing. Built once by the worker (worker.ts) and passed to the jobs;
 * tests build their own with small definitions.
 */
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import type { Logger } from 'pino';
import { loadConfig } from '../config/env';
import type { GenerationName } from '../src/search/generations';
import { indexUid, type IndexName } from '../src/search/indexes';
import type { DocumentOptions, IndexDefinition } from './indexes/types';
import type { ListFormBase } from '../src/search/list-form';
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
 * 2000 records a batch, 4 unconfirmed tasks, chosen on a full reindex of the medium demo catalog: larger
 * batches index somewhat faster but cost the worker memory on the biggest product documents and make each
 * request larger, while 2000 keeps a products request far below Meilisearch's 100 MB payload limit; several
 * tasks in flight are faster than one because Meilisearch batches queued additions together.
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
  /**
   * Purges these edge cache tags (src/edge/purge.ts): returns at once, never throws. Called once Meilisearch
   * has confirmed the writes behind them. Absent where no edge cache is configured.
   */
  purge?: (tags: Iterable<string>) => void;
  /**
   * Runs `work`, a part of the running index job that need not come before this process's renders (a sync
   * round of render rows only), with the index-first gate open (indexer/priority.ts `besideRenders`).
   * Absent where no renders share the process: `work` then simply runs.
   */
  besideRenders?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * The base URLs the documents' stored list forms are built for (src/search/list-form.ts): the API's
   * APP_URL. Default: this process's configuration (the worker shares the API's); null: no stored forms.
   */
  listForms?: ListFormBase | null;
}

export interface IndexerJobs {
  enqueueRenders(requests: readonly RenderRequest[]): Promise<unknown>;
  requestSync(): Promise<unknown>;
}

let processBase: ListFormBase | null | undefined;

/** The base URLs of this process's configuration, or null when the environment holds none valid. */
function processListForms(): ListFormBase | null {
  if (processBase === undefined) {
    try {
      const { appUrl, apiBaseUrl } = loadConfig();
      processBase = { appUrl, apiBaseUrl };
    } catch {
      processBase = null;
    }
  }
  return processBase;
}

/** How the jobs of `ctx` build documents (`IndexDefinition.documents`). */
export function documentOptions(ctx: Pick<IndexerContext, 'listForms'>): DocumentOptions {
  const base = ctx.listForms === undefined ? processListForms() : ctx.listForms;
  return base ? { listForms: base } : {};
}

/** The live uid of `name` in this context, e.g. `catalog_products`. */
export function liveUid(ctx: Pick<IndexerContext, 'indexPrefix'>, name: IndexName): string {
  return indexUid(ctx.indexPrefix, name);
}
