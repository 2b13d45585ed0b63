/**
 * Route wiring (spec "General rules" 1): every documented path answers GET (and HEAD, as Express derives it
 * from GET); any other method gets 405 `method_not_allowed` with `Allow: GET, HEAD`. CORS preflights
 * (OPTIONS) are answered by the cors middleware before they reach a route.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import { ApiError } from './errors';

/** A route handler: reads the request, writes the JSON response. Rejections go to the error middleware. */
export type Handler = (req: Request, res: Response) => Promise<void> | void;

const ALLOW = 'GET, HEAD';

const methodNotAllowed: RequestHandler = (_req, _res, next) => {
  next(new ApiError(405, { code: 'method_not_allowed', headers: { Allow: ALLOW } }));
};

/**
 * Registers `handler` for GET on `path` of `router` behind the `before` middleware (e.g. requireToken), and
 * 405 for every other method. A wrong method is 405 before any authentication, as in Laravel's routing.
 */
export function get(router: Router, path: string, handler: Handler, ...before: RequestHandler[]): void {
  router
    .route(path)
    .get(...before, async (req, res) => handler(req, res))
    .all(methodNotAllowed);
}
