/**
 * The API benchmark's cases: each API case next to its reference, measured back to back.
 *
 * - Unique requests, which the result cache cannot answer: `/products?search=`, `/media?search=`, the
 *   filtered `/products` (`taxons`, `manufacturer`) and `/media` (`type`, `folder`) lists, every request
 *   a template × `per_page` × `page` never sent before in the case (unique.ts); next to raw Meilisearch
 *   answering the same Meilisearch requests (the probe's request for the template with the page set).
 *   The product search also on the second API child that counts request limits.
 * - A Zipf mix of product searches (the top 10 queries ≈ 56 % of the requests, a seeded sequence), API
 *   with its result cache on vs raw Meilisearch on the same sequence.
 * - Details, `/products/{slug}` and `/media/{media}`, vs a bare Express process sending the same JSON
 *   bodies (captured from the API before the case); `/media/{media}` also vs the same bodies with the
 *   API's response headers (helmet's, CORS, caching, tags), the same bytes on the wire.
 * - The bare Express ~1 KB floor, a cached rendition from the API and the same files from a bare static
 *   file server; with `diagnose` a few single-connection cases.
 */
import type { CatalogSample, DetailCandidate, RankedText } from './catalog';
import type { Probed } from './probe';
import type { RenditionFile } from './renditions';
import {
  apiRequest,
  listPath,
  poolStream,
  rawRequest,
  templates,
  variantPool,
  zipfMix,
  zipfStream,
  type Template,
  type VariantPool,
  type ZipfMix,
} from './unique';
import type { ApiCounters, BenchRequest, CaseSpec, DetailQueryCount, Hits } from './types';

const PRODUCTS = '/api/v1/products';
const MEDIA = '/api/v1/media';
/** The endpoints' default `per_page` (a variant with it on page 1 would be the template itself). */
const PRODUCTS_PER_PAGE = 15;
const MEDIA_PER_PAGE = 24;

/** Case names the report looks up. */
export const CASE = {
  productSearch: 'API /products?search=, unique requests',
  rawProductSearch: 'raw Meilisearch: /products?search=, same requests',
  limitedSearch: 'API /products?search=, unique, rate limit counted (guest)',
  mediaSearch: 'API /media?search=, unique requests',
  rawMediaSearch: 'raw Meilisearch: /media?search=, same requests',
  productFilter: 'API /products filtered (taxons, manufacturer), unique requests',
  rawProductFilter: 'raw Meilisearch: /products filtered, same requests',
  mediaFilter: 'API /media filtered (type, folder), unique requests',
  rawMediaFilter: 'raw Meilisearch: /media filtered, same requests',
  zipf: 'API /products?search=, Zipf mix (result cache on)',
  rawZipf: 'raw Meilisearch: the same Zipf mix',
  productDetail: 'API /products/{slug}',
  expressProductDetail: 'bare Express: the same /products/{slug} bodies',
  mediaDetail: 'API /media/{media}',
  expressMediaDetail: 'bare Express: the same /media/{media} bodies',
  expressMediaResponse: 'bare Express: the same /media/{media} bodies and headers',
  express: 'bare Express JSON (~1 KB)',
  rendition: 'API cached rendition',
  staticFiles: 'bare static file server, same files',
} as const;

/** What the cases are made of before the probe: the templates' parameters and the detail paths. */
export interface Vocabulary {
  productSearches: RankedText[];
  mediaSearches: RankedText[];
  productFilters: Record<string, string>[];
  mediaFilters: Record<string, string>[];
  mediaDetailIds: number[];
}

/** The template paths to probe (each once) for the unique and Zipf cases. */
export function templatePaths(v: Vocabulary): string[] {
  return [
    ...v.productSearches.map((s) => listPath(PRODUCTS, { search: s.text })),
    ...v.mediaSearches.map((s) => listPath(MEDIA, { search: s.text })),
    ...v.productFilters.map((p) => listPath(PRODUCTS, p)),
    ...v.mediaFilters.map((p) => listPath(MEDIA, p)),
  ];
}

/** The detail paths: the 10 products with the most relations and the 10 with the fewest, and the media. */
export function detailPaths(sample: CatalogSample, v: Vocabulary): { products: string[]; media: string[] } {
  return {
    products: [...sample.details.most, ...sample.details.fewest].map((d) => `${PRODUCTS}/${d.slug}`),
    media: v.mediaDetailIds.map((id) => `${MEDIA}/${id}`),
  };
}

/** The unique pools and the Zipf mix, made from the probed templates. */
export interface Plans {
  productSearch: VariantPool;
  mediaSearch: VariantPool;
  productFilter: VariantPool;
  mediaFilter: VariantPool;
  zipf: ZipfMix;
}

