/**
 * The API benchmark's targets (BENCHMARKS.md, "Targets") checked against its measurements, and its result as Markdown for
 * BENCHMARKS.md.
 */
import { DEFAULT_RESULT_CACHE_MB } from '../../config/env';
import { CASE } from './cases';
import type {
  ApiBenchResult,
  CaseResult,
  DetailQueryCount,
  FreshnessResult,
  Ratio,
  TargetCheck,
} from './types';

function relationSummary(d: DetailQueryCount): string {
  const r = d.relations;
  return (
    `${d.slug}: ${r.articles} articles, ${r.manufacturers} manufacturers, ${r.tractorModels} tractor models, ` +
    `${r.terms} terms, ${r.images} images, ${r.uploads} uploads`
  );
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** `n` with its sign, `+` or `−`. */
const signed = (n: number, digits = 1) => `${n < 0 ? '−' : '+'}${fmt(Math.abs(n), digits)}`;
const failuresOf = (r: CaseResult) => r.non2xx + r.errors + r.mismatches;

/**
 * What counting the request limits costs (no target): the rate-limited unique search against the unique
 * search on the other API child, as Markdown.
 */
function rateLimitOverhead(cases: CaseResult[]): string {
  const search = cases.find((c) => c.name === CASE.productSearch);
  const limited = cases.find((c) => c.name === CASE.limitedSearch);
  if (!search || !limited) return '';
  const throughput = (limited.rps / search.rps - 1) * 100;
  return (
    `Rate-limit overhead (${limited.name} vs ${search.name}, two API processes, measured one after the other): ` +
    `**p50 ${signed(limited.p50 - search.p50, 2)} ms, p99 ${signed(limited.p99 - search.p99, 2)} ms, ` +
    `throughput ${signed(throughput)} %** (one Redis round trip per request; Redis's CPU is in "other").`
  );
}

/** The pairs compared and their target ratios. */
const PAIRS: { api: string; reference: string; target?: number }[] = [
  { api: CASE.productSearch, reference: CASE.rawProductSearch, target: 0.85 },
  { api: CASE.mediaSearch, reference: CASE.rawMediaSearch, target: 0.85 },
  { api: CASE.productFilter, reference: CASE.rawProductFilter, target: 0.85 },
  { api: CASE.mediaFilter, reference: CASE.rawMediaFilter, target: 0.85 },
  { api: CASE.zipf, reference: CASE.rawZipf, target: 2 },
  { api: CASE.productDetail, reference: CASE.expressProductDetail, target: 0.9 },
  { api: CASE.mediaDetail, reference: CASE.expressMediaDetail, target: 0.9 },
  { api: CASE.mediaDetail, reference: CASE.expressMediaResponse },
  { api: CASE.rendition, reference: CASE.staticFiles },
];

/**
 * The ratios of the pairs and the API benchmark's targets: each pair's ratio (its cases without failures and,
 * for unique cases, without a repeated request), the API's CPU per unique product search ≤ 25 % of
 * Meilisearch's (`cpuPerResponse`), freshness p95 ≤ 1 s, the API's peak RSS ≤ 200 MB, plus a fixed number
 * of SQL statements per product detail and every file response checked.
 */
export function checkTargets(result: Omit<ApiBenchResult, 'ratios' | 'targets'>): {
  ratios: Ratio[];
  targets: TargetCheck[];
} {
  const byName = (prefix: string) =>
    result.cases.find((r) => r.name === prefix) ?? result.cases.find((r) => r.name.startsWith(prefix));
  const ratios: Ratio[] = [];
  const targets: TargetCheck[] = [];
  for (const pair of PAIRS) {
    const api = byName(pair.api);
    const reference = byName(pair.reference);
    if (!api || !reference) continue;
    const value = api.rps / reference.rps;
    ratios.push({ api: api.name, reference: reference.name, value, target: pair.target });
    if (pair.target === undefined) continue;
    const clean = [api, reference].every((r) => failuresOf(r) === 0 && (r.repeated ?? 0) === 0);
    const repeats = api.repeated ? `, **${api.repeated} repeated requests**` : '';
    targets.push({
      target: `${api.name} ≥ ${pair.target}× ${reference.name}`,
      measured: `${fmt(value, 2)}× (${fmt(api.rps, 0)} vs ${fmt(reference.rps, 0)} requests/s)${repeats}`,
      met: clean && value >= pair.target,
    });
  }
  const cpu = cpuPerResponse(byName(CASE.productSearch), byName(CASE.rawProductSearch));
  if (cpu) targets.push(cpu);
  for (const f of result.freshness ?? []) targets.push(freshnessTarget(f));
  targets.push({
    target: 'API process peak RSS under the bench load ≤ 200 MB',
    measured:
      `${result.apiPeakRssMb} MB (VmHWM; ${result.apiRssBeforeMb} MB before the load; the rate-limited API ` +
      `child: ${result.limitedApiPeakRssMb} MB)`,
    met: result.apiPeakRssMb > 0 && result.apiPeakRssMb <= 200,
  });
  const queryCounts = [...new Set(result.detailQueries.map((d) => d.queries))];
  targets.push({
    target: 'product detail: a fixed number of SQL queries however many relations',
    measured: result.detailQueries.map((d) => `${d.queries} (${relationSummary(d)})`).join(' vs '),
    met: queryCounts.length === 1,
  });
  for (const prefix of [CASE.rendition, CASE.staticFiles]) {
    const r = byName(prefix);
    if (!r) continue;
    targets.push({
      target: `${r.name}: every response 200 with the file's bytes`,
      measured: `${fmt(r.responses, 0)} responses, ${failuresOf(r)} failed`,
      met: r.responses > 0 && failuresOf(r) === 0,
    });
  }
  return { ratios, targets };
}

/** The most CPU the API may spend on a unique product search, in parts of what Meilisearch spends. */
const API_CPU_SHARE = 0.25;

/**
 * The API's CPU per unique product search against Meilisearch's for the same request: the API process's
 * CPU seconds per response in the API case ÷ Meilisearch's CPU seconds per response in the raw case
 * (process CPU time, whatever share of the cores each got). Undefined without both cases or responses.
 */
export function cpuPerResponse(api?: CaseResult, raw?: CaseResult): TargetCheck | undefined {
  if (!api || !raw || api.rps === 0 || raw.rps === 0) return undefined;
  const apiMs = (api.cpu.api / 100 / api.rps) * 1000;
  const meiliMs = (raw.cpu.meilisearch / 100 / raw.rps) * 1000;
  const share = apiMs / meiliMs;
  return {
    target: `${api.name}: the API's CPU per response ≤ ${API_CPU_SHARE * 100} % of Meilisearch's per response in "${raw.name}"`,
    measured:
      `${fmt(share * 100, 0)} % (${fmt(apiMs, 2)} ms vs ${fmt(meiliMs, 2)} ms of CPU per response; in the API ` +
      `case Meilisearch spent ${fmt((api.cpu.meilisearch / 100 / api.rps) * 1000, 2)} ms)`,
    met: meiliMs > 0 && share <= API_CPU_SHARE,
  };
}

const VARIANT = {
  cli: 'catalog:import (asks the worker for a sync after the commit)',
  schedule: "importSnapshot alone (the worker's 2 s schedule)",
} as const;

/** The freshness target (p95 ≤ 1 s) of one variant. */
export function freshnessTarget(f: FreshnessResult): TargetCheck {
  return {
    target: `freshness, ${VARIANT[f.variant]}: import commit → visible in /products, p95 ≤ 1 s (${f.changes} changes)`,
    measured: `p50 ${fmt(f.p50 / 1000, 2)} s, p95 ${fmt(f.p95 / 1000, 2)} s, max ${fmt(f.max / 1000, 2)} s`,
    met: f.p95 <= 1000,
  };
}

/** Freshness as Markdown: a row per variant, and what was measured. */
export function freshnessTable(results: FreshnessResult[]): string {
  if (results.length === 0) return 'Freshness: not measured.';
  const f0 = results[0]!;
  return [
    '| import | changes | p50 s | p95 s | max s | import start → commit, median s | target p95 ≤ 1 s |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.map((f) => {
      const t = freshnessTarget(f);
      return (
        `| ${VARIANT[f.variant]} | ${f.changes} | ${fmt(f.p50 / 1000, 2)} | ${fmt(f.p95 / 1000, 2)} | ` +
        `${fmt(f.max / 1000, 2)} | ${fmt(f.importMedianMs / 1000, 2)} | ${t.met ? 'met' : '**missed**'} |`
      );
    }),
    '',
    `Small catalog (seed 1), result cache on, indexer/worker.ts running (2 s sync schedule); each change renames ` +
      `product ${f0.product.id} (\`${f0.product.slug}\`) in a copy of the snapshot, imported in full mode; from ` +
      `the COMMIT to the first /products?ids[]= answer with the new name (polled every 20 ms). All, ms: ` +
      results.map((f) => `${f.variant}: ${f.latenciesMs.map((ms) => Math.round(ms)).join(', ')}`).join('; ') +
      '.',
  ].join('\n');
}

