/**
 * The Express application of the API: `/api/v1` routes (src/routes.ts) behind helmet, CORS for every origin
 * (no exposed headers, spec "Cross-origin access"), PHP-style query parsing, request ids, pino request
 * logs and the request limits (src/http/rate-limit.ts); health, metrics and the queue dashboard (src/ops);
 * every error in the spec's JSON shape (src/http/errors.ts), also for unknown paths.
 */
import { BrokenCircuitError } from 'cockatiel';
import { causeChain } from './causes';
import cors from 'cors';
import express, {
  Router,
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type RequestHandler,
} from 'express';
import { pinoHttp } from 'pino-http';
import { ApiError, errorHandler, notFound, RETRY_AFTER_S } from './http/errors';
import { parsePhpQuery } from './http/query';
import { rateLimit, type RateLimit } from './http/rate-limit';
import { addToHeaderBlock, prepareHeaderBlocks, setHeaderBlock } from './http/header-block';
import { securityHeaderBlock } from './http/security-headers';
import { isPostgresUnavailable } from './db/database';
import { redactUrl, requestIdOf, throttledWarning } from './logger';
import { createOps, limitOps, OPS_PATH_PREFIX, OPS_PATHS } from './ops';
import { lexiconProvider } from './search/german/query';
import { createResultCache } from './search/result-cache';
import { docsRouter } from './openapi/routes';
import { filesRouter } from './resources/files/handlers';
import { apiRouter, type DirectMatch } from './http/router';
import { API_ROUTES } from './routes';
import type { AppDeps, RouteDeps } from './deps';

export type { AppDeps } from './deps';

/**
 * Errors of a dependency that is down are 503 `service_unavailable` with a retryable meaning for clients
 * (spec "Recommended client behaviour"), not a 500: Meilisearch unreachable, too slow, its breaker open,
 * its index not built yet or its search queue full; Postgres unreachable or refusing this process
 * (`isPostgresUnavailable`: login refused, no such database, too many connections, shutting down, a
 * statement past its deadline, no pool connection in time).
 */
const MEILI_UNAVAILABLE_CODES = new Set([
  'index_not_found', // the index is not built yet (first reindex still running)
  'too_many_search_requests', // its search queue is full
]);

/** True when the cause chain says Meilisearch cannot answer now (src/search/http-client.ts). */
function isMeiliUnavailable(error: unknown): boolean {
  return [...causeChain(error)].some(
    (e) =>
      e instanceof BrokenCircuitError ||
      e.name === 'MeilisearchRequestError' ||
      (typeof e.code === 'string' && MEILI_UNAVAILABLE_CODES.has(e.code)),
  );
}

/**
 * CORS for every origin (spec "Cross-origin access"). `cors` answers every OPTIONS request as a preflight
 * (204); as in Laravel (the CORS middleware, then the router), only a real preflight (OPTIONS with
 * `Access-Control-Request-Method`) is answered here, on any path; any other OPTIONS goes on to the routes:
 * 200 with `Allow` on a known path (src/http/router.ts), 404 on an unknown one. Every other request gets
 * what `cors()` with its defaults sets on an actual request, `Access-Control-Allow-Origin: *` and nothing
 * else, without its per-request option callbacks.
 */
function corsPreflights(preflight: RequestHandler, then: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS' && req.get('Access-Control-Request-Method') !== undefined) {
      preflight(req, res, next);
      return;
    }
    addToHeaderBlock(res, 'Access-Control-Allow-Origin', '*'); // after helmet's, as `setHeader` would
    then(req, res, next); // in the same layer: one layer less for every API request
  };
}

/** 404 for a path with a NUL (`%00`): it names nothing that can exist (Postgres refuses it in a text). */
const nulIsNotFound: RequestHandler = (req, _res, next) => {
  next(/%00/.test(req.path) ? new ApiError(404) : undefined);
};

/** `handle` for the paths `pattern` matches; every other request goes on at once, past its layers. */
function onlyPaths(pattern: RegExp, handle: RequestHandler): RequestHandler {
  return (req, res, next) => (pattern.test(req.path) ? handle(req, res, next) : next());
}

/** A superset of the paths of `docsRouter` (case-sensitive and strict, as it matches them). */
const DOCS_PATHS = /^\/(?:docs\/|api\/docs)/;

/** Where `parseQueryOnce` keeps a request's parsed query. */
const PARSED_QUERY = Symbol('parsed query');

/**
 * `req.query` of `app` is the request's query as `parsePhpQuery` reads it (src/http/query.ts), parsed on
 * the first read and then kept on the request: Express 5's own getter runs the query parser again on
 * every read, and a request reads its query several times (its parameters, its page links, the request
 * log's serializer).
 */
