/**
 * Renditions made on demand for the CMS preview, with the worker's own pipeline: `runRender` of
 * indexer/jobs/render.ts (the sharp adapter, content-addressed files written to a temp file and renamed,
 * the `renditions` row upserted, an outbox row so the next sync updates the documents), restricted to
 * the one format asked for. The worker and later requests then find the rendition and reuse it.
 *
 * Concurrent requests for the same medium and format in this process share one render (a promise per
 * key); across processes (several API instances, the worker) the same rendition lands on the same path
 * through temp file + rename and on the same row through the upsert, so a double render costs time, never
 * a corrupt file.
 *
 * At most RENDER_SLOTS renders run at once per process; the others wait their turn in arrival order. One
 * 12-megapixel render peaks at about 280 MB (BENCHMARKS.md), so many first previews of different images at
 * once must not all decode together inside an API replica.
 *
 * The render modules (sharp, the HEIC decoder's WebAssembly) are loaded on the first render only: an API
 * that never renders does not carry them.
 */
import type { RenderContext } from '../../../indexer/jobs/render';
import { isCurrentRendition } from '../../catalog/rendition-formats';
import type { PreviewSource } from './query';

type RenderJobModule = typeof import('../../../indexer/jobs/render');
type SharpAdapterModule = typeof import('../../../indexer/render/sharp');

let renderer: RenderJobModule | undefined;

/**
 * The render job module, loaded on first use (about 40 MB and 0.4 s: sharp, bullmq's error class, the HEIC
 * decoder); sharp gets the worker's settings (no operation cache, 2 threads).
 */
function loadRenderer(): RenderJobModule {
  if (!renderer) {
    /* eslint-disable @typescript-eslint/no-require-imports -- a lazy load; `import()` needs ESM here */
    const adapter = require('../../../indexer/render/sharp') as SharpAdapterModule;
    renderer = require('../../../indexer/jobs/render') as RenderJobModule;
    /* eslint-enable @typescript-eslint/no-require-imports */
    adapter.configureSharp();
  }
  return renderer;
}

const inFlight = new Map<string, Promise<boolean>>();

/** Renders running at once in this process (sharp itself uses 2 threads per render). */
export const RENDER_SLOTS = 2;
let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** Runs `task` once a render slot is free; frees it when the task settles. */
async function inSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= RENDER_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  peak = Math.max(peak, running);
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to the next waiting render
    else running -= 1;
  }
}

/** The most renders that ran at once since start (for tests and metrics). */
export function peakRenders(): number {
  return peak;
}

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
 * Renders the format `formatKey` of medium `mediumId` now (the same job the worker runs, restricted to
 * that format). Resolves true when it ran, false when the original cannot be rendered (corrupt, truncated,
 * an unsupported codec: logged as a warning, the worker fails the same way). Other errors reject.
 */
export function renderOnDemand(ctx: RenderContext, mediumId: number, formatKey: string): Promise<boolean> {
  const key = `${mediumId}:${formatKey}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = inSlot(async () => {
      const { runRender } = loadRenderer();
      try {
        await runRender(ctx, { target: 'media', id: mediumId }, [formatKey]);
        return true;
      } catch (error) {
        // bullmq's UnrecoverableError: the bytes will not get better, a retry would fail the same way.
        if ((error as { name?: unknown }).name !== 'UnrecoverableError') throw error;
        ctx.logger.warn({ err: error, mediumId, format: formatKey }, 'preview: original cannot be rendered');
        return false;
      }
    }).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
