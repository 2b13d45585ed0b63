/**
 * The queue dashboard (Bull Board) at `/admin/queues` on the API's own port (docs/operations.md): the
 * index queue's jobs (reindex, sync, prune-search-log) and the render queue's (render, preview) by state,
 * failed jobs with their error and stack, and retry.
 *
 * Reading it (GET and HEAD: the page, its static files, Bull Board's read API) needs a token with `*` or
 * `ops:queues:write` (`OPS_READ`); changing a queue (every other method: pause, resume, add, retry, promote,
 * clean, empty, obliterate, job schedulers, job data, ...) needs `ops:queues:write`, which `*` does not grant
 * (src/tokens/tokens.ts): 401/403 otherwise, in the spec's error shape, before Bull Board sees the request. A
 * reader without the right gets Bull Board in read-only mode, so its page offers no action it would refuse.
 * Its UI pages and static files need the header too; docs/operations.md ("The dashboard in a browser") says
 * how an operator gets it into a browser.
 */
import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { authOf, can, requireToken } from '../http/auth';
import { ApiError } from '../http/errors';
import type { LazyQueue } from '../jobs/connection';
import type { IndexQueue } from '../jobs/index-queue';
import type { RenderQueue } from '../jobs/render-queue';
import { OPS_READ, QUEUES_WRITE } from '../tokens/tokens';

/** Where the dashboard is mounted. */
export const DASHBOARD_PATH = '/admin/queues';

/** The methods that only read; Bull Board's write API uses PUT, POST and PATCH. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * A Bull Board over the index queue and (when given) the render queue; read-only refuses every change.
 * Bull Board's modules and the queues (BullMQ) are loaded here, on the dashboard's first authorized
 * request, not with the app: an API process nobody opens the dashboard in never holds them (several MB of
 * resident memory).
 */
function board(
  queue: LazyQueue<IndexQueue>,
  renderQueue: LazyQueue<RenderQueue> | undefined,
  readOnlyMode: boolean,
): Router {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see above */
  const { createBullBoard } = require('@bull-board/api') as typeof import('@bull-board/api');
  const { BullMQAdapter } =
    require('@bull-board/api/bullMQAdapter') as typeof import('@bull-board/api/bullMQAdapter');
  const { ExpressAdapter } = require('@bull-board/express') as typeof import('@bull-board/express');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: [
      new BullMQAdapter(queue.queue, {
        allowRetries: true,
        readOnlyMode,
        description: 'index syncs, reindexes, search-log prune',
      }),
      ...(renderQueue
        ? [
            new BullMQAdapter(renderQueue.queue, {
              allowRetries: true,
              readOnlyMode,
              description: 'renditions and CMS previews',
            }),
          ]
        : []),
    ],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Catalog queues' } },
  });
  return serverAdapter.getRouter() as Router;
}

/** 403 `forbidden` for a method that could change a queue, unless the token carries `ops:queues:write`. */
const queueWrites: RequestHandler = (req, _res, next) => {
  if (!READ_METHODS.has(req.method) && !can(authOf(req).abilities, QUEUES_WRITE)) throw new ApiError(403);
  next();
};

/**
 * The dashboard with its token checks (mount it at `DASHBOARD_PATH`): readers get the read-only board,
 * tokens with `ops:queues:write` the writable one (both made on the first request that passes the checks).
 */
export function dashboardRouter(
  db: Knex,
  queue: LazyQueue<IndexQueue>,
  renderQueue?: LazyQueue<RenderQueue>,
): Router {
  let boards: { writable: Router; readOnly: Router } | undefined;
  const router = Router();
  router.use(requireToken(db, OPS_READ), queueWrites, (req, res, next) => {
    boards ??= { writable: board(queue, renderQueue, false), readOnly: board(queue, renderQueue, true) };
    const chosen = can(authOf(req).abilities, QUEUES_WRITE) ? boards.writable : boards.readOnly;
    chosen(req, res, next);
  });
  return router;
}