function parseQueryOnce(app: Express): void {
  app.set('query parser', (raw: string | null | undefined) => parsePhpQuery(raw ?? ''));
  const parse = Object.getOwnPropertyDescriptor(express.request, 'query')!.get!;
  Object.defineProperty(app.request, 'query', {
    configurable: true,
    enumerable: true,
    get(this: express.Request & { [PARSED_QUERY]?: unknown }) {
      return (this[PARSED_QUERY] ??= parse.call(this));
    },
  });
}

/**
 * The request log (pino-http): one compact line per request, no headers (they would log tokens and
 * cookies), and no secret a client put in the query string (`?access_token=`). The serializers read the
 * request and the response themselves (what pino's standard ones would hand them: the URL as the client
 * sent it, the status once the headers are out), without the copy of every header those make per request.
 */
function requestLogger(deps: RouteDeps): RequestHandler {
  return pinoHttp({
    logger: deps.logger,
    genReqId: (req) => requestIdOf(req as express.Request),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    wrapSerializers: false,
    serializers: {
      req: (req: express.Request & { id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl || req.url),
      }),
      res: (res: express.Response) => ({ statusCode: res.headersSent ? res.statusCode : null }),
    },
  });
}

/** Where a request answered by `directApi` keeps its route until the limits let it through. */
const DIRECT_MATCH = Symbol('direct route');

/** Where it keeps `req.params` as the app's layer had them, for the error handlers. */
const APP_PARAMS = Symbol('app params');

/** The mount path of the route table. */
const API_V1 = '/api/v1';

type Directed = express.Request & { [DIRECT_MATCH]?: DirectMatch; [APP_PARAMS]?: unknown };

/**
 * The GET requests of `/api/v1` that Express would hand straight to one public route (`apiRouter`'s
 * `direct`), run with what the app's layers would run for them, in the same order, without Express's
 * routers: the `/api` layer (CORS: `Access-Control-Allow-Origin`, which `corsHeaders`, the header block
 * with it, already holds; the NUL check passes every plain path), the request log, then the limits and
 * the route's handler with `req.baseUrl`, `req.url`, `req.params` and `req.route` as Express sets them.
 * The other layers before `/api/v1` (operations, documentation) take none of these paths. An error goes
 * to the app's error handlers with the request's URL restored, as Express does when it leaves a router.
 * Returns false (nothing done) for every other request, which goes through Express. No closure is made
 * per request unless the request log runs.
 */
function directApi(
  match: (method: string, path: string) => DirectMatch | undefined,
  corsHeaders: readonly string[],
  requestLog: RequestHandler | undefined,
  limit: RateLimit,
): (req: express.Request, res: express.Response, next: NextFunction) => boolean {
  // Back to the app's error handlers, the request as Express leaves it when an error leaves its routers.
  const fail = (req: express.Request, next: NextFunction, error: unknown) => {
    req.baseUrl = '';
    req.url = req.originalUrl;
    req.params = (req as Directed)[APP_PARAMS] as express.Request['params'];
    next(error ?? new Error('Rejected promise'));
  };
  // Express runs a handler so: a throw or a rejection goes to `next`.
  const run = (handle: RequestHandler, req: express.Request, res: express.Response, next: NextFunction) => {
    let result: unknown;
    try {
      result = handle(req, res, next);
    } catch (error) {
      fail(req, next, error);
      return;
    }
    if (result instanceof Promise) result.catch((error: unknown) => fail(req, next, error));
  };
  // The route's handler, behind the limits.
  const limitedRoute = limit.before((req, res, next) => {
    const found = (req as Directed)[DIRECT_MATCH]!;
    req.params = found.params;
    req.route = found.route;
    run(found.handler as RequestHandler, req, res, next);
  });
  const toRoute = (req: express.Request, res: express.Response, next: NextFunction) => {
    req.baseUrl = API_V1;
    req.url = req.url.slice(API_V1.length);
    run(limitedRoute, req, res, next);
  };
  return (req, res, next) => {
    const { url } = req;
    if (url.charCodeAt(API_V1.length) !== 47 /* / */ || !url.startsWith(API_V1)) return false;
    const queryAt = url.indexOf('?', API_V1.length);
    const found = match(req.method, url.slice(API_V1.length, queryAt === -1 ? undefined : queryAt));
    if (!found) return false;
    (req as Directed)[DIRECT_MATCH] = found;
    (req as Directed)[APP_PARAMS] = req.params;
    setHeaderBlock(res, corsHeaders);
    if (requestLog) requestLog(req, res, () => toRoute(req, res, next));
    else toRoute(req, res, next);
    return true;
  };
}

