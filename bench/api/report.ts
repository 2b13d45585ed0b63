/**
 * The API benchmark's targets (issue 3) checked against its measurements, and its result as Markdown for
 * BENCHMARKS.md.
 */
import { RATE_LIMITED_SEARCH } from './cases';
import type { ApiBenchResult, CaseResult, DetailQueryCount, TargetCheck } from './types';

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

/**
 * What counting the request limits costs (no target): the rate-limited search against "API search", the
 * same requests measured back to back, as Markdown.
 */
function rateLimitOverhead(cases: CaseResult[]): string {
  const search = cases.find((c) => c.name === 'API search')!;
  const limited = cases.find((c) => c.name === RATE_LIMITED_SEARCH)!;
  const throughput = (limited.rps / search.rps - 1) * 100;
  return (
    `Rate-limit overhead (${RATE_LIMITED_SEARCH} vs API search, measured back to back): ` +
    `**p50 ${signed(limited.p50 - search.p50, 2)} ms, p99 ${signed(limited.p99 - search.p99, 2)} ms, ` +
    `throughput ${signed(throughput)} %** (one Redis round trip per request; Redis's CPU is in "other").`
  );
}

/**
 * The targets: p99 of each API case (which must also have no failures), a fixed number of SQL statements
 * per product detail, and API searches at ≥ 50 % of raw Meilisearch's requests/s. Returns them with the
 * two requests/s ratios (API ÷ raw Meilisearch, without and with `facets=1`).
 */
export function checkTargets(
  results: CaseResult[],
  detailQueries: DetailQueryCount[],
): {
  searchRatio: number;
  facetsRatio: number;
  mediaSearchRatio: number;
  renditionRatio: number;
  targets: TargetCheck[];
} {
  const byName = (prefix: string) =>
    results.find((r) => r.name === prefix) ?? results.find((r) => r.name.startsWith(prefix))!;
  const searchRatio = byName('API search').rps / byName('raw Meilisearch: search').rps;
  const facetsRatio = byName('API search, facets=1').rps / byName('raw Meilisearch: search with facets').rps;
  const mediaSearchRatio = byName('API /media search').rps / byName('raw Meilisearch: /media search').rps;
  const renditionRatio = byName('API cached rendition').rps / byName('bare static file server').rps;
  const p99Target = (prefix: string, limit: number): TargetCheck => {
    const r = byName(prefix);
    return {
      target: `${r.name}: p99 ≤ ${limit} ms`,
      measured: `${r.p99.toFixed(1)} ms`,
      met: r.p99 <= limit && r.non2xx === 0 && r.errors === 0 && r.mismatches === 0,
    };
  };
  const queryCounts = [...new Set(detailQueries.map((d) => d.queries))];
  const targets: TargetCheck[] = [
    p99Target('API search', 30),
    p99Target('API search, facets=1', 30),
    p99Target('API filtered list', 30),
    p99Target('API deep page (products', 30),
    p99Target('API deep page (articles', 30),
    p99Target('API product detail', 20),
    p99Target('API /media search', 30),
    p99Target('API /media list', 30),
    {
      target: 'product detail: a fixed number of SQL queries however many relations',
      measured: detailQueries.map((d) => `${d.queries} (${relationSummary(d)})`).join(' vs '),
      met: queryCounts.length === 1,
    },
    {
      target: 'API search requests/s ≥ 50 % of raw Meilisearch',
      measured: `${(searchRatio * 100).toFixed(1)} %`,
      met: searchRatio >= 0.5,
    },
    {
      target: 'API search with facets=1 requests/s ≥ 50 % of raw Meilisearch',
      measured: `${(facetsRatio * 100).toFixed(1)} %`,
      met: facetsRatio >= 0.5,
    },
    ...['API cached rendition', 'bare static file server'].map((prefix): TargetCheck => {
      const r = byName(prefix);
      return {
        target: `${r.name}: every response 200 with the file's bytes`,
        measured: `${fmt(r.responses, 0)} responses, ${r.non2xx + r.mismatches + r.errors} failed`,
        met: r.responses > 0 && r.non2xx === 0 && r.mismatches === 0 && r.errors === 0,
      };
    }),
  ];
  return { searchRatio, facetsRatio, mediaSearchRatio, renditionRatio, targets };
}

