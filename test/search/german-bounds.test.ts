/**
 * Bounded work on a hostile search text (src/search/german, src/search/search-text.ts): the decompounder
 * is linear in a word's length and leaves words over `MAX_SPLIT_LENGTH` letters whole, and the query
 * rewrite reads only the text's `searchText`. Nothing here is timed: a counting lexicon counts the
 * lookups (and the characters they hash) that a word costs, so the tests say how the work grows, on any
 * machine.
 */
import {
  isKnownWord,
  MAX_SPLIT_LENGTH,
  normalizeSpelling,
  splitWord,
  umlautSpellings,
} from '../../src/search/german/decompound';
import type { GermanDictionary } from '../../src/search/german/hunspell';
import { buildLexicon, type Lexicon } from '../../src/search/german/lexicon';
import { germanQuery, isTypoOfWord } from '../../src/search/german/query';
import { completedCompounds, searchTerms } from '../../src/search/german/terms';
import { exactLongWords, MAX_SEARCH_CHARS, searchText } from '../../src/search/request';

const LEXICON = buildLexicon({ words: ['kombi', 'rundballen'] });

interface Work {
  /** lookups in the lexicon's and the dictionary's tables */
  lookups: number;
  /** characters of the looked-up forms (what hashing them costs) */
  chars: number;
}

/** `lexicon` with every table lookup counted into `work`. */
function counting(lexicon: Lexicon, work: Work) {
  const wrap = <T extends { has(key: string): boolean }>(table: T): T =>
    new Proxy(table, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if ((key !== 'get' && key !== 'has') || typeof value !== 'function') {
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return (form: string) => {
          work.lookups += 1;
          work.chars += form.length;
          return (value as (form: string) => unknown).call(target, form);
        };
      },
    });
  const dict = lexicon.dictionary!;
  const dictionary: GermanDictionary = {
    words: wrap(dict.words),
    heads: wrap(dict.heads),
    modifiers: wrap(dict.modifiers),
    verbStems: wrap(dict.verbStems),
    nouns: wrap(dict.nouns),
    adjectives: wrap(dict.adjectives),
  };
  return {
    dictionary,
    heads: wrap(lexicon.heads),
    modifiers: wrap(lexicon.modifiers),
    catalogWords: wrap(lexicon.catalogWords),
    brands: wrap(lexicon.brands),
  } satisfies Lexicon;
}

/** The work `run` does with the counting lexicon. */
function workOf(run: (lexicon: Lexicon) => unknown): Work {
  const work = { lookups: 0, chars: 0 };
  run(counting(LEXICON, work));
  return work;
}

const kettensaege = (times: number) => 'kettensäge'.repeat(times);

describe('splitWord', () => {
  it("does work linear in the word's length, also without the length bound", () => {
    const [w50, w100, w150] = [50, 100, 150].map((times) =>
      workOf((lexicon) => splitWord(kettensaege(times), lexicon, Infinity)),
    ) as [Work, Work, Work];
    expect(w50.lookups).toBeGreaterThan(0);
    for (const measure of ['lookups', 'chars'] as const) {
      // Twice the word, about twice the work (a quadratic split does four times); every 500 letters more,
      // the same work more.
      expect(w100[measure]).toBeLessThanOrEqual(2.1 * w50[measure]);
      expect(w150[measure] - w100[measure]).toBeLessThanOrEqual(1.05 * (w100[measure] - w50[measure]));
    }
  });

  it('splits a word of MAX_SPLIT_LENGTH letters and leaves a longer one whole, unread', () => {
    const word = kettensaege(4); // 40 letters
    expect(word).toHaveLength(MAX_SPLIT_LENGTH);
    expect(splitWord(word, LEXICON)?.map((p) => p.written)).toEqual([
      'ketten',
      'säge',
      'ketten',
      'säge',
      'ketten',
      'säge',
      'ketten',
      'säge',
    ]);
    expect(splitWord(`${word}n`, LEXICON)).toBeNull();
    expect(workOf((lexicon) => splitWord(`${word}n`, lexicon))).toEqual({ lookups: 0, chars: 0 });
  });

  it('answers a 600-letter word as unsplit after a bounded number of lookups', () => {
    for (const word of ['kettensäge'.repeat(60), 'ss'.repeat(300), 'a'.repeat(600)]) {
      let known = true;
      const work = workOf((lexicon) => {
        expect(splitWord(word, lexicon)).toBeNull();
        expect(umlautSpellings(word)).toEqual([]);
        expect(normalizeSpelling(word, lexicon)).toBe(word);
        known = isKnownWord(word, lexicon);
      });
      expect(known).toBe(false);
      // A handful of whole-word lookups (is it a catalog word, a dictionary word, a head?), none per letter.
      expect(work.lookups).toBeLessThanOrEqual(30);
    }
  });

  it('gives the same splits with the bound and without', () => {
    for (const word of [
      'heckenscherenmesser',
      'gläserspülmaschine',
      'heckanbaustreuer',
      'rundballenpresse',
    ]) {
      expect(splitWord(word, LEXICON, Infinity)).toEqual(splitWord(word, LEXICON));
    }
  });
});

