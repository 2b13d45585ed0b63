/**
 * German decompounding (src/search/german): the Hunspell reader, the decompounder's hard cases (linking
 * letters, heads, false friends, umlauts, brands, numbers), the document terms in their three groups, the
 * query rewrite, and that the demo catalog's compounds split without the curated words.
 */
import { FAMILIES } from '../../tools/generate/families';
import { finestParts, splitWord, transliterate, umlautSpellings } from '../../src/search/german/decompound';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { FormSet, FormTable } from '../../src/search/german/forms';
import { germanDictionary, parseHunspell, readGermanDictionary } from '../../src/search/german/hunspell';
import { buildLexicon, LEXICON, vocabularyWords } from '../../src/search/german/lexicon';
import { germanQuery } from '../../src/search/german/query';
import { searchTerms, wordTerms, words } from '../../src/search/german/terms';

/** Dictionary, no catalog words, no curated words: what a catalog of unknown vocabulary gets. */
const DICT = buildLexicon({ base: [] });
const split = (word: string, lexicon = DICT) =>
  splitWord(word, lexicon)?.map((p) => (p.lemma === p.written ? p.written : `${p.written}[${p.lemma}]`));
const finest = (word: string, lexicon = DICT) => finestParts(word, lexicon)?.map((p) => p.written);

describe('parseHunspell', () => {
  const AFF = [
    'SFX N Y 1',
    'SFX N 0 n .',
    'SFX j Y 1',
    'SFX j 0 0/xoc .',
    'PFX k Y 1',
    'PFX k 0 0/coy .',
  ].join('\n');
  const DIC = ['4', 'Kette/Nm', 'kette/Nozm', 'Ketten/hj', 'säge/hk', 'mähen/I'].join('\n');

  it('reads standalone words, compound ends with their inflections and begin/middle forms', () => {
    const d = parseHunspell(AFF, DIC);
    expect([...d.words.keys()].sort()).toEqual(['kette', 'ketten', 'mähen']);
    expect(Object.fromEntries(d.heads)).toEqual({ kette: 'kette', ketten: 'kette' });
    // `Ketten/hj`: NEEDAFFIX, so only through `j`, which makes it a compound begin; `säge/hk` a middle.
    expect(Object.fromEntries(d.modifiers)).toEqual({ ketten: 'ketten', säge: 'säge' });
    expect([...d.nouns]).toEqual(['kette']);
  });

  it('reads the package dictionary once per process', () => {
    const d = germanDictionary();
    expect(germanDictionary()).toBe(d);
    expect(d.words.size).toBeGreaterThan(200_000);
    expect(d.heads.get('sägen')).toBe('säge');
    expect(d.verbStems.has('mäh')).toBe(true);
  });
});

