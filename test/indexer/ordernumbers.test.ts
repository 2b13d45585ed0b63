/** Order number search helpers (src/catalog/ordernumbers.ts): compacted numbers, each once. */
import { compactOrdernumber, ordernumberTerms } from '../../src/catalog/ordernumbers';

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
