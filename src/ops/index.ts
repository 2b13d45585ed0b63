/**
 * Operations endpoints, outside `/api` (so never rate-limited nor in the request log):
 * `/up` and `/ready` (health.ts, public), `/metrics` (metrics.ts) and `/admin/queues` (dashboard.ts), the
 * last two only for bearer tokens with ability `*`. README "Operations" lists them.
 */
import { Router, type RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../../config/env';
import type { IndexQueue } from '../jobs/index-queue';
import type { RenderQueue } from '../jobs/render-queue';
import { requireToken } from '../http/auth';
import type { SearchLog } from '../search-log';
import type { ResultCache } from '../search/result-cache';
import { DASHBOARD_PATH, dashboardRouter } from './dashboard';
import { healthRouter } from './health';
import { createMetrics, timeMeilisearch, type Metrics } from './metrics';

export interface OpsDeps {
  config: AppConfig;
  db: Knex;
  meili: Meilisearch;
  redis: Redis;
  searchLog: SearchLog;
  /** The index queue (a producer connection the caller owns); without it no dashboard, no queue gauges. */
  indexQueue?: IndexQueue;
  /** The render queue's producer side (the caller owns it): on the dashboard and in the gauges too. */
  renderJobs?: { queue: RenderQueue };
  /** The API's result cache: its hits, misses and bytes in `/metrics`. */
  resultCache?: ResultCache;
}

export interface Ops {
  /** Counts and times every request (mount it before everything else). */
  requests: RequestHandler;
  /** `/up`, `/ready`, `/metrics`, `/admin/queues`. */
  router: Router;
  /** `meili` with its calls timed into the metrics (give the routes this one). */
  meili: Meilisearch;
  metrics: Metrics;
}

/** Builds the operations endpoints over `deps`; opens no connection. */
export function createOps(deps: OpsDeps): Ops {
  const metrics = createMetrics({ ...deps, renderQueue: deps.renderJobs?.queue });
  const admin = requireToken(deps.db, '*');
  const router = Router();
  router.use(healthRouter(deps));
  router.get('/metrics', admin, metrics.handler);
  if (deps.indexQueue) {
    router.use(DASHBOARD_PATH, admin, dashboardRouter(deps.indexQueue, deps.renderJobs?.queue));
  }
  return {
    requests: metrics.requests,
    router,
    meili: timeMeilisearch(deps.meili, metrics.meiliDuration),
    metrics,
  };
}