/** Builds the app; it opens no connection of its own (the caller owns `db`, `meili`, `redis`, `searchLog`). */
export function createApp(given: AppDeps): Express {
  const app = express();
  // Operations first: every request is counted and timed; /up, /ready, /metrics and /admin/queues are
  // outside /api, so the request log does not see them, but the limiter counts them (src/ops).
  const resultCache =
    given.resultCache ?? createResultCache(given.config.resultCacheBytes, given.generations);
  const ops = createOps({ ...given, resultCache });
  const deps: RouteDeps = {
    ...given,
    meili: ops.meili,
    lexicon: given.lexicon ?? lexiconProvider(given.db, { logger: given.logger }),
    resultCache,
  };
  // Before the first `use`, which creates the app's router: `/API/v1/...` is 404, as in Laravel.
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.config.trustProxy);
  parseQueryOnce(app);

  // Every request, in one layer: counted and timed (src/ops), and helmet's headers (computed once), as a
  // block set before any other header (src/http/header-block.ts; `X-Powered-By`, which helmet removes,
  // is disabled above). A GET for a public route with a plain path then runs the same layers as below
  // without Express's routers (`directApi`: their matching is a large share of a cached detail's CPU).
  const securityHeaders = securityHeaderBlock();
  prepareHeaderBlocks(app.response);
  const onRedisError = throttledWarning(deps.logger, 'rate limits are off: Redis is unreachable');
  const limit = rateLimit({ ...deps, onRedisError }); // one set of counters for the API and src/ops
  const apiCors = corsPreflights(cors(), nulIsNotFound);
  const requestLog = deps.logger.isLevelEnabled('info') ? requestLogger(deps) : undefined;
  const v1 = apiRouter(deps, API_ROUTES);
  // The header block of a direct answer: helmet's, then what `corsPreflights` adds on a GET.
  const corsHeaders = Object.freeze([...securityHeaders, 'Access-Control-Allow-Origin', '*']);
  const direct = directApi(v1.direct, corsHeaders, requestLog, limit);
  app.use((req, res, next) => {
    ops.track(req, res);
    if (!direct(req, res, next)) {
      setHeaderBlock(res, securityHeaders);
      next();
    }
  });
  // The operations endpoints, entered only by paths that can be theirs.
  const opsRoutes = Router({ caseSensitive: true });
  opsRoutes.use(OPS_PATHS, limitOps(limit));
  opsRoutes.use(ops.router);
  app.use(onlyPaths(OPS_PATH_PREFIX, opsRoutes));
  // No request id is made here: `requestIdOf` makes it when the request log or an error asks for it.
  // A NUL (`%00`) in a path names nothing that can exist (Postgres refuses it in a text): 404.
  app.use('/api', apiCors);
  // The request log: one line per request at `info`. With LOG_LEVEL above `info` it would write nothing
  // but 5xx lines (the error handler logs those anyway), so it is not mounted: no per-request child logger.
  if (requestLog) app.use('/api', requestLog);
  // /docs/api.json and the /api/docs page (src/openapi/routes.ts)
  app.use(onlyPaths(DOCS_PATHS, docsRouter(deps)));
  app.use('/api/v1', limit.before(v1));
  app.use('/files', nulIsNotFound, filesRouter(deps));
  app.use('/api', notFound);
  app.use(notFound);

  // A path value that is not percent-encoded UTF-8 (`/products/%FF`): Express's router fails to decode it
  // (URIError, status 400), but like any unknown slug or id it names no record: 404.
  const undecodable: ErrorRequestHandler = (error, _req, _res, next) => {
    next(error instanceof URIError ? new ApiError(404) : error);
  };
  app.use(undecodable);
  // Meilisearch: retrying before the breaker would probe again is useless, whether it is open yet or not.
  const meiliRetryAfter = String(Math.ceil(deps.config.meiliBreakerHalfOpenMs / 1000));
  const unavailable: ErrorRequestHandler = (error, _req, _res, next) => {
    const meili = isMeiliUnavailable(error);
    if (!meili && !isPostgresUnavailable(error)) return next(error);
    // The open breaker refuses without asking Meilisearch: nothing new to log.
    const broken = [...causeChain(error)].some((e) => e instanceof BrokenCircuitError);
    if (!broken) deps.logger.error({ err: error }, 'a dependency is unavailable');
    const retryAfter = meili ? meiliRetryAfter : String(RETRY_AFTER_S);
    next(new ApiError(503, { headers: { 'Retry-After': retryAfter } }));
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
