/**
 * `npm run search-report` as a child process against a test database with known rows (fixture.ts): the
 * exact terminal tables for a range, the default range (the last 30 days up to today), and one-line usage
 * errors with exit code 1.
 */
import { startStack, type Stack } from '../support/stack';
import { insertRows, RANGE } from './fixture';
import { runReport } from './run-report';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await insertRows(stack.database.db);
});

afterAll(async () => {
  await stack?.stop();
});

const EXPECTED = `Search report 2026-03-02 to 2026-03-15 (14 days, UTC)

searches 18, found nothing 7 (38.9%), sessions 6, refinements 2, abandoned 4 of 12 judged searches (33.3%)

Searches per day

day         searches  found nothing  share  sessions  refined  abandoned
----------  --------  -------------  -----  --------  -------  ---------
2026-03-02         0              0      -         0        0          0
2026-03-03         2              0   0.0%         1        0          0
2026-03-04         1              0   0.0%         0        0          0
2026-03-05         0              0      -         0        0          0
2026-03-06         0              0      -         0        0          0
2026-03-07         0              0      -         0        0          0
2026-03-08         0              0      -         0        0          0
2026-03-09         0              0      -         0        0          0
2026-03-10         5              2  40.0%         2        1          1
2026-03-11         3              2  66.7%         2        0          2
2026-03-12         4              2  50.0%         0        0          0
2026-03-13         2              1  50.0%         1        1          1
2026-03-14         0              0      -         0        0          0
2026-03-15         1              0   0.0%         0        0          0
total             18              7  38.9%         6        2          4

Top queries (change: last 7 days of the range against the 7 before)

#  query                                     endpoint          searches  sessions  found nothing  last 7 days  7 before  change
-  ----------------------------------------  ----------------  --------  --------  -------------  -----------  --------  ------
1  Mähwerk                                   products                 7         3              0            5         2   +150%
2  Maehwerk                                  products                 3         2              3            3         0     new
3  Kreiselheuer                              products                 2         0              0            1         1      0%
4  <script>window.pwned=1</script> "quoted…  products                 1         1              1            1         0     new
5  Filter                                    products                 1         0              1            1         0     new
6  Maehwerk                                  media                    1         1              0            1         0     new
7  Scheiben-Mähwerk                          content/products         1         1              1            1         0     new
8  Scheibenmähwerk                           content/products         1         1              0            1         0     new
9  xyz-999                                   products                 1         1              1            1         0     new

Queries that found nothing

#  query                                     endpoint          found nothing  searches  sessions  last seen   change
-  ----------------------------------------  ----------------  -------------  --------  --------  ----------  ------
1  Maehwerk                                  products                      3         3         2  2026-03-12     new
2  <script>window.pwned=1</script> "quoted…  products                      1         1         1  2026-03-11     new
3  Filter                                    products                      1         1         0  2026-03-12     new
4  Scheiben-Mähwerk                          content/products              1         1         1  2026-03-13     new
5  xyz-999                                   products                      1         1         1  2026-03-10     new

Refinements (next search in the same session within 10 minutes, another query)

from query       to query          endpoint          times  sessions  from found nothing  to found nothing
---------------  ----------------  ----------------  -----  --------  ------------------  ----------------
Maehwerk         Mähwerk           products              1         1                   1                 0
Scheibenmähwerk  Scheiben-Mähwerk  content/products      1         1                   0                 1

Abandoned searches (inferred: found nothing, no further search in the session within 30 minutes)

query                                     endpoint          abandoned  sessions  last seen
----------------------------------------  ----------------  ---------  --------  ----------
<script>window.pwned=1</script> "quoted…  products                  1         1  2026-03-11
Maehwerk                                  products                  1         1  2026-03-11
Scheiben-Mähwerk                          content/products          1         1  2026-03-13
xyz-999                                   products                  1         1  2026-03-10
`;

test('prints the figures of the range as tables, exactly', async () => {
  const result = await runReport(['--from', RANGE.from, '--to', RANGE.to], stack);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  expect(result.stdout).toBe(EXPECTED);
});

test('a range of one day that has no searches prints zeros and empty tables', async () => {
  const result = await runReport(['--from', '2026-03-14', '--to', '2026-03-14'], stack);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('searches 0, found nothing 0 (-), sessions 0, refinements 0');
  expect(result.stdout).toContain('2026-03-14         0              0      -         0        0          0');
  expect(result.stdout.match(/\(none\)/g)).toHaveLength(4);
});

test('without dates: the last 30 days up to today (UTC)', async () => {
  await stack.database
    .db('search_log')
    .insert({ query: 'heute', endpoint: 'media', result_count: 2, session_id: null });
  const result = await runReport([], stack);
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
  expect(result.code).toBe(0);
  expect(result.stdout.split('\n')[0]).toBe(`Search report ${from} to ${today} (30 days, UTC)`);
  expect(result.stdout).toMatch(/^searches 1, found nothing 0 /m);
  expect(result.stdout).toMatch(/^1 {2}heute +media +1 /m);
});

test.each([
  [['--from', '2026-02-30'], '--from "2026-02-30" is not a date (YYYY-MM-DD)'],
  [['--to', '15.03.2026'], '--to "15.03.2026" is not a date (YYYY-MM-DD)'],
  [['--from', '2026-03-15', '--to', '2026-03-02'], '--from 2026-03-15 is after --to 2026-03-02'],
  [['--since', '2026-03-01'], "Unknown option '--since'"],
])('bad arguments %j: one line on stderr, exit 1', async (args, message) => {
  const result = await runReport(args, stack);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(`search-report: ${message}`);
});
