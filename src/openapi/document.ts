/**
 * The OpenAPI 3.1 document of the API (spec "Specification document"), generated from the route table
 * (src/routes.ts: path, auth, query schema, response schema of every route), the shared error and
 * pagination schemas, and the `/files` and operations endpoints outside `/api/v1`. The contract hook of
 * test/support/api.ts validates every response the integration suite receives against this document.
 */
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { cacheScope, type ApiRoute, type RouteAuth } from '../http/router';
import { API_ROUTES } from '../routes';
import { errorResponses, fileResponses, rateLimitHeaders } from './responses';
import { NotReadySchema, ReadySchema, UpSchema } from '../ops/schema';
import { DOCUMENT_DESCRIPTION } from './text';
import { z } from './zod';

/** An OpenAPI 3.1 document as the generator builds it. */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const searchSessionHeader = z.object({
  'X-Search-Session': z.string().optional().openapi({
    description: 'Groups the searches of one session for the anonymous search log (analysis only).',
  }),
});

/** The sentence of an operation's description that says who may call it. */
const authText: Record<RouteAuth, string> = {
  public: 'Public: no token needed.',
  'any-token': 'Any valid token.',
  'content:catalog:read': 'Token with ability `content:catalog:read`.',
  'content:media:read': 'Token with ability `content:media:read`.',
};

/** `ETag` and `Cache-Control` of a JSON response (src/http/caching.ts), `Vary` of a protected one. */
function revalidationHeaders(auth: RouteAuth): Record<string, z.ZodType> {
  const isPublic = cacheScope(auth) === 'public';
  return {
    ETag: z.string().openapi({
      description: 'Strong ETag of the body; send it as `If-None-Match` to revalidate (304 without a body).',
    }),
    'Cache-Control': z.string().openapi({
      description: isPublic
        ? '`public, max-age=N, s-maxage=M`: N from `API_CACHE_MAX_AGE` (default 0: revalidate every time); M, for shared caches (Varnish, a CDN), from `EDGE_MAX_AGE` (default a day; 0 for a logged search, 5 for an answer served while search is degraded); both never past the moment an image in the body expires, and then `stale-if-error=S` too, so that no cache serves the body stale past that moment. The records the body shows are named in the cache-tag header (`EDGE_TAG_HEADER`, default `xkey`) so that a change purges it.'
        : '`private, no-cache`: only the client keeps it, and revalidates it.',
    }),
    ...(isPublic ? {} : { Vary: z.string().openapi({ description: 'Names `Authorization`.' }) }),
  };
}

/** `Deprecation` and `Link` of a legacy route's responses (src/http/router.ts `Deprecated`). */
const deprecationHeaders: Record<string, z.ZodType> = {
  Deprecation: z.string().openapi({
    description:
      'RFC 9745: `@<unix seconds>`, when this endpoint was deprecated (a legacy endpoint of the earlier overview).',
  }),
  Link: z.string().openapi({
    description: 'RFC 9745: `<url>; rel="successor-version"`, the current endpoint to use instead.',
  }),
};