describe('germanQuery', () => {
  it('rewrites only the searchText of a long search, with the same result', () => {
    const long = `Kettensäge Heckenschere ${'Säge '.repeat(2000)}`;
    expect(germanQuery(long, LEXICON)).toEqual(germanQuery(searchText(long), LEXICON));
    // The ten words Meilisearch uses, the tenth complete (no prefix match).
    expect(germanQuery(long, LEXICON).q).toBe(`Kettensäge Heckenschere ${'Säge '.repeat(8)}`);
  });

  it('does the same bounded work for a 10,000-character search as for its first 200 characters', () => {
    for (const text of ['kettensäge'.repeat(1000), 'ss'.repeat(5000), `${'ab '.repeat(3000)}kettensäge`]) {
      const whole = workOf((lexicon) => germanQuery(text, lexicon));
      const cut = workOf((lexicon) => germanQuery(text.slice(0, MAX_SEARCH_CHARS), lexicon));
      expect(whole).toEqual(cut);
    }
  });

  it('costs the hostile words of the issue a bounded number of lookups', () => {
    for (const word of [kettensaege(50), kettensaege(100), 'ss'.repeat(250)]) {
      expect(workOf((lexicon) => germanQuery(word, lexicon)).lookups).toBeLessThanOrEqual(30);
    }
  });
});

describe('searchTerms', () => {
  it('does work linear in the text, a long word costing no more than a few lookups', () => {
    const one = workOf((lexicon) => searchTerms([kettensaege(60)], lexicon));
    const two = workOf((lexicon) => searchTerms([kettensaege(120)], lexicon));
    expect(two.lookups).toBeLessThanOrEqual(one.lookups);
    expect(one.lookups).toBeLessThanOrEqual(30);
  });
});

describe('long words are matched exactly', () => {
  it('sends a word over MAX_FUZZY_WORD characters as a one-word phrase, shorter ones as typed', () => {
    expect(exactLongWords(`Säge ${'k'.repeat(41)} Mähwerk`)).toBe(`Säge "${'k'.repeat(41)}" Mähwerk`);
    expect(exactLongWords(`Säge ${'k'.repeat(40)}`)).toBe(`Säge ${'k'.repeat(40)}`);
    expect(exactLongWords('E 11-0455')).toBe('E 11-0455');
  });

  it('the query rewrite sends a 600-letter word as a phrase', () => {
    const word = 'kettensäge'.repeat(60);
    expect(germanQuery(word, LEXICON).q).toBe(`"${word.slice(0, MAX_SEARCH_CHARS)}"`);
  });
});

describe('isTypoOfWord', () => {
  it('tries a bounded number of edits: linear in the word, none past MAX_SPLIT_LENGTH', () => {
    const [w20, w40] = [20, 40].map((n) =>
      workOf((lexicon) => expect(isTypoOfWord('q'.repeat(n), lexicon)).toBe(false)),
    ) as [Work, Work];
    // About 60 edits per letter, each a few whole-word lookups.
    expect(w40.lookups).toBeLessThanOrEqual(2.1 * w20.lookups);
    expect(w40.lookups).toBeLessThanOrEqual(40 * 62 * 4);
    expect(workOf((lexicon) => isTypoOfWord('q'.repeat(MAX_SPLIT_LENGTH + 1), lexicon))).toEqual({
      lookups: 0,
      chars: 0,
    });
  });
});

describe('completedCompounds', () => {
  it("does work linear in the text's length, however many words it leaves open", () => {
    const text = (times: number) => 'Kettensäge- und Heckenscherenmesser '.repeat(times);
    const [w100, w200] = [100, 200].map((times) =>
      workOf((lexicon) => expect(completedCompounds(text(times), lexicon)).toHaveLength(times)),
    ) as [Work, Work];
    expect(w200.lookups).toBeLessThanOrEqual(2.1 * w100.lookups);
    expect(w200.chars).toBeLessThanOrEqual(2.1 * w100.chars);
  });
});
