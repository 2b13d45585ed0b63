/**
 * The purge client of the edge cache: `purge(tags)` sends `PURGE /` with the tags, space-separated, in the
 * header `EDGE_TAG_HEADER` (Varnish xkey, a CDN's surrogate keys) to each base URL of `EDGE_PURGE_URLS`.
 *
 * Fire and forget: `purge` only adds the tags to a bounded pending set and returns; one background drain
 * sends them, so a sync round never waits for a slow or unreachable edge. Tags that arrive while a drain runs
 * are coalesced into the next one. Each request has a deadline (`timeoutMs`) and is retried with exponential
 * backoff (cockatiel); a request that still fails is counted (`edge_purge_failures_total`) and logged once
 * per burst of failures (again after the next success). Nothing here throws to the caller. With no URL
 * configured every call is a no-op.
 */
import { ExponentialBackoff, handleAll, retry } from 'cockatiel';
import type { Logger } from 'pino';
import { MAX_TAGS_LENGTH } from './tags';

/** What the purger counts into (a prom-client Counter fits). */
export interface EdgePurgeCounter {
  inc(value?: number): void;
}

export interface EdgePurgerOptions {
  /** Base URLs (EDGE_PURGE_URLS); empty: every purge is a no-op. */
  urls: readonly string[];
  /** Header carrying the tags (EDGE_TAG_HEADER, e.g. `xkey`). */
  header: string;
  logger: Logger;
  /** `failures`: purge requests that failed after every attempt, or tags dropped because the queue was full. */
  metrics?: { failures?: EdgePurgeCounter; requests?: EdgePurgeCounter };
  /** Milliseconds per request attempt (default 2000). */
  timeoutMs?: number;
  /** Attempts per request, the first included (default 4). */
  attempts?: number;
  /** Milliseconds before the first retry, doubling up to 2 s (default 100). */
  backoffMs?: number;
  /** Pending tags kept at most; more are dropped and counted as failures (default 100000). */
  maxPending?: number;
  /** Longest header value per request in characters (default 8000). */
  maxHeaderLength?: number;
}

export interface EdgePurgeStats {
  /** Requests answered 2xx. */
  sent: number;
  /** Requests failed after every attempt, plus drops (each drop of tags counts once). */
  failures: number;
  /** Attempts that failed (retried or not). */
  failedAttempts: number;
  /** Tags dropped because the pending set was full. */
  dropped: number;
}

export interface EdgePurger {
  /** Queues `tags` for purging and returns at once; invalid tags are skipped. Never throws. */
  purge(tags: Iterable<string>): void;
  /** Resolves when nothing is pending or being sent (tests, shutdown). */
  idle(): Promise<void>;
  readonly stats: EdgePurgeStats;
  /** False with no URL configured. */
  readonly enabled: boolean;
}

/** A tag the purger sends: the names of src/edge/tags.ts, never free text (no spaces or control bytes). */
const TAG = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** Splits `tags` into space-joined header values of at most `max` characters each. */
export function chunkTags(tags: readonly string[], max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const tag of tags) {
    if (current.length > 0 && current.length + 1 + tag.length > max) {
      chunks.push(current);
      current = '';
    }
    current = current.length > 0 ? `${current} ${tag}` : tag;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The purger described in the module comment; `urls` are parsed once (invalid ones throw here). */
export function createEdgePurger(options: EdgePurgerOptions): EdgePurger {
  const urls = options.urls.map((u) => new URL(u).toString());
  const timeoutMs = options.timeoutMs ?? 2000;
  const maxPending = options.maxPending ?? 100_000;
  const maxHeader = options.maxHeaderLength ?? MAX_TAGS_LENGTH;
  const stats: EdgePurgeStats = { sent: 0, failures: 0, failedAttempts: 0, dropped: 0 };
  const policy = retry(handleAll, {
    maxAttempts: Math.max(0, (options.attempts ?? 4) - 1),
    backoff: new ExponentialBackoff({ initialDelay: options.backoffMs ?? 100, maxDelay: 2000 }),
  });
  policy.onFailure(() => {
    stats.failedAttempts += 1;
  });
  let pending = new Set<string>();
  let draining: Promise<void> | undefined;
  let failing = false;

  const fail = (error: unknown, context: Record<string, unknown>) => {
    stats.failures += 1;
    options.metrics?.failures?.inc();
    // One line per burst: an edge that is down would otherwise log every round.
    if (!failing)
      options.logger.warn(
        { err: error, ...context },
        'edge purge failed (further failures not logged until one succeeds)',
      );
    else options.logger.debug({ err: error, ...context }, 'edge purge failed');
    failing = true;
  };

  const send = async (url: string, value: string) => {
    try {
      await policy.execute(async () => {
        const response = await fetch(url, {
          method: 'PURGE',
          headers: { [options.header]: value },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`edge purge answered HTTP ${response.status}`);
      });
      stats.sent += 1;
      options.metrics?.requests?.inc();
      if (failing) options.logger.info({ url }, 'edge purge succeeds again');
      failing = false;
    } catch (error) {
      fail(error, { url, tags: value.split(' ').length });
    }
  };

  const drain = async () => {
    while (pending.size > 0) {
      const tags = [...pending];
      pending = new Set();
      const chunks = chunkTags(tags, maxHeader);
      // The edges in parallel, each one's requests in turn: a slow edge delays only its own purges.
      await Promise.all(
        urls.map(async (url) => {
          for (const chunk of chunks) await send(url, chunk);
        }),
      );
    }
  };

  return {
    stats,
    enabled: urls.length > 0,
    purge(tags) {
      if (urls.length === 0) return;
      let dropped = 0;
      for (const tag of tags) {
        if (!TAG.test(tag) || pending.has(tag)) continue;
        if (pending.size >= maxPending) dropped += 1;
        else pending.add(tag);
      }
      if (dropped > 0) {
        stats.dropped += dropped;
        fail(new Error(`${dropped} tags dropped: the purge queue is full`), { dropped });
      }
      if (pending.size > 0 && !draining) {
        draining = drain()
          .catch((error: unknown) => fail(error, {}))
          .finally(() => {
            draining = undefined;
          });
      }
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
