/**
 * The API benchmark's cases: the API's requests built from the catalog sample, then every case as measured
 * (API, the API's search with its request limits counted, raw Meilisearch replaying what the probe caught,
 * bare Express, the diagnostics) with the checks each response must pass before its case is measured.
 */
import type { CatalogSample, DetailCandidate } from './catalog';
import type { Probed } from './probe';
import type { RenditionFile } from './renditions';
import type { BenchRequest, CaseSpec, DetailQueryCount, Hits } from './types';

const PER_PAGE = 15;

/** The "API search" requests sent to the API child that counts them against the guest limit. */
export const RATE_LIMITED_SEARCH = 'API search, rate limit counted (guest)';

/** An API case before it is probed: its requests as paths. */
export interface ApiCasePlan {
  name: string;
  /** The name of the raw Meilisearch case replaying its Meilisearch requests, if it has one. */
  raw?: string;
  paths: string[];
  /** A list answer: it must find something. */
  list: boolean;
}

/**
 * The API's cases, in the order they run: searches (without and with `facets=1`), the filtered list, the
 * last 10 products pages and 10 articles pages up to page 6000, the detail of the 10 products with the
 * most relations and the 10 with the fewest, `/media` searches, and `/media` list pages 1-4 newest first,
 * with `type=image` and with `folder=<the busiest public folder>` (24 per page).
 */
export function apiCasePlans({ catalog, searches, pairs, details, media }: CatalogSample): ApiCasePlan[] {
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const lastPage = Math.ceil(catalog.products / PER_PAGE);
  const deepPages = Array.from({ length: 10 }, (_, i) => lastPage - 9 + i);
  const lastArticlePage = Math.ceil(catalog.articles / PER_PAGE);
  const articlePages = Array.from({ length: 10 }, (_, i) => Math.min(6000, lastArticlePage) - 9 + i);
  return [
    {
      name: 'API search',
      raw: 'raw Meilisearch: search',
      paths: searches.map((s) => `/api/v1/products?${q({ search: s })}`),
      list: true,
    },
    {
      name: 'API search, facets=1',
      raw: 'raw Meilisearch: search with facets',
      paths: searches.map((s) => `/api/v1/products?${q({ search: s, facets: 1 })}`),
      list: true,
    },
    {
      name: 'API filtered list',
      raw: 'raw Meilisearch: filtered list',
      paths: pairs.map(
        (p) => `/api/v1/products?${q({ taxons: `${p.taxonomy}:${p.term}`, manufacturer: p.manufacturer })}`,
      ),
      list: true,
    },
    {
      name: `API deep page (products, pages ${deepPages[0]}-${lastPage})`,
      raw: 'raw Meilisearch: deep page (products)',
      paths: deepPages.map((page) => `/api/v1/products?${q({ page, per_page: PER_PAGE })}`),
      list: true,
    },
    {
      name: `API deep page (articles, pages ${articlePages[0]}-${articlePages[9]})`,
      raw: 'raw Meilisearch: deep page (articles)',
      paths: articlePages.map((page) => `/api/v1/articles?${q({ page })}`),
      list: true,
    },
    {
      name: 'API product detail',
      paths: [...details.most, ...details.fewest].map((d) => `/api/v1/products/${d.slug}`),
      list: false,
    },
    {
      name: 'API /media search',
      raw: 'raw Meilisearch: /media search',
      paths: media.searches.map((s) => `/api/v1/media?${q({ search: s })}`),
      list: true,
    },
    {
      name: `API /media list (newest, type=image, folder=${media.folder}; pages 1-4)`,
      raw: 'raw Meilisearch: /media list',
      paths: [1, 2, 3, 4].flatMap((page) => [
        `/api/v1/media?${q({ page })}`,
        `/api/v1/media?${q({ type: 'image', page })}`,
        `/api/v1/media?${q({ folder: media.folder, page })}`,
      ]),
      list: true,
    },
  ];
}

