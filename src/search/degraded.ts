/**
 * Degraded answers (docs/operations.md, "When a dependency fails"): while Meilisearch cannot answer, the
 * lists that need no full-text search come from Postgres. Such a response carries `X-Search-Degraded: 1`,
 * which `/metrics` counts (`api_degraded_responses_total` by route, src/ops/metrics.ts), and the API logs a
 * warning at most once a minute per list.
 */
import type { Response } from 'express';
import { throttledWarning, type Logger } from '../logger';

/** The response header that marks an answer from Postgres instead of the search index. */
export const DEGRADED_HEADER = 'X-Search-Degraded';

/**
 * A function to call when `what` (e.g. "product lists") is answered from Postgres because of `error`:
 * marks the response and logs (throttled).
 */
export function degradedAnswers(logger: Logger, what: string): (res: Response, error: unknown) => void {
  const warn = throttledWarning(logger, `Meilisearch unavailable: ${what} answered from Postgres`);
  return (res, error) => {
    warn(error);
    res.setHeader(DEGRADED_HEADER, '1');
  };
}
