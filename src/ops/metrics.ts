/**
 * Prometheus metrics (prom-client) on `GET /metrics` (docs/operations.md). Each app has a registry of its
 * own (tests run several apps in one process). Labels are bounded: routes are Express route patterns
 * (`/api/v1/products/:slug`), never raw URLs; a request that matched no route is `route="unmatched"`.
 *
 * - `http_requests_total`, `http_request_duration_seconds` by method, route and status;
 * - `meilisearch_request_duration_seconds` by operation (`search`, `getDocument`, ...) and outcome, timed
 *   around the app's Meilisearch calls (`timeMeilisearch`);
 * - `postgres_query_duration_seconds` by outcome, from knex's query events (`timePostgres`);
 * - on scrape: `index_outbox_pending`, `index_outbox_oldest_pending_age_seconds` (one SQL query),
 *   `index_queue_jobs` and `render_queue_jobs` by state (BullMQ's `getJobCounts`, read without BullMQ:
 *   src/jobs/queue-counts.ts; left out when Redis does not answer within a second), `render_backlog`
 *   (render jobs not done yet), `search_log_*` counters;
 * - `api_degraded_responses_total` by route: lists answered from Postgres while Meilisearch was down;
 * - on scrape, from Redis: `edge_purge_requests_total` and `edge_purge_failures_total`, the workers' edge
 *   purges (src/edge/purge-counts.ts), left out while Redis does not answer;
 * - prom-client's default process metrics (CPU, memory, event-loop lag, GC).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Handler } from '../http/router';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type Redis from 'ioredis';
import { readPurgeCounts, type PurgeCountName } from '../edge/purge-counts';
import { withDeadline } from '../jobs/connection';
import { readJobCounts, type QueueKeys } from '../jobs/queue-counts';
import { backlogOf, BACKLOG_STATES } from '../jobs/render-queue';
import type { SearchLog } from '../search-log';
import { DEGRADED_HEADER } from '../search/degraded';
import { DIRECT_SEARCH, directSearchOf, type DirectSearch } from '../search/http-client';
import type { ResultCache, ResultCacheStats } from '../search/result-cache';

const MATCHED_ROUTE = Symbol('matched route');
const MATCHED_BASE = Symbol('mount path of the matched route');
/** When a response's request began (`performance.now()`, ms). */
const STARTED = Symbol('request start');

interface RouteMemo {
  [MATCHED_ROUTE]?: { path?: unknown };
  [MATCHED_BASE]?: string;
}

/** Set on the request prototypes (one per Express app) that remember their matched route. */
const WATCHED = Symbol('remembers its matched route');

/**
 * Makes `req`'s app remember, for each request, the route the router matches and the mount path at that
 * moment: Express restores `req.baseUrl` when an error leaves a router, so the mount path must be read
 * when the router sets `req.route`, not when the response finishes. The accessor goes on the app's request
 * prototype once (a `defineProperty` on every request cost a large share of a bare Express response,
 * measured); `req.route` reads and writes as before.
 */
function watchRouteOf(req: object & { [WATCHED]?: true }): void {
  // A property read through the prototype: cheaper per request than a WeakSet of prototypes.
  if (req[WATCHED]) return;
  const proto = Object.getPrototypeOf(req) as object;
  Object.defineProperty(proto, WATCHED, { value: true });
  Object.defineProperty(proto, 'route', {
    configurable: true,
    enumerable: true,
    get(this: RouteMemo & { baseUrl?: string }) {
      return this[MATCHED_ROUTE];
    },
    set(this: RouteMemo & { baseUrl?: string }, value: { path?: unknown }) {
      this[MATCHED_ROUTE] = value;
      this[MATCHED_BASE] = this.baseUrl ?? '';
    },
  });
}

/** Seconds: from a fast cache hit to a slow search. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The BullMQ states reported as `index_queue_jobs{state}` and `render_queue_jobs{state}`. */
export const QUEUE_STATES = [
  'waiting',
  'prioritized',
  'active',
  'delayed',
  'failed',
  'completed',
  'waiting-children',
] as const;

