/**
 * `npm start`: the API on HOST:PORT. Needs Postgres (DATABASE_URL, migrated) and Meilisearch (MEILI_URL;
 * in production MEILI_SEARCH_KEY and no MEILI_MASTER_KEY, else it prints one line naming the variable and
 * exits 1: src/search/keys.ts); Redis (REDIS_URL) holds the request counters, and the API keeps answering
 * without it.
 * SIGTERM/SIGINT: stop accepting connections (new connects are refused) and close idle keep-alive
 * connections; requests in flight finish and their responses say `Connection: close`; then write the
 * buffered search log (at most 5 s), close the queues, Redis and the pools, exit 0. After 10 s
 * anything still open is cut and the exit code is 1.
 */
import type { Server, ServerResponse } from 'node:http';
import { ConfigError, getConfig } from '../config/env';
import { createApp } from './app';
import { apiDbDeadlines, createDb } from './db/database';
import { answerClientErrors } from './http/errors';
import { createLimiterRedis } from './http/rate-limit';
import { lazyIndexQueue } from './jobs/index-queue';
import { createRenderJobs } from './jobs/render-queue';
import { createLogger } from './logger';
import { createSearchLog } from './search-log';
import { watchGenerations } from './search/result-cache';
import { lexiconProvider } from './search/german/query';
import { createApiMeiliClient } from './search/indexes';

/** Starts the API; resolves with the listening server. */
export async function startServer(): Promise<Server> {
  const config = getConfig();
  // First: in production it refuses a configuration without the search key, or with the master key.
  const { meili, close: closeMeili } = createApiMeiliClient(config);
  const logger = createLogger(config, 'api');
  const db = createDb(config.databaseUrl, 10, apiDbDeadlines(config));
  const redis = createLimiterRedis(config, logger);
  // A pool of its own: a slow or unreachable Postgres never makes the log's writes wait for (or hold)
  // the connections requests need.
  const searchLogDb = createDb(config.databaseUrl, 2);
  const searchLog = createSearchLog({ db: searchLogDb, redis, redisPrefix: config.redisPrefix, logger });
  // Bull Board's index queue, with a producer connection (fails fast while Redis is down) made on the
  // dashboard's first request; the queue gauges of /metrics read its counts on `redis`.
  const indexQueue = lazyIndexQueue(config, (error) =>
    logger.debug({ err: error }, 'index queue connection error'),
  );
  // The render queue, made on first use: CMS previews of renditions not made yet wait for the worker's
  // preview job (this process never renders, so it never loads sharp); also on the dashboard and in /metrics.
  const renderJobs = createRenderJobs(config, (error) =>
    logger.debug({ err: error }, 'render queue connection error'),
  );
  // The German lexicon of the search rewrite: read before the first search needs it (the dictionary takes
  // about half a second of CPU, the catalog vocabulary one query), not during a shopper's request.
  const lexicon = lexiconProvider(db, { logger });
  // The worker's announcements of new index generations: the result cache's keys (src/search/result-cache.ts).
  const generations = watchGenerations(redis, config.redisPrefix, logger);
  const app = createApp({
    config,
    db,
    meili,
    logger,
    redis,
    searchLog,
    indexQueue,
    renderJobs,
    lexicon,
    generations,
  });
  const server = app.listen(config.port, config.host);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  logger.info(`API listening on http://${config.host}:${config.port} (base URL ${config.apiBaseUrl})`);
  void lexicon();

  let stopping = false;
  // Once stopping, every response not yet started says `Connection: close` and Node closes its connection
  // after it, so no keep-alive client sends a request on a connection the server is about to close.
  const unanswered = new Set<ServerResponse>();
  // One listener for every response: no closure (and no `once` wrapper) per request.
  function answered(this: ServerResponse) {
    unanswered.delete(this);
  }
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    unanswered.add(res);
    res.on('close', answered);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: closing the API`);
    for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
    server.close(() => {
      void searchLog
        .close(5000)
        .then(() => {
          redis.disconnect();
          return Promise.allSettled([
            generations.close(),
            closeMeili(),
            indexQueue.close(),
            renderJobs.close(),
            db.destroy(),
            searchLogDb.destroy(),
          ]);
        })
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}

if (require.main === module) {
  startServer().catch((error: unknown) => {
    // A configuration error is one line naming the variable, as getConfig() prints it.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof ConfigError ? `${message}\n` : `API failed to start: ${message}\n`);
    process.exit(1);
  });
}
