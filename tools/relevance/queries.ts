/**
 * The judged query set (queries.ndjson, written by judge.ts from the medium catalog's data) and the measures
 * `npm run relevance` reports: success@1, MRR@10, recall@10 and the zero-result rate, overall and per
 * query class. Pure functions, unit-tested in metrics.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const QUERY_CLASSES = [
  'ordernumber',
  'model',
  'compound',
  'head',
  'modifier',
  'split',
  'umlaut',
  'typo',
  'english',
  'french',
  'synonym',
  'keyword',
  'multiword',
  'falsesplit',
  'combining',
  'shortpart',
  'agentnoun',
  'partsorder',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface JudgedQuery {
  q: string;
  index: 'products' | 'media';
  class: QueryClass;
  note?: string;
  /** What a shopper wants first: product slugs, or media ids of the snapshot. Never empty. */
  want: string[];
}

/** The judged query sets: test/relevance (the demo catalog's) and its folders of other catalogs. */
export const JUDGED_DIR = path.resolve(__dirname, '../../test/relevance');

export function loadQueries(file = path.join(JUDGED_DIR, 'queries.ndjson')): JudgedQuery[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JudgedQuery);
}

/** The first results of one query (keys in rank order, at most 10) and its total. */
export interface QueryOutcome {
  query: JudgedQuery;
  keys: string[];
  total: number;
}

export interface Measures {
  queries: number;
  /** share of queries whose first result is wanted */
  successAt1: number;
  /** mean of 1 / rank of the first wanted result within 10 (0 when none) */
  mrrAt10: number;
  /** mean share of the wanted results in the first 10, of at most 10 (min(10, |want|)) */
  recallAt10: number;
  /** share of queries that found nothing */
  zeroResults: number;
}

/** The measures of one query's outcome. */
export function measure(outcome: QueryOutcome): Omit<Measures, 'queries'> {
  const want = new Set(outcome.query.want);
  const top = outcome.keys.slice(0, 10);
  const first = top.findIndex((key) => want.has(key));
  const found = top.filter((key) => want.has(key)).length;
  return {
    successAt1: first === 0 ? 1 : 0,
    mrrAt10: first === -1 ? 0 : 1 / (first + 1),
    recallAt10: want.size === 0 ? 0 : found / Math.min(10, want.size),
    zeroResults: outcome.total === 0 ? 1 : 0,
  };
}

/** Means over `outcomes` (all zero when there are none). */
export function summarize(outcomes: readonly QueryOutcome[]): Measures {
  const sum = { successAt1: 0, mrrAt10: 0, recallAt10: 0, zeroResults: 0 };
  for (const outcome of outcomes) {
    const m = measure(outcome);
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += m[key];
  }
  const n = outcomes.length || 1;
  return {
    queries: outcomes.length,
    successAt1: sum.successAt1 / n,
    mrrAt10: sum.mrrAt10 / n,
    recallAt10: sum.recallAt10 / n,
    zeroResults: sum.zeroResults / n,
  };
}

/** Rows of the report: overall, per index, and per class (products and media together). */
export function report(outcomes: readonly QueryOutcome[]): { label: string; measures: Measures }[] {
  const rows = [{ label: 'all', measures: summarize(outcomes) }];
  for (const index of ['products', 'media'] as const) {
    const of = outcomes.filter((o) => o.query.index === index);
    if (of.length > 0) rows.push({ label: `index ${index}`, measures: summarize(of) });
  }
  for (const cls of QUERY_CLASSES) {
    const of = outcomes.filter((o) => o.query.class === cls);
    if (of.length > 0) rows.push({ label: cls, measures: summarize(of) });
  }
  return rows;
}

/** The report as a Markdown table (BENCHMARKS.md). */
export function reportTable(outcomes: readonly QueryOutcome[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    '| queries | n | success@1 | MRR@10 | recall@10 | zero results |',
    '| --- | --: | --: | --: | --: | --: |',
    ...report(outcomes).map(
      ({ label, measures: m }) =>
        `| ${label} | ${m.queries} | ${m.successAt1.toFixed(3)} | ${m.mrrAt10.toFixed(3)} | ` +
        `${m.recallAt10.toFixed(3)} | ${pct(m.zeroResults)} |`,
    ),
  ].join('\n');
}
