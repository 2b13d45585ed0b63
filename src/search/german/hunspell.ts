/**
 * The German Hunspell dictionary (`dictionary-de`: igerman98 by Björn Jacke, GPL-2.0 OR GPL-3.0) read into the
 * word lists the decompounder needs (decompound.ts). igerman98 models compounding itself, with the flags
 * declared in its affix file: COMPOUNDBEGIN `x`, COMPOUNDMIDDLE `y`, COMPOUNDEND `z`, ONLYINCOMPOUND `o`,
 * NEEDAFFIX `h`. A noun comes as a standalone entry (`Säge/Nmij`), a lowercase compound-end entry
 * (`säge/Nozm`: `säge`, `sägen` may end a compound) and, when it may start one, a begin/middle entry whose
 * affixes only add flags (`Säge/...j` → `Säge` with `x`; `Ketten/hij` → the linking form `Ketten`;
 * `säge/hke` → middle). So the dictionary says which forms may stand where, linking letters included, and
 * this module only has to expand it: every entry with each of its suffix rules (one level, conditions
 * checked), prefixes only where they add flags without letters. Hyphenated forms and words with digits or
 * dots are left out; everything is lowercased.
 *
 * Reading and expanding takes a noticeable part of a second and leaves the process's RSS much higher (the
 * garbage of parsing the dictionary's text), although the result is small: word tables outside the V8 heap
 * (forms.ts). So `germanDictionary()` does it once per installation: the tables are cached in
 * `node_modules/.cache/catalog-media-read-api/` under a hash of the dictionary files and of this module's
 * code, and the next process reads them from there in a few milliseconds (the image builds its cache at
 * build time). Without a writable cache directory every process parses.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCacheFile, writeCacheFile } from './cache-file';
import { FormSet, FormTable } from './forms';

/** The word lists of the dictionary, lowercase; every table goes from a form to its lemma (the entry's word). */
export interface GermanDictionary {
  /** Forms that may stand alone (`säge`, `sägen`, `kette`, `ketten`). */
  readonly words: FormTable;
  /** Forms that may end a compound, with their inflections (`säge`, `sägen`, `schere`). */
  readonly heads: FormTable;
  /** Forms that may begin or continue a compound, linking letters included (`ketten`, `hecken`, `heck`). */
  readonly modifiers: FormTable;
  /**
   * Stems of the verbs (`mähen` → `mäh`, `wickeln` → `wickel`): German builds compounds from them
   * (`Mähwerk`) and agent nouns the dictionary does not list (`Streuer`, `Spalter`, `Mulcher`).
   */
  readonly verbStems: FormSet;
  /** Nouns (capitalized entries that stand alone), lowercase: any of them may begin a compound. */
  readonly nouns: FormSet;
  /** Adjectives (lowercase entries of the adjective class `A`: `rund`, `kühl`). */
  readonly adjectives: FormSet;
}

interface AffixRule {
  strip: string;
  add: string;
  flags: string;
  condition: RegExp | null;
}

interface Affixes {
  suffixes: Map<string, AffixRule[]>;
  prefixes: Map<string, AffixRule[]>;
}

const BEGIN = 'x';
const MIDDLE = 'y';
const END = 'z';
const ONLY_IN_COMPOUND = 'o';
const NEED_AFFIX = 'h';
/** The suffix class of igerman98's adjectives (`SFX A 0 e`: `rund` → `runde`). */
const ADJECTIVE = 'A';
/** The suffix class of igerman98's verbs (`SFX I n 0 en`: `mähen` → `mähe`). */
const VERB = 'I';

/** `[^elr]` and friends at the end (suffix) or start (prefix) of a word; `.` is no condition. */
function conditionRegExp(condition: string, suffix: boolean): RegExp | null {
  if (condition === '.' || condition === '') return null;
  return new RegExp(suffix ? `${condition}$` : `^${condition}`, 'u');
}

