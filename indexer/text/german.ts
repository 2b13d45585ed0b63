/**
 * German spelling help for search, prepared at indexing time: compounds split into their parts
 * (`Scheibenmähwerk` → `scheiben`, `mähwerk`), hyphenated compounds joined (`Mähklingen-Box` →
 * `mähklingenbox`) and umlauts transliterated (`mähwerk` → `maehwerk`). Meilisearch itself folds `ä` to `a`
 * and `ß` to `ss` in documents and queries (so `Mahwerk` and `Strasse` already match once the part exists),
 * but it neither splits compounds (only in text it detects as German, where its 1.21 segmenter also cuts
 * unknown words into pieces and loses `ß` → `ss`) nor knows `ae`/`oe`/`ue`.
 *
 * Splitting uses a `Lexicon` (`buildLexicon`): the words the catalog itself uses ON THEIR OWN (product
 * names, keywords, taxon names, synonyms, media names; read once per reindex or sync round by
 * indexer/vocabulary.ts, brands excluded) plus the small curated base list `LEXICON` below. Two rules:
 * - complete cover: a word is split only when lexicon entries cover it completely (with German linking
 *   letters between them), so an unknown word, a brand or a model code is never cut;
 * - head: German compounds are right-headed, so a word that ends in a word the catalog uses on its own
 *   (4 letters or more, at least 3 letters before it) yields that head even when the rest is unknown
 *   (`Kartoffelroder` → `roder` once `Roder` stands alone somewhere). Only catalog words are heads: the
 *   curated list holds fragments (`rund`, `lade`) that would make false heads (`hintergrund`).
 */

/**
 * The curated base: word parts the catalog's vocabulary cannot provide, lowercase. Words the demo catalog
 * uses on their own (`Mähwerk`, `Presse`, `Schaufel`, `Heckansicht`, ...) come from the vocabulary and are
 * not listed. Without this list the demo catalog's compound queries drop from success@1 1.000 to 0.786
 * (BENCHMARKS.md "Search relevance"); test/indexer/german.test.ts checks that the demo catalog's compounds
 * split with it and the demo catalog's own words.
 */
// prettier-ignore
export const LEXICON: readonly string[] = [
  // Shorter than MIN_WORD_LENGTH, so never taken from the catalog (3-letter words like `und`, `bis`,
  // `mit` would cut far too much), but real parts of the catalog's compounds.
  'mäh', 'erd', 'heu', 'hof', 'arm', 'box', 'set', 'tag', 'maß',
  // Stems of verbs and adjectives that German writes only inside a compound (`Lade-wagen`,
  // `Rund-ballen`, `Schneid-werk`), so no catalog has them on their own.
  'zett', 'lade', 'silier', 'schneid', 'kratz', 'förder', 'streu', 'zapf', 'rund', 'roll', 'kurz', 'frisch',
  'schnell', 'grün', 'doppel', 'grenz', 'parallel', 'gesamt', 'schonend', 'packen', 'baller',
  // Nouns the demo catalog writes only inside compounds (`Dung-zange`, `Paletten-gabel`, `Front-lader`):
  // a catalog that uses them alone anywhere does not need them. This is the part fitted to the demo
  // catalog: a new product family's parts belong in the catalog's vocabulary, not here.
  'maschine', 'scheibe', 'rotation', 'wender', 'band', 'ballen', 'quader', 'zange', 'greifer', 'dung',
  'gabel', 'lader', 'schlepper', 'wagen', 'verschleiß', 'teil', 'ersatz', 'balken', 'teller', 'futter',
  'wechsel', 'netz', 'bindung', 'führung', 'rotor', 'silo', 'stretch', 'folie', 'vorstrecker', 'boden',
  'einrichtung', 'ernte', 'berg', 'land', 'wirtschaft', 'lohn', 'unternehmer', 'vorbereitung', 'kurve',
  'bahn', 'welle', 'anbau', 'konsole', 'blatt',
  // The same for media names (`Betriebs-anleitung`, `Maß-zeichnung`, `Studio-aufnahme`).
  'seite', 'studio', 'detail', 'transport', 'stellung', 'betrieb', 'anleitung', 'zeichnung', 'explosion',
  'daten', 'stand', 'luft', 'bild', 'image', 'film', 'feld',
];

