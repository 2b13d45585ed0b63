/**
 * The write path of the search log: an in-memory, bounded buffer of searches that a background flusher
 * writes to `search_log` in batches (one multi-row INSERT each), so logging never waits on Postgres in a
 * request. Each search becomes its row only there (row.ts `rowOf`: the query normalized, its filters, the
 * suggestible check), after the response; a search whose row cannot be built is logged as a warning and
 * left out.
 *
 * - `push` only appends; when the buffer (the write under way included) is full the row is dropped and
 *   counted (`counters.dropped`), and a warning with the number dropped is logged at most once per
 *   `warnEveryMs`.
 * - The flusher runs every `flushEveryMs`, and at once when a batch is full. One write at a time.
 * - A write that fails because Postgres is unreachable or refuses for now puts its rows back in front of
 *   the buffer for the next attempt, which the timer makes after a pause doubling up to 30 s (an explicit
 *   `flush()` tries at once); what no longer fits is dropped (oldest first) and counted. A batch
 *   Postgres refuses for its content (SQLSTATE classes 22, 23, 54: cannot succeed on retry) is dropped
 *   and counted instead of blocking the rows behind it forever.
 * - `close()` stops the timer and writes what is left, within a time limit (shutdown).
 */
import type { Knex } from 'knex';
import { throttledWarning, type Logger } from '../logger';
import { rowOf, type LoggedSearch, type SearchLogRow } from './row';

/** What the search log did since the process started, which `/metrics` reports (src/ops/metrics.ts). */
export interface SearchLogCounters {
  /** rows written to Postgres */
  logged: number;
  /** rows lost: buffer full, or a batch Postgres refused for its content */
  dropped: number;
  /** searches not logged because their client was over the per-client cap */
  capped: number;
  /** searches logged without the cap because Redis could not be asked */
  uncapped: number;
}

export interface RecorderOptions {
  db: Knex;
  logger: Logger;
  /** rows held at most (default 10,000) */
  maxBuffered?: number;
  /** rows per INSERT (default 500) */
  batchSize?: number;
  /** milliseconds between flushes (default 1000) */
  flushEveryMs?: number;
  /** at most one warning per kind in this many milliseconds (default 60,000) */
  warnEveryMs?: number;
  counters?: SearchLogCounters;
}

export interface Recorder {
  readonly counters: SearchLogCounters;
  /** rows waiting to be written, the write under way included */
  readonly buffered: number;
  /** Adds a search to the buffer, or drops and counts it when the buffer is full. Never throws. */
  push(search: LoggedSearch): void;
  /**
   * Writes the buffer in batches until it is empty or a write fails (the rows stay buffered). Resolves
   * with the number of rows still buffered; never rejects. Waits for a write already running.
   */
  flush(): Promise<number>;
  /** Stops the timer and flushes once, giving up after `timeoutMs` (default 5000); then no more rows are taken. */
  close(timeoutMs?: number): Promise<void>;
}

export const RECORDER_DEFAULTS = {
  maxBuffered: 10_000,
  batchSize: 500,
  flushEveryMs: 1000,
  warnEveryMs: 60_000,
};

/** The longest pause of the timer after failed writes (doubling from `flushEveryMs`). */
const MAX_RETRY_DELAY_MS = 30_000;

/** SQLSTATE classes a retry cannot fix: data exception, integrity constraint, program limit exceeded. */
const PERMANENT_CLASSES = ['22', '23', '54'];

function isPermanent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && PERMANENT_CLASSES.includes(code.slice(0, 2))
  );
}

/** Fresh zero counters. */
export function zeroCounters(): SearchLogCounters {
  return { logged: 0, dropped: 0, capped: 0, uncapped: 0 };
}

