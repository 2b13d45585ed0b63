/**
 * A search log with known figures for the views and the report. Range 2026-03-02 .. 2026-03-15 (two
 * weeks, so week-over-week changes exist), one search on each side just outside it.
 *
 * Worked out by hand (in the range):
 * - 18 searches, 7 found nothing, 6 sessions, 12 searches with a session;
 * - refinements (same session and endpoint, next search within 10 minutes, other query): 2
 *   (alpha: Maehwerk -> Mähwerk; cms: Scheibenmähwerk -> Scheiben-Mähwerk). Not refinements: the same query
 *   again (eps, alpha), a next search 45 minutes later (beta), a search on another endpoint (delta), and two
 *   searches without session id one minute apart;
 * - abandoned (found nothing, no next search in the session on that endpoint within 30 minutes): 4
 *   (beta xyz-999, gamma <script>, delta Maehwerk on products, cms Scheiben-Mähwerk). Not abandoned:
 *   alpha Maehwerk (refined a minute later); unknown: the zero-result searches without session id.
 */
import type { Knex } from 'knex';

export const RANGE = { from: '2026-03-02', to: '2026-03-15' };

/** A query a visitor typed: markup and both kinds of quotes, which the HTML page must show as text. */
export const SCRIPT_QUERY = `<script>window.pwned=1</script> "quoted" 'single'`;

export interface LogRow {
  at: string;
  endpoint: string;
  query: string;
  results: number;
  session: string | null;
}

export const ROWS: LogRow[] = [
  { at: '2026-03-01T23:59:59Z', endpoint: 'products', query: 'Kreiselheuer', results: 5, session: null },
  { at: '2026-03-03T10:00:00Z', endpoint: 'products', query: 'Mähwerk', results: 12, session: 's-eps-0005' },
  { at: '2026-03-03T10:20:00Z', endpoint: 'products', query: 'Mähwerk', results: 12, session: 's-eps-0005' },
  { at: '2026-03-04T14:00:00Z', endpoint: 'products', query: 'Kreiselheuer', results: 5, session: null },
  { at: '2026-03-10T10:00:00Z', endpoint: 'products', query: 'Maehwerk', results: 0, session: 's-alpha-001' },
  { at: '2026-03-10T10:01:00Z', endpoint: 'products', query: 'Mähwerk', results: 12, session: 's-alpha-001' },
  { at: '2026-03-10T10:30:00Z', endpoint: 'products', query: 'mähwerk', results: 12, session: 's-alpha-001' },
  { at: '2026-03-10T11:00:00Z', endpoint: 'products', query: 'xyz-999', results: 0, session: 's-beta-0002' },
  { at: '2026-03-10T11:45:00Z', endpoint: 'products', query: 'Mähwerk', results: 12, session: 's-beta-0002' },
  {
    at: '2026-03-11T09:00:00Z',
    endpoint: 'products',
    query: SCRIPT_QUERY,
    results: 0,
    session: 's-gamma-003',
  },
  { at: '2026-03-11T09:00:00Z', endpoint: 'products', query: 'Maehwerk', results: 0, session: 's-delta-004' },
  { at: '2026-03-11T09:02:00Z', endpoint: 'media', query: 'Maehwerk', results: 3, session: 's-delta-004' },
  { at: '2026-03-12T08:00:00Z', endpoint: 'products', query: 'Maehwerk', results: 0, session: null },
  { at: '2026-03-12T08:01:00Z', endpoint: 'products', query: 'Mähwerk', results: 12, session: null },
  { at: '2026-03-12T09:00:00Z', endpoint: 'products', query: 'MÄHWERK', results: 12, session: null },
  { at: '2026-03-12T10:00:00Z', endpoint: 'products', query: 'Filter', results: 0, session: null },
  {
    at: '2026-03-13T15:00:00Z',
    endpoint: 'content/products',
    query: 'Scheibenmähwerk',
    results: 4,
    session: 's-cms-0006',
  },
  {
    at: '2026-03-13T15:02:00Z',
    endpoint: 'content/products',
    query: 'Scheiben-Mähwerk',
    results: 0,
    session: 's-cms-0006',
  },
  { at: '2026-03-15T23:59:59Z', endpoint: 'products', query: 'Kreiselheuer', results: 5, session: null },
  { at: '2026-03-16T00:00:00Z', endpoint: 'products', query: 'Kreiselheuer', results: 5, session: null },
];

export async function insertRows(db: Knex, rows: LogRow[] = ROWS): Promise<void> {
  await db('search_log').insert(
    rows.map((r) => ({
      query: r.query,
      endpoint: r.endpoint,
      filters: JSON.stringify({}),
      result_count: r.results,
      session_id: r.session,
      created_at: r.at,
    })),
  );
}