/** The pools (seeded shuffles) and the Zipf mix (seed 14) of the probed templates. */
export function buildPlans(v: Vocabulary, probed: Map<string, Probed>): Plans {
  const productSearches = templates(
    PRODUCTS,
    v.productSearches.map((s) => ({ search: s.text })),
    probed,
  );
  return {
    productSearch: variantPool(PRODUCTS, productSearches, PRODUCTS_PER_PAGE, 1401),
    mediaSearch: variantPool(
      MEDIA,
      templates(
        MEDIA,
        v.mediaSearches.map((s) => ({ search: s.text })),
        probed,
      ),
      MEDIA_PER_PAGE,
      1402,
    ),
    productFilter: variantPool(
      PRODUCTS,
      templates(PRODUCTS, v.productFilters, probed),
      PRODUCTS_PER_PAGE,
      1403,
    ),
    mediaFilter: variantPool(MEDIA, templates(MEDIA, v.mediaFilters, probed), MEDIA_PER_PAGE, 1404),
    // Most frequent first: the shoppers' top queries are the broad machine types.
    zipf: zipfMix(productSearches, 14),
  };
}

/** SQL statements of the detail of the product with the most relations and of the one with the fewest. */
export function detailQueryCounts(
  details: { most: DetailCandidate[]; fewest: DetailCandidate[] },
  probed: Map<string, Probed>,
): DetailQueryCount[] {
  return [details.most[0]!, details.fewest[0]!].map((d) => {
    const { slug, articles, manufacturers, tractorModels, terms, images, uploads } = d;
    const relations = { articles, manufacturers, tractorModels, terms, images, uploads };
    return { slug, relations, queries: probed.get(`${PRODUCTS}/${slug}`)!.queries };
  });
}

/** The list answer's total; throws when it found nothing. */
function found(body: unknown, request: BenchRequest): number {
  const b = body as Hits;
  const total = b.meta?.total ?? b.totalHits ?? b.estimatedTotalHits ?? 0;
  if (total === 0 || (b.data ?? b.hits ?? []).length === 0) {
    throw new Error(`${request.method} ${request.path} ${request.body ?? ''}: found nothing`);
  }
  return total;
}

/** A check that the answer found exactly the total the probe saw for the request's template. */
function foundAsProbed(name: string, expected: Map<BenchRequest, number>) {
  return (body: unknown, request: BenchRequest) => {
    const total = found(body, request);
    const want = expected.get(request);
    if (want !== undefined && total !== want) {
      throw new Error(`${name} ${request.path} ${request.body ?? ''}: ${total} hits, the probe saw ${want}`);
    }
  };
}

/** The API case and the raw Meilisearch case of a unique pool (their checks use the pool's check variants). */
function uniquePair(
  pool: VariantPool,
  names: { api: string; raw: string; group: string },
  origins: { api: string; meilisearch: string },
  sql: string,
  counters: () => Promise<ApiCounters>,
): [CaseSpec, CaseSpec] {
  const apiExpected = new Map<BenchRequest, number>();
  const rawExpected = new Map<BenchRequest, number>();
  for (const v of pool.check) {
    const t: Template = pool.templates[v.template]!;
    apiExpected.set(apiRequest(pool.endpoint, t, v), t.total);
    rawExpected.set(rawRequest(t, v), t.total);
  }
  return [
    {
      server: 'api',
      name: names.api,
      group: names.group,
      origin: origins.api,
      requests: [...apiExpected.keys()],
      check: foundAsProbed(names.api, apiExpected),
      stream: () => poolStream(pool, false),
      sql,
      counters,
    },
    {
      server: 'meilisearch',
      name: names.raw,
      group: names.group,
      origin: origins.meilisearch,
      requests: [...rawExpected.keys()],
      check: foundAsProbed(names.raw, rawExpected),
      stream: () => poolStream(pool, true),
    },
  ];
}

/**
 * Every case in the order it runs, each API case followed by its reference (see the file comment).
 * `counters` read an API child's /metrics (requests answered, Meilisearch calls made).
 */
