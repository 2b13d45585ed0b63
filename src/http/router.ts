/**
 * The route declaration and its machinery (spec "General rules" 1, "Authentication"): every route of
 * `/api/v1` is one `route({...})` in the routes.ts of its resource (spread into src/routes.ts), and
 * everything else is derived from it: the Express route with its auth middleware and 405 for other
 * methods (`mountRoutes`, `apiRouter`), and the OpenAPI operation (src/openapi/document.ts). Every
 * documented path answers GET (and HEAD, as Express derives it from GET); OPTIONS gets Laravel's empty
 * 200 with `Allow: GET,HEAD`; any other method gets 405 `method_not_allowed` with `Allow: GET, HEAD`,
 * before any authentication, as in Laravel's routing. CORS preflights (OPTIONS with
 * `Access-Control-Request-Method`) are answered by the CORS middleware before they reach a route.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps, RouteDeps } from '../deps';
import { z } from '../openapi/zod';
import { requireToken } from './auth';
import { sendJson, type CachePolicy, type CacheScope, type JsonReply } from './caching';
import { ApiError } from './errors';
import { parseQuery, type ParsedQuery, type QuerySchema } from './query';

/** The abilities a token can be asked for (spec "Authentication"). */
export type Ability = 'content:catalog:read' | 'content:media:read';

/** Who may call a route: anyone, any valid token, or a token with the ability. */
export type RouteAuth = 'public' | 'any-token' | Ability;

/** A plain handler: reads the request, writes the response. Rejections go to the error middleware. */
export type Handler = (req: Request, res: Response) => Promise<void> | void;

/**
 * A route's handler, given the route's parsed query (`undefined` for a route without query). It returns
 * the JSON reply (`reply(body)` of src/http/caching.ts: sent with ETag, 304 and Cache-Control), or writes
 * the response itself (files) and returns nothing.
 */
export type RouteHandler<Q> = (
  req: Request,
  res: Response,
  query: Q,
) => Promise<JsonReply | void> | JsonReply | void;

/**
 * A route of the legacy layer (docs/api/legacy.md): an endpoint of the spec's earlier overview,
 * deprecated in favour of a current one. Its responses carry `Deprecation` and `Link: <successor>;
 * rel="successor-version"` (`deprecationHeaders`), its OpenAPI operation `deprecated: true`, and it is
 * mounted only while `API_LEGACY_ENDPOINTS` is on.
 */
export interface Deprecated {
  /** the current endpoint that replaces it, under `/api/v1` (a path with an optional query) */
  successor: `/${string}`;
}

/**
 * When the legacy layer was deprecated (2026-11-25, 00:00 UTC), sent as RFC 9745
 * `Deprecation: @<unix seconds>`. A date in the past: the endpoints are deprecated now.
 */
export const LEGACY_DEPRECATED_AT = Date.UTC(2026, 10, 25) / 1000;

/** The `Link` value naming `url` as the successor version (RFC 9745 section 3, RFC 5829). */
export function successorLink(url: string): string {
  return `<${url}>; rel="successor-version"`;
}

/**
 * Replaces the `Link` of a legacy response with a more precise successor (a detail's current URL, e.g.
 * `/manufacturers/fendt` for `/makers/11`), an absolute URL.
 */
export function setSuccessor(res: Response, url: string): void {
  res.setHeader('Link', successorLink(url));
}

/** Middleware setting the deprecation headers of a legacy route on every response (errors and 405 too). */
function deprecationHeaders(apiBaseUrl: string, deprecated: Deprecated): RequestHandler {
  const deprecation = `@${LEGACY_DEPRECATED_AT}`;
  const link = successorLink(`${apiBaseUrl}${deprecated.successor}`);
  return (_req, res, next) => {
    res.setHeader('Deprecation', deprecation);
    res.setHeader('Link', link);
    next();
  };
}

/** What the handler factory of a route gets besides the app: its declared path and its absolute URL. */
export interface RouteContext {
  /** the declared path (`/content/products`): a handler shared by two routes tells them apart by it */
  path: `/${string}`;
  /** `${API base URL}${path}` with the OpenAPI path as written (`.../products`): `links.path` */
  url: string;
  /** the route is declared with `searchSession`: its searches go to the search log */
  searchSession: boolean;
}

