/**
 * Views over `search_log` for analysts who query Postgres from their own BI tool, and for
 * `npm run search-report` (src/search-report/). Documented in docs/search-log.md.
 *
 * Definitions shared by all views:
 * - a day is a UTC calendar day of `created_at`;
 * - queries are grouped case-insensitively by `lower(query)` (`query_key`, the same grouping as the
 *   popular searches of `/search/suggestions`); `query` shows the group's most frequent spelling;
 * - a search "found nothing" when `result_count = 0`; `sessions` counts distinct `session_id`s, so searches
 *   logged without a session count as searches but never as sessions;
 * - the "next search" of a search is the next one logged with the same `session_id` on the same `endpoint`
 *   (ordered by `created_at`, then `id`). Searches without a session have none: refinement and abandonment
 *   are unknown (NULL) for them, never guessed.
 * - refined: the next search came within 10 minutes and has a different `query_key` (a repeat of the same
 *   query, e.g. the next page or another filter, is not a refinement);
 * - abandoned (inferred; there are no click events): the search found nothing and no next search came
 *   within 30 minutes. Searches that found something and were not followed are NOT counted: without clicks
 *   a visitor who found the product cannot be told from one who gave up. A search younger than 30 minutes
 *   without a next search is still undecided (NULL).
 *
 * Frozen SQL: a migration must not change when the application code does.
 */
import type { Knex } from 'knex';

interface View {
  name: string;
  sql: string;
  comment: string;
  columns: Record<string, string>;
}

const DAY = `(created_at AT TIME ZONE 'UTC')::date`;

