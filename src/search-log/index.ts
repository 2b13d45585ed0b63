/**
 * The anonymous search log (spec "Search semantics", "Limits"; docs/api/search-log.md): every `search` on
 * `/products`, `/media`, `/content/products` and `/content/media` becomes one `search_log` row with the
 * part of the query Meilisearch used (`searchText`), normalized, the endpoint, the filters, the total, a
 * well-formed `X-Search-Session`, the client's anonymous per-day key (cap.ts) and whether the query may
 * ever be suggested (row.ts); nothing else about the client (no IP, token, user or user agent).
 *
 * The list path (src/resources/searchable-list.ts) calls `record(req, ...)` of the app's log
 * (`AppDeps.searchLog`) once it has its result. That call only cuts the text to what Meilisearch used,
 * skips a search with nothing to log, queues the search as the request left it for the per-client cap
 * check, and returns; the searches queued within `CHECK_WINDOW_MS` of each other are checked together in the
 * background (cap.ts: one Redis transaction for all of them, not one per search), and those the cap allows
 * go into the bounded buffer that recorder.ts writes in batches, building each row there (row.ts: the
 * query normalized, the filters, the suggestible check), after the response. Redis unreachable:
 * the row is logged without the cap (the cap protects the analytics, not the service), under a client key
 * of the process's own day key, and a warning is logged at most once a minute.
 * Postgres unreachable: rows wait in the buffer (bounded). Neither ever fails or delays a response.
 */
import type { Request } from 'express';
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { throttledWarning, type Logger } from '../logger';
import { createSearchCap, type SearchCap } from './cap';
import { searchText } from '../search/request';
import {
  createRecorder,
  RECORDER_DEFAULTS,
  zeroCounters,
  type RecorderOptions,
  type SearchLogCounters,
} from './recorder';
import { LOGGABLE, type LoggedSearch, type SearchFilters } from './row';

export type { SearchLogCounters } from './recorder';

/**
 * How long the searches recorded after a first one wait to be checked against the cap with it, in one
 * Redis transaction (ms): one round trip for the searches of a tenth of a second instead of one each under
 * load (a Redis call costs the API about as much CPU as the rest of a small search's logging). The rows
 * are written once a second anyway, so they reach Postgres no later. A flush or close checks the waiting
 * ones at once.
 */
const CHECK_WINDOW_MS = 100;
export type { SearchFilters } from './row';

/** The searchable lists, as `search_log.endpoint` names them (their path under `/api/v1`). */
export const SEARCH_ENDPOINTS = ['products', 'media', 'content/products', 'content/media'] as const;
export type SearchEndpoint = (typeof SEARCH_ENDPOINTS)[number];

/**
 * The search log's name of the list declared at `path` (`/content/products` → `content/products`).
 * Throws for a path that is not a searchable list: a route declares `searchSession` only on one.
 */
export function searchEndpointOf(path: string): SearchEndpoint {
  const endpoint = SEARCH_ENDPOINTS.find((e) => `/${e}` === path);
  if (!endpoint) throw new Error(`${path} is not a searchable list of the search log`);
  return endpoint;
}

/** One search as a route reports it. */
export interface SearchEntry {
  endpoint: SearchEndpoint;
  /**
   * the `search` parameter as parsed; only what Meilisearch uses of it is logged (`searchText`), nothing
   * when that is empty or absent
   */
  query: string | undefined;
  /**
   * the valid filters the list applied, as logged (the list's `searchFilters` of its parameters); called
   * in the background after the response, so it must read only what the request left unchanged
   */
  filters: () => SearchFilters;
  /** the result's total (all pages) */
  total: number;
}

export interface SearchLogOptions extends Omit<RecorderOptions, 'db' | 'logger' | 'counters'> {
  /** where rows are written; the API gives the log a small pool of its own */
  db: Knex;
  /** the rate limiter's connection (fails fast while Redis is down) */
  redis: Redis;
  /** REDIS_PREFIX */
  redisPrefix: string;
  logger: Logger;
  /** logged searches per client per minute (default 30) */
  capPerMinute?: number;
  /** for tests: the clock of the day key (cap and client keys) */
  now?: () => number;
}

