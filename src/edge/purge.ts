/**
 * The purge client of the edge cache: `purge(tags)` sends one request per batch of tags to each URL of
 * `EDGE_PURGE_URLS`. By default Varnish's: `PURGE` to the URL (`http://varnish` → `PURGE /`) with the
 * tags in the header `EDGE_TAG_HEADER` (space-separated, comma-separated for `Cache-Tag`). A CDN's purge
 * API takes another method, a JSON body and credentials: `EDGE_PURGE_METHOD`, `EDGE_PURGE_BODY=json-tags`
 * (`{"tags":[...]}`, no tag header) and the extra headers of `EDGE_PURGE_HEADERS_FILE`, which are secrets:
 * sent, never logged.
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
import { MAX_TAGS_LENGTH, type TagSeparator } from './tags';

/** What the purger counts into (a prom-client Counter fits). */
export interface EdgePurgeCounter {
  inc(value?: number): void;
}

/** Where a purge request carries its tags: the tag header, or a JSON body `{"tags":[...]}`. */
export type EdgePurgeBody = 'none' | 'json-tags';

export interface EdgePurgerOptions {
  /** The URLs each purge request goes to (EDGE_PURGE_URLS); empty: every purge is a no-op. */
  urls: readonly string[];
  /** Header carrying the tags (EDGE_TAG_HEADER, e.g. `xkey`); not sent with a `json-tags` body. */
  header: string;
  /** What joins the tags in the header (default a space; `tagSeparator(header)`). */
  separator?: TagSeparator;
  /** HTTP method (EDGE_PURGE_METHOD, default `PURGE`). */
  method?: string;
  /** `json-tags`: the tags as the body `{"tags":[...]}` instead of in the header (default `none`). */
  body?: EdgePurgeBody;
  /** More request headers (EDGE_PURGE_HEADERS_FILE: credentials): sent with every request, never logged. */
  headers?: Readonly<Record<string, string>>;
  /** Tags per request at most (EDGE_PURGE_MAX_TAGS; default no limit but `maxHeaderLength`). */
  maxTags?: number;
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

/**
 * Splits `tags` into batches whose values joined by one separator character are at most `maxLength`
 * characters, and of at most `maxTags` tags each (a CDN's limit per purge call).
 */
export function chunkTags(tags: readonly string[], maxLength: number, maxTags = Infinity): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const tag of tags) {
    if (current.length > 0 && (length + 1 + tag.length > maxLength || current.length >= maxTags)) {
      chunks.push(current);
      current = [];
      length = 0;
    }
    length += (current.length > 0 ? 1 : 0) + tag.length;
    current.push(tag);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Headers a purge headers file must not set: the request's own framing and body type (and the tags' header). */
const FRAMING_HEADERS = ['host', 'content-length', 'content-type', 'transfer-encoding', 'connection'];

/**
 * The headers of an EDGE_PURGE_HEADERS_FILE text: one `Name: value` per line; blank lines and lines
 * starting with `#` are skipped. Throws an Error naming the line (never its value, a secret) on a line
 * that is not a header, a repeated name, or a name the purge sets itself (`tagHeader`, Host,
 * Content-Length, ...).
 */
export function parsePurgeHeaders(text: string, tagHeader: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const reserved = [...FRAMING_HEADERS, tagHeader.toLowerCase()];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `EDGE_PURGE_HEADERS_FILE line ${index + 1}`;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const value = colon > 0 ? line.slice(colon + 1).trim() : '';
    // Printable ASCII only: fetch would refuse other bytes with an error that quotes the value.
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || !/^[\x20-\x7e\t]+$/.test(value))
      throw new Error(`${where}: expected "Name: value" (a header name, a colon, a non-empty value)`);
    const lower = name.toLowerCase();
    if (reserved.includes(lower)) throw new Error(`${where}: the purge sets ${name} itself`);
    if (Object.keys(headers).some((known) => known.toLowerCase() === lower))
      throw new Error(`${where}: ${name} is given twice`);
    headers[name] = value;
  });
  return headers;
}

/** The purger described in the module comment; `urls` are parsed once (invalid ones throw here). */
export function createEdgePurger(options: EdgePurgerOptions): EdgePurger {
  const urls = options.urls.map((u) => new URL(u).toString());
  const timeoutMs = options.timeoutMs ?? 2000;
  const maxPending = options.maxPending ?? 100_000;
  const maxHeader = options.maxHeaderLength ?? MAX_TAGS_LENGTH;
  const maxTags = options.maxTags ?? Infinity;
  const separator = options.separator ?? ' ';
  const method = options.method ?? 'PURGE';
  const extra = options.headers ?? {};
  // The init of one batch's request: the tags in the tag header, or as a JSON body.
  const requestOf = (batch: readonly string[]) =>
    options.body === 'json-tags'
      ? {
          method,
          headers: { ...extra, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: batch }),
        }
      : { method, headers: { ...extra, [options.header]: batch.join(separator) } };
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

  // Logs name the URL and the number of tags, never the request's headers (credentials).
  const send = async (url: string, batch: readonly string[]) => {
    const init = requestOf(batch);
    try {
      await policy.execute(async () => {
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`edge purge answered HTTP ${response.status}`);
      });
      stats.sent += 1;
      options.metrics?.requests?.inc();
      if (failing) options.logger.info({ url }, 'edge purge succeeds again');
      failing = false;
    } catch (error) {
      fail(error, { url, tags: batch.length });
    }
  };

  const drain = async () => {
    while (pending.size > 0) {
      const tags = [...pending];
      pending = new Set();
      const chunks = chunkTags(tags, maxHeader, maxTags);
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