/** The buffer and its flusher over `db`; the flush timer starts at once (unref'd). */
export function createRecorder(options: RecorderOptions): Recorder {
  const { db, logger } = options;
  const maxBuffered = options.maxBuffered ?? RECORDER_DEFAULTS.maxBuffered;
  const batchSize = options.batchSize ?? RECORDER_DEFAULTS.batchSize;
  const warnEveryMs = options.warnEveryMs ?? RECORDER_DEFAULTS.warnEveryMs;
  const flushEveryMs = options.flushEveryMs ?? RECORDER_DEFAULTS.flushEveryMs;
  const counters = options.counters ?? zeroCounters();
  const writeFailed = throttledWarning(
    logger,
    'search log: writing to Postgres failed; the rows stay buffered for the next attempt',
    warnEveryMs,
  );

  let buffer: LoggedSearch[] = [];
  /** failed writes in a row, and when the timer may try again (backoff: a recovering Postgres gets air) */
  let failures = 0;
  let retryAt = 0;
  /** rows of the write under way: they count against `maxBuffered` until written */
  let inFlight = 0;
  const held = () => buffer.length + inFlight;
  let closed = false;
  let writing: Promise<number> | undefined;
  let droppedUnreported = 0;
  let lastDropReport = -Infinity;

  const drop = (n: number) => {
    counters.dropped += n;
    droppedUnreported += n;
  };
  const reportDrops = (force = false) => {
    const now = Date.now();
    if (droppedUnreported === 0 || (!force && now - lastDropReport < warnEveryMs)) return;
    logger.warn(
      { dropped: droppedUnreported, droppedTotal: counters.dropped },
      'search log: searches dropped (buffer full or unwritable)',
    );
    droppedUnreported = 0;
    lastDropReport = now;
  };

  /** The rows of `searches`, without those whose row cannot be built (each logged); pure otherwise. */
  const rowsOf = (searches: LoggedSearch[]): { searches: LoggedSearch[]; rows: SearchLogRow[] } => {
    const built: { searches: LoggedSearch[]; rows: SearchLogRow[] } = { searches: [], rows: [] };
    for (const search of searches) {
      try {
        built.rows.push(rowOf(search));
        built.searches.push(search);
      } catch (error) {
        logger.warn({ err: error }, 'search log: a search could not be recorded');
      }
    }
    return built;
  };

  /** Writes one batch; false when it failed for now (its searches are back in the buffer). */
  const writeBatch = async (): Promise<boolean> => {
    const { searches: batch, rows } = rowsOf(buffer.splice(0, batchSize));
    inFlight = batch.length;
    try {
      if (rows.length > 0) {
        await db('search_log').insert(rows.map((row) => ({ ...row, filters: JSON.stringify(row.filters) })));
      }
      counters.logged += batch.length;
      failures = 0;
      retryAt = 0;
      return true;
    } catch (error) {
      if (isPermanent(error)) {
        logger.warn({ err: error, rows: batch.length }, 'search log: Postgres refused a batch; dropped');
        drop(batch.length);
        return true;
      }
      writeFailed(error);
      failures += 1;
      retryAt = Date.now() + Math.min(MAX_RETRY_DELAY_MS, flushEveryMs * 2 ** failures);
      buffer = batch.concat(buffer);
      const overflow = buffer.length - maxBuffered;
      if (overflow > 0) {
        buffer.splice(0, overflow);
        drop(overflow);
      }
      return false;
    } finally {
      inFlight = 0;
    }
  };

  const drain = async (): Promise<number> => {
    while (buffer.length > 0 && (await writeBatch()));
    return buffer.length;
  };

  const flush = (): Promise<number> => {
    // One write at a time; a flush asked for during a write runs right after it.
    const previous = writing ?? Promise.resolve(0);
    const next = previous.then(drain, drain).finally(() => {
      if (writing === next) writing = undefined;
    });
    writing = next;
    return next;
  };

  const timer = setInterval(() => {
    reportDrops();
    if (!writing && buffer.length > 0 && Date.now() >= retryAt) void flush();
  }, flushEveryMs);
  timer.unref();

  return {
    counters,
    get buffered() {
      return held();
    },
    push(search) {
      if (closed || held() >= maxBuffered) {
        drop(1);
        return;
      }
      buffer.push(search);
      if (buffer.length >= batchSize && !writing) void flush();
    },
    flush,
    async close(timeoutMs = 5000) {
      clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      const left = await Promise.race([
        flush(),
        new Promise<number>((resolve) => {
          timeout = setTimeout(() => resolve(held()), timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      closed = true;
      if (left > 0) logger.warn({ rows: left }, 'search log: rows not written at shutdown');
      reportDrops(true);
    },
  };
}