/** The OpenAPI operation of a route of the route table (src/routes.ts). */
function registerOperation(registry: OpenAPIRegistry, op: ApiRoute): void {
  const statuses = [
    ...(op.auth === 'public' ? [] : [401]),
    ...(op.auth.includes(':') ? [403] : []),
    ...(op.errors ?? []),
    // A legacy route is not mounted with API_LEGACY_ENDPOINTS=false: its path is then unknown (404).
    ...(op.deprecated && !op.errors?.includes(404) ? [404] : []),
    405,
    429,
    500,
    503,
  ];
  const errors = errorResponses();
  const legacy = op.deprecated ? deprecationHeaders : {};
  const responses: Record<number, ResponseConfig> =
    op.response === 'file'
      ? fileResponses(op.okDescription, rateLimitHeaders)
      : {
          200: {
            description: op.okDescription,
            headers: z.object({ ...revalidationHeaders(op.auth), ...rateLimitHeaders, ...legacy }),
            content: { 'application/json': { schema: op.response } },
          },
          304: {
            description:
              'Not modified: `If-None-Match` matched the ETag (also with `Cache-Control: no-cache`).',
            headers: z.object({ ...revalidationHeaders(op.auth), ...rateLimitHeaders, ...legacy }),
          },
        };
  for (const status of statuses.sort((a, b) => a - b)) responses[status] = errors[status]!;
  const route: RouteConfig = {
    method: 'get',
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [
      op.description,
      op.deprecated
        ? `Deprecated (legacy layer of the earlier overview, docs/api/legacy.md): use \`GET ${op.deprecated.successor}\`. Not mounted when the server runs with \`API_LEGACY_ENDPOINTS=false\`.`
        : undefined,
      authText[op.auth],
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(op.deprecated ? { deprecated: true } : {}),
    security: op.auth === 'public' ? [] : [{ bearerAuth: [] }],
    request: {
      ...(op.pathParams ? { params: op.pathParams } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.searchSession ? { headers: searchSessionHeader } : {}),
    },
    responses,
  };
  registry.registerPath(route);
}

/** `/files/...`: the public file URLs of `url`, `conversions` (outside `/api/v1`, not rate-limited). */
function registerFiles(registry: OpenAPIRegistry, appUrl: string): void {
  const kind = z.enum(['media', 'uploads', 'catalogs']).openapi({
    description:
      '`media` (media library), `uploads` (uploaded on a product) or `catalogs` (the PDF of a catalog of the deprecated `/catalogs`, originals only; not mounted with `API_LEGACY_ENDPOINTS=false`).',
  });
  const id = z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .openapi({ description: 'The record id.' });
  const hash = z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .openapi({
      description: "The first 32 hex digits of the file's SHA-256 (of the rendition id for a rendition).",
    });
  const name = z.string().openapi({ description: 'The file name, percent-encoded.' });
  const errors = errorResponses(false);
  const fileErrors = {
    404: errors[404]!,
    405: errors[405]!,
    416: errors[416]!,
    500: errors[500]!,
    503: errors[503]!,
  };
  const common = {
    method: 'get' as const,
    tags: ['Files'],
    servers: [{ url: appUrl, description: 'The app root (files are served outside /api/v1).' }],
    security: [],
  };
  registry.registerPath({
    ...common,
    path: '/files/{kind}/{id}/{hash}/{name}',
    operationId: 'getFile',
    summary: 'An original file (the `url` of a medium)',
    description:
      'Served while its record is public; any URL that does not name a public record exactly is 404. Cached 5 minutes.',
    request: { params: z.object({ kind, id, hash, name }) },
    responses: { ...fileResponses('The original.'), ...fileErrors },
  });
  registry.registerPath({
    ...common,
    path: '/files/{kind}/{id}/{hash}/{format}/{name}',
    operationId: 'getRendition',
    summary: 'A rendition (the URLs in `conversions`)',
    description: 'Immutable (cached a year); visibility is still checked on every request.',
    request: {
      params: z.object({
        kind,
        id,
        hash,
        format: z.string().openapi({ description: 'An image-format key.' }),
        name,
      }),
    },
    responses: { ...fileResponses('The rendition.'), ...fileErrors },
  });
}

/**
 * The operations endpoints of src/ops at the app root: `/up`, `/ready` (public), `/metrics` and the queue
 * dashboard `/admin/queues` (token with ability `*` or `ops:queues:write`). Counted by the request limits,
 * not under `/api`.
 */
function registerOps(registry: OpenAPIRegistry, appUrl: string): void {
  const errors = errorResponses();
  const noStore = z.object({ 'Cache-Control': z.literal('no-store'), ...rateLimitHeaders });
  const common = {
    method: 'get' as const,
    tags: ['Operations'],
    servers: [{ url: appUrl, description: 'The app root (operations endpoints are outside /api/v1).' }],
  };
  // As on the API: any method but GET, HEAD (and OPTIONS) is 405 with `Allow`, before any token check.
  const probeErrors = {
    405: errors[405]!,
    429: {
      ...errors[429]!,
      description:
        "`too_many_requests`: over the request limit (per token, or per IP without one). The host asking itself over loopback without forwarding headers (the image's HEALTHCHECK) and the `API_UNLIMITED_NETWORKS` are never counted.",
    },
  };
  const admin = {
    ...common,
    security: [{ bearerAuth: [] }],
  };
  const adminErrors = {
    401: errors[401]!,
    403: {
      ...errors[403]!,
      description: '`forbidden`: a valid token with neither the ability `*` nor `ops:queues:write`.',
    },
    429: errors[429]!,
    500: errors[500]!,
    503: {
      ...errors[503]!,
      description: '`service_unavailable`: Postgres (the token check) is unreachable.',
    },
  };
  registry.registerPath({
    ...common,
    path: '/up',
    operationId: 'up',
    summary: 'Liveness: the process runs',
    description:
      'Asks no dependency, so an outage of Postgres or Meilisearch never makes an orchestrator restart a healthy process. Public: no token needed.',
    security: [],
    responses: {
      200: {
        description: 'The process is alive.',
        headers: noStore,
        content: { 'application/json': { schema: UpSchema } },
      },
      ...probeErrors,
    },
  });
  registry.registerPath({
    ...common,
    path: '/ready',
    operationId: 'ready',
    summary: 'Readiness: Postgres, Redis, Meilisearch and the live indexes answer',
    description:
      'Each check has 1 second; they run in parallel. Public: no token needed. Why a check failed is shown only when the server runs with `APP_ENV=local` or to a token with `*` or `ops:queues:write` (an invalid token or another one is not refused: it reads what anyone reads, `failing` per failed check).',
    security: [{}, { bearerAuth: [] }],
    responses: {
      200: {
        description: 'Ready.',
        headers: noStore,
        content: { 'application/json': { schema: ReadySchema } },
      },
      ...probeErrors,
      503: {
        description: 'Not ready: `failed` names the failed checks, `checks` says which (and why, see above).',
        headers: noStore.extend({
          'Retry-After': z
            .string()
            .regex(/^\d+$/)
            .openapi({ description: 'Seconds to wait before asking again (5).' }),
        }),
        content: { 'application/json': { schema: NotReadySchema } },
      },
    },
  });
  registry.registerPath({
    ...admin,
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description:
      'Requests by route pattern and status, Meilisearch and Postgres latencies, the index outbox backlog, the index queue by state, the search-log counters and process metrics. Token with ability `*` or `ops:queues:write`.',
    responses: {
      200: {
        description: 'The Prometheus text exposition format (version 0.0.4).',
        headers: noStore,
        content: { 'text/plain': { schema: z.string() } },
      },
      ...adminErrors,
      405: errors[405]!,
    },
  });
  registry.registerPath({
    ...admin,
    path: '/admin/queues',
    operationId: 'queueDashboard',
    summary: 'The queue dashboard (Bull Board)',
    description:
      "The index and render queues' jobs by state, failed jobs with their error. The page loads its static files and Bull Board's own JSON API under `/admin/queues/` (not described here), each with the same token check. Reading (GET, HEAD) needs a token with `*` or `ops:queues:write`; any other method (Bull Board's write API: pause, resume, add, retry, promote, clean, empty, obliterate, job schedulers, job data) needs `ops:queues:write`, which `*` does not grant. A token without it sees the board read-only.",
    responses: {
      200: {
        description: 'The dashboard page.',
        content: { 'text/html': { schema: z.string() } },
      },
      ...adminErrors,
      403: {
        ...errors[403]!,
        description:
          '`forbidden`: a valid token with neither `*` nor `ops:queues:write`; for any method but GET and HEAD, a token without `ops:queues:write`.',
      },
      404: {
        ...errors[404]!,
        description:
          '`not_found`: a method other than GET and HEAD with `ops:queues:write` (the page takes no other; the write API is under `/admin/queues/api/`).',
      },
    },
  });
}

/**
 * The document for a server at `appUrl` (APP_URL; the API is `${appUrl}/api/v1`); `legacyEndpoints: false`
 * leaves out the legacy layer, as a server with `API_LEGACY_ENDPOINTS=false` does.
 */
export function buildOpenApiDocument(
  appUrl: string,
  options: { legacyEndpoints?: boolean } = {},
): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token `<id>|<secret>`, created by an administrator (`npm run token:create`).',
  });
  // The legacy layer is documented (deprecated) unless the server runs without it.
  for (const op of API_ROUTES) {
    if (!op.deprecated || options.legacyEndpoints !== false) registerOperation(registry, op);
  }
  registerFiles(registry, appUrl);
  registerOps(registry, appUrl);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Catalog and Media Read API',
      version: '1.0.0',
      description: DOCUMENT_DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `${appUrl}/api/v1`, description: 'This server' }],
    tags: [
      { name: 'Catalog', description: 'Products, articles, manufacturers, taxonomies (public).' },
      { name: 'Tractors', description: 'Tractor series and models (public).' },
      { name: 'Media', description: 'Media, folders and image formats (public).' },
      { name: 'Account', description: "The token's user." },
      {
        name: 'Legacy (deprecated)',
        description:
          'The endpoints of the earlier overview over current data (public records only, never a price): use their successors (docs/api/legacy.md).',
      },
      { name: 'Content (CMS)', description: 'Protected endpoints for a CMS (token with an ability).' },
      { name: 'Files', description: 'Public file URLs (outside /api/v1).' },
      {
        name: 'Operations',
        description:
          'Health checks, metrics and the queue dashboard (at the app root, counted by the request limits).',
      },
    ],
  });
}
