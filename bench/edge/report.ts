/** The edge benchmark's targets (BENCHMARKS.md, "Targets") checked against its measurements, as Markdown. */
import type { TargetCheck } from '../api/types';
import type { EdgeBenchResult, EdgeCase } from './types';

/** Case names, each Varnish case next to its reference. */
export const EDGE_CASE = {
  zipf: 'Varnish: /products?search=, Zipf mix',
  apiZipf: 'API alone: the same Zipf mix (result cache on)',
  productDetail: 'Varnish: /products/{slug}',
  expressProductDetail: 'bare Express: the same /products/{slug} bodies',
  mediaDetail: 'Varnish: /media/{media}',
  expressMediaDetail: 'bare Express: the same /media/{media} bodies',
} as const;

/** The ratio targets: a Varnish case against its reference. */
const PAIRS = [
  { edge: EDGE_CASE.zipf, reference: EDGE_CASE.apiZipf, target: 10 },
  { edge: EDGE_CASE.productDetail, reference: EDGE_CASE.expressProductDetail, target: 10 },
  { edge: EDGE_CASE.mediaDetail, reference: EDGE_CASE.expressMediaDetail, target: 10 },
];

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const failuresOf = (r: EdgeCase) => r.non2xx + r.errors + r.mismatches;

/** Every target of the edge benchmark, in the report's order. */
export function edgeTargets(result: EdgeBenchResult): (TargetCheck & { case: string })[] {
  const out: (TargetCheck & { case: string })[] = [];
  for (const p of PAIRS) {
    const edge = result.cases.find((c) => c.name === p.edge);
    const reference = result.cases.find((c) => c.name === p.reference);
    if (!edge || !reference) continue;
    const value = edge.rps / reference.rps;
    const clean = failuresOf(edge) === 0 && failuresOf(reference) === 0;
    out.push({
      case: `${edge.name} ÷ ${reference.name}`,
      measured: `**${fmt(value, 2)}×** (${fmt(edge.rps, 0)} vs ${fmt(reference.rps, 0)} requests/s)`,
      target: `≥ ${p.target}×`,
      met: clean && value >= p.target,
    });
  }
  const f = result.freshness;
  out.push({
    case: `freshness through Varnish: catalog:import commit → visible in /products?ids[]= (${f.changes} changes)`,
    measured: `p50 ${fmt(f.p50 / 1000, 2)} s, **p95 ${fmt(f.p95 / 1000, 2)} s**, max ${fmt(f.max / 1000, 2)} s`,
    target: 'p95 ≤ 1 s',
    met: f.p95 <= 1000,
  });
  const s = result.staleness;
  out.push({
    case: `answers more than 1 s behind Postgres while imports run (${s.imports} imports, ${fmt(s.answers, 0)} answers)`,
    measured:
      `**${s.behindOver1s}**; ${s.behind} behind at all (lag p50 ${fmt(s.lagP50Ms, 0)} ms, p99 ` +
      `${fmt(s.lagP99Ms, 0)} ms, max ${fmt(s.lagMaxMs, 0)} ms); ${s.failed} failed; the API alone meanwhile ` +
      `(control): ${s.apiAlone.behindOver1s} of ${fmt(s.apiAlone.answers, 0)} over 1 s, max ` +
      `${fmt(s.apiAlone.lagMaxMs, 0)} ms`,
    target: '0',
    met: s.behindOver1s === 0 && s.failed === 0 && s.answers > 0,
  });
  const v = result.validUntil;
  out.push({
    case: `answers carrying a medium past its valid_until (medium ${v.medium})`,
    measured:
      `**${v.after}**${v.after ? ` (the last ${fmt(v.lastAfterMs, 0)} ms after it)` : ''}; ${v.before} with it ` +
      `before, ${v.gone} without it after, ${v.failed} failed`,
    target: '0',
    met: v.after === 0 && v.before > 0 && v.gone > 0 && v.failed === 0,
  });
  const g = result.grace;
  const failed = Object.entries(g.failed)
    .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
    .join(', ');
  out.push({
    case: `API stopped: cached pages past their s-maxage answered from grace (${g.pages} pages)`,
    measured:
      `**${fmt((g.ok / Math.max(1, g.answers)) * 100, 1)} %** of ${fmt(g.answers, 0)} answers 200 with the ` +
      `cached body over ${fmt(g.seconds, 1)} s (Age up to ${g.maxAgeSec} s)${failed ? `; ${failed}` : ''}; ` +
      `a page never cached: ${g.uncachedStatus}`,
    target: '100 % for the whole read',
    met: g.answers > 0 && g.ok === g.answers,
  });
  return out;
}

