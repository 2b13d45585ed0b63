/**
 * Configuration: the environment, validated once with zod into a typed, frozen object.
 * Nothing else in the project reads `process.env` (style.md rule 3).
 *
 * `loadConfig(env)` returns `AppConfig` or throws `ConfigError` whose message is one line naming the
 * variable; `getConfig()` is the process-wide instance and, on a bad value, prints that line and exits 1.
 */
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';

/** A boolean as Laravel's env() reads it: true/false/1/0/yes/no/on/off, any case. */
const envBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', '(true)', '(false)']))
  .transform((v) => ['true', '1', 'yes', 'on', '(true)'].includes(v));

const port = z.coerce.number().int().min(1).max(65535);

/** A CIDR (`10.0.0.0/8`, `fc00::/7`) or a bare address, IPv4 or IPv6. */
const cidr = z.string().refine((value) => {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}, 'must be an IP address or CIDR range');

/** The non-empty entries of a comma list, trimmed. */
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Express's names for address ranges in `trust proxy`. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * RENDER_MAX_PIXELS' default: 12 megapixels (4000×3000), the size the worker's memory budget is measured
 * at; two such renders at once, transparent PNGs included, keep the worker within its 500 MB budget at the
 * default concurrency (measured: docs/benchmarks-history.md, "Bounded renders").
 */
export const DEFAULT_RENDER_MAX_PIXELS = 12_000_000;

/**
 * API_RESULT_CACHE_MB's default: room for the bench's Zipf mix of product searches (282 distinct pages,
 * about 17 MB) with a third to spare, so the mix's hit rate is that of an unbounded cache; each MB more
 * costs about 1.25 MB of peak RSS under load (docs/operations.md, API memory).
 */
export const DEFAULT_RESULT_CACHE_MB = 24;

const urlWith = (...protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.includes(new URL(v).protocol), `must be a ${protocols.join(' or ')} URL`);

/** Headers the API writes for its own purposes: a tag header of one of these names would clobber them. */
const RESERVED_HEADERS = [
  'cache-control',
  'etag',
  'vary',
  'content-type',
  'content-length',
  'content-disposition',
  'set-cookie',
  'link',
  'deprecation',
  'location',
  'retry-after',
];