/** SQL statements of the detail of the product with the most relations and of the one with the fewest. */
export function detailQueryCounts(
  details: { most: DetailCandidate[]; fewest: DetailCandidate[] },
  probed: Map<string, Probed>,
): DetailQueryCount[] {
  return [details.most[0]!, details.fewest[0]!].map((d) => {
    const { slug, articles, manufacturers, tractorModels, terms, images, uploads } = d;
    const relations = { articles, manufacturers, tractorModels, terms, images, uploads };
    return { slug, relations, queries: probed.get(`/api/v1/products/${slug}`)!.queries };
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

/**
 * `search` (the "API search" case) sent to the API child at `origin`, which counts each request against
 * the guest limit: every response must also carry `X-RateLimit-Limit`, so that a request the limiter let
 * through uncounted (an unlimited network, or Redis failing open) fails the case instead of measuring the
 * path without the limiter.
 */
function rateLimitedSearch(search: CaseSpec, origin: string): CaseSpec {
  return {
    ...search,
    server: 'limitedApi',
    name: RATE_LIMITED_SEARCH,
    origin,
    requests: search.requests.map((r) => ({ ...r, expectHeader: 'x-ratelimit-limit' })),
  };
}

/**
 * Every case in the order it runs: the API's, with "API search" followed by the same requests with the
 * request limits counted (measured back to back), raw Meilisearch on the searches, the list, the products
 * deep page and the `/media` search and list, bare Express, a cached rendition from the API and the same
 * files from the bare static file server, then with `diagnose` the five diagnostics. Throws when an API
 * request made other than exactly one Meilisearch request (its raw case would not be the same work).
 */
export function caseSpecs(
  plans: ApiCasePlan[],
  probed: Map<string, Probed>,
  origins: { api: string; limitedApi: string; meilisearch: string; express: string; static: string },
  files: RenditionFile[],
  diagnose: boolean,
): CaseSpec[] {
  const sqlRange = (paths: string[]) => {
    const counts = paths.map((p) => probed.get(p)!.queries);
    const [min, max] = [Math.min(...counts), Math.max(...counts)];
    return min === max ? String(min) : `${min}–${max}`;
  };
  const cases: CaseSpec[] = plans.map((c) => ({
    server: 'api',
    name: c.name,
    origin: origins.api,
    requests: c.paths.map((p) => ({ method: 'GET', path: p })),
    check: c.list ? found : undefined,
    sql: sqlRange(c.paths),
  }));
  const search = cases.findIndex((c) => c.name === 'API search');
  cases.splice(search + 1, 0, rateLimitedSearch(cases[search]!, origins.limitedApi));
  const raws = new Map<string, CaseSpec>();
  for (const c of plans) {
    if (!c.raw) continue;
    const expected = new Map<BenchRequest, number | undefined>();
    const requests = c.paths.map((p) => {
      const calls = probed.get(p)!.meili;
      if (calls.length !== 1)
        throw new Error(`GET ${p} made ${calls.length} Meilisearch requests, expected 1`);
      expected.set(calls[0]!, probed.get(p)!.total);
      return calls[0]!;
    });
    const spec: CaseSpec = {
      server: 'meilisearch',
      name: c.raw,
      origin: origins.meilisearch,
      requests,
      // The same request as the API's: as many hits.
      check: (body, request) => {
        const total = found(body, request);
        const want = expected.get(request);
        if (want !== undefined && total !== want) {
          throw new Error(`${c.raw} ${request.body}: ${total} hits, the API said ${want}`);
        }
      },
    };
    raws.set(c.raw, spec);
  }
  const byCase = (name: string) => cases.find((c) => c.name === name)!;
  const diagnostics: CaseSpec[] = [];
  if (diagnose) {
    const rawSearch = raws.get('raw Meilisearch: search')!;
    diagnostics.push(
      raws.get('raw Meilisearch: deep page (articles)')!,
      { ...rawSearch, name: 'raw Meilisearch: search, 1 connection', connections: 1 },
      {
        ...rawSearch,
        // What Node's fetch asks for unless told otherwise: a compressed answer.
        name: 'raw Meilisearch: search, Accept-Encoding gzip, 1 connection',
        requests: rawSearch.requests.map((r) => ({
          ...r,
          headers: { ...r.headers, 'accept-encoding': 'gzip, deflate' },
        })),
        check: undefined,
        connections: 1,
      },
      { ...byCase('API search'), name: 'API search, 1 connection', connections: 1 },
      { ...byCase('API product detail'), name: 'API product detail, 1 connection', connections: 1 },
    );
  }
  cases.push(
    ...[
      'search',
      'search with facets',
      'filtered list',
      'deep page (products)',
      '/media search',
      '/media list',
    ].map((name) => raws.get(`raw Meilisearch: ${name}`)!),
    {
      server: 'express',
      name: 'bare Express JSON (~1 KB)',
      origin: origins.express,
      requests: [{ method: 'GET', path: '/' }],
    },
    {
      server: 'api',
      name: `API cached rendition (${files.length} files)`,
      origin: origins.api,
      requests: files.map((f) => ({ method: 'GET', path: f.url, expectBytes: f.size })),
      sql: sqlRange(files.map((f) => f.url)),
    },
    {
      server: 'static',
      name: 'bare static file server, same files',
      origin: origins.static,
      requests: files.map((f) => ({ method: 'GET', path: f.staticPath, expectBytes: f.size })),
    },
    ...diagnostics,
  );
  return cases;
}
