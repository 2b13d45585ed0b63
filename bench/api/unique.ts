/**
 * Request streams for the API benchmark's cases that the API's result cache must not answer from memory
 * unless it really would: unique requests (no path sent twice within a case: every search or filter
 * template × `per_page` 1..100 × `page`, shuffled with a fixed seed) and a Zipf mix of product searches as
 * shoppers type them (a fixed seed). Each stream has its raw Meilisearch twin: the Meilisearch request the
 * probe caught for the template (default paging), with `page` and `hitsPerPage` set as the API sets them
 * (src/search/request.ts); `verifyDerivation` checks that against probed variants.
 */
import type { Probed } from './probe';
import type { BenchRequest, RequestStream } from './types';

/** mulberry32: a small deterministic PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A list request with the API's default paging, as probed: what its variants are made from. */
export interface Template {
  /** e.g. `{ search: 'Frontlader' }` or `{ taxons: 'typ:x', manufacturer: 'y' }` */
  params: Record<string, string>;
  /** The API path with default paging (`/api/v1/products?search=Frontlader`). */
  path: string;
  /** `meta.total` of the probed answer. */
  total: number;
  /** The one Meilisearch request the API sent for it. */
  meili: BenchRequest;
}

/** The API path of `params` on `endpoint` (`/api/v1/products`). */
export function listPath(endpoint: string, params: Record<string, string | number>): string {
  return `${endpoint}?${query(params)}`;
}

/**
 * The templates of `params` on `endpoint` from the probe's answers; drops those that found nothing.
 * Throws when one made other than exactly one Meilisearch request.
 */
export function templates(
  endpoint: string,
  params: Record<string, string>[],
  probed: Map<string, Probed>,
): Template[] {
  const out: Template[] = [];
  for (const p of params) {
    const path = listPath(endpoint, p);
    const found = probed.get(path);
    if (!found) throw new Error(`${path} was not probed`);
    if (found.meili.length !== 1) {
      throw new Error(`GET ${path} made ${found.meili.length} Meilisearch requests, expected 1`);
    }
    if ((found.total ?? 0) > 0) out.push({ params: p, path, total: found.total!, meili: found.meili[0]! });
  }
  return out;
}

/** One unique request: a template with `per_page` and `page`. */
export interface Variant {
  template: number;
  perPage: number;
  page: number;
}

/** The API request of a variant. */
export function apiRequest(endpoint: string, t: Template, v: Variant): BenchRequest {
  return { method: 'GET', path: listPath(endpoint, { ...t.params, per_page: v.perPage, page: v.page }) };
}

/** The raw Meilisearch request of a variant: the template's with `page` and `hitsPerPage` set. */
export function rawRequest(t: Template, v: Variant): BenchRequest {
  const body = JSON.parse(t.meili.body ?? '{}') as Record<string, unknown>;
  body.page = v.page;
  body.hitsPerPage = v.perPage;
  return { ...t.meili, body: JSON.stringify(body) };
}

/** The variants of a unique case, shuffled; `check` are kept apart for the check before the case. */
export interface VariantPool {
  endpoint: string;
  templates: Template[];
  variants: Variant[];
  check: Variant[];
}

/**
 * Every variant of `templates` with `per_page` 1..100 but the endpoint's default (whose first page is the
 * template itself) and `page` 1..`maxPage` that still holds a record, shuffled with `seed`; the last
 * `checkCount` go to `check`.
 */
export function variantPool(
  endpoint: string,
  templates: Template[],
  defaultPerPage: number,
  seed: number,
  maxPage = 5,
  checkCount = 12,
): VariantPool {
  const variants: Variant[] = [];
  templates.forEach((t, template) => {
    for (let perPage = 1; perPage <= 100; perPage++) {
      if (perPage === defaultPerPage) continue;
      for (let page = 1; page <= maxPage && (page - 1) * perPage < t.total; page++) {
        variants.push({ template, perPage, page });
      }
    }
  });
  const random = seededRandom(seed);
  for (let i = variants.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [variants[i], variants[j]] = [variants[j]!, variants[i]!];
  }
  const check = variants.splice(variants.length - checkCount, checkCount);
  return { endpoint, templates, variants, check };
}