describe('FormTable', () => {
  it('answers get, has and iteration as the map it was built from', () => {
    const entries: [string, string][] = [
      ['sägen', 'säge'], // the lemma a prefix of the form
      ['säge', 'säge'],
      ['hecken', 'hecke'],
      ['bäume', 'baum'], // a lemma of its own characters
      ['straße', 'straße'],
      ['ﬁx', 'x'], // beyond Latin-1
    ];
    const table = FormTable.of(entries);
    expect(table.size).toBe(6);
    for (const [form, lemma] of entries)
      expect([form, table.get(form), table.has(form)]).toEqual([form, lemma, true]);
    for (const absent of ['', 'säg', 'sägenx', 'baum', 'Säge', 'strasse']) {
      expect([absent, table.get(absent), table.has(absent)]).toEqual([absent, undefined, false]);
    }
    expect([...table]).toEqual(entries);
    expect([...table.keys()]).toEqual(entries.map(([form]) => form));
    // A form given twice keeps its last lemma, as Map#set does.
    expect(
      FormTable.of([
        ['a', 'b'],
        ['a', 'c'],
      ]).get('a'),
    ).toBe('c');
    expect(FormTable.of([]).has('a')).toBe(false);
  });

  it('finds every one of 50,000 forms, colliding hashes included, and survives v8.serialize', () => {
    const forms = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}ö`);
    const table = FormTable.of(forms.map((f): [string, string] => [f, f.slice(0, -1)]));
    const copy = FormTable.from(v8.deserialize(v8.serialize(table.toData())));
    for (const t of [table, copy]) {
      expect(forms.every((f) => t.get(f) === f.slice(0, -1))).toBe(true);
      expect(forms.some((f) => t.has(`${f}x`))).toBe(false);
    }
    expect(() => FormTable.from({ chars: [1], records: [], slots: [] })).toThrow(TypeError);
    // Latin-1 text takes a byte per character, and a form beyond it is simply absent.
    expect(table.toData().chars).toBeInstanceOf(Uint8Array);
    expect(FormTable.of([['ﬁx', 'x']]).toData().chars).toBeInstanceOf(Uint16Array);
    expect(copy.has('w0ﬁ')).toBe(false);
    // v8.deserialize's arrays are views into the bytes it read: the table copies them into their own.
    for (const array of Object.values(copy.toData())) expect(array.buffer.byteLength).toBe(array.byteLength);
    const set = FormSet.of(['kette', 'säge']);
    expect([set.size, set.has('säge'), set.has('sägen'), [...set]]).toEqual([
      2,
      true,
      false,
      ['kette', 'säge'],
    ]);
  });
});

describe('the dictionary cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dictionary-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('parses once, then reads the same tables from the cache file', () => {
    const first = readGermanDictionary(dir);
    expect(first.source).toBe('parsed');
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^german-dictionary-[0-9a-f]{16}\.v8$/)]);
    const second = readGermanDictionary(dir);
    expect(second.source).toBe('cache');
    for (const key of ['words', 'heads', 'modifiers'] as const) {
      expect(second.dictionary[key].size).toBe(first.dictionary[key].size);
    }
    expect([...second.dictionary.heads]).toEqual([...first.dictionary.heads]);
    expect([...second.dictionary.nouns]).toEqual([...first.dictionary.nouns]);
    expect(second.dictionary.heads.get('sägen')).toBe('säge');
  });

  it("deletes earlier versions' cache files that are a day old, not fresh ones of another Node", () => {
    const stale = path.join(dir, 'german-dictionary-0123456789abcdef.v8');
    const fresh = path.join(dir, 'german-dictionary-fedcba9876543210.v8');
    writeFileSync(stale, 'old');
    writeFileSync(fresh, 'new');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    expect(readGermanDictionary(dir).source).toBe('parsed');
    expect(readdirSync(dir)).not.toContain(path.basename(stale));
    expect(readdirSync(dir)).toContain(path.basename(fresh));
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('parses again over a damaged cache file, and without a writable directory', () => {
    readGermanDictionary(dir);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), 'not a dictionary');
    expect(readGermanDictionary(dir).source).toBe('parsed');
    expect(readGermanDictionary(dir).source).toBe('cache'); // rewritten
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const unwritable = readGermanDictionary(path.join(blocked, 'cache')); // a directory under a file
    expect(unwritable.source).toBe('parsed');
    expect(unwritable.dictionary.words.has('säge')).toBe(true);
  });
});

describe('splitWord', () => {
  it('finds the head: a Kettensäge is a saw, a Sägekette a chain', () => {
    // No false friend: `Hecken-` keeps its form, `heck` is not among the parts of a Heckenschere.
    expect(split('heckenschere')).toEqual(['hecken', 'schere']);
    expect(split('kettensäge')).toEqual(['ketten[kette]', 'säge']);
    expect(split('sägekette')).toEqual(['säge', 'kette']);
  });

  it('handles linking letters -s-, -n-, -en-, -e-, -er-', () => {
    expect(split('arbeitstisch')).toEqual(['arbeits[arbeit]', 'tisch']);
    expect(split('heckenschere')).toEqual(['hecken', 'schere']);
    expect(split('palettengabel')).toEqual(['paletten[palette]', 'gabel']);
    expect(split('ladewagen')).toEqual(['lade', 'wagen']);
    expect(split('gläserspülmaschine')).toEqual(['gläser', 'spül', 'maschine']);
    expect(split('heckenscherenmesser')).toEqual(['hecken', 'scheren[schere]', 'messer']);
  });

  it('knows heads a catalog never writes alone, from the dictionary and its verbs', () => {
    expect(split('schneepflug')).toEqual(['schnee', 'pflug']);
    expect(split('kehrbesen')).toEqual(['kehr', 'besen']);
    expect(split('holzspalter')).toEqual(['holz', 'spalter']); // spalten → Spalter
    expect(split('heckanbaustreuer')).toEqual(['heck', 'anbau', 'streuer']);
    expect(split('scheibenmähwerk')).toEqual(['scheiben[scheibe]', 'mäh', 'werk']);
  });

  it('prefers fewer parts, then the longer head', () => {
    expect(split('rundballenpresse', buildLexicon({ base: [], words: ['rundballen'] }))).toEqual([
      'rundballen',
      'presse',
    ]);
    expect(finest('rundballenpresse', buildLexicon({ base: [], words: ['rundballen'] }))).toEqual([
      'rund',
      'ballen',
      'presse',
    ]);
    expect(split('vergasernadel')).toEqual(['vergaser', 'nadel']);
    expect(split('kranzange')).toEqual(['kran', 'zange']);
  });

  it('leaves plain words alone, and cuts a dictionary word only into parts of 4 letters or more', () => {
    for (const word of [
      'spargel',
      'garten',
      'motor',
      'kartoffel',
      'schlepper',
      'messer',
      'leiter',
      'verkehr',
    ]) {
      expect([word, split(word)]).toEqual([word, undefined]);
    }
  });

  it('never splits brands, model codes or short words', () => {
    const lexicon = buildLexicon({ base: [], brands: ['kochwerk'] });
    expect(split('kochwerk', lexicon)).toBeUndefined();
    expect(split('kochwerk', DICT)).toEqual(['koch', 'werk']);
    expect(split('gs300')).toBeUndefined();
    expect(split('kranz')).toBeUndefined();
  });

  it('takes catalog and curated words as parts with linking letters and endings', () => {
    expect(split('kreiselzettwender', DICT)).toBeUndefined();
    const curated = buildLexicon({ base: LEXICON });
    expect(split('kreiselzettwender', curated)).toEqual(['kreisel', 'zett', 'wender']);
    const catalog = buildLexicon({ base: [], words: ['kombi'] });
    expect(split('kombidämpfer', catalog)).toEqual(['kombi', 'dämpfer']);
  });
});

describe('umlauts', () => {
  it('restores ae/oe/ue, not in eue, que, aue, else one ss at a time', () => {
    expect(umlautSpellings('blaeser')).toEqual(['bläser']);
    expect(umlautSpellings('kuehlschrank')).toEqual(['kühlschrank']);
    expect(umlautSpellings('feuer')).toEqual([]);
    expect(umlautSpellings('quelle')).toEqual([]);
    expect(umlautSpellings('grosspresse')).toEqual(['großpresse', 'grosspreße']);
    expect(transliterate('größe')).toBe('groesse');
  });
});

describe('wordTerms', () => {
  it('puts the head in heads and the other parts in modifiers, as written and as lemma', () => {
    expect(wordTerms('kettensäge', DICT)).toEqual({
      terms: ['kettensaege'],
      heads: ['säge', 'sägen', 'saege', 'saegen'],
      modifiers: ['ketten', 'kette'],
    });
    expect(wordTerms('sägekette', DICT)).toEqual({
      terms: ['saegekette'],
      heads: ['kette', 'ketten'],
      modifiers: ['säge', 'saege'],
    });
  });

  it('adds the runs of parts: ending at the head to heads, the others to modifiers', () => {
    const t = wordTerms('rundballenpresse', DICT);
    expect(t.heads).toEqual(['presse', 'ballenpresse']);
    expect(t.modifiers).toEqual(['rund', 'ballen', 'rundballen']);
  });

  it('joins a hyphenated word; each piece has its head, in every inflected form', () => {
    const t = wordTerms('edelstahl-arbeitstisch', DICT);
    expect(t.terms).toEqual(['edelstahlarbeitstisch']);
    expect(t.heads).toEqual(['stahl', 'stahls', 'tisch', 'tische', 'tischs', 'tisches']);
    expect(t.modifiers).toEqual(['edel', 'arbeits', 'arbeit']);
    // A plural query meets the head of `Verschleißteil-Set` exactly; diminutives are other words.
    const set = wordTerms('verschleißteil-set', DICT);
    expect(set.heads).toEqual(expect.arrayContaining(['teil', 'teile', 'set']));
    expect(set.heads).not.toContain('teilchen');
  });

  it('reads a word written with ae/oe/ue with its umlauts', () => {
    const t = wordTerms('laubblaeser', DICT);
    expect(t.terms).toContain('laubbläser');
    expect(t.heads).toEqual(expect.arrayContaining(['bläser', 'blaeser']));
  });

  it('gives a plain word its lemma, a brand nothing but its spelling', () => {
    expect(wordTerms('sägen', DICT).heads).toEqual(['säge', 'saege']);
    const lexicon = buildLexicon({ base: [], brands: ['kochwerk'] });
    expect(wordTerms('kochwerk', lexicon)).toEqual({ terms: [], heads: [], modifiers: [] });
  });

  it('reads texts word by word; a word of the text itself is no extra term', () => {
    const t = searchTerms(['Säge für Kettensäge', null, 'Säge'], DICT);
    expect(t.heads).toEqual(['saege', 'sägen', 'saegen']);
    expect(t.modifiers).toEqual(['ketten', 'kette']);
    expect(words('Mähklingen-Box MK 50')).toEqual(['mähklingen-box', 'mk', '50']);
  });
});

describe('germanQuery', () => {
  it('turns prefix matching off for a complete last word: Kranz is no Kranzange', () => {
    expect(germanQuery('Kranz', DICT)).toEqual({ q: 'Kranz ', parts: null });
    expect(germanQuery('Heck', DICT)).toEqual({ q: 'Heck ', parts: null });
  });

  it("sends no Meilisearch operator: a leading '-' and quotes go, every word must occur", () => {
    expect(germanQuery('-Mähw', DICT).q).toBe('Mähw');
    expect(germanQuery('Säge -Kette', DICT).q).toBe('Säge Kette ');
    expect(germanQuery('"Säge Kette"', DICT).q).toBe(' Säge Kette ');
    expect(germanQuery('E 11-0455 Pick-up', DICT).q).toBe('E 11-0455 Pick-up');
  });

  it('keeps it for an unfinished word, an order number and a trailing space', () => {
    expect(germanQuery('Mähw', DICT).q).toBe('Mähw');
    expect(germanQuery('100.4', DICT).q).toBe('100.4');
    expect(germanQuery('Säge ', DICT).q).toBe('Säge ');
    expect(germanQuery('ab', DICT).q).toBe('ab');
  });

  it('searches a one-word compound also as the lemmas of its parts', () => {
    expect(germanQuery('Heckenscherenmesser', DICT)).toEqual({
      q: 'Heckenscherenmesser ',
      parts: 'hecken schere messer ',
    });
    expect(germanQuery('Messer Heckenschere', DICT).parts).toBeNull();
    // A compound the catalog writes as a word of its own is searched as it is.
    const catalog = buildLexicon({ base: [], words: ['heckenscherenmesser'] });
    expect(germanQuery('Heckenscherenmesser', catalog)).toEqual({ q: 'Heckenscherenmesser ', parts: null });
  });

  it('recognizes umlauts a shopper typed as ae/oe/ue when only that spelling is known', () => {
    expect(germanQuery('Blaeser', DICT).q).toBe('Blaeser ');
    expect(germanQuery('Spuelmaschine', DICT)).toEqual({ q: 'Spuelmaschine ', parts: 'spül maschine ' });
    // A catalog word in either spelling is searched as typed; `ß` is sent as `ss`.
    const catalog = buildLexicon({ base: [], words: ['großpackenpresse'] });
    expect(germanQuery('Grosspackenpresse', catalog).parts).toBeNull();
    expect(germanQuery('Großkehrmaschine', DICT).parts).toBe('gross kehr maschine ');
    expect(germanQuery('Feuer', DICT).q).toBe('Feuer ');
  });
});

describe('the demo catalog without the curated words', () => {
  it('splits every machine name of the demo catalog with the dictionary and its own words', () => {
    const texts = FAMILIES.flatMap((f) => [...f.group, ...f.kinds.flatMap((k) => k.names), ...f.keywords]);
    const lexicon = buildLexicon({ base: [], words: vocabularyWords(texts) });
    const unsplit: string[] = [];
    for (const family of FAMILIES) {
      for (const kind of family.kinds) {
        for (const piece of words(kind.names[0]!).flatMap((w) => w.split('-'))) {
          if (/\d/.test(piece) || piece.length < 6 || piece === 'zinken') continue;
          if (!finestParts(piece, lexicon)) unsplit.push(piece);
        }
      }
    }
    expect(unsplit).toEqual([]);
  });

  it('keeps only curated words the dictionary does not know', () => {
    const d = germanDictionary();
    for (const word of LEXICON) {
      expect([word, d.words.has(word) || d.heads.has(word) || d.modifiers.has(word)]).toEqual([word, false]);
    }
  });
});
