/**
 * The search terms of a document's texts at indexing time, in three groups that go into separate searchable
 * attributes so that the `attribute` ranking rule puts a head match before a modifier match ("Säge" finds
 * the Kettensäge, a saw, before the Sägekette, a chain):
 * - `terms`: other spellings of whole words: a hyphenated word joined (`mähklingen-box` → `mähklingenbox`),
 *   a word typed with `ae`/`oe`/`ue` read with umlauts, and the `ae`/`oe`/`ue`/`ss` spelling of every word;
 * - `heads`: the last part of each compound (as written, its lemma and the lemma's inflected forms:
 *   `sägen`, `säge`), every run of parts that ends with it (`ballenpresse`), the lemma of a plain word
 *   (`pressen` → `presse`); each piece of a hyphenated word counts as a word of its own;
 * - `modifiers`: the other parts and runs (`ketten`, `kette`, `rundballen`).
 * Meilisearch itself folds `ä` to `a` and `ß` to `ss` in documents and queries, but neither splits
 * compounds (outside text it detects as German, where its 1.21 segmenter also cuts unknown words) nor knows
 * `ae`/`oe`/`ue`.
 */
import {
  finestParts,
  headForms,
  headLemma,
  isDerivedNoun,
  isKnownWhole,
  MAX_SPLIT_LENGTH,
  modifierLemma,
  VERB_PARTICLES,
  normalizeSpelling,
  transliterate,
  type Part,
} from './decompound';
import type { Lexicon } from './lexicon';

export interface SearchTerms {
  terms: string[];
  heads: string[];
  modifiers: string[];
}

/** Shortest dictionary head the fallback head rule takes from a word no cover splits, and the rest it leaves. */
const MIN_FALLBACK_HEAD = 5;
const MIN_FALLBACK_REST = 4;

/** A word of a text: a run of letters and digits, hyphenated words kept together. */
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Words of a text: runs of letters and digits, hyphenated words kept together, lowercase. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * The head of a word no cover splits (its first part unknown: a brand-like or domain word): the longest
 * catalog word, or dictionary head of 5 letters or more (a compound end, a word, an agent noun), that ends
 * it after at least 4 letters (`kreiselzettwender` → `wender`). Null when none does, or when the word is
 * longer than `MAX_SPLIT_LENGTH` (never split).
 */
export function fallbackHead(word: string, lexicon: Lexicon): Part | null {
  if (word.length > MAX_SPLIT_LENGTH) return null;
  for (let start = 3; start <= word.length - 4; start += 1) {
    const written = word.slice(start);
    const own = lexicon.heads.get(written);
    if (own !== undefined) return { written, lemma: own };
    if (start < MIN_FALLBACK_REST || written.length < MIN_FALLBACK_HEAD) continue;
    const lemma = headLemma(written, lexicon);
    if (lemma !== undefined) return { written, lemma };
  }
  return null;
}

/**
 * Whether `word` is a word of its own that no cover splits: one the dictionary knows whole or the frequency
 * lists rank (`Verteiler`, `Landschaft`, `Manometer`), or a noun derived from a verb (`Häcksler`). The
 * fallback leaves it whole: its letters after the first few are no head (`Vert-eiler`, `Mano-meter`).
 */
function isSimpleWord(word: string, lexicon: Lexicon): boolean {
  return isKnownWhole(word, lexicon) || isDerivedNoun(word, lexicon);
}

/** Shortest known first part and unknown rest `fallbackParts` accepts. */
const MIN_KNOWN_MODIFIER = 4;
const MIN_UNKNOWN_HEAD = 5;

/**
 * The parts of a word no cover splits: its `fallbackHead` (the rest before it, if any, a modifier), else a
 * known first part of 4 letters or more followed by an unknown head of 5 or more, the longest first part
 * first (`böschungsmulcher` → `böschungs` + `mulcher`: the dictionary has no `Mulcher`). Null when neither
 * applies, or when the word is longer than `MAX_SPLIT_LENGTH` (never split).
 */
export function fallbackParts(word: string, lexicon: Lexicon): { head: Part; modifier: Part | null } | null {
  if (word.length > MAX_SPLIT_LENGTH || isSimpleWord(word, lexicon)) return null;
  const head = fallbackHead(word, lexicon);
  if (head) return { head, modifier: null };
  for (let end = word.length - MIN_UNKNOWN_HEAD; end >= MIN_KNOWN_MODIFIER; end -= 1) {
    const written = word.slice(0, end);
    const lemma = modifierLemma(written, lexicon);
    if (lemma === undefined) continue;
    const rest = word.slice(end);
    return { head: { written: rest, lemma: rest }, modifier: { written, lemma } };
  }
  return null;
}