/**
 * A stream over `pool`'s variants in order, from the first, as API (`raw` false) or raw Meilisearch
 * requests. Past the last variant it starts over; `unique` then reports the repeats.
 */
export function poolStream(pool: VariantPool, raw: boolean): RequestStream {
  let cursor = 0;
  return {
    unique: true,
    next() {
      const v = pool.variants[cursor++ % pool.variants.length]!;
      const t = pool.templates[v.template]!;
      return raw ? rawRequest(t, v) : apiRequest(pool.endpoint, t, v);
    },
  };
}

/**
 * Paths of a few variants of `pool` (one per template up to `n`) to probe, and the check that the raw
 * requests derived for them equal what the API really sent (method, path, body). Throws otherwise.
 */
export function derivationSample(
  pool: VariantPool,
  n = 4,
): { paths: string[]; verify: (probed: Map<string, Probed>) => void } {
  const sample = pool.variants.slice(0, n);
  const paths = sample.map((v) => apiRequest(pool.endpoint, pool.templates[v.template]!, v).path);
  return {
    paths,
    verify(probed) {
      // The media filters hold the moment of the request (`valid_until_ts > <now>`): that may differ.
      const normal = (body: string | undefined) =>
        JSON.stringify(JSON.parse(body ?? '{}')).replace(/valid_until_ts > [\d.]+/g, 'valid_until_ts > NOW');
      sample.forEach((v, i) => {
        const sent = probed.get(paths[i]!)?.meili;
        const derived = rawRequest(pool.templates[v.template]!, v);
        const same =
          sent?.length === 1 &&
          sent[0]!.method === derived.method &&
          sent[0]!.path === derived.path &&
          normal(sent[0]!.body) === normal(derived.body);
        if (!same) {
          throw new Error(
            `GET ${paths[i]} sent Meilisearch ${sent?.map((s) => s.body).join(' + ') ?? 'nothing'}, ` +
              `the bench derived ${derived.body}`,
          );
        }
      });
    },
  };
}

/** The Zipf exponent s over `n` ranks whose first `top` ranks get `share` of the draws (bisection). */
export function zipfExponent(n: number, top: number, share: number): number {
  const topShare = (s: number) => {
    let head = 0;
    let all = 0;
    for (let k = 1; k <= n; k++) {
      const w = k ** -s;
      all += w;
      if (k <= top) head += w;
    }
    return head / all;
  };
  let [lo, hi] = [0, 5];
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (topShare(mid) < share) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A Zipf mix over ranked templates: the exponent, and the share of the top 10 ranks in its draws. */
export interface ZipfMix {
  templates: Template[];
  exponent: number;
  /** The share of draws that went to the 10 most frequent queries in the first 100,000 draws. */
  top10Share: number;
  seed: number;
}

/** Draws of rank indexes (0-based) from Zipf(`exponent`) over `n` ranks, seeded. */
function zipfDraws(n: number, exponent: number, seed: number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative[k - 1] = sum += k ** -exponent;
  const random = seededRandom(seed);
  return () => {
    const x = random() * sum;
    let [lo, hi] = [0, n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The Zipf mix of `templates` (most frequent first) in which the top 10 get about `share` of the draws. */
export function zipfMix(templates: Template[], seed: number, share = 0.56): ZipfMix {
  const exponent = zipfExponent(templates.length, 10, share);
  const draw = zipfDraws(templates.length, exponent, seed);
  let top = 0;
  for (let i = 0; i < 100_000; i++) if (draw() < 10) top += 1;
  return { templates, exponent, top10Share: top / 100_000, seed };
}

/** The mix's deterministic sequence from its start, as API (default paging) or raw Meilisearch requests. */
export function zipfStream(mix: ZipfMix, raw: boolean): RequestStream {
  const draw = zipfDraws(mix.templates.length, mix.exponent, mix.seed);
  return {
    unique: false,
    next() {
      const t = mix.templates[draw()]!;
      return raw ? t.meili : { method: 'GET', path: t.path };
    },
  };
}
