/**
 * The report's figures for a date range, read from the view `search_log_searches`
 * (migrations/20261121123800_search_log_analyst_views.ts), which defines a day, the query grouping,
 * refinement and abandonment once for the analysts' views and for this report.
 *
 * The range's rows are copied once into a temporary table inside one transaction: the view's window
 * (next search in the session) then runs once instead of once per figure, and every figure sees the same
 * snapshot. A search belongs to the day it was made; whether it was refined or abandoned is judged by what
 * followed it, even after the range ends.
 */
import type { Knex } from 'knex';
import type { DateRange } from './range';

/** How many rows the query tables show. */
export const REPORT_LIMITS = { topQueries: 20, zeroResultQueries: 20, refinements: 20, abandonedQueries: 20 };

export interface ReportTotals {
  searches: number;
  zeroResultSearches: number;
  /** distinct session ids over the whole range */
  sessions: number;
  /** searches with a session id: the only ones whose refinement or abandonment can be judged */
  sessionSearches: number;
  refinements: number;
  abandonedSearches: number;
  /** zero-result searches too recent to judge (no next search yet, younger than 30 minutes) */
  undecidedSearches: number;
}

export interface DailyRow {
  day: string;
  searches: number;
  zeroResultSearches: number;
  sessions: number;
  refinements: number;
  abandonedSearches: number;
}

/** Searches per day of the range, and the last 7 days against the 7 before (null when the range is shorter than 14 days). */
export interface Trend {
  daily: number[];
  lastWeek: number | null;
  previousWeek: number | null;
}

export interface TopQuery extends Trend {
  endpoint: string;
  query: string;
  searches: number;
  sessions: number;
  zeroResultSearches: number;
  lastSeen: string;
}

/** A query that found nothing; its trend counts the searches that found nothing. */
export interface ZeroResultQuery extends Trend {
  endpoint: string;
  query: string;
  zeroResultSearches: number;
  searches: number;
  sessions: number;
  lastSeen: string;
}

export interface Refinement {
  endpoint: string;
  fromQuery: string;
  toQuery: string;
  refinements: number;
  sessions: number;
  fromZeroResult: number;
  toZeroResult: number;
}

export interface AbandonedQuery {
  endpoint: string;
  query: string;
  abandonedSearches: number;
  sessions: number;
  lastSeen: string;
}

export interface SearchReport {
  from: string;
  to: string;
  days: string[];
  generatedAt: string;
  totals: ReportTotals;
  daily: DailyRow[];
  topQueries: TopQuery[];
  zeroResultQueries: ZeroResultQuery[];
  refinements: Refinement[];
  abandonedQueries: AbandonedQuery[];
}

const TEMP = 'search_report_searches';

// Ties are broken by the query key in byte order, so the order does not depend on the database collation.
const KEY_ORDER = `query_key COLLATE "C", endpoint`;

async function rows<T>(trx: Knex.Transaction, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const result = (await trx.raw(sql, bindings as Knex.RawBinding[])) as { rows: T[] };
  return result.rows;
}

const iso = (value: Date): string => value.toISOString();

/** Per-day counts of the given query groups, in the order of `range.days`. */
async function dailyCounts(
  trx: Knex.Transaction,
  range: DateRange,
  groups: { endpoint: string; key: string }[],
  zeroOnly: boolean,
): Promise<Map<string, number[]>> {
  const counts = new Map(groups.map((g) => [`${g.endpoint}\n${g.key}`, range.days.map(() => 0)]));
  if (groups.length === 0) return counts;
  const found = await rows<{ endpoint: string; query_key: string; day: string; searches: number }>(
    trx,
    `SELECT endpoint, query_key, day, count(*) AS searches
       FROM ${TEMP}
      WHERE (endpoint, query_key) IN (SELECT * FROM unnest(?::text[], ?::text[]))
        ${zeroOnly ? 'AND zero_result' : ''}
      GROUP BY endpoint, query_key, day`,
    [groups.map((g) => g.endpoint), groups.map((g) => g.key)],
  );
  const index = new Map(range.days.map((day, i) => [day, i]));
  for (const row of found) {
    const series = counts.get(`${row.endpoint}\n${row.query_key}`);
    const i = index.get(row.day);
    if (series && i !== undefined) series[i] = row.searches;
  }
  return counts;
}

