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
  searches: string[];
  filters: string[];
  /** The `/media` searches and the public folder of the list case's `folder=` variant. */
  mediaSearches: string[];
  mediaFolder: string;
  /** The images rendered for the file cases, and what that took. */
  renditions: RenditionSetup;
  detailQueries: DetailQueryCount[];
  cases: CaseResult[];
  /** API search requests/s divided by raw Meilisearch's on the same searches. */
  searchRatio: number;
  /** The same with `facets=1`. */
  facetsRatio: number;
  /** API `/media` search requests/s divided by raw Meilisearch's on the same searches. */
  mediaSearchRatio: number;
  /** API cached rendition requests/s divided by the bare static file server's on the same files. */
  renditionRatio: number;
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
export type Server = 'api' | 'limitedApi' | 'meilisearch' | 'express' | 'static';

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

export interface CaseSpec {
  name: string;
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
