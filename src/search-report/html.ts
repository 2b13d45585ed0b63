/**
 * The report as ONE self-contained HTML page: Chart.js (UMD build, read from node_modules), the page's
 * own script (page.js) and the figures (JSON) are inlined, so the file opens anywhere without a network.
 *
 * Queries are visitor input. They reach the page only inside the JSON data block, with `<`, `>` and `&`
 * escaped as \u003c etc. (so no `</script>` can end the block), and page.js writes them with textContent
 * only; Chart.js draws them onto canvases. A Content-Security-Policy allows no network at all and only the
 * page's own two scripts (by hash), as a second line of defence.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchReport, Trend } from './query';
import { weekChange } from './terminal';

export interface PageAssets {
  /** Chart.js UMD build (defines the global `Chart`) */
  chartJs: string;
  /** src/search-report/page.js */
  pageJs: string;
}

/** Chart.js's UMD build from node_modules (its package exports do not expose the file) and page.js. */
export function loadAssets(): PageAssets {
  const chartDir = path.dirname(require.resolve('chart.js'));
  return {
    // without its source-map comment: there is no map beside the page
    chartJs: readFileSync(path.join(chartDir, 'chart.umd.min.js'), 'utf8').replace(
      /\n\/\/# sourceMappingURL=\S*\s*$/,
      '\n',
    ),
    pageJs: readFileSync(path.join(__dirname, 'page.js'), 'utf8'),
  };
}

/** What page.js receives: the report plus the week-over-week change, worded as in the terminal. */
export type PageData = Omit<SearchReport, 'topQueries' | 'zeroResultQueries'> & {
  topQueries: (SearchReport['topQueries'][number] & { change: string })[];
  zeroResultQueries: (SearchReport['zeroResultQueries'][number] & { change: string })[];
};

export function pageData(report: SearchReport): PageData {
  const withChange = <T extends Trend>(row: T) => ({
    ...row,
    change: weekChange(row.lastWeek, row.previousWeek),
  });
  return {
    ...report,
    topQueries: report.topQueries.map(withChange),
    zeroResultQueries: report.zeroResultQueries.map(withChange),
  };
}

/** JSON that can sit inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A script's source ready to inline; refuses sources that would end the element early. */
function inlineScript(source: string, name: string): string {
  if (/<\/script|<!--/i.test(source))
    throw new Error(`${name} cannot be inlined: it contains </script or <!--`);
  return source;
}

const sha256 = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  :root { --ink: #1f2933; --muted: #616e7c; --line: #e4e7eb; --blue: #2563eb; --red: #dc2626; --grey: #7b8794; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
         color: var(--ink); background: #f5f7fa; }
  main { max-width: 1200px; margin: 0 auto; padding: 24px 32px 48px; }
  header h1 { margin: 0; font-size: 26px; }
  header p { margin: 4px 0 0; color: var(--muted); }
  .totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 24px 0; }
  .card, section.panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; }
  .card { padding: 14px 16px; }
  .card .label { color: var(--muted); font-size: 13px; }
  .card .value { font-size: 28px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .card .note { color: var(--muted); font-size: 13px; }
  section.panel { padding: 16px 20px; margin-top: 16px; }
  section.panel h2 { margin: 0 0 4px; font-size: 18px; }
  section.panel p.hint { margin: 0 0 12px; color: var(--muted); font-size: 13px; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
  .pair section.panel { margin-top: 16px; }
  @media (max-width: 900px) { .pair { grid-template-columns: 1fr; } }
  .chart { position: relative; height: 300px; }
  .chart.bars { height: 420px; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 6px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: middle; }
  th { color: var(--muted); font-weight: 600; font-size: 13px; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.query { max-width: 360px; overflow-wrap: anywhere; }
  td.worse { color: var(--red); } td.better { color: #15803d; } .nowrap { white-space: nowrap; }
  canvas.spark { display: block; }
  .empty { color: var(--muted); font-style: italic; }
  footer { margin-top: 24px; color: var(--muted); font-size: 13px; }
  footer dt { font-weight: 600; color: var(--ink); }
  footer dd { margin: 0 0 8px; }
`;

const panel = (id: string, title: string, hint: string, body: string) =>
  `<section class="panel" id="${id}"><h2>${title}</h2><p class="hint">${hint}</p>${body}</section>`;

const chart = (id: string, label: string, bars = false) =>
  `<div class="chart${bars ? ' bars' : ''}"><canvas id="${id}" role="img" aria-label="${label}"></canvas></div>`;

/** The whole page. `assets` defaults to the files on disk. */
export function renderHtml(report: SearchReport, assets: PageAssets = loadAssets()): string {
  const chartJs = inlineScript(assets.chartJs, 'chart.js');
  const pageJs = inlineScript(assets.pageJs, 'page.js');
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(chartJs)} ${sha256(pageJs)}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const range = `${report.from} to ${report.to}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search report ${escapeHtml(range)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
  <h1>Search report</h1>
  <p id="range">${escapeHtml(range)} · ${report.days.length} days (UTC) · generated ${escapeHtml(report.generatedAt.slice(0, 16).replace('T', ' '))} UTC</p>
</header>
<noscript><p>This report draws its charts and tables with JavaScript; please allow scripts for this file.</p></noscript>
<div class="totals" id="totals"></div>
${panel('daily', 'Searches per day', 'All endpoints. Found nothing: result count 0. Abandoned: inferred, see the definitions below.', chart('chart-daily', 'Line chart of searches per day'))}
<div class="pair">
${panel('top', 'Top queries', 'Searches per query (case-insensitive), split by whether they found something.', chart('chart-top', 'Bar chart of the top queries', true))}
${panel('zero', 'Queries that found nothing', 'Searches that found nothing, per query.', chart('chart-zero', 'Bar chart of the queries that found nothing', true))}
</div>
${panel('top-table', 'Top queries and their trend', 'Trend: searches per day over the range. Change: the last 7 days of the range against the 7 days before.', '<div id="table-top"></div>')}
${panel('zero-table', 'Queries that found nothing and their trend', 'Trend: searches per day that found nothing. Change: last 7 days against the 7 before.', '<div id="table-zero"></div>')}
${panel('refinements', 'Refinements', 'A search followed by another query in the same session and endpoint within 10 minutes.', '<div id="table-refinements"></div>')}
${panel('abandoned', 'Abandoned searches', 'Inferred without click data: the search found nothing and the session searched no more on that endpoint for 30 minutes.', '<div id="table-abandoned"></div>')}
<footer>
  <dl>
    <dt>Counting</dt><dd>Days are UTC days. Queries are grouped case-insensitively and shown in their most frequent spelling. Sessions are distinct anonymous session ids; searches without one count as searches only.</dd>
    <dt>Refinement</dt><dd>The next search of the same session on the same endpoint came within 10 minutes with a different query.</dd>
    <dt>Abandonment (inferred)</dt><dd>There are no clicks in the log. A search counts as abandoned when it found nothing and the same session made no further search on that endpoint within 30 minutes. Searches that found something are never counted, so this undercounts; searches without a session id cannot be judged.</dd>
  </dl>
</footer>
</main>
<script type="application/json" id="report-data">${scriptSafeJson(pageData(report))}</script>
<script>${chartJs}</script>
<script>${pageJs}</script>
</body>
</html>
`;
}