export interface SearchLog {
  /** logged, dropped, capped, uncapped since start */
  readonly counters: SearchLogCounters;
  /** rows waiting to be written */
  readonly buffered: number;
  /** Logs `entry` for the client of `req` (see the module comment). Never throws, never waits. */
  record(req: Request, entry: SearchEntry): void;
  /** Waits for the cap checks under way, then writes the buffer; resolves with the rows still buffered. */
  flush(): Promise<number>;
  /** Waits for the cap checks under way, then flushes within `timeoutMs` (default 5000). For shutdown. */
  close(timeoutMs?: number): Promise<void>;
  /** The cap (tests look at its Redis keys). */
  readonly cap: SearchCap;
}

/** The search log over `db` and `redis`; its flush timer runs until `close()` (unref'd). */
export function createSearchLog(options: SearchLogOptions): SearchLog {
  const { logger } = options;
  const counters = zeroCounters();
  const recorder = createRecorder({ ...options, counters });
  const cap = createSearchCap({
    redis: options.redis,
    prefix: options.redisPrefix,
    perMinute: options.capPerMinute,
    now: options.now,
  });
  const capOff = throttledWarning(
    logger,
    'search log: the per-IP cap is off (Redis is unreachable); searches are logged without it',
    options.warnEveryMs,
  );
  const maxChecking = options.maxBuffered ?? RECORDER_DEFAULTS.maxBuffered;
  /** searches waiting for the next batch of cap checks (their client key is set there) */
  let waiting: { ip: string; search: Omit<LoggedSearch, 'client_key'> }[] = [];
  let scheduled: NodeJS.Timeout | undefined;
  /** the batches under way, and how many searches they hold */
  const checking = new Set<Promise<void>>();
  let inCheck = 0;

  /** Checks the waiting searches against the cap in one call; buffers the allowed rows. */
  const checkWaiting = () => {
    scheduled = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    inCheck += batch.length;
    const uncapped = (error: unknown, keys: readonly string[]) => {
      capOff(error);
      counters.uncapped += batch.length;
      for (const [i, entry] of batch.entries()) recorder.push({ ...entry.search, client_key: keys[i]! });
    };
    const check = cap.clientKeys(batch.map((entry) => entry.ip)).then(async (clients) => {
      const { keys } = clients;
      if (!clients.shared) return uncapped(clients.redisError, keys);
      try {
        const allowed = await cap.allowMany(keys);
        for (const [i, entry] of batch.entries()) {
          if (allowed[i]) recorder.push({ ...entry.search, client_key: keys[i]! });
          else counters.capped += 1;
        }
      } catch (error) {
        uncapped(error, keys);
      }
    });
    checking.add(check);
    void check.finally(() => {
      inCheck -= batch.length;
      checking.delete(check);
    });
  };

  /** Runs the waiting checks now and waits for every batch under way. */
  const settle = async () => {
    for (;;) {
      if (scheduled) {
        clearTimeout(scheduled);
        checkWaiting();
      }
      if (checking.size === 0) return;
      await Promise.allSettled([...checking]);
    }
  };

  return {
    counters,
    cap,
    get buffered() {
      return recorder.buffered;
    },
    record(req, entry) {
      try {
        // The words Meilisearch ignored never reach the log: they did not shape the result.
        const text = searchText(entry.query ?? '');
        // What would normalize to nothing is not logged (and not counted against the cap).
        if (!LOGGABLE.test(text)) return;
        const search = {
          text,
          endpoint: entry.endpoint,
          filters: entry.filters,
          total: entry.total,
          session: req.get('X-Search-Session'),
          created_at: new Date(),
        };
        // Checks waiting on a hanging Redis (500 ms timeout each) are bounded like the buffer.
        if (waiting.length + inCheck >= maxChecking) {
          counters.dropped += 1;
          return;
        }
        waiting.push({ ip: req.ip ?? '', search });
        scheduled ??= setTimeout(checkWaiting, CHECK_WINDOW_MS).unref();
      } catch (error) {
        logger.warn({ err: error }, 'search log: a search could not be recorded');
      }
    },
    async flush() {
      await settle();
      return recorder.flush();
    },
    async close(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([settle(), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timeout);
      await recorder.close(Math.max(0, deadline - Date.now()));
    },
  };
}
