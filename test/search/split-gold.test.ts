/**
 * Split accuracy on the gold list test/fixtures/german/split-gold.tsv (compounds and simplex words of
 * technical catalogs, written by hand independently of the decompounder's rules), split as the indexer
 * splits a word, with the dictionary and the curated words (no catalog): the targets `npm run relevance`
 * reports against, boundary precision ≥ 0.97 and recall ≥ 0.95.
 */
import { buildLexicon } from '../../src/search/german/lexicon';
import {
  loadGold,
  splitFailures,
  splitMeasures,
  splitOutcomes,
  type SplitOutcome,
} from '../../tools/relevance/splits';

const gold = loadGold();
let outcomes: SplitOutcome[];
beforeAll(() => {
  outcomes = splitOutcomes(gold, buildLexicon());
});

it('holds enough words of each kind to mean something', () => {
  const count = (tag: string) => gold.filter((g) => g.tags.includes(tag)).length;
  expect(count('compound')).toBeGreaterThanOrEqual(500);
  expect(count('simplex')).toBeGreaterThanOrEqual(100);
  expect(new Set(gold.map((g) => g.word)).size).toBe(gold.length);
});

it('splits the gold words with boundary precision ≥ 0.97 and recall ≥ 0.95', () => {
  const m = splitMeasures(outcomes);
  // On failure, the words split wrongly say where.
  if (m.precision < 0.97 || m.recall < 0.95) console.log(splitFailures(outcomes).join('\n'));
  expect(m.precision).toBeGreaterThanOrEqual(0.97);
  expect(m.recall).toBeGreaterThanOrEqual(0.95);
});

it('leaves at least 95 % of the simplex words whole', () => {
  const simplex = outcomes.filter((o) => o.gold.tags.includes('simplex'));
  expect(splitMeasures(simplex).exact).toBeGreaterThanOrEqual(0.95);
});

it('measures what it says: a split that cuts a simplex word, or misses a compound, counts against it', () => {
  const [compound] = splitOutcomes(
    [{ word: 'ölfilter', parts: ['öl', 'filter'], lemmas: ['öl', 'filter'], tags: ['compound'] }],
    buildLexicon({ base: [], dictionary: null }),
  );
  expect(splitMeasures([compound!])).toMatchObject({ precision: 1, recall: 0, exact: 0 });
  // A pretend simplex word that the catalog's own words split.
  const [simplex] = splitOutcomes(
    [{ word: 'kabelrolle', parts: ['kabelrolle'], lemmas: ['kabelrolle'], tags: ['simplex'] }],
    buildLexicon({ base: [], words: ['kabel', 'rolle'], dictionary: null }),
  );
  expect(simplex!.parts).toEqual(['kabel', 'rolle']);
  expect(splitMeasures([simplex!])).toMatchObject({ precision: 0, recall: 1, exact: 0 });
});