/** One case as a row of the cases table (Markdown). */
export function caseRow(r: CaseResult): string {
  const failures = r.non2xx + r.errors + r.mismatches;
  const problems =
    failures === 0
      ? '0'
      : `**${r.non2xx} non-2xx, ${r.mismatches} wrong status/size/header, ${r.errors} errors (${r.timeouts} timeouts)**`;
  // The app column is the process of the case's server: the API, the Express baseline or the static server.
  const app = r.server === 'meilisearch' ? '–' : r.cpu[r.server];
  const cpu = `${app} / ${r.cpu.meilisearch} / ${r.cpu.postgres} / ${r.cpu.bench} / ${r.cpu.other}`;
  return (
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${problems} | ${r.sql ?? '–'} | ` +
    `${cpu} |`
  );
}

/** The result as Markdown for BENCHMARKS.md: the cases, the targets, reindex and SQL numbers. */
export function apiTable(result: ApiBenchResult): string {
  const lines = [
    `${result.connections} connections, ${result.durationSec} s per case (after a warm-up), ${result.cores} cores; ` +
      `catalog: ${fmt(result.catalog.products, 0)} active products, ${fmt(result.catalog.articles, 0)} active articles, ` +
      `${fmt(result.catalog.media, 0)} media.`,
    '',
    '| case | requests/s | p50 ms | p99 ms | errors / non-2xx | SQL / request | CPU % app / Meili / PG / autocannon / other |',
    '|---|---:|---:|---:|---|---:|---|',
    ...result.cases.map(caseRow),
    '',
    `API search requests/s ÷ raw Meilisearch on the same requests: **${(result.searchRatio * 100).toFixed(1)} %** ` +
      `(with facets=1: **${(result.facetsRatio * 100).toFixed(1)} %**). CPU in % of one core; "other" is CPU ` +
      `used outside the benchmark's processes during the case (noise when well above 0).`,
    '',
    rateLimitOverhead(result.cases),
    '',
    `API /media search requests/s ÷ raw Meilisearch on the same requests: ` +
      `**${(result.mediaSearchRatio * 100).toFixed(1)} %**. API cached rendition requests/s ÷ the bare static ` +
      `file server's on the same files: **${(result.renditionRatio * 100).toFixed(1)} %** (mean file ` +
      `${fmt((result.cases.find((c) => c.server === 'static')?.meanBytes ?? 0) / 1024, 1)} KB).`,
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...result.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
    '',
    `Full reindex (\`runReindex(ctx, 'all')\`): **${(result.reindexMs / 1000).toFixed(1)} s** (` +
      result.reindex
        .map((r) => `${r.index}: ${fmt(r.documents, 0)} documents in ${(r.durationMs / 1000).toFixed(1)} s`)
        .join(', ') +
      ').',
    '',
    `SQL queries per product detail: ${result.detailQueries.map((d) => `**${d.queries}** for ${relationSummary(d)}`).join('; ')}.`,
    '',
    `Searches: ${result.searches.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    `Filters (taxons + manufacturer): ${result.filters.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    `/media searches: ${result.mediaSearches.map((s) => `\`${s}\``).join(', ')}; list variants: newest ` +
      `first, \`type=image\`, \`folder=${result.mediaFolder}\`, pages 1-4 each (24 per page).`,
    '',
    `Renditions served: ${result.renditions.images} public JPEG images × ${result.renditions.formats.length} ` +
      `formats (${result.renditions.formats.join(', ')}) = ${result.renditions.files} files, rendered with the ` +
      `render job in-process before the reindex: ${result.renditions.rendered} rendered in ` +
      `${(result.renditions.renderMs / 1000).toFixed(1)} s (the others already current from an earlier run).`,
  ];
  return lines.join('\n');
}
