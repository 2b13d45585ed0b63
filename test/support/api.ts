/**
 * The real API app for HTTP tests: `startTestApi(config)` opens the pools, listens on a free port and
 * returns `{ base, get, deps, close }`; `get(path)` fetches `<base>/api/v1<path>` (or an absolute URL).
 * The search log writes through a knex of its own (as in src/server.ts), so query counters on `deps.db`
 * never see its background INSERTs; `deps.searchLog.flush()` writes what it buffered.
 */
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../config/env';
import { lazyQueue, type LazyQueue } from '../../src/jobs/connection';
import type { IndexQueue } from '../../src/jobs/index-queue';
import { createRenderJobs, type RenderJobs } from '../../src/jobs/render-queue';
import { createApp, type AppDeps } from '../../src/app';
import { apiDbDeadlines, createDb } from '../../src/db/database';
import { createLimiterRedis } from '../../src/http/rate-limit';
import { createLogger } from '../../src/logger';
import { createSearchLog, type SearchLog, type SearchLogOptions } from '../../src/search-log';
import { answerClientErrors } from '../../src/http/errors';
import { watchGenerations } from '../../src/search/result-cache';
import { createApiMeiliClient } from '../../src/search/indexes';
import { checkResponse, failOnViolations } from './contract';

// Every response of get()/json() is checked against the OpenAPI document (./contract.ts); violations
// fail the test file in afterAll. Registered at import, as hooks cannot be added from within a hook.
failOnViolations();

export interface TestApi {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  deps: AppDeps & { searchLog: SearchLog };
  get(path: string, init?: RequestInit): Promise<Response>;
  /** GET with `Accept: application/json`, expecting `status` (default 200); returns the parsed body. */
  json<T = Record<string, unknown>>(path: string, status?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * How a test API differs from the default: `logger` replaces the silent test logger (to read what the app
 * logs); `searchLog` overrides options of the search log (its `db`, buffer size, intervals); `indexQueue`
 * (owned and closed by the caller) turns on the queue dashboard and gauges of src/ops.
 */
export interface TestApiOptions {
  logger?: AppDeps['logger'];
  searchLog?: Partial<SearchLogOptions>;
  indexQueue?: IndexQueue;
}

/** `queue` (made and closed by the caller) as the app takes its index queue. */
function givenQueue(queue: IndexQueue): LazyQueue<IndexQueue> {
  return lazyQueue(queue.name, queue.opts.prefix ?? 'bull', () => queue);
}

/**
 * Starts the app of `config` (its APP_URL stays what the config says; requests go to the real port) as
 * `options` say. The app gets the render queue's producer side as in src/server.ts (previews wait for a
 * render worker: `startStack({ renderWorker: true })`), closed by `close()`. Test files start it through
 * their stack (./stack.ts: `startStack`, `stack.startApi`).
 */
export async function startTestApi(config: AppConfig, options: TestApiOptions = {}): Promise<TestApi> {
  const db = createDb(config.databaseUrl, 4, apiDbDeadlines(config));
  const logger = options.logger ?? createLogger(config, 'test');
  const redis = createLimiterRedis(config, logger);
  const given = options.searchLog?.db;
  const searchLogDb = given ?? createDb(config.databaseUrl, 2);
  const searchLog = createSearchLog({
    redis,
    redisPrefix: config.redisPrefix,
    logger,
    ...options.searchLog,
    db: searchLogDb,
  });
  const renderJobs: RenderJobs = createRenderJobs(config);
  // The result cache is on, as in production: keyed by the generations the worker (or the test stack's
  // reindex) announces on this file's Redis prefix.
  const generations = watchGenerations(redis, config.redisPrefix, logger);
  const meiliClient = createApiMeiliClient(config);
  const deps = {
    config,
    db,
    meili: meiliClient.meili,
    logger,
    redis,
    searchLog,
    renderJobs,
    generations,
    ...(options.indexQueue ? { indexQueue: givenQueue(options.indexQueue) } : {}),
  };
  // Counting starts once the limiter's Redis is ready (before that, limits fail open); don't wait forever,
  // a test may point REDIS_URL at a Redis that is down on purpose.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    deps.redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const server = createApp(deps).listen(0, '127.0.0.1');
  answerClientErrors(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, init?: RequestInit) => {
    const url = path.startsWith('http') ? path : `${origin}/api/v1${path}`;
    const res = await fetch(url, init);
    if (url.startsWith(`${origin}/`)) await checkResponse(url, init, res);
    return res;
  };
  return {
    origin,
    deps,
    get,
    async json<T>(path: string, status = 200): Promise<T> {
      const res = await get(path, { headers: { Accept: 'application/json' } });
      const text = await res.text();
      if (res.status !== status)
        throw new Error(`GET ${path}: expected ${status}, got ${res.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await searchLog.close(2000);
      await generations.close();
      await meiliClient.close();
      deps.redis.disconnect();
      await renderJobs.close();
      await db.destroy();
      if (!given) await searchLogDb.destroy();
    },
  };
}
