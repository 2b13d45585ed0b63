/**
 * The shapes the parts of the API benchmark pass each other: its options and its result (what bench/run.ts
 * hands to `apiTable`), a case as specified (requests, origin, checks) and a case as measured.
 */
import type { ReindexResult } from '../../indexer/jobs/reindex';

export interface ApiBenchOptions {
  /** A Postgres URL (DATABASE_URL); only its server is used. */
  serverUrl: string;
  /** Measured seconds per case (default 20). */
  durationSec?: number;
  /** Concurrent connections (default 16). */
  connections?: number;
  /** Unmeasured seconds of the same load before each case (default 3): JIT, pools and caches warm up. */
  warmupSec?: number;
  /**
   * Also measure where the time goes: raw Meilisearch on the articles deep page, searches and details over
   * one connection (no queueing), and a raw search asking for gzip as Node's fetch does by default.
   */
  diagnose?: boolean;
  /** Also profile the API's CPU under the unique product search and the product detail (profile.ts). */
  profile?: boolean;
  /** Also measure freshness (import commit → visible in /products, small catalog, real worker); default on. */
  freshness?: boolean;
  log?: (message: string) => void;
}

/** CPU used during a case, in % of one core (the machine has `os.cpus().length` cores). */
export interface CpuShare {
  api: number;
  /** The second API child, the one that counts the benchmark's requests against the guest limit. */
  limitedApi: number;
  meilisearch: number;
  /** The Postgres backends serving the benchmark database. */
  postgres: number;
  /** This process: autocannon. */
  bench: number;
  express: number;
  /** The bare static file server (bench/api-child-static.ts). */
  static: number;
  /** varnishd, manager and cache worker (the edge bench; 0 elsewhere). */
  varnish: number;
  /**
   * Everything else on the machine: other people's work (noise when well above 0), and also Postgres's
   * own background processes (WAL writer, checkpointer).
   */
  other: number;
}

export interface CaseResult {
  name: string;
  /** SQL statements per request (API cases), e.g. `1` or `0–2`. */
  sql: string | undefined;
  server: Server;
  /** Distinct requests the case rotates over. */
  variants: number;
  /** Responses received during the measured period. */
  responses: number;
  /** Responses per second. */
  rps: number;
  /** Latency percentiles of 2xx responses, milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  /**
   * Responses that broke the case's per-response check under load (file cases: status other than 200 or a
   * `Content-Length` other than the file's size; the rate-limited case: no `X-RateLimit-Limit`).
   */
  mismatches: number;
  errors: number;
  timeouts: number;
  connections: number;
  /** Mean bytes of a response body (file cases). */
  meanBytes?: number;
  cpu: CpuShare;
  /**
   * Stream cases: requests built from the stream during warm-up and measured period (a few more than
   * sent), and how many of them had a path + body built before in the same case (0 for a unique case).
   */
  built?: number;
  repeated?: number;
  /** Stream cases: distinct requests (path + body) among those built. */
  distinct?: number;
  /**
   * API list cases: Meilisearch calls per API response during the measured period (1: no answer from
   * the result cache; 0: all of them).
   */
  meiliPerResponse?: number;
  /**
   * API cases: the result cache's hits ÷ (hits + misses + bypassed) during the measured period, from its
   * own counters on /metrics; undefined when it answered no lookups.
   */
  cacheHitRate?: number;
  /** Resident set of the case's server process after the case (MB), API cases. */
  rssMb?: number;
}

