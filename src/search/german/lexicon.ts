/**
 * The word lists German compounds are split with (decompound.ts), indexing and query side alike:
 * 1. the German Hunspell dictionary (hunspell.ts), which says which forms may begin, continue or end a
 *    compound, linking letters included;
 * 2. the catalog's own vocabulary: words that stand alone in its names, keywords, taxons, synonyms and media
 *    texts (read by indexer/vocabulary.ts), each usable as any part, with German linking letters and endings;
 * 3. the curated `LEXICON`: domain words of this trade that the dictionary lacks;
 * and the brands (manufacturers' names), which are never split and never a part.
 */
import { germanDictionary, type GermanDictionary } from './hunspell';

/**
 * Domain words no German dictionary has, lowercase (checked by test/search/german.test.ts: every entry is
 * unknown to `dictionary-de`). Everything else comes from the dictionary or the catalog.
 */
// prettier-ignore
export const LEXICON: readonly string[] = [
  // Parts of agricultural machine names: the dictionary has `Zettel` but not `Zett-` (tedder), nor
  // `Silier-` (ensiling) or the `Vorstrecker` of a wrapper.
  'zett', 'silier', 'vorstrecker',
];

/** Letters German puts between the parts of a compound (`Scheibe-n-mähwerk`, `Betrieb-s-anleitung`). */
export const LINKS = ['', 's', 'n', 'en', 'e', 'es', 'er'] as const;
/** Endings a compound may carry after its last part (`Mähwerk-e`, `Presse-n`, `Set-s`). */
export const ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er'] as const;
/** Plural endings taken off a catalog word to get the form used inside compounds (`Schaufeln` → `schaufel`). */
const PLURALS = ['n', 'en', 'e', 's'] as const;

/** Shortest catalog word taken into the lexicon (3-letter words like `und`, `mit`, `bis` would cut too much). */
export const MIN_WORD_LENGTH = 4;

/**
 * Function words of 4 letters or more that stand alone in names (`Frontlader ohne Parallelführung`) but are
 * never the part or head of a compound (`Bohne` must not yield `ohne`).
 */
// prettier-ignore
export const STOPWORDS: ReadonlySet<string> = new Set([
  'oder', 'ohne', 'sowie', 'eine', 'einer', 'eines', 'einem', 'einen', 'auch', 'nicht', 'dass', 'durch',
  'gegen', 'nach', 'beim', 'with', 'from', 'that', 'this', 'your', 'avec', 'pour', 'sans', 'dans', 'unter',
  'über', 'fuer', 'ueber',
]);

/** The word lists a compound is split with; build one with `buildLexicon`. */
export interface Lexicon {
  /** The Hunspell dictionary, or null (tests of the catalog-only rules). */
  readonly dictionary: GermanDictionary | null;
  /** Catalog and curated forms that may end a compound (endings included) → lemma. */
  readonly heads: ReadonlyMap<string, string>;
  /** Catalog and curated forms that may begin or continue one (linking letters included) → lemma. */
  readonly modifiers: ReadonlyMap<string, string>;
  /** The catalog's standalone words and their singular forms (known words on the query side). */
  readonly catalogWords: ReadonlySet<string>;
  /** Brand words: never split, never a part. */
  readonly brands: ReadonlySet<string>;
}

/** A catalog word and the forms without a plural ending that keep at least MIN_WORD_LENGTH letters. */
function withSingulars(word: string): string[] {
  const out = [word];
  for (const ending of PLURALS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_WORD_LENGTH) {
      out.push(word.slice(0, -ending.length));
    }
  }
  return out;
}

/**
 * The words of `texts` that can be compound parts: split on everything but letters and digits (spaces,
 * hyphens, slashes, punctuation), lowercase, letters only (a word with a digit is a model code), at least
 * MIN_WORD_LENGTH letters, no stopword. `Mähklingen-Box MK 50, Heckansicht` → `mähklingen`, `heckansicht`.
 */
export function vocabularyWords(texts: Iterable<string | null | undefined>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= MIN_WORD_LENGTH && /^\p{L}+$/u.test(word) && !STOPWORDS.has(word)) out.add(word);
    }
  }
  return out;
}

export interface LexiconSources {
  /** The catalog's standalone words (`vocabularyWords`); default none. */
  words?: Iterable<string>;
  /** Curated domain words; default `LEXICON`, `[]` measures what the dictionary and the catalog give. */
  base?: readonly string[];
  /** Words of manufacturer names: taken out of the catalog words, never split. */
  brands?: Iterable<string>;
  /** The dictionary; default the `dictionary-de` package's, `null` for none. */
  dictionary?: GermanDictionary | null;
}

/**
 * A lexicon from its sources. Catalog words count with their singular forms (`Pressen` → `presse`); they
 * and the curated words may be any part: as heads with an ending (`pressen`), as modifiers with a linking
 * letter (`scheiben`).
 */
export function buildLexicon({
  words = [],
  base = LEXICON,
  brands = [],
  dictionary,
}: LexiconSources = {}): Lexicon {
  const brandSet = new Set(brands);
  const catalogWords = new Set<string>();
  for (const word of words) {
    if (brandSet.has(word)) continue;
    for (const form of withSingulars(word)) if (!STOPWORDS.has(form)) catalogWords.add(form);
  }
  const heads = new Map<string, string>();
  const modifiers = new Map<string, string>();
  for (const word of [...base, ...catalogWords]) {
    for (const ending of ENDINGS) if (!heads.has(word + ending)) heads.set(word + ending, word);
    for (const link of LINKS) if (!modifiers.has(word + link)) modifiers.set(word + link, word);
  }
  return {
    dictionary: dictionary === undefined ? germanDictionary() : dictionary,
    heads,
    modifiers,
    catalogWords,
    brands: brandSet,
  };
}
