/**
 * Index work first: while an index job (a sync, a reindex, a synonyms or prune job) runs in this process,
 * no backlog render starts in it, so the job and the Meilisearch tasks it waits on get the cores instead of
 * thumbnails. A render fetched while an index job runs waits at the gate (still active in BullMQ, its lock
 * renewed as for any running job) and starts when the index job has ended; renders already running finish.
 * `preview` jobs pass: a CMS user is waiting for one image.
 *
 * The gate is in-process, not a Redis flag: a worker process runs both queues (indexer/worker.ts) and one
 * index job at a time, so one gate per process holds every render that shares its cores with that index
 * job; the renders of another worker process (scaled out, best on another host) do not wait
 * (docs/operations.md, "Scaling out"). A render held here keeps its BullMQ lock, so a killed process's
 * held renders are taken up by the stalled check like any running job, and `close()` waits for them.
 * A sync round of render rows only lends the gate back to the renders (`besideRenders`): holding the
 * backlog while its own `conversions` are pushed would only slow it. Renders wait while index jobs follow
 * one another; each one is bounded (a reindex takes minutes at most,
 * a sync a round) and the gate opens between them, so a backlog is delayed, never starved or lost.
 */

/** The gate between the index jobs of a process and its renders. */
export interface IndexFirst {
  /** Runs `work` (one index job) with the gate closed; reopens it when `work` settles, whatever the outcome. */
  indexing<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Resolves once no index job runs (at once when none does); what a render awaits before it starts.
   * Never rejects.
   */
  idle(): Promise<void>;
  /**
   * Runs `work`, a part of the running index job, with the gate open: renders start meanwhile, and the
   * gate closes again when `work` settles. For a sync round of render rows only: the backlog's own
   * `conversions`, which held renders would only delay (a round's Meilisearch waits left the cores idle).
   */
  besideRenders<T>(work: () => Promise<T>): Promise<T>;
  /** Whether an index job runs now (one lending the gate to renders does not count). */
  readonly busy: boolean;
  /** Index jobs run so far with the gate closed, and renders that had to wait for one (counters). */
  readonly stats: { indexJobs: number; heldRenders: number };
}

/** A gate for one worker process (see the file comment). */
export function createIndexFirst(): IndexFirst {
  let running = 0;
  let waiters: (() => void)[] = [];
  const stats = { indexJobs: 0, heldRenders: 0 };
  const open = () => {
    const released = waiters;
    waiters = [];
    for (const release of released) release();
  };
  return {
    async indexing(work) {
      running++;
      stats.indexJobs++;
      try {
        return await work();
      } finally {
        running--;
        if (running === 0) open();
      }
    },
    async besideRenders(work) {
      if (running === 0) return work(); // not inside `indexing`
      running--;
      if (running === 0) open();
      try {
        return await work();
      } finally {
        running++;
      }
    },
    idle() {
      if (running === 0) return Promise.resolve();
      stats.heldRenders++;
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    get busy() {
      return running > 0;
    },
    stats,
  };
}

/**
 * The render processor `processor` behind `gate`: a job other than `preview` first waits until no index
 * job runs. Without a gate (a process that renders only), `processor` itself.
 */
export function yieldingToIndexJobs<J extends { name: string }, R>(
  processor: (job: J) => Promise<R>,
  gate: IndexFirst | undefined,
): (job: J) => Promise<R> {
  if (!gate) return processor;
  return async (job) => {
    if (job.name !== 'preview') await gate.idle();
    return processor(job);
  };
}
