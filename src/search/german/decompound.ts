/**
 * German decompounding: `Kettensäge` → `ketten` + `säge` (head `säge`, a saw), `Heckanbaustreuer` → `heck`
 * + `anbau` + `streuer`, with the lexicon of lexicon.ts. Rules:
 * - the last part is a head: a form the dictionary lets end a compound, any dictionary word of 4 letters or
 *   more, an agent noun of a dictionary verb (`streu-en` → `Streuer`), or a catalog or curated word with an
 *   ending;
 * - every other part is a modifier: a form the dictionary lets begin or continue a compound (linking letters
 *   included: `Ketten-`, `Arbeits-`), a verb stem (`Mäh-`, `Lade-`), or a catalog or curated word with a
 *   linking letter (-s-, -n-, -en-, -e-, -es-, -er-);
 * - parts have at least 3 letters, 4 when the whole word is itself a dictionary word (`Spargel` is no
 *   `Spar-gel`);
 * - the cover with the fewest parts wins, then the longer head, then the longer shortest part (`better`);
 * - brands, words with digits (model codes), words under 6 letters and words over `MAX_SPLIT_LENGTH` letters
 *   are never split.
 * Words typed with `ae`/`oe`/`ue`/`ss` for `ä`/`ö`/`ü`/`ß` are read with the umlauts when only that spelling
 * is known (`laubblaeser` → `laub` + `bläser`).
 * Every function here takes time linear in the word's length: a shopper's search text reaches them.
 */
import { logFrequency, UNRANKED, wordRank } from './frequency';
import type { GermanDictionary } from './hunspell';
import { LINKS, type Lexicon } from './lexicon';

/** One part of a compound: as written in the word (linking letters kept) and its lemma. */
export interface Part {
  written: string;
  lemma: string;
}

const MIN_PART = 3;
/** Minimum part length when the whole word is itself a dictionary word. */
const MIN_PART_OF_WORD = 4;
/**
 * Linking letters taken off a dictionary modifier form to get its lemma. Only single letters: `-en-` is
 * ambiguous (`Hecken-` is the hedge, not `Heck` + en, and the dictionary lacks `Hecke`), and a wrong lemma
 * would be a false friend (`Heck` finding the Heckenschere).
 */
const MODIFIER_LINKS = ['n', 's', 'e'];
const LETTERS = /^\p{L}+$/u;

/** The lemma of `form` as the last part of a compound, or undefined. */
export function headLemma(form: string, lexicon: Lexicon): string | undefined {
  const own = lexicon.heads.get(form);
  if (own !== undefined) return own;
  const dict = lexicon.dictionary;
  if (!dict) return undefined;
  const head = dict.heads.get(form);
  if (head !== undefined) return head;
  // Other words keep their own form: the dictionary's lemma of a word that may not end a compound is often
  // another word's (`winde` → `wind`, `fräse` → `fräsen`).
  if (form.length >= MIN_PART_OF_WORD && dict.words.has(form)) return form;
  if (isDerivedNoun(form, lexicon)) return form;
  return undefined;
}

const inflections = new WeakMap<object, Map<string, string[]>>();

/**
 * The dictionary's forms of a compound-end lemma (`teil` → `teil`, `teile`, `teilen`, `teils`, ...), or []
 * (no dictionary, or a lemma it does not inflect). The inverse map is built once per dictionary.
 */
export function headForms(lemma: string, lexicon: Lexicon): readonly string[] {
  const dict = lexicon.dictionary;
  if (!dict) return [];
  let byLemma = inflections.get(dict);
  if (!byLemma) {
    byLemma = new Map();
    for (const [form, of] of dict.heads) {
      // Diminutives are other words (`Teilchen` is no `Teil`).
      if (/(chen|chens|lein|leins)$/.test(form) && !/(chen|lein)$/.test(of)) continue;
      const forms = byLemma.get(of);
      if (forms) forms.push(form);
      else byLemma.set(of, [form]);
    }
    inflections.set(dict, byLemma);
  }
  return byLemma.get(lemma) ?? [];
}

