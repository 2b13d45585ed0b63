/**
 * The analysts' views (migrations/20261121123800_search_log_analyst_views.ts) against a log with known
 * rows (fixture.ts): daily counts, top and zero-result queries, refinements and abandonment as defined,
 * searches without session never judged, recent ones undecided; every view and column documented; `down`
 * drops them all; the report reads the same figures.
 */
import * as views from '../../migrations/20261121123800_search_log_analyst_views';
import { loadReport } from '../../src/search-report/query';
import { resolveRange } from '../../src/search-report/range';
import { startStack, type Stack } from '../support/stack';
import { insertRows, RANGE, SCRIPT_QUERY } from './fixture';

let stack: Stack;

const VIEWS = [
  'search_log_searches',
  'search_log_daily',
  'search_log_top_queries',
  'search_log_zero_result_queries',
  'search_log_refinements',
  'search_log_abandonment',
];

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await insertRows(stack.database.db);
  // Later in March the misspelling finds something (a synonym was added): last_result_count shows it.
  await stack.database.db('search_log').insert({
    query: 'maehwerk',
    endpoint: 'products',
    result_count: 7,
    session_id: null,
    created_at: '2026-03-20T12:00:00Z',
  });
  // Five minutes ago: found nothing, no next search yet -> not judged.
  await stack.database.db('search_log').insert({
    query: 'frisch',
    endpoint: 'products',
    result_count: 0,
    session_id: 's-fresh-007',
    created_at: stack.database.db.raw(`now() - interval '5 minutes'`),
  });
});

afterAll(async () => {
  await stack?.stop();
});

const select = async <T>(sql: string, bindings: unknown[] = [], db = stack.database.db): Promise<T[]> =>
  ((await db.raw(sql, bindings as never)) as { rows: T[] }).rows;

const viewCount = async (db = stack.database.db) =>
  (await select<{ n: number }>(`SELECT count(*) AS n FROM pg_views WHERE viewname = ANY(?)`, [VIEWS], db))[0]
    ?.n;

test('search_log_daily: searches, zero-result searches and sessions per UTC day and endpoint', async () => {
  const rows = await select(
    `SELECT day, endpoint, searches, zero_result_searches, zero_result_share::float8 AS share, sessions
       FROM search_log_daily WHERE day <= '2026-03-20' ORDER BY day, endpoint`,
  );
  expect(rows).toEqual([
    { day: '2026-03-01', endpoint: 'products', searches: 1, zero_result_searches: 0, share: 0, sessions: 0 },
    { day: '2026-03-03', endpoint: 'products', searches: 2, zero_result_searches: 0, share: 0, sessions: 1 },
    { day: '2026-03-04', endpoint: 'products', searches: 1, zero_result_searches: 0, share: 0, sessions: 0 },
    {
      day: '2026-03-10',
      endpoint: 'products',
      searches: 5,
      zero_result_searches: 2,
      share: 0.4,
      sessions: 2,
    },
    { day: '2026-03-11', endpoint: 'media', searches: 1, zero_result_searches: 0, share: 0, sessions: 1 },
    {
      day: '2026-03-11',
      endpoint: 'products',
      searches: 2,
      zero_result_searches: 2,
      share: 1,
      sessions: 2,
    },
    {
      day: '2026-03-12',
      endpoint: 'products',
      searches: 4,
      zero_result_searches: 2,
      share: 0.5,
      sessions: 0,
    },
    {
      day: '2026-03-13',
      endpoint: 'content/products',
      searches: 2,
      zero_result_searches: 1,
      share: 0.5,
      sessions: 1,
    },
    { day: '2026-03-15', endpoint: 'products', searches: 1, zero_result_searches: 0, share: 0, sessions: 0 },
    { day: '2026-03-16', endpoint: 'products', searches: 1, zero_result_searches: 0, share: 0, sessions: 0 },
    { day: '2026-03-20', endpoint: 'products', searches: 1, zero_result_searches: 0, share: 0, sessions: 0 },
  ]);
});

