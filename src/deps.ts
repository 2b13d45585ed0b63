/**
 * What the app needs (createApp in app.ts): its own module, so the route handlers that take it import
 * nothing of the app that mounts them (no import cycle through app.ts).
 */
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../config/env';
import type { LazyQueue } from './jobs/connection';
import type { IndexQueue } from './jobs/index-queue';
import type { RenderJobs } from './jobs/render-queue';
import type { Logger } from './logger';
import type { SearchLog } from './search-log';
import type { LexiconProvider } from './search/german/query';
import type { GenerationWatcher, ResultCache } from './search/result-cache';

/**
 * What the app needs: configuration, Postgres, Meilisearch, the logger, and the Redis connection of the
 * rate limiter (src/http/rate-limit.ts `createLimiterRedis`: no offline queue, short timeouts).
 */
export interface AppDeps {
  config: AppConfig;
  db: Knex;
  meili: Meilisearch;
  logger: Logger;
  redis: Redis;
  /**
   * The anonymous search log (src/search-log `createSearchLog`), on a Postgres pool of its own so its
   * background writes never take a request's connection; its owner flushes it on shutdown.
   */
  searchLog: SearchLog;
  /**
   * The index queue (src/ops: Bull Board at `/admin/queues`, queue gauges in `/metrics`), made on first use
   * (src/jobs/index-queue.ts `lazyIndexQueue`); its owner closes it. Without it there is no dashboard.
   */
  indexQueue?: LazyQueue<IndexQueue>;
  /**
   * The render queue's producer side (src/jobs/render-queue.ts `createRenderJobs`): the CMS preview of a
   * rendition not made yet waits for a `preview` job of the worker; the dashboard and `/metrics` show the
   * queue. Its owner closes it. Without it such a preview answers 503.
   */
  renderJobs?: RenderJobs;
  /**
   * The German lexicon of the search endpoints' query rewrite (src/search/german/query.ts
   * `lexiconProvider`); default: the dictionary plus the catalog vocabulary of `db`, read on the first
   * search.
   */
  lexicon?: LexiconProvider;
  /**
   * The index generations announced by the worker (src/search/result-cache.ts `watchGenerations`); its owner
   * closes it. Without it the result cache is bypassed.
   */
  generations?: GenerationWatcher;
  /** The result cache of the list and search endpoints; default: API_RESULT_CACHE_MB over `generations`. */
  resultCache?: ResultCache;
}

/** What every route's handler gets: `AppDeps` as createApp completes them, with its lexicon and result cache. */
export interface RouteDeps extends AppDeps {
  lexicon: LexiconProvider;
  resultCache: ResultCache;
}