/** The lemma of `form` as a first or middle part of a compound, or undefined. */
export function modifierLemma(form: string, lexicon: Lexicon): string | undefined {
  const own = lexicon.modifiers.get(form);
  if (own !== undefined) return own;
  const dict = lexicon.dictionary;
  if (!dict) return undefined;
  if (dict.modifiers.has(form)) {
    // `ketten` → `kette`, `arbeits` → `arbeit`: the linking letter off when a noun remains, else the form
    // itself (`schnee`, `heck`, `hecken`), or the noun it is the combining form of (`erd` → `erde`).
    for (const link of MODIFIER_LINKS) {
      const stem = form.slice(0, -link.length);
      if (form.endsWith(link) && stem.length >= MIN_PART && dict.nouns.has(stem)) return stem;
    }
    // `ausdehnungs` → `ausdehnung`: nouns of these endings always link with -s-.
    if (form.endsWith('s') && S_LINKED.test(form.slice(0, -1)) && dict.words.has(form.slice(0, -1))) {
      return form.slice(0, -1);
    }
    return combiningFormNoun(form, dict) ?? form;
  }
  if (dict.verbStems.has(form)) return form;
  if (form.endsWith('e') && dict.verbStems.has(form.slice(0, -1))) return form.slice(0, -1);
  // A derived noun of a verb the dictionary lacks as a noun (`enthärtungs` → `enthärtung`).
  if (form.endsWith('ungs') && isDerivedNoun(form.slice(0, -1), lexicon)) return form.slice(0, -1);
  // Any noun may also begin a compound, with a linking letter (`Scheren-`, `Hauben-`, `Dung-`).
  for (const link of LINKS) {
    const noun = form.slice(0, form.length - link.length);
    if (noun.length < (link === '' ? MIN_PART : MIN_PART_OF_WORD) || !form.endsWith(link)) continue;
    const lemma = dict.heads.get(noun) ?? (dict.nouns.has(noun) ? noun : undefined);
    if (lemma !== undefined) return lemma;
  }
  return undefined;
}

/**
 * The noun whose combining form `form` is, or undefined: German drops a noun's final `-e` in front of the
 * next part (`Erde` → `Erdkabel`, `Schule` → `Schulbank`, `Sprache` → `Sprachsteuerung`), and the
 * dictionary marks such a form as a compound beginning (`Erd/hij` beside `Erde/m`). It is the noun's when
 * the form is no noun or adjective itself (`Heck` is a word, not the `Hecke`'s form; `rund` is no `Runde`)
 * and, where it is also a verb stem (`erd-en`, `schleif-en`), when the noun is clearly the more frequent
 * word of the two (`Erde` over `erden`, but not `Schleife` over `schleifen`: a Schleifmaschine grinds).
 */
export function combiningFormNoun(form: string, dict: GermanDictionary): string | undefined {
  const noun = `${form}e`;
  if (dict.nouns.has(form) || dict.adjectives.has(form) || !dict.nouns.has(noun)) return undefined;
  if (dict.verbStems.has(form) && wordRank(noun) * 2 > wordRank(`${form}en`)) return undefined;
  return noun;
}

/**
 * Two-letter nouns that may be parts of a compound (`Heizöltank`, `Eierkocher` is `Eier-`, but `Eiweiß`):
 * a closed list, as shorter parts than `MIN_PART` would otherwise cut every word.
 */
export const TWO_LETTER_NOUNS: ReadonlySet<string> = new Set(['öl', 'ei']);

/** Endings of nouns that always link with -s- (`Ausdehnung-s-gefäß`, `Sicherheit-s-ventil`). */
const S_LINKED = /(ung|heit|keit|schaft|ion|tät)$/;

/**
 * Separable verb particles: a word that begins with one is one word with it (`Überlauf`, `Unterlage`,
 * `Vorschlag`), never the particle and a part: an Unterlage is no Lage, an Unterputz-Dose no Putz. And an
 * agent noun built on a particle verb is one word (`Vorschäler`, `Abscheider`, `Mitnehmer`) even where the
 * dictionary lacks the verb, as German forms such verbs freely: its head is the whole agent noun.
 */
export const VERB_PARTICLES: readonly string[] = [
  'ab', 'an', 'auf', 'aus', 'bei', 'durch', 'ein', 'mit', 'nach', 'um', 'unter', 'über', 'vor', 'weg', 'zu',
  'zurück', 'zusammen',
]; // prettier-ignore
const PARTICLE_SET: ReadonlySet<string> = new Set(VERB_PARTICLES);

