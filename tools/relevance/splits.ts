/**
 * Split accuracy of the German decompounder on a gold list of compounds and simplex words
 * (test/fixtures/german/split-gold.tsv, written by hand independently of the decompounder's rules): what
 * `npm run relevance` reports next to the query figures, and what test/search/split-gold.test.ts holds to
 * its targets. Pure functions over a lexicon.
 *
 * A word's split is the set of its boundaries (character offsets between written parts) in the parts the
 * indexer takes (`indexParts`: the finest split, else the fallback's head): precision is the share of predicted boundaries that the gold list has, recall the share of
 * gold boundaries predicted, both summed over every word (a simplex word split is a false boundary, a
 * compound left whole misses all of its). A word is exact when every boundary is right; its lemmas are right
 * when, in addition, every part's lemma is the gold one (`schul|tafel` → `schule`, `tafel`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { finestParts, type Part } from '../../src/search/german/decompound';
import { fallbackParts } from '../../src/search/german/terms';
import type { Lexicon } from '../../src/search/german/lexicon';

/** One line of the gold list. */
export interface GoldSplit {
  word: string;
  /** written parts, linking letters with the part before them; one part for a simplex word */
  parts: string[];
  /** the lemma of each part */
  lemmas: string[];
  /** `compound` or `simplex`, then the word's class tags (`falsesplit`, `combining`, ...) */
  tags: string[];
}

export const GOLD_FILE = path.resolve(__dirname, '../../test/fixtures/german/split-gold.tsv');

/** Reads the gold list (TAB-separated: word, parts, lemmas, tags; `#` lines are comments). Throws on a bad line. */
export function loadGold(file = GOLD_FILE): GoldSplit[] {
  const out: GoldSplit[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '' || line.startsWith('#')) return;
      const [word, parts, lemmas, tags] = line.split('\t').map((cell) => cell.trim());
      const split = parts?.split('|') ?? [];
      if (!word || !lemmas || !tags || split.join('') !== word || lemmas.split('|').length !== split.length) {
        throw new Error(`${file}:${index + 1}: not word, parts, lemmas, tags: ${line}`);
      }
      out.push({ word, parts: split, lemmas: lemmas.split('|'), tags: tags.split(',').map((t) => t.trim()) });
    });
  return out;
}

/** One word's outcome. */
export interface SplitOutcome {
  gold: GoldSplit;
  /** predicted written parts (the word itself when it is not split) */
  parts: string[];
  lemmas: string[];
  /** predicted boundaries that are gold, predicted, gold */
  right: number;
  predicted: number;
  expected: number;
}

function boundaries(parts: readonly string[]): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const part of parts.slice(0, -1)) out.add((at += part.length));
  return out;
}

/**
 * The parts the indexer takes of a word (terms.ts): its finest split, else the fallback's unknown first part
 * and known head (`gülle` + `pumpe`); null when it stays whole.
 */
export function indexParts(word: string, lexicon: Lexicon): Part[] | null {
  const parts = finestParts(word, lexicon);
  if (parts) return parts;
  const fallback = fallbackParts(word, lexicon);
  if (!fallback) return null;
  const head = fallback.head;
  const modifier = fallback.modifier ?? { written: word.slice(0, -head.written.length), lemma: '' };
  return modifier.written ? [{ ...modifier, lemma: modifier.lemma || modifier.written }, head] : null;
}

/** Splits every gold word with `lexicon` as the indexer does (`indexParts`) and compares. */
export function splitOutcomes(gold: readonly GoldSplit[], lexicon: Lexicon): SplitOutcome[] {
  return gold.map((entry) => {
    const found = indexParts(entry.word, lexicon);
    const parts = found ? found.map((p) => p.written) : [entry.word];
    const lemmas = found ? found.map((p) => p.lemma) : [entry.word];
    const want = boundaries(entry.parts);
    const got = boundaries(parts);
    let right = 0;
    for (const at of got) if (want.has(at)) right += 1;
    return { gold: entry, parts, lemmas, right, predicted: got.size, expected: want.size };
  });
}

export interface SplitMeasures {
  words: number;
  precision: number;
  recall: number;
  /** share of words split exactly as the gold list says */
  exact: number;
  /** share of words split exactly and with the gold lemmas */
  lemmas: number;
}

/** The measures over `outcomes` (precision 1 when nothing is predicted, recall 1 when nothing is expected). */
export function splitMeasures(outcomes: readonly SplitOutcome[]): SplitMeasures {
  let right = 0;
  let predicted = 0;
  let expected = 0;
  let exact = 0;
  let lemmas = 0;
  for (const o of outcomes) {
    right += o.right;
    predicted += o.predicted;
    expected += o.expected;
    const isExact = o.right === o.predicted && o.right === o.expected;
    if (isExact) exact += 1;
    if (isExact && o.lemmas.every((lemma, i) => lemma === o.gold.lemmas[i])) lemmas += 1;
  }
  const n = Math.max(outcomes.length, 1);
  return {
    words: outcomes.length,
    precision: predicted === 0 ? 1 : right / predicted,
    recall: expected === 0 ? 1 : right / expected,
    exact: exact / n,
    lemmas: lemmas / n,
  };
}

/** Whether the word was split exactly as the gold list says. */
export function isExact(o: SplitOutcome): boolean {
  return o.right === o.predicted && o.right === o.expected;
}

/** A Markdown table: all words, then per tag (compound, simplex, then the classes). */
export function reportSplits(outcomes: readonly SplitOutcome[]): string {
  const tags = [...new Set(outcomes.flatMap((o) => o.gold.tags))].sort((a, b) => {
    const rank = (t: string) => (t === 'compound' ? 0 : t === 'simplex' ? 1 : 2);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  const row = (label: string, of: readonly SplitOutcome[]) => {
    const m = splitMeasures(of);
    const f = (x: number) => x.toFixed(3);
    return `| ${label} | ${m.words} | ${f(m.precision)} | ${f(m.recall)} | ${f(m.exact)} | ${f(m.lemmas)} |`;
  };
  return [
    '| words | n | precision | recall | exact | exact with lemmas |',
    '| --- | --: | --: | --: | --: | --: |',
    row('all', outcomes),
    ...tags.map((tag) =>
      row(
        tag,
        outcomes.filter((o) => o.gold.tags.includes(tag)),
      ),
    ),
  ].join('\n');
}

/** One line per word not split exactly: `word: got a|b (lemmas), want c|d`. */
export function splitFailures(outcomes: readonly SplitOutcome[]): string[] {
  return outcomes
    .filter((o) => !isExact(o))
    .map(
      (o) =>
        `${o.gold.word}: got ${o.parts.join('|')} (${o.lemmas.join('|')}), want ${o.gold.parts.join('|')} ` +
        `[${o.gold.tags.join(',')}]`,
    );
}
