/**
 * How common a German word is: its rank in the word-frequency lists of `@zxcvbn-ts/language-de` (MIT; a
 * list of the most frequent words of German film subtitles, then one of German Wikipedia without those,
 * lowercase, 77,000 words in all). The decompounder (decompound.ts) asks it where the dictionary allows
 * two readings: which of two covers of a word is the plausible one, whether a word the dictionary knows
 * whole should be split at all, and which lemma a combining form stands for (`Erd-`: `Erde` or `erden`).
 *
 * The ranks are read on first use, once per process, into a word table with a rank per entry (forms.ts:
 * typed arrays outside the V8 heap). The package itself (its lists as JavaScript source and 77,000 heap
 * strings, several MB of heap for as long as the process runs) is loaded only to build that table, which
 * is cached beside the dictionary's (cache-file.ts) under a hash of the lists and of this code.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCacheFile, writeCacheFile } from './cache-file';
import { FormTable, type FormEntry } from './forms';
import { DICTIONARY_CACHE_DIR } from './hunspell';

/** Rank of a word no list has: rarer than any listed word. */
export const UNRANKED = 1_000_000;

/** The ranked words: `words` (each its own lemma) and, per entry of it, the word's rank. */
interface RankTable {
  words: FormTable;
  ranks: Uint32Array;
}

/** The lists of the package, in rank order (loaded here only, when no cache file has their table). */
function rankedLists(): readonly (readonly string[])[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only without a cache, see above
  const { dictionary } = require('@zxcvbn-ts/language-de') as typeof import('@zxcvbn-ts/language-de');
  return [dictionary.commonWords, dictionary.wikipedia];
}

/** The table of the lists: every word of letters only, at the rank of its first place in them. */
function buildRanks(): RankTable {
  const out = new Map<string, number>();
  let rank = 0;
  for (const list of rankedLists()) {
    for (const word of list) {
      // Only words of letters: the lists also hold abbreviations (`dr.`), hostnames and hyphenated names.
      if (!out.has(word) && /^\p{Ll}+$/u.test(word)) out.set(word, rank);
      rank += 1;
    }
  }
  return {
    words: FormTable.of([...out.keys()].map((word): FormEntry => [word, word])),
    ranks: Uint32Array.from(out.values()),
  };
}

/** The names of this module's cache files. */
const CACHE_NAME = /^german-ranks-[0-9a-f]{16}\.v8$/;

/**
 * The cache file of the package's lists as this code ranks them: a hash of the list files, of this module
 * and forms.ts, and of V8's version (whose serialization format the file is).
 */
function cacheFile(dir: string): string {
  const hash = createHash('sha256').update(process.versions.v8);
  const lists = path.dirname(require.resolve('@zxcvbn-ts/language-de'));
  for (const file of [
    __filename,
    require.resolve('./forms'),
    path.join(lists, 'commonWords.json.js'),
    path.join(lists, 'wikipedia.json.js'),
  ]) {
    hash.update(readFileSync(file));
  }
  return path.join(dir, `german-ranks-${hash.digest('hex').slice(0, 16)}.v8`);
}

/**
 * The rank table, from the cache in `cacheDir` when it holds these lists' table, else built from the
 * package and written there for the next process. Throws only when the package cannot be read.
 */
export function readRanks(cacheDir = DICTIONARY_CACHE_DIR): RankTable {
  const file = cacheFile(cacheDir);
  const cached = readCacheFile(file) as { words?: unknown; ranks?: unknown } | undefined;
  try {
    if (cached?.ranks instanceof Uint32Array) {
      const words = FormTable.from(cached.words);
      if (words.size === cached.ranks.length) return { words, ranks: cached.ranks.slice() };
    }
  } catch {
    // not a table of this code: built again below
  }
  const table = buildRanks();
  writeCacheFile(file, { words: table.words.toData(), ranks: table.ranks }, CACHE_NAME);
  return table;
}

let ranks: RankTable | undefined;

/** The rank of `word` (lowercase; 0 the most frequent), `UNRANKED` when neither list has it. */
export function wordRank(word: string): number {
  ranks ??= readRanks();
  const index = ranks.words.indexOf(word);
  return index === -1 ? UNRANKED : ranks.ranks[index]!;
}

/**
 * A word's log-frequency by Zipf's law (frequency ∝ 1 / rank): higher is more common; about -14 for a word
 * no list has. Comparable across words, and additive over the parts of a cover.
 */
export function logFrequency(word: string): number {
  return -Math.log(wordRank(word) + 10);
}
