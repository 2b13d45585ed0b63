/**
 * loadSynonyms / buildSynonyms: the `synonyms` table as Meilisearch synonyms, over the sample snapshot
 * and over hand-made groups (directions, merging, the 50-per-term cap).
 */
import { buildSynonyms, loadSynonyms, MAX_SYNONYMS_PER_TERM } from '../../indexer/synonyms';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false });
});

afterAll(() => stack.stop());

describe('loadSynonyms over the sample snapshot', () => {
  it('lists mutual groups in every direction and one-way groups from their input only', async () => {
    expect(await loadSynonyms(stack.database.db)).toEqual({
      Rollballenpresse: ['Rundballenpresse', 'Rundballer'],
      Rundballenpresse: ['Rollballenpresse', 'Rundballer'],
      Rundballer: ['Rollballenpresse', 'Rundballenpresse'],
      Frontlader: ['Schlepperfrontlader', 'Traktorfrontlader'],
      Schlepperfrontlader: ['Frontlader', 'Traktorfrontlader'],
      Traktorfrontlader: ['Frontlader', 'Schlepperfrontlader'],
      Ballengreifer: ['Ballenzange'],
    });
  });

  it('has no key for the target of a one-way group', async () => {
    expect(await loadSynonyms(stack.database.db)).not.toHaveProperty('Ballenzange');
  });

  it('is empty when the table is', async () => {
    let inside: unknown;
    await stack.database.db
      .transaction(async (trx) => {
        await trx('synonyms').delete();
        inside = await loadSynonyms(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(inside).toEqual({});
    expect(Object.keys(await loadSynonyms(stack.database.db))).toHaveLength(7);
  });
});

describe('buildSynonyms', () => {
  const mutual = (...terms: string[]) => ({ kind: 'mutual' as const, input: null, terms });
  const oneWay = (input: string, ...terms: string[]) => ({ kind: 'one_way' as const, input, terms });

  it('merges keys that differ only in case (first spelling wins) and unites their values', () => {
    expect(
      buildSynonyms([mutual('Mähwerk', 'Mäher'), oneWay('mähwerk', 'Scheibenmähwerk', 'MÄHER')]),
    ).toEqual({
      Mähwerk: ['Mäher', 'Scheibenmähwerk'],
      Mäher: ['Mähwerk'],
    });
  });

  it('never lists a term as its own synonym', () => {
    expect(buildSynonyms([oneWay('Heuer', 'heuer', 'Zettwender')])).toEqual({ Heuer: ['Zettwender'] });
    expect(buildSynonyms([oneWay('Heuer', 'HEUER')])).toEqual({});
  });

  it('keeps at most 50 synonyms per term', () => {
    const terms = Array.from({ length: 60 }, (_, i) => `Teil${i}`);
    const result = buildSynonyms([oneWay('Ersatzteil', ...terms)]);
    expect(result.Ersatzteil).toHaveLength(MAX_SYNONYMS_PER_TERM);
    expect(result.Ersatzteil![0]).toBe('Teil0');
  });
});