/** One route of `/api/v1`: its method and path, who may call it, its input and output, and its handler. */
export interface RouteDeclaration<Q> {
  method: 'GET';
  /** the OpenAPI path template under `/api/v1`: `/products/{slug}` */
  path: `/${string}`;
  /** required: a route that does not say who may call it does not compile */
  auth: RouteAuth;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** the path parameters (documentation; the handler reads `req.params` and answers 404 to bad ones) */
  pathParams?: z.ZodObject;
  /** the query: documents the parameters and parses them leniently (src/http/query.ts `querySchema`) */
  query?: QuerySchema<Q>;
  /** the 200 body (`{ data }` or an envelope); 'file' for a binary response */
  response: z.ZodType | 'file';
  okDescription: string;
  /** error statuses beyond 405, 429, 500, 503 (and 401/403 from `auth`) */
  errors?: number[];
  /** the route takes `X-Search-Session` (searches go to the anonymous search log) */
  searchSession?: boolean;
  /** a route of the legacy layer, and the current endpoint that replaces it (see `Deprecated`) */
  deprecated?: Deprecated;
  /**
   * cache tags every 200 answer of a public route carries besides those its handler names (src/edge/tags.ts):
   * kind-wide tags (`index-manufacturers`) for answers whose records are not tagged one by one
   */
  edgeTags?: readonly string[];
  handler: (deps: RouteDeps, ctx: RouteContext) => RouteHandler<Q>;
}

/** A declared route, its query type erased: what the table holds. */
export type ApiRoute = Omit<RouteDeclaration<unknown>, 'handler' | 'query'> & {
  query?: QuerySchema;
  /** the Express handler: parses the query, then calls the declared handler */
  mount: (deps: RouteDeps) => Handler;
};

/** Declares a route (see `RouteDeclaration`); the query type flows from `query` into `handler`. */
export function route<Q = undefined>(declaration: RouteDeclaration<Q>): ApiRoute {
  const { handler, query, ...rest } = declaration;
  return {
    ...rest,
    ...(query ? { query: query as QuerySchema } : {}),
    mount: (deps) => {
      const { path, searchSession = false } = declaration;
      const handle = handler(deps, { path, url: `${deps.config.apiBaseUrl}${path}`, searchSession });
      const scope = cacheScope(declaration.auth);
      const policy: CachePolicy = {
        scope,
        maxAgeSeconds: deps.config.apiCacheMaxAge,
        edgeMaxAgeSeconds: deps.config.edgeMaxAge,
        ...(scope === 'public' && deps.config.edgeTagHeader
          ? { tagHeader: deps.config.edgeTagHeader, routeTags: declaration.edgeTags ?? [] }
          : {}),
      };
      // Synchronous when the handler answers synchronously (a cached detail): no Promise, no extra tick.
      return (req, res) => {
        const input = (query ? parseQuery(query, req.query as ParsedQuery) : undefined) as Q;
        const json = handle(req, res, input);
        if (json instanceof Promise) {
          return json.then((answer) => {
            if (answer) sendJson(req, res, answer, policy);
          });
        }
        if (json) sendJson(req, res, json, policy);
      };
    },
  };
}

/** The `{ data: ... }` body of a route that answers one record or an unpaginated list. */
export function dataOf(schema: z.ZodType) {
  return z.strictObject({ data: schema });
}

/** The `{slug}` path parameter, described. */
export function slugParam(description: string) {
  return z.object({ slug: z.string().openapi({ description }) });
}

/** The `{id}` path parameter (an integer id, digits only), described. */
export function idParam(description: string) {
  return z.object({ id: z.string().regex(/^\d+$/).openapi({ description }) });
}

/** Public routes may be kept by shared caches (a CDN); the bodies of protected ones depend on the token. */
export function cacheScope(auth: RouteAuth): CacheScope {
  return auth === 'public' ? 'public' : 'private';
}

const ALLOW = 'GET, HEAD';

const methodNotAllowed: RequestHandler = (_req, _res, next) => {
  next(new ApiError(405, { code: 'method_not_allowed', headers: { Allow: ALLOW } }));
};

/**
 * `OPTIONS` on a known path (not a CORS preflight: app.ts answers those): what Laravel's router sends, 200
 * with an empty body and `Allow: GET,HEAD` (laravel-wire-conventions "Methods"; no token needed, not
 * counted against the request limits).
 */