/** Letters German puts between the parts of a compound (`Scheibe-n-mähwerk`, `Betrieb-s-anleitung`). */
const LINKS = ['', 's', 'n', 'en', 'e', 'es', 'er'];
/** Endings a compound may carry after its last part (`Mähwerk-e`, `Presse-n`, `Set-s`). */
const ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er'];
/** Plural endings taken off a catalog word to get the form used inside compounds (`Schaufeln` → `schaufel`). */
const PLURALS = ['n', 'en', 'e', 's'];

/** Shortest catalog word taken into the lexicon (3-letter words like `und`, `mit`, `bis` would cut too much). */
export const MIN_WORD_LENGTH = 4;
/** Letters a head leaves before it (`ab-roder` yields no head, `heu-roder` and `kartoffel-roder` do). */
const MIN_MODIFIER_LENGTH = 3;

/**
 * Function words of 4 letters or more that stand alone in names (`Frontlader ohne Parallelführung`) but are
 * never the part or head of a compound (`Bohne` must not yield `ohne`).
 */
// prettier-ignore
export const STOPWORDS: ReadonlySet<string> = new Set([
  'oder', 'ohne', 'sowie', 'eine', 'einer', 'eines', 'einem', 'einen', 'auch', 'nicht', 'dass', 'durch',
  'gegen', 'nach', 'beim', 'with', 'from', 'that', 'this', 'your', 'avec', 'pour', 'sans', 'dans',
]);

/** The entries compounds are split with; build one with `buildLexicon`. */
export interface Lexicon {
  /** Entries a compound may be covered by (curated parts, catalog words and their singular forms). */
  readonly parts: ReadonlySet<string>;
  /** Catalog words (and their singular forms) that may be the head of a compound with an unknown rest. */
  readonly heads: ReadonlySet<string>;
  /** Brand words: never split, never a part or head. */
  readonly brands: ReadonlySet<string>;
  /** Length of the longest part. */
  readonly longest: number;
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

/**
 * A lexicon from the catalog's standalone `words` (see `vocabularyWords`), the curated `base` parts
 * (default `LEXICON`; `[]` measures what the catalog alone gives) and `brands` (words of manufacturer
 * names: taken out of the catalog words and never split). Catalog words count with their singular forms
 * (`Pressen` → `presse`), as parts and as heads; base entries only as parts.
 */
export function buildLexicon({
  words = [],
  base = LEXICON,
  brands = [],
}: {
  words?: Iterable<string>;
  base?: readonly string[];
  brands?: Iterable<string>;
} = {}): Lexicon {
  const brandSet = new Set(brands);
  const heads = new Set<string>();
  for (const word of words) {
    if (brandSet.has(word)) continue;
    for (const form of withSingulars(word)) if (!STOPWORDS.has(form)) heads.add(form);
  }
  const parts = new Set([...base, ...heads]);
  return {
    parts,
    heads,
    brands: brandSet,
    longest: Math.max(0, ...[...parts].map((w) => w.length)),
  };
}

/** The curated base list alone: what documents get when no catalog vocabulary is at hand. */
export const BASE_LEXICON: Lexicon = buildLexicon();

/**
 * The parts of one word (no hyphens, lowercase) as written in it, linking letters kept on the part before
 * them (`scheibenmähwerk` → `['scheiben', 'mähwerk']`), or null when lexicon entries do not cover it
 * completely. The cover with the fewest parts wins (then the longer first part), so a lexicon compound
 * (`mähwerk`) stays whole; with `inner` the word itself is no cover (`zettwender` → `zett`, `wender`).
 */
export function splitCompound(word: string, lexicon: Lexicon = BASE_LEXICON, inner = false): string[] | null {
  const n = word.length;
  // best[i]: the fewest parts covering word[i..] (surface forms), or undefined when none does.
  const best: (string[] | undefined)[] = new Array<string[] | undefined>(n + 1);
  best[n] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    let choice: string[] | undefined;
    for (let len = Math.min(lexicon.longest, n - i); len >= 3; len -= 1) {
      if (!lexicon.parts.has(word.slice(i, i + len))) continue;
      for (const link of LINKS) {
        const end = i + len + link.length;
        if (end > n || word.slice(i + len, end) !== link) continue;
        const rest = best[end];
        const last = end === n;
        // A link only between parts; at the end the same letters are an ending.
        if (rest === undefined || (last && !ENDINGS.includes(link))) continue;
        if (inner && i === 0 && last) continue;
        const candidate = [word.slice(i, end), ...rest];
        if (!choice || candidate.length < choice.length) choice = candidate;
      }
    }
    best[i] = choice;
  }
  return best[0] ?? null;
}

