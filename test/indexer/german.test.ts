/**
 * The spellings the indexer adds for search (indexer/text/german.ts, indexer/text/ordernumbers.ts): compound
 * parts from the lexicon, joined hyphenations, ae/oe/ue/ss, compacted order numbers.
 */
import { FAMILIES } from '../../src/generate/families';
import { searchSpellings, spellings, splitCompound, transliterate, words } from '../../indexer/text/german';
import { compactOrdernumber, ordernumberTerms } from '../../indexer/text/ordernumbers';

describe('splitCompound', () => {
  it('splits a word covered by lexicon entries, linking letters kept on the part before them', () => {
    expect(splitCompound('scheibenmähwerk')).toEqual(['scheiben', 'mähwerk']);
    expect(splitCompound('rundballenpresse')).toEqual(['rund', 'ballen', 'presse']);
    expect(splitCompound('betriebsanleitung')).toEqual(['betriebs', 'anleitung']);
    expect(splitCompound('palettengabel')).toEqual(['paletten', 'gabel']);
  });

  it('keeps a lexicon compound whole (fewest parts) unless asked for its inner parts', () => {
    expect(splitCompound('mähwerk')).toEqual(['mähwerk']);
    expect(splitCompound('zettwender')).toEqual(['zettwender']);
    expect(splitCompound('zettwender', true)).toEqual(['zett', 'wender']);
  });

  it('accepts an ending after the last part', () => {
    expect(splitCompound('quaderballenpressen')).toEqual(['quader', 'ballen', 'pressen']);
    expect(splitCompound('verschleißteile')).toEqual(['verschleiß', 'teile']);
  });

  it('never cuts a word the lexicon does not cover completely (brands, codes, unknown words)', () => {
    expect(splitCompound('hofmeister')).toBeNull();
    expect(splitCompound('festkammer')).toBeNull();
    expect(splitCompound('sm3200')).toBeNull();
    expect(splitCompound('agritechnica')).toBeNull();
  });
});

describe('spellings', () => {
  it('adds the parts and every run of neighbouring parts, not the word itself', () => {
    expect(spellings('Rundballenpresse').sort()).toEqual(
      ['ballen', 'ballenpresse', 'presse', 'rund', 'rundballen'].sort(),
    );
    expect(spellings('Kreiselzettwender').sort()).toEqual(['kreisel', 'wender', 'zett', 'zettwender'].sort());
  });

  it('joins a hyphenated word and splits its pieces', () => {
    expect(spellings('Mähklingen-Box')).toEqual(
      expect.arrayContaining(['mähklingenbox', 'mäh', 'klingen', 'maehklingenbox', 'maehklingen-box']),
    );
    expect(spellings('Euro-Aufnahme')).toEqual(['euroaufnahme']);
  });

  it('adds ae/oe/ue/ss spellings of the word and of its parts', () => {
    expect(spellings('Scheibenmähwerk')).toEqual(
      expect.arrayContaining(['maehwerk', 'mähwerk', 'scheiben', 'scheibenmaehwerk']),
    );
    expect(spellings('Verschleißteil-Set')).toEqual(
      expect.arrayContaining(['verschleissteilset', 'verschleiss', 'teil']),
    );
    expect(spellings('Förderband')).toEqual(expect.arrayContaining(['foerderband', 'foerder', 'band']));
    expect(transliterate('größe über öl')).toBe('groesse ueber oel');
  });

  it('adds nothing for words without parts, umlauts or hyphens', () => {
    expect(spellings('Frontlader')).toEqual(['front', 'lader']);
    expect(spellings('Knoter')).toEqual([]);
    expect(spellings('3200')).toEqual([]);
  });

  it('reads texts word by word, each form once', () => {
    expect(words('Mähklingen-Box MK 50, Heckansicht')).toEqual(['mähklingen-box', 'mk', '50', 'heckansicht']);
    expect(searchSpellings(['Heckansicht', 'SM 3200 – Heckansicht', null])).toEqual(['heck', 'ansicht']);
  });

  it('splits every machine name and compound keyword of the demo catalog', () => {
    const notCompounds = new Set(['Aufbereiter', 'Luzerne', 'Knoter', 'Stroh', 'Traktor', 'Werkzeug']);
    for (const family of FAMILIES) {
      for (const kind of family.kinds) {
        for (const piece of words(kind.names[0]).flatMap((w) => w.split('-'))) {
          if (['box', 'set'].includes(piece) || piece === 'zinken') continue;
          expect([piece, splitCompound(piece)?.length]).toEqual([piece, expect.any(Number)]);
          expect(splitCompound(piece)!.length).toBeGreaterThan(1);
        }
      }
      for (const keyword of family.keywords) {
        const single = notCompounds.has(keyword) || splitCompound(keyword.toLowerCase())?.length === 1;
        if (!single) expect([keyword, spellings(keyword).length > 0]).toEqual([keyword, true]);
      }
    }
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