/**
 * Inseparable prefixes that make verbs of verbs, nouns and adjectives (`ent-lüft-en` of Luft, `ent-feucht-en`
 * of feucht, `ver-teil-en`): their agent nouns are words too (`Entfeuchter`, `Enthärter`). Not `be-`, `er-`
 * or `ge-`: they would take the first letters of too many heads (`Eier-kocher` is no `Ei-erkocher`).
 */
const VERB_PREFIXES = ['ent', 'ver', 'zer'];

/**
 * Whether `form` is a noun derived from a verb: an agent noun (`-er`: `Schieber` of schieben, `Häcksler` of
 * häckseln) or an action noun (`-ung`), of a dictionary verb, of a verb with a particle (`Vorschäler`), or of a
 * verb the prefixes `ent-`, `ver-`, `zer-` make (`Entfeuchter`, `Enthärtung`). Such a word is no compound
 * (`Schieber` is no `Schi-eber`) and may end one.
 */
export function isDerivedNoun(form: string, lexicon: Lexicon): boolean {
  const dict = lexicon.dictionary;
  if (!dict) return false;
  const suffix = form.endsWith('er') ? 2 : form.endsWith('ung') ? 3 : 0;
  if (suffix === 0) return false;
  const base = form.slice(0, -suffix);
  if (isVerbStem(base, dict)) return true;
  for (const particle of VERB_PARTICLES) {
    if (base.startsWith(particle) && isVerbStem(base.slice(particle.length), dict)) return true;
  }
  for (const prefix of VERB_PREFIXES) {
    const stem = base.slice(prefix.length);
    if (!base.startsWith(prefix) || stem.length < MIN_PART) continue;
    if (isVerbStem(stem, dict) || dict.adjectives.has(stem) || dict.nouns.has(stem)) return true;
  }
  return false;
}

/** Whether `stem` is a verb's stem, also as an agent noun writes one in `-eln` (`häcksl-er` of häckseln). */
function isVerbStem(stem: string, dict: GermanDictionary): boolean {
  return (
    stem.length >= MIN_PART &&
    (dict.verbStems.has(stem) || (stem.endsWith('l') && dict.verbStems.has(`${stem.slice(0, -1)}el`)))
  );
}

/**
 * Longest word (UTF-16 code units, one per German letter) that is split or read with other spellings.
 * Longer words are taken as typed: no real compound comes near it (the catalogs' longest words have under
 * 30 letters), and a bound keeps the work on a hostile word constant.
 */
export const MAX_SPLIT_LENGTH = 40;

/**
 * Longest part a cover takes (see `splitWord`'s `maxLength`): a part of a word the default bound lets
 * through is never longer, so the bound changes no split, and each position of a word then weighs a bounded
 * number of candidate parts, which makes the split linear in the word's length.
 */
export const MAX_PART_LENGTH = MAX_SPLIT_LENGTH;

/** The best cover of a word's tail, as a list from its first part: no part array is copied while it grows. */
interface Cover {
  part: Part;
  /** the cover of the rest of the tail; undefined when `part` is the head */
  rest: Cover | undefined;
  count: number;
  /** the written length of the last part */
  head: number;
  /** the written length of the shortest part */
  shortest: number;
  /** sum of the squared part lengths */
  score: number;
  /** sum of the parts' log-frequencies (`partFrequency`) */
  plausibility: number;
}

/** How common a part is: the log-frequency of its lemma or of its written form, whichever is higher. */
function partFrequency(part: Part): number {
  return Math.max(logFrequency(part.lemma), logFrequency(part.written));
}

/**
 * Difference of summed log-frequencies from which one cover of a word is taken as the more plausible: a
 * factor of about 20 in the geometric frequencies of two-part covers. Smaller differences are noise of the
 * lists (subtitles and Wikipedia), and the length rules decide.
 */
const PLAUSIBILITY_MARGIN = 6;

/**
 * Fewer parts first, then the clearly more plausible parts (`eier-kocher`, not `ei-erkocher`), then the
 * longer head (`vergaser-nadel`, not `vergasern-adel`), then the longer shortest part (`forst-seil-winde`,
 * not `forsts-eil-winde`), then longer parts.
 */