function parseAffixes(text: string): Affixes {
  const out: Affixes = { suffixes: new Map(), prefixes: new Map() };
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const [kind, flag, strip, add, condition] = fields;
    if ((kind !== 'SFX' && kind !== 'PFX') || !flag || strip === undefined || add === undefined) continue;
    // A header line (`SFX A Y 46`) has a Y/N cross-product mark where rules have their strip string.
    if (condition === undefined) continue;
    const [letters = '', flags = ''] = add.split('/');
    const rule: AffixRule = {
      strip: strip === '0' ? '' : strip,
      add: letters === '0' ? '' : letters,
      flags,
      condition: conditionRegExp(condition, kind === 'SFX'),
    };
    const map = kind === 'SFX' ? out.suffixes : out.prefixes;
    map.set(flag, [...(map.get(flag) ?? []), rule]);
  }
  return out;
}

/** A plain German word: letters only (no hyphen, dot or digit), at least two of them. */
const PLAIN = /^\p{L}{2,}$/u;

/**
 * The word lists of an affix and a dictionary file's text (Hunspell format, single-character flags). Pure;
 * `germanDictionary()` reads the package's files.
 */
export function parseHunspell(affText: string, dicText: string): GermanDictionary {
  const affixes = parseAffixes(affText);
  const words = new Map<string, string>();
  const heads = new Map<string, string>();
  const modifiers = new Map<string, string>();
  const verbStems = new Set<string>();
  const nouns = new Set<string>();
  const adjectives = new Set<string>();
  // A form several entries produce keeps the longest lemma, the one that took the least off it
  // (`hecken`: `hecke` + n rather than `heck` + en); an entry's own word is its own lemma.
  const set = (map: Map<string, string>, form: string, lemma: string) => {
    const known = map.get(form);
    if (known === undefined || (known !== form && lemma.length > known.length)) map.set(form, lemma);
  };
  const place = (form: string, lemma: string, flags: string, bare: boolean) => {
    if (!PLAIN.test(form)) return;
    const lower = form.toLowerCase();
    if (flags.includes(END)) set(heads, lower, lemma);
    if (flags.includes(BEGIN) || flags.includes(MIDDLE)) set(modifiers, lower, lemma);
    const standalone = !flags.includes(ONLY_IN_COMPOUND) && !(bare && flags.includes(NEED_AFFIX));
    if (standalone) set(words, lower, lemma);
  };
  const lines = dicText.split('\n');
  for (const line of lines) {
    if (!line || line.startsWith('\t') || line.startsWith('#')) continue;
    const slash = line.indexOf('/');
    const word = (slash === -1 ? line : line.slice(0, slash)).trim();
    const flags = slash === -1 ? '' : line.slice(slash + 1).trim();
    if (!PLAIN.test(word)) continue;
    const lemma = word.toLowerCase();
    place(word, lemma, flags, true);
    if (word !== lemma && !flags.includes(ONLY_IN_COMPOUND) && !flags.includes(NEED_AFFIX)) nouns.add(lemma);
    if (word === lemma && flags.includes(ADJECTIVE)) adjectives.add(word);
    if (word === lemma && flags.includes(VERB)) {
      if (/e[lr]n$/.test(word)) verbStems.add(word.slice(0, -1));
      else if (word.endsWith('en')) verbStems.add(word.slice(0, -2));
    }
    for (const flag of flags) {
      for (const rule of affixes.suffixes.get(flag) ?? []) {
        if (rule.condition && !rule.condition.test(word)) continue;
        if (rule.strip && !word.endsWith(rule.strip)) continue;
        const form = word.slice(0, word.length - rule.strip.length) + rule.add;
        // The affixed form keeps the entry's flags but NEEDAFFIX, which the affix satisfies.
        place(form, lemma, flags.replace(NEED_AFFIX, '') + rule.flags, false);
      }
      // Prefixes here either add letters (`un`, `ver`: other words, not needed for compounds) or a hyphen
      // (`-säge`); the ones that add nothing only mark the entry as a compound part (`PFX k 0 0/coy`).
      for (const rule of affixes.prefixes.get(flag) ?? []) {
        if (rule.strip || rule.add) continue;
        place(word, lemma, flags.replace(NEED_AFFIX, '') + rule.flags, false);
      }
    }
  }
  return {
    words: FormTable.of(words),
    heads: FormTable.of(heads),
    modifiers: FormTable.of(modifiers),
    verbStems: FormSet.of(verbStems),
    nouns: FormSet.of(nouns),
    adjectives: FormSet.of(adjectives),
  };
}

