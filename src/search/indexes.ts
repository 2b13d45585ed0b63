/**
 * The Meilisearch indexes of the service and their uids, shared by the API (reader) and the indexer (writer).
 *
 * Each index lives at `<MEILI_INDEX_PREFIX><name>`; a full reindex builds `<uid>__build_<time>` and swaps it
 * with the live one (indexer/jobs/reindex.ts).
 */
import { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../../config/env';
import { DIRECT_SEARCH, meiliHttpClient } from './http-client';
import { adminKey, apiSearchKey } from './keys';

/** The indexes, in the order a full reindex of everything builds them. */
export const INDEX_NAMES = ['products', 'articles', 'media'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

/** The live uid of an index for a prefix, e.g. `catalog_products`. */
export function indexUid(prefix: string, name: IndexName): string {
  return `${prefix}${name}`;
}

/** The live uid of every index, by name. */
export type IndexUids = Readonly<Record<IndexName, string>>;

/** The live uids of the indexes for a prefix (`indexUid` of each), for a process to compute once. */
export function indexUids(prefix: string): IndexUids {
  return Object.fromEntries(INDEX_NAMES.map((name) => [name, indexUid(prefix, name)])) as IndexUids;
}

/**
 * The API's Meilisearch client for MEILI_URL with the search key (`apiSearchKey`, src/search/keys.ts):
 * requests over a keep-alive connection pool (src/search/http-client.ts), each with a deadline of
 * `meiliTimeoutMs` (MEILI_TIMEOUT_MS); its searches also the direct way (`directSearchOf`,
 * src/search/http-client.ts). `close()` closes the pool. Throws when MEILI_URL is unset, and
 * `ConfigError` in production without MEILI_SEARCH_KEY or with MEILI_MASTER_KEY.
 */
export function createApiMeiliClient(
  config: Pick<
    AppConfig,
    | 'meiliUrl'
    | 'appEnv'
    | 'meiliMasterKey'
    | 'meiliSearchKey'
    | 'meiliTimeoutMs'
    | 'meiliBreakerThreshold'
    | 'meiliBreakerHalfOpenMs'
  >,
): { meili: Meilisearch; close: () => Promise<void> } {
  const host = requireMeiliUrl(config);
  const apiKey = apiSearchKey(config);
  const http = meiliHttpClient(host, {
    connectTimeoutMs: Math.min(1000, config.meiliTimeoutMs),
    requestTimeoutMs: config.meiliTimeoutMs,
    searchTimeoutMs: config.meiliTimeoutMs,
    apiKey,
    breaker: { threshold: config.meiliBreakerThreshold, halfOpenAfterMs: config.meiliBreakerHalfOpenMs },
  });
  const meili = new Meilisearch({
    host,
    apiKey,
    httpClient: http.request,
    timeout: config.meiliTimeoutMs,
    requestInit: { headers: { 'Accept-Encoding': 'identity' } },
  });
  // Configurable: the metrics wrap the client in a Proxy that answers this property with a timed version.
  Object.defineProperty(meili, DIRECT_SEARCH, { value: http.search, configurable: true });
  return { meili, close: http.close };
}

function requireMeiliUrl(config: Pick<AppConfig, 'meiliUrl'>): string {
  if (!config.meiliUrl) {
    throw new Error('MEILI_URL is not set: start Meilisearch (npm run meili) and point MEILI_URL at it');
  }
  return config.meiliUrl;
}

/** Deadline in ms of each request of `createMeiliClient` (uploads of a batch of documents included). */
export const MEILI_ADMIN_TIMEOUT_MS = 30_000;

/**
 * A Meilisearch client for MEILI_URL with the admin key (`adminKey`, src/search/keys.ts) on the global
 * fetch, asking for uncompressed answers: for the worker and the command-line tools, whose errors are the
 * package's own (`MeilisearchApiError`). Throws when MEILI_URL is unset (the API and the worker need a
 * server: `npm run meili` or the demo starts one), and `ConfigError` in production without MEILI_ADMIN_KEY.
 */
export function createMeiliClient(
  config: Pick<AppConfig, 'meiliUrl' | 'appEnv' | 'meiliMasterKey' | 'meiliAdminKey'>,
): Meilisearch {
  requireMeiliUrl(config);
  return new Meilisearch({
    host: config.meiliUrl!,
    apiKey: adminKey(config),
    // Node's fetch asks for gzip; Meilisearch then streams a compressed answer in two writes and the second
    // waits for the client's delayed ACK (Linux's 40 ms timer, seen in the bench). Uncompressed answers from
    // a server next door are cheaper for both sides.
    requestInit: { headers: { 'Accept-Encoding': 'identity' } },
    // A deadline for every call of the worker and the operators' commands (index writes, task polls,
    // settings): a frozen Meilisearch fails the job, which is retried, instead of hanging it for good.
    timeout: MEILI_ADMIN_TIMEOUT_MS,
  });
}