export interface DetailQueryCount {
  slug: string;
  relations: Record<'articles' | 'manufacturers' | 'tractorModels' | 'terms' | 'images' | 'uploads', number>;
  queries: number;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

/** One API case against its reference, measured back to back. */
export interface Ratio {
  api: string;
  reference: string;
  /** API requests/s ÷ the reference's */
  value: number;
  /** The target ratio, if any. */
  target?: number;
}

/** A unique-request pool: how many templates (searches or filters) and variants it holds. */
export interface PoolSummary {
  name: string;
  templates: number;
  variants: number;
}

export interface ApiBenchResult {
  date: string;
  cores: number;
  durationSec: number;
  connections: number;
  catalog: { products: number; articles: number; media: number };
  /** Milliseconds of the snapshot import, null when the kept database already held the catalog. */
  importMs: number | null;
  reindex: ReindexResult[];
  reindexMs: number;
  pools: PoolSummary[];
  zipf: { queries: number; exponent: number; top10Share: number; top: string[] };
  /** The images rendered for the file cases, and what that took. */
  renditions: RenditionSetup;
  detailQueries: DetailQueryCount[];
  cases: CaseResult[];
  ratios: Ratio[];
  /** Resident set of the API child before the load (started, lexicon read, a few requests), MB. */
  apiRssBeforeMb: number;
  /** The API child's memory right after the load, from its /metrics. */
  apiMemory: ApiMemory;
  /** Peak resident set (VmHWM) of the API child (result cache on, default size) over the whole run, MB. */
  apiPeakRssMb: number;
  /** The same for the rate-limited API child. */
  limitedApiPeakRssMb: number;
  freshness?: FreshnessResult[];
  /** With `profile`: the API's CPU profile under a few cases. */
  profiles?: ProfileResult[];
  targets: TargetCheck[];
}

/** The renditions the file cases serve: `images` public JPEGs rendered with the render job, in-process. */
export interface RenditionSetup {
  images: number;
  /** Formats rendered per image (the active formats of the catalog). */
  formats: string[];
  /** Rendition files served (images × formats). */
  files: number;
  /** Milliseconds of the render jobs (0-ish when they were already rendered by an earlier run). */
  renderMs: number;
  /** Render jobs that rendered something (the others found their renditions current). */
  rendered: number;
}

/** Whose process answers a case (`limitedApi`: the API child with the request limits on for loopback). */
export type Server = 'api' | 'limitedApi' | 'meilisearch' | 'express' | 'static' | 'varnish';

/** One request of a case, as autocannon sends it. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A file: the response must be 200 with exactly this many body bytes (checked before and under load). */
  expectBytes?: number;
  /** A header every response must carry, any case (checked before and under load). */
  expectHeader?: string;
}

/** Requests made one at a time while a case runs (all its connections draw from one stream). */
export interface RequestStream {
  next(): BenchRequest;
  /** The case promises never to send a request twice: the load counts what it sent and what repeated. */
  unique: boolean;
}

export interface CaseSpec {
  name: string;
  /**
   * Consecutive cases of the same group are measured side by side, in alternating slices (load.ts
   * `runGroup`): an API case and its reference.
   */
  group?: string;
  /**
   * A fresh stream per case run (check, warm-up and measured period share it): the case then sends its
   * requests from it instead of rotating over `requests`, which are only checked before the case.
   */
  stream?: () => RequestStream;
  /**
   * The case's API process's counters (/metrics), read right before and after the measured period: how
   * many of its answers needed a Meilisearch call.
   */
  counters?: () => Promise<ApiCounters>;
  /** SQL statements per request, as probed (API cases). */
  sql?: string;
  /** Default: the run's connections. */
  connections?: number;
  /** Whose process answers (for the CPU column). */
  server: Server;
  origin: string;
  requests: BenchRequest[];
  /** Extra check of each response body before the case is measured. */
  check?: (body: unknown, request: BenchRequest) => void;
}

/** What the checks read of a list answer: the API's (`meta`, `data`) or Meilisearch's (`hits`). */
export interface Hits {
  totalHits?: number;
  estimatedTotalHits?: number;
  hits?: unknown[];
  meta?: { total?: number };
  data?: unknown[];
}

/** Cumulative counters of one API process, from its /metrics. */
export interface ApiCounters {
  /** `http_requests_total` of routes under /api/v1 */
  requests: number;
  /** `meilisearch_request_duration_seconds_count`, every operation and outcome */
  meili: number;
  /** `api_result_cache_requests_total` by result (0 when the API does not export it) */
  cacheHits: number;
  cacheMisses: number;
  cacheBypassed: number;
}

/**
 * How an import reaches the worker: `cli` runs catalog:import (it asks the worker for a sync after the
 * commit), `schedule` calls importSnapshot alone (the worker's 2 s schedule takes the change).
 */
export type FreshnessVariant = 'cli' | 'schedule';

/** Import commit → visible in `/products` (bench/api/freshness.ts). */
export interface FreshnessResult {
  variant: FreshnessVariant;
  changes: number;
  /** Milliseconds from each import's COMMIT to the first `/products` answer with the change, in order. */
  latenciesMs: number[];
  p50: number;
  p95: number;
  max: number;
  /** Milliseconds from the import's start to its commit (`cli`: from spawning the process), median. */
  importMedianMs: number;
  product: { id: number; slug: string };
}

/** Memory of an API process in MB, from its /metrics (prom-client's default process metrics). */
export interface ApiMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** One line of a CPU profile summary: a function or a module, and its share of the samples. */
export interface ProfileEntry {
  name: string;
  percent: number;
}

/** The API's CPU profile under one case (bench/api/profile.ts). */
export interface ProfileResult {
  name: string;
  /** requests/s of the profiled run (the profiler slows it) */
  rps: number;
  /** by self time */
  functions: ProfileEntry[];
  modules: ProfileEntry[];
  /** by total time (self and callees), below the frames every request passes through */
  inclusive: ProfileEntry[];
}