const options: RequestHandler = (_req, res) => {
  res
    .status(200)
    .set({
      Allow: 'GET,HEAD',
      'Cache-Control': 'no-cache, private',
      'Content-Type': 'text/html; charset=UTF-8',
    })
    .end();
};

/** The Express path of an OpenAPI path template: `/products/{slug}` → `/products/:slug`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The auth middleware of `auth`, or none for a public route. */
function authMiddleware(deps: AppDeps, auth: RouteAuth): RequestHandler[] {
  if (auth === 'public') return [];
  return [requireToken(deps.db, auth === 'any-token' ? undefined : auth)];
}

/**
 * Registers each route of `routes` on `router`: GET behind its auth middleware, 405 for other methods.
 * Legacy routes (`deprecated`) get their deprecation headers on every response, and are left out while
 * `API_LEGACY_ENDPOINTS` is off (their paths are then unknown: 404). `mount` gives a route's handler
 * (by default `r.mount(deps)`).
 */
export function mountRoutes(
  router: Router,
  deps: RouteDeps,
  routes: readonly ApiRoute[],
  mount: (r: ApiRoute) => Handler = (r) => r.mount(deps),
): void {
  for (const r of routes) {
    if (r.deprecated && !deps.config.legacyEndpoints) continue;
    const path = expressPath(r.path);
    if (r.deprecated) router.all(path, deprecationHeaders(deps.config.apiBaseUrl, r.deprecated));
    get(router, path, mount(r), ...authMiddleware(deps, r.auth));
  }
}

/**
 * Registers `handler` for GET on `path` of `router` behind the `before` middleware, 200 with `Allow` for
 * OPTIONS, and 405 for every other method. For routers outside the route table too (the documentation
 * routes of src/openapi/routes.ts).
 */
export function get(router: Router, path: string, handler: Handler, ...before: RequestHandler[]): void {
  router
    .route(path)
    .get(...before, handler) // Express 5 passes a thrown error or a rejection to the error handlers
    .options(options)
    .all(methodNotAllowed);
}

/** The first segment of a path (`/media/5001` → `media`, `/` → ``), as sent: not decoded, case kept. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/** A route as `directRoutes` matches it. */
interface DirectRoute {
  /** the route's path segments: a literal, or `undefined` for a parameter */
  segments: readonly (string | undefined)[];
  /** the parameter names, in the order of the `undefined` segments */
  names: readonly string[];
  /** set for a route a GET may reach directly: what Express leaves in `req.route`, and the handler */
  direct?: { route: { path: string }; handler: Handler };
}

/** A path as the direct routes take it: segments of unreserved characters only, none empty. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/** A request for a route that Express would hand to that route's GET handler with nothing in between. */
export interface DirectMatch {
  handler: Handler;
  /** what Express's router sets as `req.route` (the metrics label its `path`) */
  route: { path: string };
  /** the path parameters, as Express would set `req.params` (nothing to decode in a plain path) */
  params: Record<string, string>;
}

/** The routes of a group for `directRoutes`, or undefined when the group must stay with Express. */
function directGroup(
  deps: RouteDeps,
  routes: readonly ApiRoute[],
  handlerOf: (r: ApiRoute) => Handler,
): DirectRoute[] | undefined {
  const group: DirectRoute[] = [];
  for (const r of routes) {
    if (r.deprecated && !deps.config.legacyEndpoints) continue; // not mounted: its paths are unknown
    const segments: (string | undefined)[] = [];
    const names: string[] = [];
    for (const s of r.path.slice(1).split('/')) {
      const param = /^\{(\w+)\}$/.exec(s);
      // A segment neither a plain literal nor a whole parameter (`{a}.{b}`): Express's matching alone.
      if (!param && !PLAIN_PATH.test(`/${s}`)) return undefined;
      if (param) names.push(param[1]!);
      segments.push(param ? undefined : s);
    }
    // A protected or deprecated route (auth or deprecation middleware first) is not direct, but it still
    // takes the paths it matches from the routes after it.
    const direct = r.auth === 'public' && !r.deprecated;
    group.push({
      segments,
      names,
      ...(direct ? { direct: { route: { path: expressPath(r.path) }, handler: handlerOf(r) } } : {}),
    });
  }
  return group;
}

