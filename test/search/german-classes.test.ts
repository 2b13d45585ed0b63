/**
 * The linguistic classes German compound splitting gets wrong without care, each with words that no judged
 * query set uses (test/relevance): false splits, combining forms, two-letter parts, derived nouns (agent
 * nouns of particle verbs), compounds typed as several words, typos, compounds left open with a hyphen and
 * umlaut plurals. Pure: the dictionary, no catalog.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { finestParts, isDerivedNoun, splitWord } from '../../src/search/german/decompound';
import { logFrequency, UNRANKED, wordRank } from '../../src/search/german/frequency';
import { buildLexicon } from '../../src/search/german/lexicon';
import { germanQuery, isTypoOfWord } from '../../src/search/german/query';
import { completedCompounds, umlautSingular, wordTerms } from '../../src/search/german/terms';

const DICT = buildLexicon({ base: [] });
const split = (word: string) =>
  finestParts(word, DICT)
    ?.map((p) => p.written)
    .join('|') ?? word;
const lemmas = (word: string) =>
  finestParts(word, DICT)
    ?.map((p) => p.lemma)
    .join('|') ?? word;

it('uses words no judged query set searches for', () => {
  const dir = path.resolve(__dirname, '../relevance');
  const queries = ['queries.ndjson', 'kitchen/queries.ndjson', 'construction/queries.ndjson']
    .concat('haustechnik/queries.ndjson')
    .map((file) => readFileSync(path.join(dir, file), 'utf8').toLowerCase())
    .join('\n');
  const used = [
    'blumentopferde',
    'gastwirt',
    'rindenmulch',
    'schulranzen',
    'kirschkern',
    'sprachkurs',
    'motoröl',
    'salatöl',
    'eigelb',
    'kartoffelvorschäler',
    'holzspalter',
    'beerenpflücker',
    'mauerentfeuchter',
    'einlegesohle',
    'reisigbesen',
    'entkalker',
    'entrostung',
    'schleifpapier',
  ].filter((word) => queries.includes(`"q":"${word}`));
  expect(used).toEqual([]);
});

describe('word frequencies', () => {
  it('ranks common words before rare ones, and words of no list last', () => {
    expect(wordRank('haus')).toBeLessThan(wordRank('garderobe'));
    expect(wordRank('xqzvw')).toBe(UNRANKED);
    expect(logFrequency('haus')).toBeGreaterThan(logFrequency('garderobe'));
  });
});

describe('false splits', () => {
  it('takes the cover whose parts are real and common, not one whose first part steals letters', () => {
    expect(split('blumentopferde')).toBe('blumen|topf|erde');
    expect(split('stausee')).not.toBe('staus|ee');
  });

  it('leaves common simple words whole, though they contain other words', () => {
    for (const word of ['garderobe', 'landschaft', 'eigenschaft', 'portion', 'gardine', 'lavendel']) {
      expect(split(word)).toBe(word);
    }
  });

  it('takes no suffix for a head (-schaft, -ei)', () => {
    expect(split('ortschaft')).toBe('ortschaft');
    expect(split('bäckerei')).toBe('bäckerei');
  });

  it('splits no particle off as a part of its own', () => {
    expect(split('unterlage')).toBe('unterlage');
    expect(split('überlauf')).toBe('überlauf');
  });
});

describe('combining forms', () => {
  it('reads a form without its final -e as the noun (Schul- → Schule, Kirsch- → Kirsche)', () => {
    expect(lemmas('schulranzen')).toBe('schule|ranzen');
    expect(lemmas('kirschkern')).toBe('kirsche|kern');
    expect(lemmas('sprachkurs')).toBe('sprache|kurs');
  });

  it('keeps a verb stem where the verb is the more common word, and adjectives and nouns as they are', () => {
    expect(lemmas('schleifpapier')).toBe('schleif|papier');
    expect(lemmas('rundholz')).toBe('rund|holz');
  });
});

describe('two-letter nouns', () => {
  it('takes Öl and Ei as parts of words the dictionary does not know whole', () => {
    expect(split('salatöl')).toBe('salat|öl');
    expect(split('ölkanne')).toBe('öl|kanne');
    expect(split('eierlöffel')).toBe('eier|löffel');
  });

  it('takes no two-letter part of a common word', () => {
    expect(split('eiland')).toBe('eiland');
  });
});

describe('derived nouns', () => {
  it('knows agent and action nouns of verbs, with particles and ent-/ver-/zer-', () => {
    for (const word of ['schieber', 'vorschäler', 'entkalker', 'entrostung', 'rüttler']) {
      expect(isDerivedNoun(word, DICT)).toBe(true);
    }
    expect(isDerivedNoun('fenster', DICT)).toBe(false);
  });

  it('splits no derived noun into look-alike parts, and keeps one whole as the head', () => {
    expect(split('schieber')).toBe('schieber');
    expect(split('kartoffelvorschäler')).toBe('kartoffel|vorschäler');
    expect(split('mauerentfeuchter')).toBe('mauer|entfeuchter');
    expect(split('holzspalter')).toBe('holz|spalter');
  });

  it('still splits a compound whose head is the derived noun (Beeren-pflücker)', () => {
    expect(splitWord('beerenpflücker', DICT)?.map((p) => p.written)).toEqual(['beeren', 'pflücker']);
  });
});

describe('a compound typed as several words', () => {
  it('requires every word, each found as a head, a modifier or a word (no parts rewrite)', () => {
    expect(germanQuery('Sohle Einlege', DICT)).toEqual({ q: 'Sohle Einlege ', parts: null });
    const t = wordTerms('einlegesohle', DICT);
    expect(t.heads).toContain('sohle');
    expect(t.modifiers).toContain('einlege');
  });
});

describe('typos', () => {
  it('takes a word one edit from a whole word for a typo, and leaves an unfinished word a prefix', () => {
    expect(isTypoOfWord('kehrbese', DICT)).toBe(false); // a letter less at the end: still typing
    expect(isTypoOfWord('bseen', DICT)).toBe(true);
    expect(isTypoOfWord('xylofanz', DICT)).toBe(false); // no whole word one edit away
    // Complete, so matched as a word with its typo (heads first), and not split into odd parts.
    expect(germanQuery('Reisigbessen', DICT)).toEqual({ q: 'Reisigbessen ', parts: null });
  });
});

describe('compounds left open with a hyphen', () => {
  it('completes them with the rest of the next word', () => {
    expect(completedCompounds('Reisig- und Kehrbesen', DICT)).toEqual(['reisigbesen']);
    expect(completedCompounds('Ein-/Ausschalter', DICT)).toEqual(['einschalter']);
    expect(completedCompounds('Kabel- und Rohrschellen', DICT)).toEqual(['kabelschellen']);
    // A dash between words, a model code and a next word of one part are no open compound.
    expect(completedCompounds('Kabel - und Rohrschellen, E 11-0455 / 12, Grün-/Gelb', DICT)).toEqual([]);
  });
});

describe('umlaut plurals', () => {
  it('index a plural the dictionary lists on its own with its singular', () => {
    expect(umlautSingular('kämme', DICT)).toBe('kamm');
    expect(umlautSingular('säfte', DICT)).toBe('saft');
    expect(umlautSingular('käufer', DICT)).toBeUndefined(); // an agent noun
    expect(wordTerms('kämme', DICT).heads).toContain('kamm');
  });
});
