/**
 * How common a German word is: its rank in the word-frequency lists of `@zxcvbn-ts/language-de` (MIT; a
 * list of the most frequent words of German film subtitles, then one of German Wikipedia without those,
 * lowercase, 77,000 words in all). The decompounder (decompound.ts) asks it where the dictionary allows
 * two readings: which of two covers of a word is the plausible one, whether a word the dictionary knows
 * whole should be split at all, and which lemma a combining form stands for (`Erd-`: `Erde` or `erden`).
 *
 * The lists are read on first use, once per process (a few milliseconds; the ranks take a few MB).
 */
import { dictionary } from '@zxcvbn-ts/language-de';

/** Rank of a word no list has: rarer than any listed word. */
export const UNRANKED = 1_000_000;

let ranks: Map<string, number> | undefined;

function load(): Map<string, number> {
  const out = new Map<string, number>();
  const lists = [dictionary.commonWords, dictionary.wikipedia];
  let rank = 0;
  for (const list of lists) {
    for (const word of list) {
      // Only words of letters: the lists also hold abbreviations (`dr.`), hostnames and hyphenated names.
      if (!out.has(word) && /^\p{Ll}+$/u.test(word)) out.set(word, rank);
      rank += 1;
    }
  }
  return out;
}

/** The rank of `word` (lowercase; 0 the most frequent), `UNRANKED` when neither list has it. */
export function wordRank(word: string): number {
  ranks ??= load();
  return ranks.get(word) ?? UNRANKED;
}

/**
 * A word's log-frequency by Zipf's law (frequency ∝ 1 / rank): higher is more common; about -14 for a word
 * no list has. Comparable across words, and additive over the parts of a cover.
 */
export function logFrequency(word: string): number {
  return -Math.log(wordRank(word) + 10);
}
