/**
 * The spellings the indexer adds for search (indexer/text/german.ts, indexer/text/ordernumbers.ts): the
 * words a catalog uses on their own, the lexicon built from them and the curated base, compound parts
 * (complete covers) and heads, joined hyphenations, ae/oe/ue/ss, compacted order numbers.
 */
import { FAMILIES } from '../../src/generate/families';
import { TAXONOMIES, type TermDef } from '../../src/generate/data/taxonomy-terms';
import { SYNONYMS } from '../../src/generate/static-records';
import {
  BASE_LEXICON,
  buildLexicon,
  compoundHead,
  LEXICON,
  searchSpellings,
  spellings,
  splitCompound,
  transliterate,
  vocabularyWords,
  words,
} from '../../indexer/text/german';
import { compactOrdernumber, ordernumberTerms } from '../../indexer/text/ordernumbers';

/** Every name of a taxonomy term tree. */
const termNames = (terms: readonly TermDef[]): string[] =>
  terms.flatMap((t) => (typeof t === 'string' ? [t.split('|')[0]!] : [t[0], ...termNames(t[1])]));

/**
 * What the vocabulary query reads from the demo catalog (product names, keywords, taxon names, synonyms),
 * from the generator's data.
 */
const DEMO_TEXTS = [
  ...FAMILIES.flatMap((f) => [
    ...f.group,
    ...f.kinds.flatMap((k) => [...k.names, ...k.variants.flat()]),
    ...f.keywords,
  ]),
  ...TAXONOMIES.flatMap((t) => termNames(t.terms)),
  ...SYNONYMS.flatMap((s) => [
    ...((s.terms as string[] | undefined) ?? []),
    ...((s.synonyms as string[] | undefined) ?? []),
    ...(s.input ? [String(s.input)] : []),
  ]),
];
/** The demo catalog's lexicon: its own words plus the curated base, as the indexer builds it. */
const DEMO = buildLexicon({ words: vocabularyWords(DEMO_TEXTS) });
/** The demo catalog's words alone (what `npm run relevance -- --no-curated` measures). */
const DEMO_ONLY = buildLexicon({ words: vocabularyWords(DEMO_TEXTS), base: [] });

describe('vocabularyWords', () => {
  it('splits on spaces, hyphens, slashes and punctuation, lowercase, letters only, 4 letters or more', () => {
    expect([
      ...vocabularyWords([
        'Mähklingen-Box MK 50, Heckansicht',
        'Kreiselschwader KS 420/Duo (Profi)',
        '360°-Ansicht; Rundballen.',
        null,
        'Frontlader ohne Parallelführung',
      ]),
    ]).toEqual([
      'mähklingen',
      'heckansicht',
      'kreiselschwader',
      'profi',
      'ansicht',
      'rundballen',
      'frontlader',
      'parallelführung',
    ]);
  });

  it('skips model codes (a word with a digit), short words and stopwords', () => {
    expect([...vocabularyWords(['KS420 G59 XL', 'SM3200', 'Hof und Stall', 'mit oder ohne'])]).toEqual([
      'stall',
    ]);
  });
});

describe('buildLexicon', () => {
  it('takes catalog words with their singular forms as parts and heads', () => {
    const lexicon = buildLexicon({ words: ['schaufeln', 'mähwerke', 'roder'], base: [] });
    expect([...lexicon.heads].sort()).toEqual(
      ['mähwerk', 'mähwerke', 'roder', 'schaufel', 'schaufeln'].sort(),
    );
    expect([...lexicon.parts].sort()).toEqual([...lexicon.heads].sort());
  });

  it('takes the curated base as parts only, never as heads', () => {
    const lexicon = buildLexicon({ words: ['roder'] });
    expect(lexicon.parts.has('rund')).toBe(true);
    expect(lexicon.heads.has('rund')).toBe(false);
    expect(compoundHead('hintergrund', lexicon)).toBeNull();
    expect([...BASE_LEXICON.heads]).toEqual([]);
  });

  it('drops brand words from the catalog words', () => {
    const lexicon = buildLexicon({ words: ['holland', 'land', 'fendt'], brands: ['holland', 'fendt'] });
    expect(lexicon.heads.has('holland')).toBe(false);
    expect(lexicon.heads.has('fendt')).toBe(false);
    expect(lexicon.heads.has('land')).toBe(true);
  });

  it('keeps the curated base to parts the demo catalog does not use on their own', () => {
    const demoWords = buildLexicon({ words: vocabularyWords(DEMO_TEXTS), base: [] }).parts;
    expect(LEXICON.filter((w) => demoWords.has(w))).toEqual([]);
    expect(new Set(LEXICON).size).toBe(LEXICON.length);
  });
});