export function caseSpecs(input: {
  plans: Plans;
  probed: Map<string, Probed>;
  details: { products: string[]; media: string[] };
  origins: { api: string; limitedApi: string; meilisearch: string; express: string; static: string };
  counters: { api: () => Promise<ApiCounters>; limitedApi: () => Promise<ApiCounters> };
  files: RenditionFile[];
  diagnose: boolean;
}): CaseSpec[] {
  const { plans, probed, details, origins, counters, files } = input;
  const sqlRange = (paths: string[]) => {
    const counts = paths.map((p) => probed.get(p)!.queries);
    const [min, max] = [Math.min(...counts), Math.max(...counts)];
    return min === max ? String(min) : `${min}–${max}`;
  };
  const poolSql = (pool: VariantPool) => sqlRange(pool.templates.map((t) => t.path));
  const api = { api: origins.api, meilisearch: origins.meilisearch };
  const [productSearch, rawProductSearch] = uniquePair(
    plans.productSearch,
    { api: CASE.productSearch, raw: CASE.rawProductSearch, group: 'products search' },
    api,
    poolSql(plans.productSearch),
    counters.api,
  );
  const limitedSearch: CaseSpec = {
    ...productSearch,
    server: 'limitedApi',
    name: CASE.limitedSearch,
    origin: origins.limitedApi,
    // Every response must carry the limit's header: a request let through uncounted fails the case.
    requests: productSearch.requests.map((r) => ({ ...r, expectHeader: 'x-ratelimit-limit' })),
    counters: counters.limitedApi,
  };
  const zipfTop = plans.zipf.templates.slice(0, 10);
  const zipfExpected = new Map<BenchRequest, number>();
  const rawZipfExpected = new Map<BenchRequest, number>();
  for (const t of zipfTop) {
    zipfExpected.set({ method: 'GET', path: t.path }, t.total);
    rawZipfExpected.set(t.meili, t.total);
  }
  const detailPair = (
    paths: string[],
    names: { api: string; express: string; sameHeaders?: string },
  ): CaseSpec[] => [
    {
      server: 'api',
      name: names.api,
      group: names.api,
      origin: origins.api,
      requests: paths.map((path) => ({ method: 'GET', path })),
      sql: sqlRange(paths),
      counters: counters.api,
    },
    {
      server: 'express',
      name: names.express,
      group: names.api,
      origin: origins.express,
      requests: paths.map((path) => ({ method: 'GET', path })),
    },
    ...(names.sameHeaders
      ? [
          {
            server: 'express' as const,
            name: names.sameHeaders,
            group: names.api,
            origin: origins.express,
            requests: paths.map((path) => ({ method: 'GET' as const, path: `/same-headers${path}` })),
          },
        ]
      : []),
  ];
  const cases: CaseSpec[] = [
    productSearch,
    rawProductSearch,
    limitedSearch,
    ...uniquePair(
      plans.mediaSearch,
      { api: CASE.mediaSearch, raw: CASE.rawMediaSearch, group: 'media search' },
      api,
      poolSql(plans.mediaSearch),
      counters.api,
    ),
    ...uniquePair(
      plans.productFilter,
      { api: CASE.productFilter, raw: CASE.rawProductFilter, group: 'products filtered' },
      api,
      poolSql(plans.productFilter),
      counters.api,
    ),
    ...uniquePair(
      plans.mediaFilter,
      { api: CASE.mediaFilter, raw: CASE.rawMediaFilter, group: 'media filtered' },
      api,
      poolSql(plans.mediaFilter),
      counters.api,
    ),
    {
      server: 'api',
      name: CASE.zipf,
      group: 'zipf',
      origin: origins.api,
      requests: [...zipfExpected.keys()],
      check: foundAsProbed(CASE.zipf, zipfExpected),
      stream: () => zipfStream(plans.zipf, false),
      sql: poolSql(plans.productSearch),
      counters: counters.api,
    },
    {
      server: 'meilisearch',
      name: CASE.rawZipf,
      group: 'zipf',
      origin: origins.meilisearch,
      requests: [...rawZipfExpected.keys()],
      check: foundAsProbed(CASE.rawZipf, rawZipfExpected),
      stream: () => zipfStream(plans.zipf, true),
    },
    ...detailPair(details.products, { api: CASE.productDetail, express: CASE.expressProductDetail }),
    ...detailPair(details.media, {
      api: CASE.mediaDetail,
      express: CASE.expressMediaDetail,
      sameHeaders: CASE.expressMediaResponse,
    }),
    {
      server: 'express',
      name: CASE.express,
      origin: origins.express,
      requests: [{ method: 'GET', path: '/' }],
    },
    {
      server: 'api',
      name: `${CASE.rendition} (${files.length} files)`,
      group: 'files',
      origin: origins.api,
      requests: files.map((f) => ({ method: 'GET', path: f.url, expectBytes: f.size })),
      sql: sqlRange(files.map((f) => f.url)),
    },
    {
      server: 'static',
      name: CASE.staticFiles,
      group: 'files',
      origin: origins.static,
      requests: files.map((f) => ({ method: 'GET', path: f.staticPath, expectBytes: f.size })),
    },
  ];
  if (input.diagnose) {
    cases.push(
      {
        ...rawProductSearch,
        group: undefined,
        name: `${CASE.rawProductSearch}, 1 connection`,
        connections: 1,
      },
      {
        ...rawProductSearch,
        // What Node's fetch asks for unless told otherwise: a compressed answer.
        name: `${CASE.rawProductSearch}, Accept-Encoding gzip, 1 connection`,
        group: undefined,
        stream: () => {
          const s = poolStream(plans.productSearch, true);
          return {
            unique: true,
            next: () => {
              const r = s.next();
              return { ...r, headers: { ...r.headers, 'accept-encoding': 'gzip, deflate' } };
            },
          };
        },
        check: undefined,
        connections: 1,
      },
      {
        ...cases.find((c) => c.name === CASE.productDetail)!,
        name: `${CASE.productDetail}, 1 connection`,
        connections: 1,
      },
    );
  }
  return cases;
}