/** One case as a row of the cases table (Markdown). */
export function caseRow(r: CaseResult): string {
  const failures = failuresOf(r);
  const problems =
    failures === 0
      ? '0'
      : `**${r.non2xx} non-2xx, ${r.mismatches} wrong status/size/header, ${r.errors} errors (${r.timeouts} timeouts)**`;
  // The app column is the process of the case's server: the API, the Express baseline or the static server.
  const app = r.server === 'meilisearch' ? '–' : r.cpu[r.server];
  const cpu = `${app} / ${r.cpu.meilisearch} / ${r.cpu.postgres} / ${r.cpu.bench} / ${r.cpu.other}`;
  const meili = r.meiliPerResponse === undefined ? '–' : fmt(r.meiliPerResponse, 2);
  const hits = r.cacheHitRate === undefined ? '–' : `${fmt(r.cacheHitRate * 100, 1)} %`;
  const sent =
    r.built === undefined
      ? `${r.variants} rotating`
      : r.repeated === undefined
        ? `${fmt(r.built, 0)} (${fmt(r.distinct ?? 0, 0)} distinct)`
        : `${fmt(r.built, 0)} unique${r.repeated ? ` (**${fmt(r.repeated, 0)} repeated**)` : ''}`;
  return (
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${problems} | ${r.sql ?? '–'} | ` +
    `${meili} | ${hits} | ${sent} | ${r.rssMb ?? '–'} | ${cpu} |`
  );
}

/**
 * The API's memory as Markdown: the API child's peak RSS (VmHWM) over the run against the 200 MB target,
 * its RSS before the load and its /metrics right after it, and the rate-limited child's peak.
 */
export function memoryTable(result: Omit<ApiBenchResult, 'ratios' | 'targets'>): string {
  const m = result.apiMemory;
  const met = result.apiPeakRssMb > 0 && result.apiPeakRssMb <= 200;
  return [
    '| API process | peak RSS (VmHWM) | before the load | after the load: RSS / V8 heap used / heap total / external | target peak ≤ 200 MB |',
    '|---|---:|---:|---|---|',
    `| the API (result cache on, \`API_RESULT_CACHE_MB\` default ${DEFAULT_RESULT_CACHE_MB}) | ${result.apiPeakRssMb} MB | ` +
      `${result.apiRssBeforeMb} MB | ${m.rss} / ${m.heapUsed} / ${m.heapTotal} / ${m.external} MB | ` +
      `${met ? 'met' : '**missed**'} |`,
    `| the rate-limited API child | ${result.limitedApiPeakRssMb} MB | – | – | – |`,
    '',
    '"Before the load": started, lexicon read, a few requests answered. The bare Express child, for scale: ' +
      'the RSS column of its cases in the API table.',
  ].join('\n');
}

/**
 * The result as BENCHMARKS.md's three areas: `api` (the cases, the ratios, the targets, the inputs),
 * `freshness` and `memory`.
 */
export function apiSections(result: ApiBenchResult): { api: string; freshness: string; memory: string } {
  const lines = [
    `${result.connections} connections, ${result.durationSec} s per case (after a warm-up), ${result.cores} cores; ` +
      `catalog: ${fmt(result.catalog.products, 0)} active products, ${fmt(result.catalog.articles, 0)} active articles, ` +
      `${fmt(result.catalog.media, 0)} media.`,
    '',
    '| case | requests/s | p50 ms | p99 ms | errors / non-2xx | SQL / request | Meili calls / response | result cache hits | requests (warm-up + measured) | RSS MB after | CPU % app / Meili / PG / autocannon / other |',
    '|---|---:|---:|---:|---|---:|---:|---:|---|---:|---|',
    ...result.cases.map(caseRow),
    '',
    'CPU in % of one core; "other" is CPU used outside the benchmark\'s processes during the case (noise ' +
      'when well above 0). "Meili calls / response": Meilisearch calls per API response during the measured ' +
      "period, from the API's /metrics (1.00: the result cache answered nothing, 0: everything); " +
      '"result cache hits": its hits ÷ lookups in the same period, from its own counters ' +
      '(`api_result_cache_requests_total`; a `/media` miss also looks up the cached next expiry, a hit).',
    '',
    '| API case | reference | API ÷ reference | target |',
    '|---|---|---:|---:|',
    ...result.ratios.map(
      (r) =>
        `| ${r.api} | ${r.reference} | **${fmt(r.value, 2)}×** | ${r.target === undefined ? '–' : `≥ ${r.target}×`} |`,
    ),
    '',
    rateLimitOverhead(result.cases),
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...result.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
    '',
    `Unique-request pools (template × per_page 1..100 but the default × page 1..5 while the page holds a ` +
      `record, shuffled with a fixed seed): ${result.pools
        .map((p) => `${p.name} ${fmt(p.templates, 0)} templates, ${fmt(p.variants, 0)} requests`)
        .join('; ')}.`,
    '',
    `Zipf mix: ${result.zipf.queries} product searches ranked by how many product names hold them, exponent ` +
      `${fmt(result.zipf.exponent, 3)}, top 10 = ${fmt(result.zipf.top10Share * 100, 1)} % of 100,000 draws ` +
      `(seed 14); top 10: ${result.zipf.top.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    ...(result.profiles ?? []).flatMap((p) => [
      `CPU profile of the API under "${p.name}" (${fmt(p.rps, 0)} requests/s under the profiler), self time in % of the busy samples: ` +
        `by module ${p.modules.map((e) => `${e.name} ${fmt(e.percent, 1)} %`).join(', ')}; top functions ` +
        `${p.functions.map((e) => `\`${e.name}\` ${fmt(e.percent, 1)} %`).join(', ')}; by total time ` +
        `(with what they call) ${p.inclusive.map((e) => `\`${e.name}\` ${fmt(e.percent, 1)} %`).join(', ')}.`,
      '',
    ]),
    `Full reindex (\`runReindex(ctx, 'all')\`): **${(result.reindexMs / 1000).toFixed(1)} s** (` +
      result.reindex
        .map((r) => `${r.index}: ${fmt(r.documents, 0)} documents in ${(r.durationMs / 1000).toFixed(1)} s`)
        .join(', ') +
      ').',
    '',
    `SQL queries per product detail: ${result.detailQueries.map((d) => `**${d.queries}** for ${relationSummary(d)}`).join('; ')}.`,
    '',
    `Renditions served: ${result.renditions.images} public JPEG images × ${result.renditions.formats.length} ` +
      `formats (${result.renditions.formats.join(', ')}) = ${result.renditions.files} files, rendered with the ` +
      `render job in-process before the reindex: ${result.renditions.rendered} rendered in ` +
      `${(result.renditions.renderMs / 1000).toFixed(1)} s (the others already current from an earlier run).`,
  ];
  return {
    api: lines.join('\n'),
    freshness: freshnessTable(result.freshness ?? []),
    memory: memoryTable(result),
  };
}

/** The result as one Markdown text (the three areas of `apiSections` one after the other), for the console. */
export function apiTable(result: ApiBenchResult): string {
  const { api, freshness, memory } = apiSections(result);
  return `${api}\n\nFreshness\n\n${freshness}\n\nAPI memory\n\n${memory}`;
}
