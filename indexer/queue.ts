/**
 * The worker side of the queues: exactly one handler per job name of each registry (style.md, after
 * Immich's job repository). The names, payloads and producers live in src/jobs/ (shared with the API and
 * the command-line tools); worker.ts binds the handlers with `dispatch` (index queue) and `dispatchRender`
 * (render queue).
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { INDEX_JOB_NAMES, type IndexJob, type IndexJobName } from '../src/jobs/index-queue';
import { RENDER_JOB_NAMES, type RenderJob, type RenderJobName } from '../src/jobs/render-queue';

/** Exactly one handler per index job name; the result is stored as the job's return value. */
export type IndexJobHandlers = { [N in IndexJobName]: (job: IndexJob<N>) => Promise<unknown> };
/** Exactly one handler per render job name. */
export type RenderJobHandlers = { [N in RenderJobName]: (job: RenderJob<N>) => Promise<unknown> };

type AnyHandlers = Record<string, (job: Job) => Promise<unknown>>;

/** Throws naming the job names of `names` without a function in `handlers` and the names not in `names`. */
function checkRegistry(label: string, names: readonly string[], handlers: Record<string, unknown>): void {
  const missing = names.filter(
    (name) => !Object.hasOwn(handlers, name) || typeof handlers[name] !== 'function',
  );
  const unknown = Object.keys(handlers).filter((name) => !names.includes(name));
  if (missing.length || unknown.length) {
    throw new Error(
      `${label} job registry: ${[
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        unknown.length ? `handler for unknown job ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  }
}

/** The processor over a checked registry; a job name without a handler fails at once, for good. */
function processor(label: string, handlers: AnyHandlers): (job: Job) => Promise<unknown> {
  return async (job) => {
    const handler = Object.hasOwn(handlers, job.name) ? handlers[job.name] : undefined;
    if (!handler) throw new UnrecoverableError(`no handler for ${label} job "${job.name}"`);
    return handler(job);
  };
}

/**
 * Checks that `handlers` has a function for every index job name and nothing else; throws naming the gap.
 * The worker calls it before it starts, so a job can never sit in the queue without a handler.
 */
export function assertHandlers(handlers: Record<string, unknown>): asserts handlers is IndexJobHandlers {
  checkRegistry('index', INDEX_JOB_NAMES, handlers);
}

/**
 * The BullMQ processor of the index queue for `handlers`: runs the job's handler. A job name without a
 * handler (an older or newer producer) fails at once without retries (`UnrecoverableError`).
 */
export function dispatch(handlers: IndexJobHandlers): (job: IndexJob) => Promise<unknown> {
  assertHandlers(handlers);
  return processor('index', handlers as unknown as AnyHandlers) as (job: IndexJob) => Promise<unknown>;
}

/** The BullMQ processor of the render queue; checks the registry as `dispatch` does (throws on a gap). */
export function dispatchRender(handlers: RenderJobHandlers): (job: RenderJob) => Promise<unknown> {
  checkRegistry('render', RENDER_JOB_NAMES, handlers);
  return processor('render', handlers as unknown as AnyHandlers) as (job: RenderJob) => Promise<unknown>;
}