/** True when every literal segment of `segments` is the segment of `path` (a plain path) in its place. */
function matchesAt(segments: readonly (string | undefined)[], path: string): boolean {
  let start = 1;
  for (const segment of segments) {
    const end = path.indexOf('/', start);
    const stop = end === -1 ? path.length : end;
    if (segment !== undefined && (stop - start !== segment.length || !path.startsWith(segment, start))) {
      return false;
    }
    start = stop + 1;
  }
  return true;
}

/** The parameters of `route` in `path` (a plain path it matches), as Express sets `req.params`. */
function paramsOf(route: DirectRoute, path: string): Record<string, string> {
  const params = Object.create(null) as Record<string, string>;
  let start = 1;
  let n = 0;
  for (const segment of route.segments) {
    const end = path.indexOf('/', start);
    const stop = end === -1 ? path.length : end;
    if (segment === undefined) params[route.names[n++]!] = path.slice(start, stop);
    start = stop + 1;
  }
  return params;
}

/**
 * The middleware mounted at `/api/v1`: `routes` (src/routes.ts `API_ROUTES`). Paths are case-sensitive, as
 * Laravel's routes are (`/Products` is 404). Every route's first segment is a literal, so the routes are
 * grouped by it, one Express router per group, and a request goes to its group's router alone (a few
 * routes to match instead of the whole table); a path no group has goes on (`next`), as an unmatched one
 * does. Within a group Express matches, decodes parameters and answers 405/OPTIONS as before.
 *
 * `direct(method, path)` (`path`: the request's path under the mount, without the query) names the route
 * Express would run for a GET whose path is plain (segments of unreserved characters: nothing to decode,
 * no trailing slash) when that route is public and not deprecated: its GET handler (the one Express runs,
 * mounted once), its `req.route` and its parameters, matched as Express matches (case-sensitive, routes in
 * their order, a parameter one whole segment). Undefined for every other request.
 */
export function apiRouter(
  deps: RouteDeps,
  routes: readonly ApiRoute[],
): RequestHandler & { direct: (method: string, path: string) => DirectMatch | undefined } {
  const bySegment = new Map<string, ApiRoute[]>();
  for (const r of routes) {
    const segment = firstSegment(r.path);
    if (segment === '' || /[{:*(]/.test(segment)) {
      throw new Error(`route ${r.path}: its first segment must be a literal (routes are grouped by it)`);
    }
    bySegment.set(segment, [...(bySegment.get(segment) ?? []), r]);
  }
  const handlers = new Map<ApiRoute, Handler>();
  const handlerOf = (r: ApiRoute): Handler => {
    let handler = handlers.get(r);
    if (!handler) handlers.set(r, (handler = r.mount(deps)));
    return handler;
  };
  const groups = new Map<string, Router>();
  const directGroups = new Map<string, DirectRoute[]>();
  for (const [segment, members] of bySegment) {
    const group = Router({ caseSensitive: true });
    mountRoutes(group, deps, members, handlerOf);
    groups.set(segment, group);
    const direct = directGroup(deps, members, handlerOf);
    if (direct) directGroups.set(segment, direct);
  }
  const direct = (method: string, path: string): DirectMatch | undefined => {
    if (method !== 'GET' || !PLAIN_PATH.test(path)) return undefined;
    const firstEnd = path.indexOf('/', 1);
    const group = directGroups.get(firstEnd === -1 ? path.slice(1) : path.slice(1, firstEnd));
    if (group === undefined) return undefined;
    // The segments' bounds, without an array of their texts: a literal is compared in place.
    let count = 1;
    for (let i = firstEnd; i !== -1; i = path.indexOf('/', i + 1)) count++;
    for (const candidate of group) {
      if (candidate.segments.length !== count || !matchesAt(candidate.segments, path)) continue;
      if (!candidate.direct) return undefined;
      return {
        handler: candidate.direct.handler,
        route: candidate.direct.route,
        params: paramsOf(candidate, path),
      };
    }
    return undefined;
  };
  const handler: RequestHandler = (req, res, next) => {
    const group = groups.get(firstSegment(req.path));
    if (group) group(req, res, next);
    else next();
  };
  return Object.assign(handler, { direct });
}
