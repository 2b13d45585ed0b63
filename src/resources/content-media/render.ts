/**
 * Renditions for the CMS preview that the worker has not made yet. The API does not render: it adds a
 * high-priority `preview` job to the render queue (src/jobs/render-queue.ts; the worker's render worker
 * runs the same pipeline as the backlog renders, restricted to the one format, and writes the
 * content-addressed file under MEDIA_ROOT, shared by API and worker) and waits for it with `QueueEvents`
 * at most PREVIEW_TIMEOUT_MS. Concurrent requests for the same medium and format, in this process or in
 * other API replicas, join one job (a deterministic job id). So the API process never loads sharp or the
 * HEIC decoder (test/api/api-modules.test.ts checks it).
 *
 * When the wait runs out the job is not withdrawn: the worker finishes it and the next request finds the
 * stored rendition. That request meanwhile gets 503 `service_unavailable` with `Retry-After`, as when
 * Redis does not answer.
 */
import { isCurrentRendition } from '../../catalog/rendition-formats';
import { ApiError } from '../../http/errors';
import type { RenderJobs } from '../../jobs/render-queue';
import type { Logger } from '../../logger';
import type { PreviewSource } from './query';

/** Seconds a client is told to wait before asking again after a 503 of the preview. */
export const PREVIEW_RETRY_AFTER_S = 5;

/**
 * True when `source` holds a rendition of its format made from the current original with the current
 * format settings, and its file is on disk under `mediaRoot`.
 */
export async function isCurrentPreview(mediaRoot: string, source: PreviewSource): Promise<boolean> {
  const { rendition, format } = source;
  return Boolean(
    rendition && format && (await isCurrentRendition(mediaRoot, rendition, source.sha256, format)),
  );
}

/**
 * 503 `service_unavailable` with `Retry-After`: the rendition is not ready (yet). `reason` goes to
 * `error.details.reason`: `timeout`, `queue unavailable`, `render failed` or `no render queue`.
 */
function notReady(reason: string): ApiError {
  return new ApiError(503, {
    message:
      reason === 'timeout'
        ? 'The preview is being rendered; try again shortly.'
        : 'The preview cannot be rendered right now; try again later.',
    details: { reason },
    headers: { 'Retry-After': String(PREVIEW_RETRY_AFTER_S) },
  });
}

export interface PreviewRenderDeps {
  /** The render queue's producer side; absent (an app without Redis queues): every render is a 503. */
  renderJobs: RenderJobs | undefined;
  /** PREVIEW_TIMEOUT_MS */
  timeoutMs: number;
  logger: Logger;
}

/**
 * `source` when its rendition of `format` is current; otherwise has the worker render it, waits, and
 * resolves with the preview source read again by `reread` (the caller's own query) once that is current.
 * Throws `ApiError` 404 when the original cannot be rendered (corrupt, truncated, an unsupported codec),
 * the record is gone, or the rendition is still not current after the job ran; 503 (with `Retry-After`)
 * when the wait ran out, Redis did not answer in time, or the job failed.
 */
export async function currentPreview<S extends PreviewSource>(
  deps: PreviewRenderDeps,
  mediaRoot: string,
  source: S,
  format: string,
  reread: () => Promise<S | undefined>,
): Promise<S> {
  if (await isCurrentPreview(mediaRoot, source)) return source;
  const { renderJobs } = deps;
  if (!renderJobs) throw notReady('no render queue');
  const request = { mediumId: source.id, format };
  for (let attempt = 1; ; attempt += 1) {
    const started = Date.now();
    const outcome = await renderJobs.preview(request, deps.timeoutMs);
    if (outcome.state === 'timeout') {
      deps.logger.warn({ ...request, waitedMs: Date.now() - started }, 'preview: render not done in time');
      throw notReady('timeout');
    }
    if (outcome.state === 'unavailable') {
      deps.logger.error({ ...request, reason: outcome.error }, 'preview: render queue unavailable');
      throw notReady('queue unavailable');
    }
    const now = await reread();
    if (!now) throw new ApiError(404);
    if (await isCurrentPreview(mediaRoot, now)) return now;
    // A job that had ended before this request (kept as failed, or completed long ago): ask once more.
    if (outcome.stale && attempt === 1) {
      await renderJobs.retire(request).catch(() => undefined);
      continue;
    }
    if (outcome.result?.status === 'unrenderable') throw new ApiError(404);
    if (outcome.error) {
      deps.logger.error({ ...request, reason: outcome.error }, 'preview: render job failed');
      throw notReady('render failed');
    }
    throw new ApiError(404);
  }
}