/**
 * The parts of `word`, each lexicon compound among them split further (`rundballenpresse` with the catalog
 * word `rundballen` → `rund`, `ballen`, `presse`), or null when the word has no cover of two parts or more.
 */
function finestParts(word: string, lexicon: Lexicon): string[] | null {
  const parts = splitCompound(word, lexicon, true);
  if (!parts) return null;
  return parts.flatMap((part) => finestParts(part, lexicon) ?? [part]);
}

/**
 * The head rule: the longest catalog word (`lexicon.heads`) that ends `word` (an ending allowed after it)
 * with at least 3 letters before it, as `[head, as written]` (`kartoffelroders` → `['roder', 'roders']`),
 * or null. For words no complete cover splits: the rest before the head may be unknown.
 */
export function compoundHead(word: string, lexicon: Lexicon = BASE_LEXICON): [string, string] | null {
  for (let start = MIN_MODIFIER_LENGTH; start <= word.length - MIN_WORD_LENGTH; start += 1) {
    const written = word.slice(start);
    for (const ending of ENDINGS) {
      if (!written.endsWith(ending)) continue;
      const head = written.slice(0, written.length - ending.length);
      if (head.length >= MIN_WORD_LENGTH && lexicon.heads.has(head)) return [head, written];
    }
  }
  return null;
}

/** `ä` → `ae`, `ö` → `oe`, `ü` → `ue`, `ß` → `ss` (lowercase input). */
export function transliterate(word: string): string {
  return word.replace(/[äöüß]/g, (ch) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[ch] ?? ch);
}

/** Words of a text: runs of letters and digits, hyphenated words kept together, lowercase. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * The extra forms of one word that a shopper may type and the word itself does not match: its compound
 * parts and every run of neighbouring parts (`rundballenpresse` → `rund`, `ballen`, `presse`,
 * `rundballen`, `ballenpresse`; a part that is itself a lexicon compound is split too), else its head
 * (`kartoffelroder` → `roder`, see `compoundHead`), a hyphenated word joined (`mähklingen-box` →
 * `mähklingenbox`) with the forms of each piece, and the `ae`/`oe`/`ue`/`ss` spelling of the word and of
 * each of those forms. Brand words get none of these but their `ae`/`oe`/`ue`/`ss` spelling.
 */
export function spellings(word: string, lexicon: Lexicon = BASE_LEXICON): string[] {
  const lower = word.toLowerCase();
  const pieces = lower.split('-').filter(Boolean);
  const out = new Set<string>();
  if (pieces.length > 1) out.add(pieces.join(''));
  for (const piece of pieces) {
    if (!/^\p{L}+$/u.test(piece) || lexicon.brands.has(piece)) continue;
    const parts = finestParts(piece, lexicon);
    if (parts) {
      // Every run of neighbouring parts but the whole word.
      for (let from = 0; from < parts.length; from += 1) {
        for (let to = from + 1; to <= parts.length; to += 1) {
          if (to - from < parts.length) out.add(parts.slice(from, to).join(''));
        }
      }
      continue;
    }
    const head = compoundHead(piece, lexicon);
    if (!head) continue;
    for (const form of head) out.add(form);
    for (const part of finestParts(head[0], lexicon) ?? []) out.add(part);
  }
  for (const form of [lower, ...out]) {
    const ascii = transliterate(form);
    if (ascii !== form) out.add(ascii);
  }
  out.delete(lower);
  return [...out];
}

/** Words whose spellings a lexicon remembers before it starts over (bounds memory on a huge catalog). */
const MEMO_SIZE = 100_000;
const memos = new WeakMap<Lexicon, Map<string, readonly string[]>>();

/**
 * `spellings` remembered per lexicon: a catalog repeats its words in thousands of names (`Scheibenmähwerk`,
 * `Heckansicht`), and a reindex builds every document with the same lexicon.
 */
function rememberedSpellings(word: string, lexicon: Lexicon): readonly string[] {
  let memo = memos.get(lexicon);
  if (!memo) memos.set(lexicon, (memo = new Map()));
  let forms = memo.get(word);
  if (!forms) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(word, (forms = spellings(word, lexicon)));
  }
  return forms;
}

/** The extra forms (see `spellings`) of every word of `texts`, each once, in order of first appearance. */
export function searchSpellings(
  texts: readonly (string | null | undefined)[],
  lexicon: Lexicon = BASE_LEXICON,
): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of text ? words(text) : []) {
      for (const form of rememberedSpellings(word, lexicon)) out.add(form);
    }
  }
  return [...out];
}