/** One load case as a row (Markdown). */
function caseRow(r: EdgeCase): string {
  const failures = failuresOf(r);
  const v = r.varnish
    ? `${fmt(r.varnish.hits, 0)} / ${fmt(r.varnish.misses, 0)} / ${fmt(r.varnish.passes, 0)}`
    : '–';
  return (
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${failures === 0 ? '0' : `**${failures}**`} | ` +
    `${v} | ${r.cpu.varnish} / ${r.cpu.api} / ${r.cpu.express} / ${r.cpu.meilisearch} / ${r.cpu.bench} / ${r.cpu.other} |`
  );
}

/** The result as BENCHMARKS.md's `edge` area: the load cases, the targets, what was measured. */
export function edgeTable(result: EdgeBenchResult): string {
  return [
    `${result.connections} connections, ${result.durationSec} s per case after a warm-up, each Varnish case ` +
      `and its reference in alternating slices; medium catalog: ${fmt(result.catalog.products, 0)} active ` +
      `products, ${fmt(result.catalog.media, 0)} media.`,
    '',
    '| case | requests/s | p50 ms | p99 ms | failures | Varnish hits / misses / passes | CPU % Varnish / API / Express / Meili / autocannon / other |',
    '|---|---:|---:|---:|---|---|---|',
    ...result.cases.map(caseRow),
    '',
    '| case | measured | target | met |',
    '|---|---|---|---|',
    ...edgeTargets(result).map(
      (t) => `| ${t.case} | ${t.measured} | ${t.target} | ${t.met ? 'met' : '**missed**'} |`,
    ),
    '',
    `Varnish's counters are over each pair (checks and warm-up included). CPU in % of one core; "other" is ` +
      `CPU used outside the bench's processes (Postgres included). Zipf mix: the API bench's, ` +
      `${result.zipf.queries} product searches, top 10 = ${fmt(result.zipf.top10Share * 100, 1)} % of the draws.`,
    '',
    `Freshness, staleness and valid_until on the small catalog (seed 1) in a database of their own, with ` +
      `indexer/worker.ts purging Varnish (\`EDGE_PURGE_URLS\`, \`EDGE_TAG_HEADER=xkey\`). Freshness, all, ms: ` +
      `${result.freshness.latenciesMs.map((ms) => Math.round(ms)).join(', ')}. Staleness: ` +
      `${result.staleness.readers} readers through Varnish on ${result.staleness.products} product details ` +
      `and a list of them (${fmt(result.staleness.hits, 0)} of ${fmt(result.staleness.answers, 0)} answers ` +
      `from Varnish's cache) for ${fmt(result.staleness.seconds, 1)} s while imports renamed all of them ` +
      `(committed in-process, a sync asked of the worker after each, as catalog:import does); an answer is ` +
      `behind from the first newer COMMIT to its arrival. valid_until: ${result.validUntil.paths
        .map((p) => `\`${p}\``)
        .join(' and ')}, set 5 s ahead, read by 4 clients until 3 s after it, each answer judged by when ` +
      `its request was sent. Grace: an API child with \`EDGE_MAX_AGE=${result.grace.ttlSec}\` behind a ` +
      `Varnish of its own, the pages read once, the API stopped after their s-maxage.`,
  ].join('\n');
}