test('search_log_top_queries: grouped case-insensitively, shown in the most frequent spelling', async () => {
  const rows = await select(
    `SELECT endpoint, query, query_key, searches, sessions, zero_result_searches,
            zero_result_share::float8 AS share, first_seen, last_seen
       FROM search_log_top_queries WHERE query_key <> 'frisch'
      ORDER BY searches DESC, query_key COLLATE "C", endpoint LIMIT 3`,
  );
  expect(rows).toEqual([
    {
      endpoint: 'products',
      query: 'Mähwerk',
      query_key: 'mähwerk',
      searches: 7,
      sessions: 3,
      zero_result_searches: 0,
      share: 0,
      first_seen: new Date('2026-03-03T10:00:00Z'),
      last_seen: new Date('2026-03-12T09:00:00Z'),
    },
    {
      endpoint: 'products',
      query: 'Kreiselheuer',
      query_key: 'kreiselheuer',
      searches: 4,
      sessions: 0,
      zero_result_searches: 0,
      share: 0,
      first_seen: new Date('2026-03-01T23:59:59Z'),
      last_seen: new Date('2026-03-16T00:00:00Z'),
    },
    {
      endpoint: 'products',
      query: 'Maehwerk',
      query_key: 'maehwerk',
      searches: 4,
      sessions: 2,
      zero_result_searches: 3,
      share: 0.75,
      first_seen: new Date('2026-03-10T10:00:00Z'),
      last_seen: new Date('2026-03-20T12:00:00Z'),
    },
  ]);
});

test('search_log_zero_result_queries: only searches that found nothing count; the latest result shows', async () => {
  const rows = await select(
    `SELECT endpoint, query, zero_result_searches, searches, sessions, first_seen, last_seen, last_result_count
       FROM search_log_zero_result_queries
      ORDER BY zero_result_searches DESC, query_key COLLATE "C", endpoint`,
  );
  const at = (iso: string) => new Date(iso);
  expect(rows).toEqual([
    {
      endpoint: 'products',
      query: 'Maehwerk',
      zero_result_searches: 3,
      searches: 4,
      sessions: 2,
      first_seen: at('2026-03-10T10:00:00Z'),
      last_seen: at('2026-03-12T08:00:00Z'),
      last_result_count: 7,
    },
    {
      endpoint: 'products',
      query: SCRIPT_QUERY,
      zero_result_searches: 1,
      searches: 1,
      sessions: 1,
      first_seen: at('2026-03-11T09:00:00Z'),
      last_seen: at('2026-03-11T09:00:00Z'),
      last_result_count: 0,
    },
    expect.objectContaining({ endpoint: 'products', query: 'Filter', sessions: 0, last_result_count: 0 }),
    expect.objectContaining({ endpoint: 'products', query: 'frisch', zero_result_searches: 1 }),
    expect.objectContaining({
      endpoint: 'content/products',
      query: 'Scheiben-Mähwerk',
      zero_result_searches: 1,
    }),
    expect.objectContaining({ endpoint: 'products', query: 'xyz-999', zero_result_searches: 1 }),
  ]);
});

test('search_log_refinements: next search in the same session and endpoint within 10 minutes, another query', async () => {
  const rows = await select(
    `SELECT endpoint, from_query, to_query, from_query_key, to_query_key, refinements, sessions,
            from_zero_result, to_zero_result, last_seen
       FROM search_log_refinements ORDER BY from_query_key COLLATE "C"`,
  );
  // Not counted: the same query again (eps, alpha 10:01 -> 10:30), 45 minutes later (beta), another
  // endpoint (delta), and the two searches without session one minute apart (2026-03-12 08:00 / 08:01).
  expect(rows).toEqual([
    {
      endpoint: 'products',
      from_query: 'Maehwerk',
      to_query: 'Mähwerk',
      from_query_key: 'maehwerk',
      to_query_key: 'mähwerk',
      refinements: 1,
      sessions: 1,
      from_zero_result: 1,
      to_zero_result: 0,
      last_seen: new Date('2026-03-10T10:00:00Z'),
    },
    {
      endpoint: 'content/products',
      from_query: 'Scheibenmähwerk',
      to_query: 'Scheiben-Mähwerk',
      from_query_key: 'scheibenmähwerk',
      to_query_key: 'scheiben-mähwerk',
      refinements: 1,
      sessions: 1,
      from_zero_result: 0,
      to_zero_result: 1,
      last_seen: new Date('2026-03-13T15:00:00Z'),
    },
  ]);
});