const UMLAUT_PLURAL_ENDINGS = ['e', 'en', 'er', 'ern'];
const WITHOUT_UMLAUT: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u' };

/**
 * The singular of a plural with umlaut (`gäste` → `gast`, `schläuche` → `schlauch`, `räder` → `rad`), which
 * the dictionary lists as a word of its own: the ending off and the last umlaut undone, when that is a noun;
 * else undefined. Only plurals with an ending (without one, `Dämpfer` would be a `Dampfer`), and no agent
 * noun (`Dämpfer` is no plural of `Dampf`); `Säge` is no `Sage`, as its `-e` off leaves no noun.
 */
export function umlautSingular(form: string, lexicon: Lexicon): string | undefined {
  const nouns = lexicon.dictionary?.nouns;
  if (!nouns || !/[äöü]/.test(form) || isDerivedNoun(form, lexicon)) return undefined;
  for (const ending of UMLAUT_PLURAL_ENDINGS) {
    if (!form.endsWith(ending)) continue;
    const stem = form.slice(0, -ending.length);
    const at = Math.max(stem.lastIndexOf('ä'), stem.lastIndexOf('ö'), stem.lastIndexOf('ü'));
    if (at < 0) continue;
    const singular = stem.slice(0, at) + WITHOUT_UMLAUT[stem[at]!]! + stem.slice(at + 1);
    // `Läufer` is an agent noun of laufen with umlaut, no plural of `Lauf`.
    if (isDerivedNoun(singular + ending, lexicon)) return undefined;
    if (singular.length >= 3 && nouns.has(singular)) return singular;
  }
  return undefined;
}

/** Every run of two or more neighbouring parts but the whole word, joined as written, by whether it ends the word. */
function runs(parts: Part[]): { ending: string[]; inner: string[] } {
  const out = { ending: [] as string[], inner: [] as string[] };
  for (let from = 0; from < parts.length; from += 1) {
    for (let to = from + 2; to <= parts.length; to += 1) {
      if (to - from === parts.length) continue;
      const run = parts
        .slice(from, to)
        .map((p) => p.written)
        .join('');
      (to === parts.length ? out.ending : out.inner).push(run);
    }
  }
  return out;
}

/** The search terms of one word (lowercase, maybe hyphenated); see the module comment. */
export function wordTerms(word: string, lexicon: Lexicon): SearchTerms {
  const terms = new Set<string>();
  const heads = new Set<string>();
  const modifiers = new Set<string>();
  const pieces = word.split('-').filter(Boolean);
  if (pieces.length > 1) terms.add(pieces.join(''));
  // Each piece of a hyphenated word has its own head: a `Verschleißteil-Set` is a set of Teile.
  for (const piece of pieces) {
    if (!/^\p{L}+$/u.test(piece) || lexicon.brands.has(piece)) continue;
    const spelled = normalizeSpelling(piece, lexicon);
    if (spelled !== piece) terms.add(spelled);
    const parts = finestParts(spelled, lexicon);
    if (!parts) {
      const fallback = fallbackParts(spelled, lexicon);
      const lemma = headLemma(spelled, lexicon);
      if (fallback) heads.add(fallback.head.written).add(fallback.head.lemma);
      if (fallback?.modifier) modifiers.add(fallback.modifier.written).add(fallback.modifier.lemma);
      if (lemma !== undefined) heads.add(lemma);
      const singular = umlautSingular(spelled, lexicon);
      if (singular !== undefined) heads.add(singular);
      continue;
    }
    parts.forEach((part, at) => {
      const singular = umlautSingular(part.lemma, lexicon);
      if (at < parts.length - 1) {
        modifiers.add(part.written).add(part.lemma);
        if (singular !== undefined) modifiers.add(singular);
        return;
      }
      // The head in every inflected form (`Teil` of `Ersatzteil` also as `teile`, `teilen`): a plural
      // query then matches it exactly, not by a typo that ranks it after other exact matches.
      heads.add(part.written).add(part.lemma);
      if (singular !== undefined) heads.add(singular);
      for (const form of headForms(part.lemma, lexicon)) heads.add(form);
    });
    const { ending, inner } = runs(parts);
    for (const run of ending) heads.add(run);
    for (const run of inner) modifiers.add(run);
  }
  // Each form also in its `ae`/`oe`/`ue`/`ss` spelling, in the same group.
  for (const group of [terms, heads, modifiers]) {
    for (const form of [...group]) group.add(transliterate(form));
  }
  terms.add(transliterate(word));
  for (const form of heads) modifiers.delete(form);
  for (const group of [terms, heads, modifiers]) group.delete(word);
  return { terms: [...terms], heads: [...heads], modifiers: [...modifiers] };
}