describe('splitCompound', () => {
  it('splits a word covered by lexicon entries, linking letters kept on the part before them', () => {
    expect(splitCompound('scheibenmähwerk', DEMO, true)).toEqual(['scheiben', 'mähwerk']);
    expect(splitCompound('trommelschwader', DEMO)).toEqual(['trommel', 'schwader']);
    expect(splitCompound('rundballenpresse', DEMO, true)).toEqual(['rundballen', 'presse']);
    expect(splitCompound('betriebsanleitung', DEMO)).toEqual(['betriebs', 'anleitung']);
    expect(splitCompound('palettengabel', DEMO, true)).toEqual(['paletten', 'gabel']);
  });

  it('keeps a lexicon compound whole (fewest parts) unless asked for its inner parts', () => {
    expect(splitCompound('mähwerk', DEMO)).toEqual(['mähwerk']);
    expect(splitCompound('zettwender', DEMO)).toEqual(['zettwender']);
    expect(splitCompound('zettwender', DEMO, true)).toEqual(['zett', 'wender']);
  });

  it('accepts an ending after the last part', () => {
    expect(splitCompound('quaderballenpressen', DEMO, true)).toEqual(['quaderballen', 'pressen']);
    expect(splitCompound('verschleißteile', DEMO)).toEqual(['verschleißteile']);
    expect(splitCompound('verschleißteile', DEMO, true)).toEqual(['verschleiß', 'teile']);
  });

  it('never cuts a word the lexicon does not cover completely (brands, codes, unknown words)', () => {
    expect(splitCompound('hofmeister', DEMO)).toBeNull();
    expect(splitCompound('festkammer', DEMO)).toBeNull();
    expect(splitCompound('sm3200', DEMO)).toBeNull();
    expect(splitCompound('agritechnica', DEMO, true)).toBeNull();
    expect(splitCompound('kartoffelroder', buildLexicon({ words: ['roder'] }))).toBeNull();
  });
});

describe('compoundHead', () => {
  const lexicon = buildLexicon({ words: ['roder', 'egge', 'mähwerk', 'werk', 'bohnen'], base: [] });

  it('finds a catalog word at the end of a word whose rest is unknown', () => {
    expect(compoundHead('kartoffelroder', lexicon)).toEqual(['roder', 'roder']);
    expect(compoundHead('kartoffelroders', lexicon)).toEqual(['roder', 'roders']);
    expect(compoundHead('kreiseleggen', lexicon)).toEqual(['egge', 'eggen']);
  });

  it('takes the longest head', () => {
    expect(compoundHead('scheibenmähwerk', lexicon)).toEqual(['mähwerk', 'mähwerk']);
    expect(compoundHead('hofmeisterwerk', lexicon)).toEqual(['werk', 'werk']);
  });

  it('wants a head of 4 letters or more with at least 3 letters before it', () => {
    expect(compoundHead('roder', lexicon)).toBeNull();
    expect(compoundHead('abroder', lexicon)).toBeNull();
    expect(compoundHead('abcroder', lexicon)).toEqual(['roder', 'roder']);
    expect(compoundHead('kartoffelhof', buildLexicon({ words: ['hof'], base: [] }))).toBeNull();
  });

  it('never takes a stopword or a brand as head', () => {
    const withStopwords = buildLexicon({
      words: vocabularyWords(['mit oder ohne', 'Holland']),
      brands: ['holland'],
    });
    expect(compoundHead('ackerbohne', withStopwords)).toBeNull();
    expect(compoundHead('hinterholland', withStopwords)).toBeNull();
  });
});