test('search_log_abandonment: zero-result searches with no further search within 30 minutes, per day', async () => {
  const rows = await select(
    `SELECT day, endpoint, session_searches, zero_result_searches, abandoned_searches, undecided_searches,
            abandoned_share::float8 AS share, sessions, abandoning_sessions
       FROM search_log_abandonment ORDER BY day, endpoint`,
  );
  // the day of the fresh search (five minutes ago: yesterday when the test runs just after midnight UTC)
  const [{ today }] = (await select(
    `SELECT (created_at AT TIME ZONE 'UTC')::date AS today FROM search_log WHERE query = 'frisch'`,
  )) as [{ today: string }];
  const row = (day: string, endpoint: string, n: number, zero: number, abandoned: number, extra = {}) => ({
    day,
    endpoint,
    session_searches: n,
    zero_result_searches: zero,
    abandoned_searches: abandoned,
    undecided_searches: 0,
    share: abandoned / n,
    ...extra,
  });
  expect(rows).toEqual([
    row('2026-03-03', 'products', 2, 0, 0, { sessions: 1, abandoning_sessions: 0 }),
    // beta's xyz-999 (next search 45 minutes later); alpha's Maehwerk was refined a minute later
    row('2026-03-10', 'products', 5, 2, 1, { sessions: 2, abandoning_sessions: 1 }),
    // delta searched media next: its product search is still abandoned
    row('2026-03-11', 'media', 1, 0, 0, { sessions: 1, abandoning_sessions: 0 }),
    row('2026-03-11', 'products', 2, 2, 2, { sessions: 2, abandoning_sessions: 2 }),
    row('2026-03-13', 'content/products', 2, 1, 1, { sessions: 1, abandoning_sessions: 1 }),
    {
      ...row(today, 'products', 1, 1, 0, { sessions: 1, abandoning_sessions: 0 }),
      undecided_searches: 1,
      share: null,
    },
  ]);
});

test('search_log_searches: refinement and abandonment are unknown (NULL) without a session id', async () => {
  const rows = await select<{ n: number; refined: boolean | null; abandoned: boolean | null }>(
    `SELECT count(*) AS n, refined, abandoned FROM search_log_searches
      WHERE session_id IS NULL GROUP BY refined, abandoned`,
  );
  expect(rows).toEqual([{ n: 9, refined: null, abandoned: null }]);
  const [seq] = await select(
    `SELECT next_query, next_result_count, seconds_to_next::float8 AS seconds, refined, abandoned, zero_result, day
       FROM search_log_searches WHERE session_id = 's-alpha-001' ORDER BY created_at LIMIT 1`,
  );
  expect(seq).toEqual({
    next_query: 'Mähwerk',
    next_result_count: 12,
    seconds: 60,
    refined: true,
    abandoned: false,
    zero_result: true,
    day: '2026-03-10',
  });
});

test('every view and every column has a comment', async () => {
  const missing = await select(
    `SELECT c.relname AS view, a.attname AS column
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
      WHERE c.relkind = 'v' AND c.relname = ANY(?) AND col_description(c.oid, a.attnum) IS NULL`,
    [VIEWS],
  );
  expect(missing).toEqual([]);
  const comments = await select<{ view: string; comment: string | null }>(
    `SELECT relname AS view, obj_description(oid, 'pg_class') AS comment FROM pg_class
      WHERE relkind = 'v' AND relname = ANY(?)`,
    [VIEWS],
  );
  expect(comments.map((c) => c.view).sort()).toEqual([...VIEWS].sort());
  expect(comments.filter((c) => !c.comment)).toEqual([]);
  expect(comments.find((c) => c.view === 'search_log_abandonment')?.comment).toMatch(/INFERRED/);
});

test('the report reads the same figures as the views', async () => {
  const report = await loadReport(stack.database.db, resolveRange(RANGE));
  const [daily] = await select<{ searches: number; zero: number }>(
    `SELECT sum(searches)::int AS searches, sum(zero_result_searches)::int AS zero
       FROM search_log_daily WHERE day BETWEEN '${RANGE.from}' AND '${RANGE.to}'`,
  );
  const [judged] = await select<{ refinements: number; abandoned: number }>(
    `SELECT (SELECT sum(refinements)::int FROM search_log_refinements WHERE last_seen < '2026-03-16') AS refinements,
            (SELECT sum(abandoned_searches)::int FROM search_log_abandonment
              WHERE day BETWEEN '${RANGE.from}' AND '${RANGE.to}') AS abandoned`,
  );
  expect(report.totals).toEqual({
    searches: daily?.searches,
    zeroResultSearches: daily?.zero,
    sessions: 6,
    sessionSearches: 12,
    refinements: judged?.refinements,
    abandonedSearches: judged?.abandoned,
    undecidedSearches: 0,
  });
  expect(report.totals).toMatchObject({
    searches: 18,
    zeroResultSearches: 7,
    refinements: 2,
    abandonedSearches: 4,
  });
});

test('down drops every view, up makes them again', async () => {
  await stack.database.db.transaction(async (trx) => {
    await views.down(trx);
    expect(await viewCount(trx)).toBe(0);
    await views.up(trx);
  });
  expect(await viewCount()).toBe(VIEWS.length);
});