/** What may stand between a left-open compound and the word that completes it: `Nass-/Trockensauger`. */
const ELLIPSIS = /-[ \t]*(?:\/|,|&|und|oder|bzw\.?)[ \t]*/uy;

/**
 * The compounds a text leaves open for the next word to complete (German's hyphen of omission): `Nass-/
 * Trockensauger` → `nasssauger`, `Warm- und Kaltwasserzähler` → `warmwasserzähler`, `Auf-/Unterputz-
 * Steckdose` → `aufputz-steckdose`. The open word takes the next word's rest after its first part (or after
 * its particle: `unter-putz`, or after its first hyphenated piece: `Nass-/Trocken-Sauger` → `nass-sauger`).
 * One scan of the text's words, each looking a few characters ahead: linear in the text's length.
 */
export function completedCompounds(text: string, lexicon: Lexicon): string[] {
  const lower = text.toLowerCase();
  return completions(lower, [...lower.matchAll(WORD)], lexicon);
}

/** `completedCompounds` of a lowercase text whose words (`WORD` matches) are already found. */
function completions(lower: string, found: readonly RegExpExecArray[], lexicon: Lexicon): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < found.length; i += 1) {
    const open = found[i]!;
    const end = open.index + open[0].length;
    ELLIPSIS.lastIndex = end;
    const between = ELLIPSIS.exec(lower);
    if (!between || !/^\p{L}+$/u.test(open[0])) continue;
    // The next word after the connector (`und`, `oder` are words of their own).
    const next = found.slice(i + 1, i + 3).find((m) => m.index === end + between[0].length);
    if (!next) continue;
    const rest = completionRest(next[0], lexicon);
    if (rest) out.push(open[0] + rest);
  }
  return out;
}

/** What follows the first part of `word` (see `completedCompounds`), or null when it has one part only. */
function completionRest(word: string, lexicon: Lexicon): string | null {
  const [first = '', ...pieces] = word.split('-');
  const tail = pieces.length > 0 ? `-${pieces.join('-')}` : '';
  const parts = /^\p{L}+$/u.test(first) ? finestParts(first, lexicon) : null;
  if (parts) return first.slice(parts[0]!.written.length) + tail;
  const particle = VERB_PARTICLES.find((p) => first.startsWith(p) && first.length - p.length >= 3);
  if (particle) return first.slice(particle.length) + tail;
  return pieces.length > 0 ? tail : null;
}

/** Words whose terms a lexicon remembers before it starts over (bounds memory on a huge catalog). */
const MEMO_SIZE = 100_000;
const memos = new WeakMap<Lexicon, Map<string, SearchTerms>>();

/**
 * `wordTerms` remembered per lexicon: a catalog repeats its words in thousands of names, and a reindex
 * builds every document with the same lexicon.
 */
function rememberedTerms(word: string, lexicon: Lexicon): SearchTerms {
  let memo = memos.get(lexicon);
  if (!memo) memos.set(lexicon, (memo = new Map()));
  let terms = memo.get(word);
  if (!terms) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(word, (terms = wordTerms(word, lexicon)));
  }
  return terms;
}

/** The terms (see `wordTerms`) of every word of `texts`, each once per group, in order of first appearance. */
export function searchTerms(texts: readonly (string | null | undefined)[], lexicon: Lexicon): SearchTerms {
  const terms = new Set<string>();
  const heads = new Set<string>();
  const modifiers = new Set<string>();
  const all = new Set<string>();
  const add = (forms: SearchTerms) => {
    for (const form of forms.terms) terms.add(form);
    for (const form of forms.heads) heads.add(form);
    for (const form of forms.modifiers) modifiers.add(form);
  };
  for (const text of texts) {
    if (!text) continue;
    const lower = text.toLowerCase();
    const found = [...lower.matchAll(WORD)];
    for (const [word] of found) {
      all.add(word);
      add(rememberedTerms(word, lexicon));
    }
    // A compound a text leaves for the next word to complete is a word of the text as well.
    for (const word of completions(lower, found, lexicon)) {
      for (const piece of word.split('-')) terms.add(piece);
      terms.add(word.replace(/-/g, ''));
      add(rememberedTerms(word, lexicon));
    }
  }
  // A form that is a word of the text itself, or a head of another word, is no weaker match.
  for (const form of all) {
    terms.delete(form);
    heads.delete(form);
    modifiers.delete(form);
  }
  for (const form of heads) modifiers.delete(form);
  return { terms: [...terms], heads: [...heads], modifiers: [...modifiers] };
}
