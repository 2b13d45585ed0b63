/**
 * Decode slots: at most `size` renders hold a decoded original and sharp's threads at once, while more
 * render jobs than that may be running. A job spends part of its time outside sharp (the owner's SQL read,
 * the file writes, the rows' insert, BullMQ's `moveToFinished` that fetches the next job); with one job
 * per slot, the core it rendered on idles meanwhile. A job takes a slot only for the decode and the
 * encodes, so the next job's render starts as soon as one ends, and the memory bound (`size` rasters of at
 * most RENDER_MAX_PIXELS) stays that of RENDER_CONCURRENCY.
 */

import type { IndexFirst } from '../priority';

/** A counting semaphore for renders; waiters are served in arrival order. */
export interface RenderSlots {
  /**
   * Runs `work` once a slot is free; frees the slot when `work` settles, whatever the outcome. `urgent`
   * (a CMS preview someone waits for) goes before every render waiting.
   */
  run<T>(work: () => Promise<T>, urgent?: boolean): Promise<T>;
  /** Slots in use now (0…`size`). */
  readonly busy: number;
  /** Renders waiting for a slot now. */
  readonly waiting: number;
}

/**
 * `size` slots (at least 1). With `gate`, a render that is not urgent takes a slot only while no index job
 * of the process runs (indexer/priority.ts): one that got its slot as an index job started hands it on and
 * waits at the gate again, so the index-first rule holds for the renders between their reads and their
 * decode too.
 */
export function createRenderSlots(size: number, gate?: IndexFirst): RenderSlots {
  const limit = Math.max(1, Math.floor(size));
  let busy = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next waiter: no one else can take it in between.
    if (next) next();
    else busy--;
  };
  return {
    async run(work, urgent = false) {
      for (;;) {
        if (gate && !urgent) await gate.idle();
        if (busy < limit) busy++;
        else await new Promise<void>((resolve) => (urgent ? queue.unshift(resolve) : queue.push(resolve)));
        if (!gate || urgent || !gate.busy) break;
        release();
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}