export interface MetricsDeps {
  db: Knex;
  searchLog: SearchLog;
  /** absent: no `api_result_cache_*` metrics */
  resultCache?: ResultCache;
  /**
   * The queues whose job counts the gauges read, on `redis` (one MULTI per queue and scrape); `index`
   * absent: no `index_queue_jobs` gauge; `render` absent: no `render_queue_jobs` or `render_backlog`.
   */
  queues?: { redis: Pick<Redis, 'multi'>; index?: QueueKeys; render?: QueueKeys };
  /** where the workers add their edge purge counts; absent: no `edge_purge_*` metrics */
  purgeCounts?: { redis: Pick<Redis, 'mget'>; redisPrefix: string };
}

export interface Metrics {
  registry: Registry;
  /** Middleware counting and timing every request by route pattern (mount it first). */
  requests: RequestHandler;
  /** What `requests` does, as a call: for a middleware of the caller's that does more at that point. */
  track: (req: Request, res: Response) => void;
  /** `GET /metrics` handler (put the protection in front of it). */
  handler: Handler;
  meiliDuration: Histogram<'operation' | 'outcome'>;
}

/** Creates the registry and every metric above, reading `deps` on each scrape. */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestCount = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency (until the response is written) by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const meiliDuration = new Histogram({
    name: 'meilisearch_request_duration_seconds',
    help: 'Latency of the API calls to Meilisearch by client operation and outcome (ok, error).',
    labelNames: ['operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pgDuration = new Histogram({
    name: 'postgres_query_duration_seconds',
    help: 'Latency of the API queries to Postgres (request pool) by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  timePostgres(deps.db, pgDuration);

  // Both outbox gauges come from one query per scrape (the registry collects metrics concurrently).
  let backlog: Promise<{ pending: number; age: number }> | undefined;
  const readBacklog = () => {
    backlog ??= outboxBacklog(deps.db).finally(() => setTimeout(() => (backlog = undefined), 0));
    return backlog;
  };
  new Gauge({
    name: 'index_outbox_pending',
    help: 'Outbox rows not yet applied to the search indexes.',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: 'index_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox row (0 when none): how stale the search indexes may be.',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).age);
    },
  });

  // While Redis is slow or down a count might not answer soon enough for the scrape. Each count gets a
  // deadline; one still pending is reused by the next scrape.
  const bounded = <T>(read: () => Promise<T>) => {
    let pending: Promise<T> | undefined;
    return () => {
      pending ??= read().finally(() => (pending = undefined));
      return withDeadline(pending, QUEUE_COUNT_DEADLINE_MS, 'queue counts not read in time');
    };
  };
  const queueRedis = deps.queues?.redis;
  const queueGauge = (name: string, help: string, redis: Pick<Redis, 'multi'>, queue: QueueKeys) => {
    const counts = bounded(() => readJobCounts(redis, queue, QUEUE_STATES));
    return new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        try {
          const now = await counts();
          for (const state of QUEUE_STATES) this.set({ state }, now[state] ?? 0);
        } catch {
          this.reset(); // left out of this scrape: no count rather than an old one
        }
      },
    });
  };
  const indexQueue = deps.queues?.index;
  if (queueRedis && indexQueue) {
    queueGauge(
      'index_queue_jobs',
      'Jobs of the index queue (reindex, sync, prune) by state; failed jobs are kept until removed.',
      queueRedis,
      indexQueue,
    );
  }
  const renderQueue = deps.queues?.render;
  if (queueRedis && renderQueue) {
    queueGauge(
      'render_queue_jobs',
      'Jobs of the render queue (render, preview) by state; failed renders are kept until removed.',
      queueRedis,
      renderQueue,
    );
    // What src/jobs/render-queue.ts `renderBacklog` counts, without BullMQ.
    const backlog = bounded(async () =>
      backlogOf(await readJobCounts(queueRedis, renderQueue, BACKLOG_STATES)),
    );
    let lastBacklog = 0;
    new Gauge({
      name: 'render_backlog',
      help: 'Render jobs not done yet (waiting, prioritized, running, delayed for a retry): the rendition backlog.',
      registers: [registry],
      async collect() {
        // While Redis does not answer the last count stays (a gauge without labels always shows a value).
        lastBacklog = await backlog().catch(() => lastBacklog);
        this.set(lastBacklog);
      },
    });
  }

  // The search log counts in plain numbers; the counters follow them on each scrape.
  const log = deps.searchLog;
  const logCounter = (name: keyof SearchLog['counters'], help: string) => {
    let seen = 0;
    new Counter({
      name: `search_log_${name}_total`,
      help,
      registers: [registry],
      collect() {
        const now = log.counters[name];
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  };
  logCounter('logged', 'Searches written to the search log.');
  logCounter('dropped', 'Searches not logged because the buffer was full (Postgres slow or down).');
  logCounter('capped', 'Searches not logged because the client IP passed its per-minute cap.');
  logCounter('uncapped', 'Searches logged without the cap check (Redis unreachable).');
  new Gauge({
    name: 'search_log_buffered',
    help: 'Searches waiting in the buffer to be written.',
    registers: [registry],
    collect() {
      this.set(log.buffered);
    },
  });

  // The result cache counts in plain numbers too (src/search/result-cache.ts).
  const cache = deps.resultCache;
  if (cache) {
    const seen: ResultCacheStats = { hits: 0, misses: 0, bypassed: 0 };
    new Counter({
      name: 'api_result_cache_requests_total',
      help: 'List, search and detail answers, and the look-ups of list filter values, by how the result cache served them: hit, miss (asked Meilisearch or Postgres, then kept) or bypassed (no generation known: Redis unreachable, or the cache is off).',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        for (const [key, label] of [
          ['hits', 'hit'],
          ['misses', 'miss'],
          ['bypassed', 'bypassed'],
        ] as const) {
          const now = cache.stats[key];
          if (now > seen[key]) this.inc({ result: label }, now - seen[key]);
          seen[key] = now;
        }
      },
    });
    new Gauge({
      name: 'api_result_cache_bytes',
      help: 'Bytes the result cache holds (at most API_RESULT_CACHE_MB).',
      registers: [registry],
      collect() {
        this.set(cache.size);
      },
    });
  }

  const degradedCount = new Counter({
    name: 'api_degraded_responses_total',
    help: 'List answers from Postgres because Meilisearch was unavailable (X-Search-Degraded: 1), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  // One listener for every response (no closure per request): the labels are read when it finishes.
  function finished(this: Response & { [STARTED]?: number }) {
    const req = this.req as Request & RouteMemo;
    const { [MATCHED_ROUTE]: route, [MATCHED_BASE]: base = '' } = req;
    const labels = {
      method: req.method,
      route: typeof route?.path === 'string' ? `${base}${route.path}` : 'unmatched',
      status: String(this.statusCode),
    };
    requestCount.inc(labels);
    requestDuration.observe(labels, (performance.now() - this[STARTED]!) / 1000);
    if (this.getHeader(DEGRADED_HEADER)) degradedCount.inc({ route: labels.route });
  }
  const track = (req: Request, res: Response): void => {
    (res as Response & { [STARTED]?: number })[STARTED] = performance.now();
    watchRouteOf(req);
    res.on('finish', finished);
  };
  const requests: RequestHandler = (req, res, next) => {
    track(req, res);
    next();
  };

  // Outside the registry: a metric of a registry always prints a value, and while Redis does not answer
  // the scrape should show no purge counts rather than a false 0.
  const purgeCounts = deps.purgeCounts;
  const purgeText = async () => {
    if (!purgeCounts) return '';
    const counts = await readPurgeCounts(purgeCounts.redis, purgeCounts.redisPrefix);
    if (!counts) return '';
    return PURGE_METRICS.map(
      ([name, key, help]) => `# HELP ${name} ${help}\n# TYPE ${name} counter\n${name} ${counts[key]}\n`,
    ).join('');
  };

  const handler: Handler = async (_req, res) => {
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store');
    const [text, purges] = await Promise.all([registry.metrics(), purgeText()]);
    res.send(purges ? `${text.endsWith('\n') ? text : `${text}\n`}${purges}` : text);
  };
  return { registry, requests, track, handler, meiliDuration };
}

/** Milliseconds a scrape waits for the job counts of a queue. */
const QUEUE_COUNT_DEADLINE_MS = 1000;

/** The purge counts `/metrics` shows: metric name, count, help. */
const PURGE_METRICS: readonly [string, PurgeCountName, string][] = [
  [
    'edge_purge_requests_total',
    'requests',
    'Edge cache purge requests the edge accepted (2xx), summed over every worker (Redis).',
  ],
  [
    'edge_purge_failures_total',
    'failures',
    'Edge cache purge requests that failed after every retry, plus bursts of tags dropped from a full queue, summed over every worker (Redis).',
  ],
];

/** Pending outbox rows and the age in seconds of the oldest (0 when none), in one query on the partial index. */
export async function outboxBacklog(db: Knex): Promise<{ pending: number; age: number }> {
  const row = (await db('index_outbox')
    .whereNull('processed_at')
    .first(
      db.raw('count(*)::int as pending'),
      db.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age'),
    )) as { pending: number; age: number } | undefined;
  return { pending: row?.pending ?? 0, age: row?.age ?? 0 };
}

/** Observes every query of `db` into `histogram` (knex 'query', 'query-response', 'query-error' events). */
export function timePostgres(db: Knex, histogram: Histogram<'outcome'>): void {
  const started = new Map<string, number>();
  const finish = (uid: string | undefined, outcome: 'ok' | 'error') => {
    if (uid === undefined) return;
    const start = started.get(uid);
    if (start === undefined) return;
    started.delete(uid);
    histogram.observe({ outcome }, (performance.now() - start) / 1000);
  };
  type QueryData = { __knexQueryUid?: string };
  db.on('query', (data: QueryData) => {
    if (data.__knexQueryUid === undefined) return;
    // Bounded: a query that never reports back (a destroyed pool) must not grow the map forever.
    if (started.size > 10_000) started.clear();
    started.set(data.__knexQueryUid, performance.now());
  });
  db.on('query-response', (_response: unknown, data: QueryData) => finish(data.__knexQueryUid, 'ok'));
  db.on('query-error', (_error: unknown, data: QueryData) => finish(data.__knexQueryUid, 'error'));
}

/** How many index objects `timeMeilisearch` keeps (one per uid; the API searches a handful). */
const MAX_INDEX_OBJECTS = 64;

/**
 * `meili` with every call timed into `histogram`: top-level methods (`multiSearch`, `health`, ...) and
 * the methods of the index objects `meili.index(uid)` returns, labelled by method name. `index(uid)` gives
 * the same timed object for the same uid: the package makes a new one per call, with its own headers
 * (`new Headers`) and request settings, which cost a search more CPU than anything else in the client.
 */
export function timeMeilisearch(
  meili: Meilisearch,
  histogram: Histogram<'operation' | 'outcome'>,
): Meilisearch {
  const indexes = new Map<string, object>();
  /** `call`'s promise, its time observed under `operation` when it settles. */
  const timedCall = <T>(operation: string, call: Promise<T>): Promise<T> => {
    const end = histogram.startTimer({ operation });
    return call.then(
      (answer) => {
        end({ outcome: 'ok' });
        return answer;
      },
      (error: unknown) => {
        end({ outcome: 'error' });
        throw error;
      },
    );
  };
  const direct = directSearchOf(meili);
  const timedDirect: DirectSearch | undefined = direct && ((...args) => timedCall('search', direct(...args)));
  const timed = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === DIRECT_SEARCH) return timedDirect;
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') {
          return value;
        }
        return (...args: unknown[]) => {
          // An index object holds its uid and the client's settings only (the API never fetches its
          // info into it), so one per uid serves every call.
          const uid = property === 'index' && args.length === 1 ? args[0] : undefined;
          if (typeof uid === 'string' && indexes.has(uid)) return indexes.get(uid);
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (property === 'index' && result && typeof result === 'object') {
            const index = timed(result);
            if (typeof uid === 'string') {
              if (indexes.size >= MAX_INDEX_OBJECTS) indexes.clear();
              indexes.set(uid, index);
            }
            return index;
          }
          if (!(result instanceof Promise)) return result;
          return timedCall(property, result);
        };
      },
    });
  return timed(meili);
}
