/**
 * The Express application of the API: `/api/v1` routes (src/routes.ts) behind helmet, CORS for every origin
 * (no exposed headers, spec "Cross-origin access"), PHP-style query parsing, request ids, pino request
 * logs and the request limits (src/http/rate-limit.ts); health, metrics and the queue dashboard (src/ops);
 * every error in the spec's JSON shape (src/http/errors.ts), also for unknown paths.
 */
import { BrokenCircuitError } from 'cockatiel';
import { causeChain } from './causes';
import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { ApiError, errorHandler, notFound, requestId, requestIdOf } from './http/errors';
import { parsePhpQuery } from './http/query-string';
import { rateLimit } from './http/rate-limit';
import { throttledWarning } from './logger';
import { createOps } from './ops';
import { attachSearchLog } from './search-log';
import { lexiconProvider } from './search/german/provider';
import { createResultCache } from './search/result-cache';
import { docsRouter } from './openapi/routes';
import { filesRouter } from './resources/files/routes';
import { apiRouter } from './routes';
import type { AppDeps } from './deps';

export type { AppDeps } from './deps';

/**
 * Errors of a dependency that is down (Postgres or Meilisearch unreachable) are 503 `service_unavailable`
 * with a retryable meaning for clients (spec "Recommended client behaviour"), not a 500.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01', // Postgres: terminating connection due to administrator command (pg_terminate_backend, a restart)
  '57P02', // Postgres: terminating connection because of a crash of another backend
  '57P03', // Postgres: cannot connect now (starting up, shutting down)
  '57014', // Postgres: statement_timeout passed (PG_STATEMENT_TIMEOUT_MS)
  'index_not_found', // Meilisearch: the index is not built yet (first reindex still running)
  'too_many_search_requests', // Meilisearch: its search queue is full
]);

/** True when the cause chain holds the Meilisearch circuit breaker's refusal (src/search/http-client.ts). */
function isBrokenCircuit(error: unknown): boolean {
  return [...causeChain(error)].some((e) => e instanceof BrokenCircuitError);
}

function isUnavailable(error: unknown): boolean {
  return [...causeChain(error)].some(
    ({ code, name, message }) =>
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
      name === 'MeilisearchRequestError' ||
      name === 'KnexTimeoutError' ||
      // node-postgres, a pooled connection whose backend was terminated (no SQLSTATE: the socket closed);
      // knex puts the SQL in front of the message (`<sql> - Connection terminated unexpectedly`)
      (typeof message === 'string' && /(^|- )Connection terminated( unexpectedly)?$/.test(message)),
  );
}

/**
 * CORS for every origin (spec "Cross-origin access"). `cors` answers every OPTIONS request as a preflight
 * (204); as in Laravel (the CORS middleware, then the router), only a real preflight (OPTIONS with
 * `Access-Control-Request-Method`) is answered here, on any path; any other OPTIONS goes on to the routes:
 * 200 with `Allow` on a known path (src/http/routes.ts), 404 on an unknown one.
 */
function corsPreflights(handle: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'OPTIONS' || req.get('Access-Control-Request-Method') !== undefined) {
      handle(req, res, next);
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  };
}

/** Builds the app; it opens no connection of its own (the caller owns `db`, `meili`, `redis`, `searchLog`). */
export function createApp(given: AppDeps): Express {
  const app = express();
  // Operations first: every request is counted and timed; /up, /ready, /metrics and /admin/queues are
  // outside /api, so neither the request log nor the limiter sees them (src/ops).
  const resultCache =
    given.resultCache ?? createResultCache(given.config.resultCacheBytes, given.generations);
  const ops = createOps({ ...given, resultCache });
  const deps: AppDeps = {
    ...given,
    meili: ops.meili,
    lexicon: given.lexicon ?? lexiconProvider(given.db, { logger: given.logger }),
    resultCache,
  };
  // Before the first `use`, which creates the app's router: `/API/v1/...` is 404, as in Laravel.
  app.set('case sensitive routing', true);
  app.use(ops.requests);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', (raw: string | null | undefined) => parsePhpQuery(raw ?? ''));
  attachSearchLog(app, deps.searchLog);

  app.use(helmet());
  app.use(ops.router);
  app.use('/api', corsPreflights(cors()), requestId);
  // A NUL (`%00`) in a path names nothing that can exist (Postgres refuses it in a text): 404.
  app.use(['/api', '/files'], (req, _res, next) => {
    next(/%00/.test(req.path) ? new ApiError(404) : undefined);
  });
  // The request log: one line per request at `info`. With LOG_LEVEL above `info` it would write nothing
  // but 5xx lines (the error handler logs those anyway), so it is not mounted: no per-request child logger.
  if (deps.logger.isLevelEnabled('info')) {
    app.use(
      '/api',
      pinoHttp({
        logger: deps.logger,
        genReqId: (req) => requestIdOf(req as express.Request),
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
        // One compact line per request: no headers (they would log tokens and cookies).
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({
            id: req.id,
            method: req.method,
            url: req.url,
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  const onRedisError = throttledWarning(deps.logger, 'rate limits are off: Redis is unreachable');
  app.use(docsRouter(deps)); // /docs/api.json and the /api/docs page (src/openapi/routes.ts)
  app.use('/api/v1', rateLimit({ ...deps, onRedisError }), apiRouter(deps));
  app.use('/files', filesRouter(deps));
  app.use('/api', notFound);
  app.use(notFound);

  // A path value that is not percent-encoded UTF-8 (`/products/%FF`): Express's router fails to decode it
  // (URIError, status 400), but like any unknown slug or id it names no record: 404.
  const undecodable: ErrorRequestHandler = (error, _req, _res, next) => {
    next(error instanceof URIError ? new ApiError(404) : error);
  };
  app.use(undecodable);
  const unavailable: ErrorRequestHandler = (error, _req, _res, next) => {
    if (!isUnavailable(error)) return next(error);
    if (isBrokenCircuit(error)) {
      // Meilisearch failed repeatedly: fail fast until the breaker probes again.
      const seconds = Math.ceil(deps.config.meiliBreakerHalfOpenMs / 1000);
      next(new ApiError(503, { headers: { 'Retry-After': String(seconds) } }));
      return;
    }
    deps.logger.error({ err: error }, 'a dependency is unavailable');
    next(new ApiError(503));
  };
  app.use(unavailable);
  app.use(
    errorHandler({
      debug: deps.config.appDebug,
      onServerError: (error, id) => deps.logger.error({ err: error, req_id: id }, 'unhandled error'),
    }),
  );
  return app;
}