/** An HTTP header name (RFC 9110 `token`), e.g. `xkey`, `Surrogate-Key`, `Cache-Tag`. */
const headerToken = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name (a token)')
  .refine(
    (name) => !RESERVED_HEADERS.includes(name.toLowerCase()),
    'must not be a header the API sets itself (Cache-Control, ETag, Vary, Content-*, ...)',
  );

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: urlWith('http:', 'https:').optional(),
  APP_ENV: z.enum(['local', 'production']).default('production'),
  APP_DEBUG: envBoolean.default(false),
  DATABASE_URL: urlWith('postgres:', 'postgresql:').default('postgres://postgres@127.0.0.1:5432/catalog'),
  REDIS_URL: urlWith('redis:', 'rediss:').default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'must be letters, digits, ".", "_", ":" or "-"')
    .default('catalog'),
  MEILI_URL: urlWith('http:', 'https:').optional(),
  MEILI_MASTER_KEY: z.string().min(1).optional(),
  MEILI_SEARCH_KEY: z.string().min(1).optional(),
  MEILI_ADMIN_KEY: z.string().min(1).optional(),
  MEILI_INDEX_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'must be letters, digits, "_" or "-" (a Meilisearch index uid prefix)')
    .default('catalog_'),
  MEDIA_ROOT: z.string().min(1).default('./storage/media'),
  SERVER_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}$/, 'must be a two-letter language code')
    .default('de'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_RATE_LIMIT_TOKEN: z.coerce.number().int().min(1).default(1200),
  API_RATE_LIMIT_GUEST: z.coerce.number().int().min(1).default(600),
  SEARCH_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  API_CACHE_MAX_AGE: z.coerce.number().int().min(0).max(31_536_000).default(0),
  EDGE_TAG_HEADER: headerToken.default('xkey'),
  EDGE_MAX_AGE: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  EDGE_PURGE_URLS: z
    .string()
    .default('')
    .transform(commaList)
    .pipe(z.array(urlWith('http:', 'https:'))),
  EDGE_PURGE_METHOD: z
    .string()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP method (a token)')
    .transform((method) => method.toUpperCase())
    .refine(
      (method) => !['GET', 'HEAD', 'CONNECT', 'TRACE', 'TRACK'].includes(method),
      'must be a method that can carry a purge (PURGE, POST, DELETE, ...)',
    )
    .default('PURGE'),
  EDGE_PURGE_BODY: z.enum(['none', 'json-tags']).default('none'),
  EDGE_PURGE_HEADERS_FILE: z.string().min(1).optional(),
  EDGE_PURGE_MAX_TAGS: z.coerce.number().int().min(0).max(100_000).default(0),
  API_RESULT_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(DEFAULT_RESULT_CACHE_MB),
  MEILI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  MEILI_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  MEILI_BREAKER_HALF_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  PG_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  OUTBOX_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RENDER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.min(64, availableParallelism())),
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  RENDER_MAX_PIXELS: z.coerce
    .number()
    .int()
    .min(1)
    .max(0x3fff * 0x3fff)
    .default(DEFAULT_RENDER_MAX_PIXELS),
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  API_LEGACY_ENDPOINTS: envBoolean.default(true),
  // No default range: a private address is as often a balancer, a NAT or Docker's gateway standing for
  // many clients as an own server, so own servers are listed by the operator (fail closed).
  API_UNLIMITED_NETWORKS: z.string().default('').transform(commaList).pipe(z.array(cidr)),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v, ctx): boolean | number | string[] => {
      const lower = v.trim().toLowerCase();
      if (lower === 'true' || lower === 'false') return lower === 'true';
      if (/^\d+$/.test(lower)) return Number(lower); // number of proxy hops to trust
      const entries = commaList(v);
      const bad = entries.find((e) => !PROXY_NAMES.includes(e) && !cidr.safeParse(e).success);
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, false, a hop count, or a comma list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges`,
        });
        return z.NEVER;
      }
      return entries;
    }),
});

/** The validated configuration. `appUrl` never ends in a slash; `apiBaseUrl` is `$APP_URL/api/v1`. */
export interface AppConfig {
  port: number;
  host: string;
  appUrl: string;
  apiBaseUrl: string;
  appEnv: 'local' | 'production';
  appDebug: boolean;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  meiliUrl: string | undefined;
  /** Meilisearch's master key: `npm run meili:keys` creates the role keys with it (src/search/keys.ts) */
  meiliMasterKey: string | undefined;
  /**
   * the API's key (actions `search`) and the worker's and reindex command's key (index writes), both
   * scoped to `<MEILI_INDEX_PREFIX>*`; unset: the master key with APP_ENV=local, refused in production
   * (src/search/keys.ts)
   */
  meiliSearchKey: string | undefined;
  meiliAdminKey: string | undefined;
  meiliIndexPrefix: string;
  mediaRoot: string;
  serverLanguage: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitToken: number;
  rateLimitGuest: number;
  /** days a `search_log` row is kept; the worker's daily `prune-search-log` job deletes older ones */
  searchLogRetentionDays: number;
  /** seconds a shared cache may keep a public JSON response (`Cache-Control: public, max-age`); 0 = revalidate */
  apiCacheMaxAge: number;
  /**
   * the response header naming the cache tags of a public answer (src/edge/tags.ts): `xkey` for Varnish,
   * `Surrogate-Key` or `Cache-Tag` for CDNs; undefined (`EDGE_TAG_HEADER=off`): no tags are sent
   */
  edgeTagHeader: string | undefined;
  /** seconds a shared cache may keep a public answer (`s-maxage`), never past its `expiresAt`; 0 = none */
  edgeMaxAge: number;
  /**
   * the URLs the worker sends its purge requests to (src/edge/purge.ts): Varnish's base URLs (`PURGE /`)
   * or a CDN's purge endpoint; none by default
   */
  edgePurgeUrls: string[];
  /** the purge requests' method (`PURGE`; a CDN's API: `POST`), upper-cased */
  edgePurgeMethod: string;
  /** `json-tags`: the tags go in the body `{"tags":[...]}` (Cloudflare), not in the tag header */
  edgePurgeBody: 'none' | 'json-tags';
  /**
   * path of a file of extra purge request headers, `Name: value` a line (a CDN's credentials); read by
   * the worker at start, its values never logged
   */
  edgePurgeHeadersFile: string | undefined;
  /** tags per purge request at most (a CDN's limit: Fastly 256, Cloudflare 100); 0 = only the 8000-character bound */
  edgePurgeMaxTags: number;
  /** bytes the API's result cache of list and search answers may hold (src/search/result-cache.ts); 0 = off */
  resultCacheBytes: number;
  /** ms the API waits for one Meilisearch request (connect included) before it answers 503 */
  meiliTimeoutMs: number;
  /** consecutive Meilisearch failures that open the API's circuit breaker, and ms until it probes again */
  meiliBreakerThreshold: number;
  meiliBreakerHalfOpenMs: number;
  /** the API's Postgres deadlines: a statement, and getting a connection (src/db/database.ts) */
  pgStatementTimeoutMs: number;
  pgAcquireTimeoutMs: number;
  /** `/ready` warns when the oldest pending index-outbox row is older than this (seconds) */
  outboxStaleSeconds: number;
  /**
   * render jobs (renditions, previews) one worker process runs at once, apart from the index jobs; default
   * the machine's cores (`os.availableParallelism()`)
   */
  renderConcurrency: number;
  /** milliseconds the CMS preview waits for the worker to render a missing rendition before a 503 */
  previewTimeoutMs: number;
  /**
   * the most pixels one render decodes (indexer/render/sharp.ts): a larger JPEG or WebP is shrunk on load
   * to fit, any other larger original fails its render job for good
   */
  renderMaxPixels: number;
  /**
   * the worker's job lock (BullMQ `lockDuration`, renewed every half of it) and its stalled-job check
   * interval: a job of a killed worker runs again this long to twice as long after the kill
   */
  workerLockMs: number;
  /**
   * the legacy layer (docs/api/legacy.md): the earlier overview's endpoints, the `/products`
   * aliases `category` and `maker` and the catalog PDFs under `/files/catalogs`; false: not mounted (404)
   */
  legacyEndpoints: boolean;
  /**
   * clients without limit (spec "Limits": own servers), CIDRs or addresses; none by default; never a request
   * forwarded by an untrusted proxy (src/http/rate-limit.ts)
   */
  unlimitedNetworks: string[];
  /** Express `trust proxy`: trust all or none, a hop count, or the addresses of trusted proxies */
  trustProxy: boolean | number | string[];
}

/** A configuration error; `message` is one line that names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates an environment (default: `process.env`) into an `AppConfig`.
 * Empty strings count as unset, as in a `.env` file. Throws `ConfigError` on the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const shown = input[variable] === undefined ? '' : ` (got ${JSON.stringify(input[variable])})`;
    throw new ConfigError(variable, `${issue.message.replace(/^Invalid input: /, '')}${shown}`);
  }
  const e = parsed.data;
  // Spec "Errors": debug details (exception messages, SQL) only in local debug mode, never in production.
  if (e.APP_DEBUG && e.APP_ENV !== 'local') {
    throw new ConfigError(
      'APP_DEBUG',
      'is on, which needs APP_ENV=local: debug details (exception messages, SQL) never reach production clients',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    appUrl,
    apiBaseUrl: `${appUrl}/api/v1`,
    appEnv: e.APP_ENV,
    appDebug: e.APP_DEBUG,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    meiliUrl: e.MEILI_URL?.replace(/\/+$/, ''),
    meiliMasterKey: e.MEILI_MASTER_KEY,
    meiliSearchKey: e.MEILI_SEARCH_KEY,
    meiliAdminKey: e.MEILI_ADMIN_KEY,
    meiliIndexPrefix: e.MEILI_INDEX_PREFIX,
    mediaRoot: e.MEDIA_ROOT,
    serverLanguage: e.SERVER_LANGUAGE,
    logLevel: e.LOG_LEVEL,
    rateLimitToken: e.API_RATE_LIMIT_TOKEN,
    rateLimitGuest: e.API_RATE_LIMIT_GUEST,
    searchLogRetentionDays: e.SEARCH_LOG_RETENTION_DAYS,
    apiCacheMaxAge: e.API_CACHE_MAX_AGE,
    edgeTagHeader: e.EDGE_TAG_HEADER.toLowerCase() === 'off' ? undefined : e.EDGE_TAG_HEADER,
    edgeMaxAge: e.EDGE_MAX_AGE,
    edgePurgeUrls: e.EDGE_PURGE_URLS.map((url) => url.replace(/\/+$/, '')),
    edgePurgeMethod: e.EDGE_PURGE_METHOD,
    edgePurgeBody: e.EDGE_PURGE_BODY,
    edgePurgeHeadersFile: e.EDGE_PURGE_HEADERS_FILE,
    edgePurgeMaxTags: e.EDGE_PURGE_MAX_TAGS,
    resultCacheBytes: e.API_RESULT_CACHE_MB * 1024 * 1024,
    meiliTimeoutMs: e.MEILI_TIMEOUT_MS,
    meiliBreakerThreshold: e.MEILI_BREAKER_THRESHOLD,
    meiliBreakerHalfOpenMs: e.MEILI_BREAKER_HALF_OPEN_MS,
    pgStatementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    pgAcquireTimeoutMs: e.PG_ACQUIRE_TIMEOUT_MS,
    outboxStaleSeconds: e.OUTBOX_STALE_SECONDS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    previewTimeoutMs: e.PREVIEW_TIMEOUT_MS,
    renderMaxPixels: e.RENDER_MAX_PIXELS,
    workerLockMs: e.WORKER_LOCK_MS,
    legacyEndpoints: e.API_LEGACY_ENDPOINTS,
    unlimitedNetworks: e.API_UNLIMITED_NETWORKS,
    trustProxy: e.TRUST_PROXY,
  });
}

let cached: AppConfig | undefined;

/** The process's configuration; on a bad variable prints one line to stderr and exits with code 1. */
export function getConfig(): AppConfig {
  if (cached) return cached;
  try {
    cached = loadConfig();
    return cached;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