function better(a: Cover, b: Cover | undefined): boolean {
  if (!b) return true;
  if (a.count !== b.count) return a.count < b.count;
  if (Math.abs(a.plausibility - b.plausibility) > PLAUSIBILITY_MARGIN) return a.plausibility > b.plausibility;
  if (a.head !== b.head) return a.head > b.head;
  if (a.shortest !== b.shortest) return a.shortest > b.shortest;
  return a.score > b.score;
}

/**
 * The parts of one lowercase word of letters (no hyphen), at least two, or null when no cover splits it.
 * The word itself is never its own cover; a word longer than `maxLength` (default `MAX_SPLIT_LENGTH`) is
 * not split. Dynamic programming over the word's positions from the end, each weighing at most one head
 * and `MAX_PART_LENGTH` modifiers: time linear in the word's length (a test counts the lookups).
 */
export function splitWord(word: string, lexicon: Lexicon, maxLength = MAX_SPLIT_LENGTH): Part[] | null {
  const n = word.length;
  if (n < 2 + MIN_PART || n > maxLength || !LETTERS.test(word) || lexicon.brands.has(word)) return null;
  const rank = wordRank(word);
  const known = isKnownWhole(word, lexicon);
  // A common word takes no short parts (`Spargel` is no `Spar-gel`); a rare one the dictionary knows whole
  // takes a short first part (`Mäh-drescher`, `Heu-gabel`) but no short head (`Ration` is no `Rat-ion`).
  const minPart = rank < UNRANKED ? MIN_PART_OF_WORD : MIN_PART;
  const minHead = known ? MIN_PART_OF_WORD : MIN_PART;
  // Nor a two-letter noun (`Eiland` is no `Ei-land`); and `-ei` ends no compound: it is a suffix
  // (`Schlosserei`, `Zimmerei`).
  const short = (from: number, to: number) =>
    rank >= UNRANKED &&
    to - from === 2 &&
    TWO_LETTER_NOUNS.has(word.slice(from, to)) &&
    (to < n || !word.endsWith('ei'));
  // best[i]: the best cover of word[i..] whose last part is a head.
  const best: (Cover | undefined)[] = new Array<Cover | undefined>(n + 1);
  for (let i = n - 2; i >= 0; i -= 1) {
    let choice: Cover | undefined;
    const fits = n - i >= Math.max(minPart, minHead) || short(i, n);
    const head = fits && i > 0 && n - i <= MAX_PART_LENGTH ? headLemma(word.slice(i), lexicon) : undefined;
    if (head !== undefined) {
      const length = n - i;
      const part = { written: word.slice(i), lemma: head };
      const plausibility = partFrequency(part);
      choice = {
        part,
        rest: undefined,
        count: 1,
        head: length,
        shortest: length,
        score: length ** 2,
        plausibility,
      };
    }
    const last = Math.min(n - 2, i + MAX_PART_LENGTH);
    for (let end = i + 2; end <= last; end += 1) {
      const rest = best[end];
      if (!rest || (end - i < minPart && !short(i, end))) continue;
      const written = word.slice(i, end);
      if (PARTICLE_SET.has(written)) continue;
      const lemma = end - i === 2 ? written : modifierLemma(written, lexicon);
      if (lemma === undefined) continue;
      const part = { written, lemma };
      const candidate: Cover = {
        part,
        rest,
        count: rest.count + 1,
        head: rest.head,
        shortest: Math.min(rest.shortest, written.length),
        score: rest.score + written.length ** 2,
        plausibility: rest.plausibility + partFrequency(part),
      };
      if (better(candidate, choice)) choice = candidate;
    }
    best[i] = choice;
  }
  const cover = best[0];
  if (!cover || cover.count < 2) return null;
  if (known && !plausibleSplit(cover, rank)) return null;
  // A derived noun is one word (`Schieber` is no `Schi-eber`) unless its head is derived the same way: then
  // the derivation is the head's (`Staub-sauger`).
  if (isDerivedNoun(word, lexicon) && !isDerivedNoun(headOf(cover).part.written, lexicon)) return null;
  const parts: Part[] = [];
  for (let at: Cover | undefined = cover; at; at = at.rest) parts.push(at.part);
  return parts;
}

/** Whether `word` is a word on its own: the dictionary knows it whole, or the frequency lists rank it. */
export function isKnownWhole(word: string, lexicon: Lexicon): boolean {
  return wordRank(word) < UNRANKED || Boolean(lexicon.dictionary?.words.has(word));
}

