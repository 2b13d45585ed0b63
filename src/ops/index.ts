/**
 * Operations endpoints, outside `/api` (so not in the request log) but counted by the request limits: `/up`
 * and `/ready` (health.ts, public), `/metrics` (metrics.ts) and `/admin/queues` (dashboard.ts), the last two
 * only for bearer tokens with `*` or `ops:queues:write`, and changing a queue only with `ops:queues:write`.
 * docs/operations.md ("Health, metrics and the queue dashboard") lists them.
 */
import { Router, type RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../../config/env';
import type { LazyQueue } from '../jobs/connection';
import type { IndexQueue } from '../jobs/index-queue';
import type { RenderQueue } from '../jobs/render-queue';
import { requireToken } from '../http/auth';
import { networkMatcher } from '../http/rate-limit';
import { get } from '../http/router';
import type { Logger } from '../logger';
import type { SearchLog } from '../search-log';
import type { ResultCache } from '../search/result-cache';
import { DASHBOARD_PATH, dashboardRouter } from './dashboard';
import { healthRouter } from './health';
import { OPS_READ } from '../tokens/tokens';
import { createMetrics, timeMeilisearch, type Metrics } from './metrics';

/** The paths of the operations endpoints (the request limits count them). */
export const OPS_PATHS = ['/up', '/ready', '/metrics', DASHBOARD_PATH];

/**
 * A superset of the paths of the operations endpoints: their first segments, case-insensitive as the ops
 * router matches them (`/UP` is `/up`). Requests on other paths need not enter its layers.
 */
export const OPS_PATH_PREFIX = /^\/(?:up|ready|metrics|admin)(?:\/|$)/i;

/** The probes an orchestrator or the image's HEALTHCHECK asks. */
const PROBES = new Set(['/up', '/ready']);

const loopback = networkMatcher(['127.0.0.0/8', '::1']);

/**
 * `limit` for the operations endpoints, except a probe the host asks itself: `/up` or `/ready` from a
 * loopback peer without forwarding headers (the image's HEALTHCHECK), so no client sharing an address
 * with it can get a healthy container restarted. Behind a proxy on the same host the header is there,
 * and the request is counted like any other.
 */
export function limitOps(limit: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const peer = req.socket.remoteAddress ?? '';
    const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.get(h) !== undefined);
    const path = req.originalUrl.split('?', 1)[0]!;
    if (PROBES.has(path) && loopback(peer) && !forwarded) return next();
    return limit(req, res, next);
  };
}

export interface OpsDeps {
  config: AppConfig;
  db: Knex;
  meili: Meilisearch;
  redis: Redis;
  searchLog: SearchLog;
  /**
   * The index queue (made on first use; the caller owns it); without it no dashboard, no queue gauges.
   * The gauges read its counts on `redis` (queue-counts.ts), so only the dashboard makes the queue.
   */
  indexQueue?: LazyQueue<IndexQueue>;
  /** The render queue's producer side (the caller owns it): on the dashboard and in the gauges too. */
  renderJobs?: LazyQueue<RenderQueue>;
  /** The API's result cache: its hits, misses and bytes in `/metrics`. */
  resultCache?: ResultCache;
  /** where `/ready` logs the reasons of its failed checks */
  logger?: Logger;
}

export interface Ops {
  /** Counts and times every request (mount it before everything else). */
  requests: RequestHandler;
  /** What `requests` does, as a call (src/app.ts does it in its first middleware). */
  track: Metrics['track'];
  /** `/up`, `/ready`, `/metrics`, `/admin/queues` (see `mightBeOpsPath`). */
  router: Router;
  /** `meili` with its calls timed into the metrics (give the routes this one). */
  meili: Meilisearch;
  metrics: Metrics;
}

/** Builds the operations endpoints over `deps`; opens no connection. */
export function createOps(deps: OpsDeps): Ops {
  const metrics = createMetrics({
    ...deps,
    queues: { redis: deps.redis, index: deps.indexQueue, render: deps.renderJobs },
    purgeCounts: { redis: deps.redis, redisPrefix: deps.config.redisPrefix },
  });
  const router = Router();
  router.use(healthRouter(deps));
  get(router, '/metrics', metrics.handler, requireToken(deps.db, OPS_READ));
  if (deps.indexQueue) {
    router.use(DASHBOARD_PATH, dashboardRouter(deps.db, deps.indexQueue, deps.renderJobs));
  }
  return {
    requests: metrics.requests,
    track: metrics.track,
    router,
    meili: timeMeilisearch(deps.meili, metrics.meiliDuration),
    metrics,
  };
}