describe('spellings', () => {
  it('adds the parts and every run of neighbouring parts, not the word itself', () => {
    expect(spellings('Rundballenpresse', DEMO).sort()).toEqual(
      ['ballen', 'ballenpresse', 'presse', 'rund', 'rundballen'].sort(),
    );
    expect(spellings('Kreiselzettwender', DEMO).sort()).toEqual(
      ['kreisel', 'kreiselzett', 'wender', 'zett', 'zettwender'].sort(),
    );
  });

  it('splits a word the catalog uses on its own into its parts too', () => {
    expect(DEMO.parts.has('frontlader')).toBe(true);
    expect(spellings('Frontlader', DEMO)).toEqual(['front', 'lader']);
    expect(spellings('Mähwerk', DEMO)).toEqual(['mäh', 'werk', 'maehwerk', 'maeh']);
  });

  it('adds the head of a word no complete cover splits, and its ae/oe/ue/ss form', () => {
    const lexicon = buildLexicon({ words: ['roder', 'mähwerk', 'egge'], base: [] });
    expect(spellings('Kartoffelroder', lexicon)).toEqual(['roder']);
    expect(spellings('Kartoffelroder', BASE_LEXICON)).toEqual([]);
    expect(spellings('Kreiseleggen', lexicon)).toEqual(['egge', 'eggen']);
    expect(spellings('Hangmähwerk', lexicon)).toEqual(['mähwerk', 'hangmaehwerk', 'maehwerk']);
    // Only the head: the unknown rest is no term (it may be a brand or a code).
    expect(searchSpellings(['Kartoffelroder KR 2', 'Roder XY'], lexicon)).toEqual(['roder']);
  });

  it('leaves brand words and model codes alone', () => {
    const lexicon = buildLexicon({ words: ['land', 'roder'], brands: ['holland'] });
    expect(spellings('Holland', lexicon)).toEqual([]);
    expect(spellings('Hinterland', lexicon)).toEqual(['land']);
    expect(spellings('KR2roder', lexicon)).toEqual([]);
  });

  it('joins a hyphenated word and splits its pieces', () => {
    expect(spellings('Mähklingen-Box', DEMO)).toEqual(
      expect.arrayContaining(['mähklingenbox', 'mäh', 'klingen', 'maehklingenbox', 'maehklingen-box']),
    );
    expect(spellings('Euro-Aufnahme', DEMO)).toEqual(['euroaufnahme']);
  });

  it('adds ae/oe/ue/ss spellings of the word and of its parts', () => {
    expect(spellings('Scheibenmähwerk', DEMO)).toEqual(
      expect.arrayContaining(['maehwerk', 'mähwerk', 'scheiben', 'scheibenmaehwerk']),
    );
    expect(spellings('Verschleißteil-Set', DEMO)).toEqual(
      expect.arrayContaining(['verschleissteilset', 'verschleiss', 'teil']),
    );
    expect(spellings('Förderband', DEMO)).toEqual(expect.arrayContaining(['foerderband', 'foerder', 'band']));
    expect(transliterate('größe über öl')).toBe('groesse ueber oel');
  });

  it('adds nothing for words without parts, umlauts or hyphens', () => {
    expect(spellings('Knoter', DEMO)).toEqual([]);
    expect(spellings('3200', DEMO)).toEqual([]);
  });

  it('reads texts word by word, each form once', () => {
    expect(words('Mähklingen-Box MK 50, Heckansicht')).toEqual(['mähklingen-box', 'mk', '50', 'heckansicht']);
    const media = buildLexicon({ words: ['heck', 'ansicht'], base: [] });
    expect(searchSpellings(['Heckansicht', 'SM 3200 – Heckansicht', null], media)).toEqual([
      'heck',
      'ansicht',
    ]);
  });

  it('splits every machine name and compound keyword of the demo catalog', () => {
    // prettier-ignore
    const notCompounds = new Set([
      'Aufbereiter', 'Luzerne', 'Knoter', 'Stroh', 'Traktor', 'Werkzeug', 'Kreisel', 'Schaufel', 'Schwad',
      'Schwader', 'Trommel', 'Wickler', 'Zinke',
    ]);
    for (const family of FAMILIES) {
      for (const kind of family.kinds) {
        for (const piece of words(kind.names[0]).flatMap((w) => w.split('-'))) {
          if (['box', 'set'].includes(piece) || piece === 'zinken') continue;
          expect([piece, splitCompound(piece, DEMO, true)?.length]).toEqual([piece, expect.any(Number)]);
          expect(splitCompound(piece, DEMO, true)!.length).toBeGreaterThan(1);
        }
      }
      for (const keyword of family.keywords) {
        if (!notCompounds.has(keyword))
          expect([keyword, spellings(keyword, DEMO).length > 0]).toEqual([keyword, true]);
      }
    }
  });

  it("with the demo catalog's words alone, parts it never writes alone are lost", () => {
    // Heads still work: `Mähwerk`, `Schwader` and `Presse` stand alone in the demo catalog.
    expect(spellings('Scheibenmähwerk', DEMO_ONLY)).toEqual(expect.arrayContaining(['mähwerk']));
    expect(spellings('Bandschwader', DEMO_ONLY)).toEqual(expect.arrayContaining(['schwader']));
    expect(spellings('Rundballenpresse', DEMO_ONLY)).toEqual(['rundballen', 'presse']);
    // `Zange`, `Gabel`, `Lader` never do: no part, no head.
    expect(spellings('Dungzange', DEMO_ONLY)).toEqual([]);
    expect(spellings('Palettengabel', DEMO_ONLY)).toEqual([]);
    expect(spellings('Frontlader', DEMO_ONLY)).toEqual([]);
  });
});

describe('order numbers', () => {
  it('compacts each number once, without separators or spaces', () => {
    expect(compactOrdernumber('A 12-345')).toBe('a12345');
    expect(compactOrdernumber(' - ')).toBeNull();
    expect(ordernumberTerms(['100.426', '100.426.01', null, '100 426', '100.426.91'])).toEqual([
      '100426',
      '10042601',
      '10042691',
    ]);
  });
});