/** The cache's directory: beside the packages, where build tools keep theirs. */
export const DICTIONARY_CACHE_DIR = path.join(
  path.dirname(require.resolve('dictionary-de')),
  '..',
  '.cache',
  'catalog-media-read-api',
);

/**
 * The cache file of these dictionary files as this code reads them: a hash of the affix and dictionary
 * files, of this module and forms.ts (a change of the parser or the tables makes a new file), and of V8's
 * version (whose serialization format the file is).
 */
function cacheFile(dir: string, aff: Buffer, dic: Buffer): string {
  const hash = createHash('sha256').update(process.versions.v8);
  for (const file of [__filename, require.resolve('./forms')]) hash.update(readFileSync(file));
  hash.update(aff).update(dic);
  return path.join(dir, `german-dictionary-${hash.digest('hex').slice(0, 16)}.v8`);
}

function toData(d: GermanDictionary): unknown {
  return {
    words: d.words.toData(),
    heads: d.heads.toData(),
    modifiers: d.modifiers.toData(),
    verbStems: d.verbStems.table.toData(),
    nouns: d.nouns.table.toData(),
    adjectives: d.adjectives.table.toData(),
  };
}

function fromData(data: unknown): GermanDictionary {
  const d = data as Record<keyof GermanDictionary, unknown>;
  return {
    words: FormTable.from(d.words),
    heads: FormTable.from(d.heads),
    modifiers: FormTable.from(d.modifiers),
    verbStems: new FormSet(FormTable.from(d.verbStems)),
    nouns: new FormSet(FormTable.from(d.nouns)),
    adjectives: new FormSet(FormTable.from(d.adjectives)),
  };
}

/** The cached tables of `file`, or undefined when there is none or it cannot be read whole. */
function readCache(file: string): GermanDictionary | undefined {
  const data = readCacheFile(file);
  if (data === undefined) return undefined;
  try {
    return fromData(data);
  } catch {
    return undefined;
  }
}

/** The names of this module's cache files (20 MB each). */
const CACHE_NAME = /^german-dictionary-[0-9a-f]{16}\.v8$/;

/** Writes the cache file of `dictionary` (cache-file.ts `writeCacheFile`: best effort). */
function writeCache(file: string, dictionary: GermanDictionary): void {
  writeCacheFile(file, toData(dictionary), CACHE_NAME);
}

/**
 * The package's dictionary, from the cache in `cacheDir` when it holds these files' tables (`source`
 * 'cache'), else read and expanded (the slow path) and written to the cache for the next process ('parsed').
 * Throws only when the `dictionary-de` package cannot be read.
 */
export function readGermanDictionary(cacheDir = DICTIONARY_CACHE_DIR): {
  dictionary: GermanDictionary;
  source: 'cache' | 'parsed';
} {
  const dir = path.dirname(require.resolve('dictionary-de'));
  const aff = readFileSync(path.join(dir, 'index.aff'));
  const dic = readFileSync(path.join(dir, 'index.dic'));
  const file = cacheFile(cacheDir, aff, dic);
  const cached = readCache(file);
  if (cached) return { dictionary: cached, source: 'cache' };
  const dictionary = parseHunspell(aff.toString('utf8'), dic.toString('utf8'));
  writeCache(file, dictionary);
  return { dictionary, source: 'parsed' };
}

let loaded: GermanDictionary | undefined;

/** The package's dictionary (`readGermanDictionary` on first use), kept for the process. */
export function germanDictionary(): GermanDictionary {
  loaded ??= readGermanDictionary().dictionary;
  return loaded;
}
