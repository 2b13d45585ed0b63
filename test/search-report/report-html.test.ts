/**
 * `npm run search-report -- --html <file>` rendered in headless Chromium (Debian's `chromium`, installed by
 * .ci/run) through playwright-core: the page loads nothing but itself, every chart and sparkline drew, the
 * totals and chart data equal the inserted log (fixture.ts), and a query with markup and quotes is shown as
 * text and never runs.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startStack, type Stack } from '../support/stack';
import { insertRows, RANGE, SCRIPT_QUERY } from './fixture';
import { runReport } from './run-report';

// What the page callbacks touch, typed here: the project compiles without the DOM library.
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  };
}
interface PageGlobals {
  document: { getElementById(id: string): unknown; scripts: { length: number } };
  Chart: { getChart(canvas: Canvas): { data: { labels: string[]; datasets: { data: number[] }[] } } };
  pwned?: number;
}
interface Cell {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface Row {
  cells: ArrayLike<Cell>;
}

let stack: Stack;
let dir: string;
let html: string;
let context: BrowserContext;
let page: Page;
const requests: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await insertRows(stack.database.db);
  dir = await mkdtemp(path.join(os.tmpdir(), 'search-report-'));
  const file = path.join(dir, 'report.html');
  const result = await runReport(['--from', RANGE.from, '--to', RANGE.to, '--html', file], stack);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  expect(result.stdout).toContain(`HTML report written to ${file}`);
  html = await readFile(file, 'utf8');

  context = await launchChromium(dir);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // CSP violations and script errors are reported on the console
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-rendered="true"]', { timeout: 15000 });
}, 90000);

afterAll(async () => {
  await context?.close();
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the page is one file: no request but the page itself, no errors', () => {
  expect(requests).toEqual([pathToFileURL(path.join(dir, 'report.html')).href]);
  expect(problems).toEqual([]);
  expect(html).toContain('Chart.js v4.6.1'); // inlined, with its licence banner
});

test('the line chart of searches per day and both bar charts drew', async () => {
  const charts = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    return ['chart-daily', 'chart-top', 'chart-zero'].map((id) => {
      const canvas = w.document.getElementById(id) as Canvas;
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
      const chart = w.Chart.getChart(canvas);
      return {
        id,
        width: canvas.width,
        painted,
        labels: chart.data.labels,
        datasets: chart.data.datasets.map((d) => d.data),
      };
    });
  });
  for (const chart of charts) {
    expect(chart.width).toBeGreaterThan(300);
    expect(chart.painted).toBeGreaterThan(5000); // axes, grid, lines or bars and labels
  }
  const [daily, top, zero] = charts;
  expect(daily?.labels).toHaveLength(14);
  expect(daily?.datasets).toEqual([
    [0, 2, 1, 0, 0, 0, 0, 0, 5, 3, 4, 2, 0, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 1, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 1, 0, 0],
  ]);
  expect(top?.labels?.slice(0, 3)).toEqual(['Mähwerk', 'Maehwerk', 'Kreiselheuer']);
  expect(top?.datasets).toEqual([
    [7, 0, 2, 0, 0, 1, 0, 1, 0],
    [0, 3, 0, 1, 1, 0, 1, 0, 1],
  ]);
  expect(zero?.labels).toEqual([
    'Maehwerk',
    '<script>window.pwned=1</script>…',
    'Filter',
    'Scheiben-Mähwerk (content/products)',
    'xyz-999',
  ]);
  expect(zero?.datasets).toEqual([[3, 1, 1, 1, 1]]);
});

test('every trend sparkline drew', async () => {
  const sparklines = await page.$$eval('canvas.spark', (canvases: unknown[]) =>
    (canvases as Canvas[]).map((canvas) => {
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
      return painted;
    }),
  );
  expect(sparklines).toHaveLength(9 + 5); // top queries and zero-result queries
  for (const painted of sparklines) expect(painted).toBeGreaterThan(50);
});

test('the totals shown are those of the inserted log', async () => {
  const totals = await page.$$eval('[data-total]', (nodes: unknown[]) =>
    Object.fromEntries((nodes as Cell[]).map((n) => [n.getAttribute('data-total'), n.textContent])),
  );
  expect(totals).toEqual({
    searches: '18',
    zeroResultSearches: '7',
    sessions: '6',
    refinements: '2',
    abandonedSearches: '4',
  });
  expect(await page.title()).toBe(`Search report ${RANGE.from} to ${RANGE.to}`);
  expect(await page.textContent('#range')).toContain('14 days (UTC)');
});

test('a query with markup and quotes is shown as text and never runs', async () => {
  expect(html).not.toContain('<script>window.pwned');
  const shown = await page.$$eval('td.query', (cells: unknown[]) =>
    (cells as Cell[]).map((c) => c.textContent),
  );
  expect(shown.filter((text) => text === SCRIPT_QUERY)).toHaveLength(3); // top, zero-result, abandoned
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).pwned)).toBeUndefined();
  // the data block, Chart.js and the page script
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.scripts.length)).toBe(3);
  const rows = await page.$$eval('#table-top tbody tr', (trs: unknown[]) =>
    (trs as Row[]).map((tr) => Array.from(tr.cells).map((td) => td.textContent)),
  );
  expect(rows[0]).toEqual(['1', 'Mähwerk', 'products', '7', '3', '0', '', '5', '2', '+150%']);
});