/** `daily` with the sums of its last 7 days and of the 7 days before them. */
export function trend(daily: number[]): Trend {
  if (daily.length < 14) return { daily, lastWeek: null, previousWeek: null };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return { daily, lastWeek: sum(daily.slice(-7)), previousWeek: sum(daily.slice(-14, -7)) };
}

/** Every figure of the report for `range`, from one snapshot of the log. */
export async function loadReport(db: Knex, range: DateRange, now: Date = new Date()): Promise<SearchReport> {
  // Not a read-only transaction: Postgres refuses even a temporary table in one. Nothing else is written.
  return db.transaction(async (trx) => {
    await trx.raw(
      `CREATE TEMPORARY TABLE ${TEMP} ON COMMIT DROP AS
           SELECT id, created_at, day, endpoint, session_id, query, query_key, result_count, zero_result,
                  next_query, next_result_count, refined, abandoned
             FROM search_log_searches
            WHERE day BETWEEN ?::date AND ?::date`,
      [range.from, range.to],
    );

    const [totals] = await rows<{
      searches: number;
      zero_result_searches: number;
      sessions: number;
      session_searches: number;
      refinements: number;
      abandoned_searches: number;
      undecided_searches: number;
    }>(
      trx,
      `SELECT count(*) AS searches,
                count(*) FILTER (WHERE zero_result) AS zero_result_searches,
                count(DISTINCT session_id) AS sessions,
                count(session_id) AS session_searches,
                count(*) FILTER (WHERE refined) AS refinements,
                count(*) FILTER (WHERE abandoned) AS abandoned_searches,
                count(*) FILTER (WHERE session_id IS NOT NULL AND abandoned IS NULL) AS undecided_searches
           FROM ${TEMP}`,
    );

    const daily = await rows<{
      day: string;
      searches: number;
      zero_result_searches: number;
      sessions: number;
      refinements: number;
      abandoned_searches: number;
    }>(
      trx,
      `SELECT d::date AS day,
                count(s.id) AS searches,
                count(s.id) FILTER (WHERE s.zero_result) AS zero_result_searches,
                count(DISTINCT s.session_id) AS sessions,
                count(s.id) FILTER (WHERE s.refined) AS refinements,
                count(s.id) FILTER (WHERE s.abandoned) AS abandoned_searches
           FROM generate_series(?::date, ?::date, interval '1 day') AS d
           LEFT JOIN ${TEMP} s ON s.day = d::date
          GROUP BY d
          ORDER BY d`,
      [range.from, range.to],
    );

    const top = await rows<{
      endpoint: string;
      query_key: string;
      query: string;
      searches: number;
      sessions: number;
      zero_result_searches: number;
      last_seen: Date;
    }>(
      trx,
      `SELECT endpoint, query_key, mode() WITHIN GROUP (ORDER BY query) AS query,
                count(*) AS searches, count(DISTINCT session_id) AS sessions,
                count(*) FILTER (WHERE zero_result) AS zero_result_searches, max(created_at) AS last_seen
           FROM ${TEMP}
          GROUP BY endpoint, query_key
          ORDER BY searches DESC, ${KEY_ORDER}
          LIMIT ?`,
      [REPORT_LIMITS.topQueries],
    );

    const zero = await rows<{
      endpoint: string;
      query_key: string;
      query: string;
      zero_result_searches: number;
      searches: number;
      sessions: number;
      last_seen: Date;
    }>(
      trx,
      `SELECT endpoint, query_key,
                mode() WITHIN GROUP (ORDER BY query) FILTER (WHERE zero_result) AS query,
                count(*) FILTER (WHERE zero_result) AS zero_result_searches,
                count(*) AS searches,
                count(DISTINCT session_id) FILTER (WHERE zero_result) AS sessions,
                max(created_at) FILTER (WHERE zero_result) AS last_seen
           FROM ${TEMP}
          GROUP BY endpoint, query_key
         HAVING count(*) FILTER (WHERE zero_result) > 0
          ORDER BY zero_result_searches DESC, ${KEY_ORDER}
          LIMIT ?`,
      [REPORT_LIMITS.zeroResultQueries],
    );

    const refinements = await rows<{
      endpoint: string;
      from_query: string;
      to_query: string;
      refinements: number;
      sessions: number;
      from_zero_result: number;
      to_zero_result: number;
    }>(
      trx,
      `SELECT endpoint,
                mode() WITHIN GROUP (ORDER BY query) AS from_query,
                mode() WITHIN GROUP (ORDER BY next_query) AS to_query,
                count(*) AS refinements, count(DISTINCT session_id) AS sessions,
                count(*) FILTER (WHERE zero_result) AS from_zero_result,
                count(*) FILTER (WHERE next_result_count = 0) AS to_zero_result
           FROM ${TEMP}
          WHERE refined
          GROUP BY endpoint, query_key, lower(next_query)
          ORDER BY refinements DESC, query_key COLLATE "C", lower(next_query) COLLATE "C", endpoint
          LIMIT ?`,
      [REPORT_LIMITS.refinements],
    );

    const abandoned = await rows<{
      endpoint: string;
      query: string;
      abandoned_searches: number;
      sessions: number;
      last_seen: Date;
    }>(
      trx,
      `SELECT endpoint, mode() WITHIN GROUP (ORDER BY query) AS query,
                count(*) AS abandoned_searches, count(DISTINCT session_id) AS sessions,
                max(created_at) AS last_seen
           FROM ${TEMP}
          WHERE abandoned
          GROUP BY endpoint, query_key
          ORDER BY abandoned_searches DESC, ${KEY_ORDER}
          LIMIT ?`,
      [REPORT_LIMITS.abandonedQueries],
    );

    const groups = (list: { endpoint: string; query_key: string }[]) =>
      list.map((r) => ({ endpoint: r.endpoint, key: r.query_key }));
    const topDaily = await dailyCounts(trx, range, groups(top), false);
    const zeroDaily = await dailyCounts(trx, range, groups(zero), true);
    const seriesOf = (counts: Map<string, number[]>, r: { endpoint: string; query_key: string }) =>
      trend(counts.get(`${r.endpoint}\n${r.query_key}`) ?? []);

    const t = totals!;
    return {
      from: range.from,
      to: range.to,
      days: range.days,
      generatedAt: iso(now),
      totals: {
        searches: t.searches,
        zeroResultSearches: t.zero_result_searches,
        sessions: t.sessions,
        sessionSearches: t.session_searches,
        refinements: t.refinements,
        abandonedSearches: t.abandoned_searches,
        undecidedSearches: t.undecided_searches,
      },
      daily: daily.map((r) => ({
        day: r.day,
        searches: r.searches,
        zeroResultSearches: r.zero_result_searches,
        sessions: r.sessions,
        refinements: r.refinements,
        abandonedSearches: r.abandoned_searches,
      })),
      topQueries: top.map((r) => ({
        endpoint: r.endpoint,
        query: r.query,
        searches: r.searches,
        sessions: r.sessions,
        zeroResultSearches: r.zero_result_searches,
        lastSeen: iso(r.last_seen),
        ...seriesOf(topDaily, r),
      })),
      zeroResultQueries: zero.map((r) => ({
        endpoint: r.endpoint,
        query: r.query,
        zeroResultSearches: r.zero_result_searches,
        searches: r.searches,
        sessions: r.sessions,
        lastSeen: iso(r.last_seen),
        ...seriesOf(zeroDaily, r),
      })),
      refinements: refinements.map((r) => ({
        endpoint: r.endpoint,
        fromQuery: r.from_query,
        toQuery: r.to_query,
        refinements: r.refinements,
        sessions: r.sessions,
        fromZeroResult: r.from_zero_result,
        toZeroResult: r.to_zero_result,
      })),
      abandonedQueries: abandoned.map((r) => ({
        endpoint: r.endpoint,
        query: r.query,
        abandonedSearches: r.abandoned_searches,
        sessions: r.sessions,
        lastSeen: iso(r.last_seen),
      })),
    };
  });
}