const VIEWS: View[] = [
  {
    name: 'search_log_searches',
    sql: `
      WITH sequenced AS (
        SELECT l.id, l.created_at, l.endpoint, l.session_id, l.query, l.filters, l.result_count,
               CASE WHEN l.session_id IS NOT NULL THEN lead(l.query) OVER next END AS next_query,
               CASE WHEN l.session_id IS NOT NULL THEN lead(l.result_count) OVER next END AS next_result_count,
               CASE WHEN l.session_id IS NOT NULL THEN lead(l.created_at) OVER next END AS next_created_at
          FROM search_log l
        WINDOW next AS (PARTITION BY l.session_id, l.endpoint ORDER BY l.created_at, l.id)
      )
      SELECT id, created_at, ${DAY} AS day, endpoint, session_id, query, lower(query) AS query_key, filters,
             result_count, result_count = 0 AS zero_result,
             next_query, next_result_count, next_created_at,
             extract(epoch FROM next_created_at - created_at) AS seconds_to_next,
             CASE WHEN session_id IS NULL THEN NULL
                  ELSE coalesce(next_created_at - created_at <= interval '10 minutes'
                                AND lower(next_query) <> lower(query), false)
             END AS refined,
             CASE WHEN session_id IS NULL THEN NULL
                  WHEN result_count <> 0 THEN false
                  WHEN next_created_at - created_at <= interval '30 minutes' THEN false
                  WHEN created_at > now() - interval '30 minutes' THEN NULL
                  ELSE true
             END AS abandoned
        FROM sequenced`,
    comment:
      'One row per logged search with what followed it in the same session on the same endpoint. ' +
      'refined: the next search came within 10 minutes with a different query (case-insensitive). ' +
      'abandoned is INFERRED without click data: the search found nothing and the session made no further ' +
      'search on that endpoint within 30 minutes. Searches with results are never counted as abandoned, ' +
      'because without clicks success and giving up look the same. NULL = unknown: no session id, or (abandoned) ' +
      'younger than 30 minutes. The window runs over the whole log, so filter on day or created_at freely.',
    columns: {
      id: 'search_log.id',
      created_at: 'when the search was made',
      day: 'UTC calendar day of created_at',
      endpoint: 'products, media, content/products or content/media',
      session_id: 'anonymous X-Search-Session value; NULL when the client sent none (or an invalid one)',
      query: 'the normalized query as logged',
      query_key: 'lower(query): the case-insensitive grouping key used by every view',
      filters: 'the filters of the search (jsonb)',
      result_count: 'number of results the search found',
      zero_result: 'result_count = 0',
      next_query: 'query of the next search in the same session on the same endpoint; NULL without one',
      next_result_count: 'result_count of that next search',
      next_created_at: 'created_at of that next search',
      seconds_to_next: 'seconds between this search and the next one',
      refined: 'next search within 10 minutes with a different query_key; NULL without session',
      abandoned:
        'INFERRED: found nothing and no next search within 30 minutes; NULL without session or while younger than 30 minutes',
    },
  },
  {
    name: 'search_log_daily',
    sql: `
      SELECT ${DAY} AS day, endpoint,
             count(*) AS searches,
             count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
             round(count(*) FILTER (WHERE result_count = 0)::numeric / count(*), 4) AS zero_result_share,
             count(DISTINCT session_id) AS sessions
        FROM search_log
       GROUP BY 1, 2`,
    comment:
      'Searches per UTC day and endpoint. Days without searches have no row. Do not add sessions across ' +
      'days or endpoints: one session may search on several.',
    columns: {
      day: 'UTC calendar day',
      endpoint: 'products, media, content/products or content/media',
      searches: 'logged searches',
      zero_result_searches: 'searches that found nothing (result_count = 0)',
      zero_result_share: 'zero_result_searches / searches, 0..1',
      sessions: 'distinct session ids (searches without a session are not counted here)',
    },
  },
  {
    name: 'search_log_top_queries',
    sql: `
      SELECT endpoint, lower(query) AS query_key,
             mode() WITHIN GROUP (ORDER BY query) AS query,
             count(*) AS searches,
             count(DISTINCT session_id) AS sessions,
             count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
             round(count(*) FILTER (WHERE result_count = 0)::numeric / count(*), 4) AS zero_result_share,
             min(created_at) AS first_seen,
             max(created_at) AS last_seen
        FROM search_log
       GROUP BY endpoint, lower(query)`,
    comment:
      'Every query (grouped case-insensitively) per endpoint over the whole retained log; ' +
      'ORDER BY searches DESC for the top queries. For a date range use search_log_searches.',
    columns: {
      endpoint: 'products, media, content/products or content/media',
      query_key: 'lower(query), the grouping key',
      query: 'the most frequent spelling of the group',
      searches: 'logged searches',
      sessions: 'distinct session ids',
      zero_result_searches: 'searches that found nothing',
      zero_result_share: 'zero_result_searches / searches, 0..1',
      first_seen: 'first search',
      last_seen: 'last search',
    },
  },
  {
    name: 'search_log_zero_result_queries',
    sql: `
      SELECT endpoint, lower(query) AS query_key,
             mode() WITHIN GROUP (ORDER BY query) FILTER (WHERE result_count = 0) AS query,
             count(*) FILTER (WHERE result_count = 0) AS zero_result_searches,
             count(*) AS searches,
             count(DISTINCT session_id) FILTER (WHERE result_count = 0) AS sessions,
             min(created_at) FILTER (WHERE result_count = 0) AS first_seen,
             max(created_at) FILTER (WHERE result_count = 0) AS last_seen,
             (array_agg(result_count ORDER BY created_at DESC, id DESC))[1] AS last_result_count
        FROM search_log
       GROUP BY endpoint, lower(query)
      HAVING count(*) FILTER (WHERE result_count = 0) > 0`,
    comment:
      'Queries (grouped case-insensitively) per endpoint that found nothing at least once, over the whole ' +
      'retained log; ORDER BY zero_result_searches DESC. last_result_count > 0 means the latest search of ' +
      'the query found something (e.g. after a synonym was added, or with other filters).',
    columns: {
      endpoint: 'products, media, content/products or content/media',
      query_key: 'lower(query), the grouping key',
      query: 'the most frequent spelling among the searches that found nothing',
      zero_result_searches: 'searches of the query that found nothing',
      searches: 'all searches of the query, with or without results',
      sessions: 'distinct session ids among the searches that found nothing',
      first_seen: 'first search that found nothing',
      last_seen: 'last search that found nothing',
      last_result_count: 'result_count of the latest search of the query',
    },
  },
  {
    name: 'search_log_refinements',
    sql: `
      SELECT endpoint, query_key AS from_query_key, lower(next_query) AS to_query_key,
             mode() WITHIN GROUP (ORDER BY query) AS from_query,
             mode() WITHIN GROUP (ORDER BY next_query) AS to_query,
             count(*) AS refinements,
             count(DISTINCT session_id) AS sessions,
             count(*) FILTER (WHERE zero_result) AS from_zero_result,
             count(*) FILTER (WHERE next_result_count = 0) AS to_zero_result,
             max(created_at) AS last_seen
        FROM search_log_searches
       WHERE refined
       GROUP BY endpoint, query_key, lower(next_query)`,
    comment:
      'Query refinements: a search followed, in the same session on the same endpoint, by a search with a ' +
      'different query (case-insensitive) within 10 minutes (see search_log_searches.refined). Only the ' +
      'immediately next search counts, so A, B, C within minutes gives A to B and B to C. Over the whole ' +
      'retained log; ORDER BY refinements DESC. Searches without a session id are not included.',
    columns: {
      endpoint: 'products, media, content/products or content/media',
      from_query_key: 'lower() of the first query',
      to_query_key: 'lower() of the query typed next',
      from_query: 'the most frequent spelling of the first query',
      to_query: 'the most frequent spelling of the next query',
      refinements: 'how often from_query was followed by to_query',
      sessions: 'distinct session ids that did so',
      from_zero_result: 'refinements whose first search found nothing',
      to_zero_result: 'refinements whose next search found nothing as well',
      last_seen: 'created_at of the latest first search',
    },
  },
  {
    name: 'search_log_abandonment',
    sql: `
      SELECT day, endpoint,
             count(*) AS session_searches,
             count(*) FILTER (WHERE zero_result) AS zero_result_searches,
             count(*) FILTER (WHERE abandoned) AS abandoned_searches,
             count(*) FILTER (WHERE abandoned IS NULL) AS undecided_searches,
             round(count(*) FILTER (WHERE abandoned)::numeric
                   / nullif(count(*) FILTER (WHERE abandoned IS NOT NULL), 0), 4) AS abandoned_share,
             count(DISTINCT session_id) AS sessions,
             count(DISTINCT session_id) FILTER (WHERE abandoned) AS abandoning_sessions
        FROM search_log_searches
       WHERE session_id IS NOT NULL
       GROUP BY day, endpoint`,
    comment:
      'Click-free abandonment per UTC day and endpoint, INFERRED: a search is abandoned when it found ' +
      'nothing and the same session made no further search on that endpoint within 30 minutes (see ' +
      'search_log_searches.abandoned). Only searches with a session id can be judged. It undercounts: a ' +
      'visitor who left after a search WITH results is not counted, since without clicks that cannot be ' +
      'told from success.',
    columns: {
      day: 'UTC calendar day of the search',
      endpoint: 'products, media, content/products or content/media',
      session_searches: 'searches with a session id (the only ones that can be judged)',
      zero_result_searches: 'of those, searches that found nothing',
      abandoned_searches:
        'of those, searches after which the session gave up (inferred, see the view comment)',
      undecided_searches:
        'zero-result searches younger than 30 minutes without a next search (not judged yet)',
      abandoned_share: 'abandoned_searches / (session_searches - undecided_searches), 0..1',
      sessions: 'distinct session ids',
      abandoning_sessions: 'distinct session ids with at least one abandoned search',
    },
  },
];

// COMMENT takes no bind parameters: the texts above are constants, quoted here.
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(knex: Knex): Promise<void> {
  for (const view of VIEWS) {
    await knex.raw(`CREATE VIEW ${view.name} AS ${view.sql}`);
    await knex.raw(`COMMENT ON VIEW ${view.name} IS ${literal(view.comment)}`);
    for (const [column, comment] of Object.entries(view.columns)) {
      await knex.raw(`COMMENT ON COLUMN ${view.name}.${column} IS ${literal(comment)}`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const view of [...VIEWS].reverse()) await knex.raw(`DROP VIEW IF EXISTS ${view.name}`);
}
