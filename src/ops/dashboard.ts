/**
 * The queue dashboard (Bull Board) at `/admin/queues` on the API's own port (README "Operations"): the
 * index queue's jobs (reindex, sync, prune-search-log) and the render queue's (render, preview) by state, failed jobs with their error and
 * stack, and retry. Protected like `/metrics`: a bearer token with ability `*` (401/403 otherwise, in the
 * spec's error shape). Its UI pages and static files need the header too; README says how an operator
 * gets it into a browser.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Router } from 'express';
import type { IndexQueue } from '../jobs/index-queue';
import type { RenderQueue } from '../jobs/render-queue';

/** Where the dashboard is mounted. */
export const DASHBOARD_PATH = '/admin/queues';

/**
 * The Bull Board router over the index queue and (when given) the render queue; mount it at
 * `DASHBOARD_PATH` behind the token check.
 */
export function dashboardRouter(queue: IndexQueue, renderQueue?: RenderQueue): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: [
      new BullMQAdapter(queue, {
        allowRetries: true,
        description: 'index syncs, reindexes, search-log prune',
      }),
      ...(renderQueue
        ? [new BullMQAdapter(renderQueue, { allowRetries: true, description: 'renditions and CMS previews' })]
        : []),
    ],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Catalog queues' } },
  });
  return serverAdapter.getRouter() as Router;
}
