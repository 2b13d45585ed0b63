/**
 * The specification document and its reading page (spec "Specification document"):
 * - `GET /docs/api.json`: the OpenAPI 3.1 document (src/openapi/document.ts), built once per app. Open when
 *   `APP_ENV=local`; otherwise only to a bearer token whose user has the permission `viewApiDocs`
 *   (`users.permissions`): 401 `unauthenticated` without a valid token, 403 `forbidden` without the right.
 * - `GET /api/docs`: a public page rendering it with Swagger UI, served from the `swagger-ui-dist` package
 *   (no CDN). Its script loads `/docs/api.json` with the token the visitor enters (kept in sessionStorage
 *   for the tab), and sends that token with "Try it out" requests. Its own Content-Security-Policy
 *   (scripts and styles from this origin only) replaces helmet's on these paths only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../deps';
import { tokenOf } from '../http/auth';
import { ApiError } from '../http/errors';
import { get } from '../http/router';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

export const DOCS_PERMISSION = 'viewApiDocs';

const requireHere = createRequire(__filename);
const SWAGGER_DIR = path.dirname(requireHere.resolve('swagger-ui-dist/package.json'));
const PAGE_DIR = path.join(__dirname, 'page');

/** The files of the page: name under `/api/docs/` → file on disk. Nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': path.join(SWAGGER_DIR, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(SWAGGER_DIR, 'swagger-ui-bundle.js'),
  'docs.js': path.join(PAGE_DIR, 'docs.js'),
  'docs.css': path.join(PAGE_DIR, 'docs.css'),
};

/**
 * The page's policy: everything from this origin, nothing inline but style attributes (Swagger UI sets
 * them), images also as data: URLs (its icons); requests ("Try it out") to this origin and the API's.
 */
function pageCsp(appUrl: string): string {
  const api = new URL(appUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** 401/403 unless the app runs locally or the token's user may read the document. */
function docsAccess(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    if (deps.config.appEnv === 'local') return next();
    const token = await tokenOf(req, deps.db);
    if (!token) throw new ApiError(401);
    const user = await deps.db('users').first('permissions').where('id', token.user_id);
    const permissions: unknown = user?.permissions;
    if (!Array.isArray(permissions) || !permissions.includes(DOCS_PERMISSION)) throw new ApiError(403);
    next();
  };
}

/** The router to mount at the app root: `/docs/api.json`, `/api/docs` and the page's files. */
export function docsRouter(deps: AppDeps): Router {
  const router = Router({ caseSensitive: true, strict: true });
  let document: OpenApiDocument | undefined;
  get(
    router,
    '/docs/api.json',
    (_req: Request, res: Response) => {
      document ??= buildOpenApiDocument(deps.config.appUrl, {
        legacyEndpoints: deps.config.legacyEndpoints,
      });
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(document);
    },
    docsAccess(deps),
  );
  const csp = pageCsp(deps.config.appUrl);
  get(router, '/api/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', csp);
    res.sendFile(path.join(PAGE_DIR, 'index.html'));
  });
  get(router, '/api/docs/:asset', (req, res) => {
    const file = ASSETS[String(req.params.asset)];
    if (!file) throw new ApiError(404);
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.sendFile(file);
  });
  return router;
}