/** The last part of a cover: its head. */
function headOf(cover: Cover): Cover {
  let head = cover;
  while (head.rest) head = head.rest;
  return head;
}

/** Heads that are a suffix in the words the dictionary knows whole (`Landschaft`, but `Werkzeug-schaft`). */
const SUFFIX_HEADS: ReadonlySet<string> = new Set(['schaft', 'schaften']);

/**
 * Whether a cover of a word the dictionary knows whole (of word-frequency rank `rank`) is a split and not
 * a simple word that happens to contain others: its head is no suffix (`Land-schaft`), and some part is
 * more common than the whole word (`Staub` in the Staubsauger), as a compound is rarely more frequent than
 * all its parts (`Garderobe` is more frequent than `Garde` and `Robe`).
 */
function plausibleSplit(cover: Cover, rank: number): boolean {
  if (SUFFIX_HEADS.has(headOf(cover).part.written)) return false;
  if (rank >= UNRANKED) return true;
  for (let at: Cover | undefined = cover; at; at = at.rest) {
    if (Math.min(wordRank(at.part.written), wordRank(at.part.lemma)) < rank) return true;
  }
  return false;
}

/** `ä` → `ae`, `ö` → `oe`, `ü` → `ue`, `ß` → `ss` (lowercase input). */
export function transliterate(word: string): string {
  return word.replace(/[äöüß]/g, (ch) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[ch] ?? ch);
}

/**
 * The spellings with umlauts a word typed with `ae`/`oe`/`ue`/`ss` may stand for: `ae` → `ä`, `oe` → `ö`,
 * `ue` → `ü` all at once (not in `eue`, `que`, `aue`: `Feuer`, `Quelle`, `Bauer`), else each `ss` → `ß`
 * on its own (`grosspackenpresse` → `großpackenpresse`, not `…preße`); [] when it has none of them or is
 * longer than `MAX_SPLIT_LENGTH` (its `ß` spellings alone would be quadratic in its length).
 */
export function umlautSpellings(word: string): string[] {
  if (word.length > MAX_SPLIT_LENGTH) return [];
  const restored = word
    .replace(/ae/g, 'ä')
    .replace(/oe/g, 'ö')
    .replace(/(?<![eqa])ue/g, 'ü');
  if (restored !== word) return [restored];
  const out: string[] = [];
  for (let at = word.indexOf('ss'); at !== -1; at = word.indexOf('ss', at + 1)) {
    out.push(`${word.slice(0, at)}ß${word.slice(at + 2)}`);
  }
  return out;
}

/** Whether `word` (lowercase letters) is a word the lexicon knows: dictionary, catalog, part or compound. */
export function isKnownWord(word: string, lexicon: Lexicon): boolean {
  // headLemma and modifierLemma already look in the lexicon's and the dictionary's heads and modifiers.
  return (
    lexicon.catalogWords.has(word) ||
    lexicon.brands.has(word) ||
    Boolean(lexicon.dictionary?.words.has(word)) ||
    headLemma(word, lexicon) !== undefined ||
    modifierLemma(word, lexicon) !== undefined ||
    splitWord(word, lexicon) !== null
  );
}

/** The word as the lexicon knows it: itself, or its umlaut spelling when only that one is known. */
export function normalizeSpelling(word: string, lexicon: Lexicon): string {
  if (isKnownWord(word, lexicon)) return word;
  return umlautSpellings(word).find((spelling) => isKnownWord(spelling, lexicon)) ?? word;
}

/**
 * The finest parts of a word: its parts, each split again while it splits (`hochdruckreiniger` →
 * `hochdruck` + `reiniger` → `hoch` + `druck` + `reiniger`); null when the word does not split.
 */
export function finestParts(word: string, lexicon: Lexicon): Part[] | null {
  const parts = splitWord(word, lexicon);
  if (!parts) return null;
  return parts.flatMap((part, index) => {
    const inner = finestParts(part.lemma, lexicon);
    if (!inner) return [part];
    // The last inner part keeps the linking letters the outer part was written with.
    if (index < parts.length - 1 && part.written !== part.lemma && part.written.startsWith(part.lemma)) {
      const last = inner[inner.length - 1]!;
      return [
        ...inner.slice(0, -1),
        { written: last.written + part.written.slice(part.lemma.length), lemma: last.lemma },
      ];
    }
    return inner;
  });
}
