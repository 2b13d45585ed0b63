import path from 'node:path';
import {
  loadQueries,
  measure,
  QUERY_CLASSES,
  report,
  summarize,
  type JudgedQuery,
} from '../../tools/relevance/queries';

const query = (want: string[]): JudgedQuery => ({ q: 'x', index: 'products', class: 'keyword', want });

describe('relevance measures', () => {
  it('success@1, MRR@10 and recall@10 of one query (recall of at most 10 wanted results)', () => {
    expect(measure({ query: query(['a', 'b']), keys: ['a', 'x', 'b'], total: 3 })).toEqual({
      successAt1: 1,
      mrrAt10: 1,
      recallAt10: 1,
      zeroResults: 0,
    });
    expect(measure({ query: query(['b']), keys: ['a', 'x', 'b'], total: 3 })).toMatchObject({
      successAt1: 0,
      mrrAt10: 1 / 3,
      recallAt10: 1,
    });
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(measure({ query: query(many), keys: ['w1', 'x', 'w2', 'w3', 'w4'], total: 5 }).recallAt10).toBe(
      0.4,
    );
    expect(measure({ query: query(['a']), keys: [], total: 0 })).toEqual({
      successAt1: 0,
      mrrAt10: 0,
      recallAt10: 0,
      zeroResults: 1,
    });
  });

  it('a wanted result past the tenth counts for nothing', () => {
    const keys = [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'a'];
    expect(measure({ query: query(['a']), keys, total: 11 })).toMatchObject({ mrrAt10: 0, recallAt10: 0 });
  });

  it('means per class and overall', () => {
    const outcomes = [
      { query: query(['a']), keys: ['a'], total: 1 },
      { query: { ...query(['a']), class: 'typo' as const }, keys: [], total: 0 },
    ];
    expect(summarize(outcomes)).toEqual({
      queries: 2,
      successAt1: 0.5,
      mrrAt10: 0.5,
      recallAt10: 0.5,
      zeroResults: 0.5,
    });
    expect(report(outcomes).map((r) => [r.label, r.measures.successAt1])).toEqual([
      ['all', 0.5],
      ['index products', 0.5],
      ['typo', 0],
      ['keyword', 1],
    ]);
  });
});

describe('the judged query sets', () => {
  const sets = {
    demo: loadQueries(),
    kitchen: loadQueries(path.join(__dirname, 'kitchen', 'queries.ndjson')),
    construction: loadQueries(path.join(__dirname, 'construction', 'queries.ndjson')),
    haustechnik: loadQueries(path.join(__dirname, 'haustechnik', 'queries.ndjson')),
  };

  it.each(Object.entries(sets))(
    '%s: known classes, a judged answer for each, no duplicates',
    (_, queries) => {
      expect(queries.length).toBeGreaterThanOrEqual(80);
      for (const q of queries) {
        expect(QUERY_CLASSES).toContain(q.class);
        expect(q.want.length).toBeGreaterThan(0);
      }
      expect(new Set(queries.map((q) => `${q.index} ${q.q}`)).size).toBe(queries.length);
    },
  );

  it('the demo set has at least 150 queries; together the sets cover every class', () => {
    expect(sets.demo.length).toBeGreaterThanOrEqual(150);
    const classes = new Set(Object.values(sets).flatMap((queries) => queries.map((q) => q.class)));
    expect(classes).toEqual(new Set(QUERY_CLASSES));
  });
});
