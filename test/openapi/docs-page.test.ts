/**
 * `GET /api/docs` in headless Chromium (Debian's `chromium`, installed by .ci/run) through playwright-core:
 * with APP_ENV=local the page loads the specification and lists the operations, requests nothing but this
 * origin, and shows no CSP or script errors. The page's CSP is its own; other paths keep helmet's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let dir: string;
let context: BrowserContext;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', env: { APP_ENV: 'local' } });
  dir = await mkdtemp(path.join(os.tmpdir(), 'api-docs-'));
  context = await launchChromium(dir);
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('renders the operations from /docs/api.json without any other origin', async () => {
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(`${stack.api.origin}/api/docs`);
  await page.getByText('/content/media/{media}/preview', { exact: true }).waitFor({ timeout: 20_000 });
  for (const text of ['/products', '/products/{slug}', '/tractor-models/{tractorModel}', '/user']) {
    await expect(page.getByText(text, { exact: true }).first().isVisible()).resolves.toBe(true);
  }
  await expect(page.getByText('Catalog and Media Read API').first().isVisible()).resolves.toBe(true);
  expect(requests.filter((url) => !url.startsWith(`${stack.api.origin}/`))).toEqual([]);
  expect(requests).toContain(`${stack.api.origin}/docs/api.json`);
  expect(problems).toEqual([]);
});

it('sends the entered token when loading the specification', async () => {
  const page = await context.newPage();
  await page.goto(`${stack.api.origin}/api/docs`);
  const sent = page.waitForRequest((r) => r.url().endsWith('/docs/api.json') && !!r.headers().authorization);
  await page.fill('#token', '1|secret');
  await page.click('button[type=submit]');
  expect((await sent).headers().authorization).toBe('Bearer 1|secret');
  await page.close();
});

it("has its own CSP; the rest of the app keeps helmet's", async () => {
  const res = await stack.api.get(`${stack.api.origin}/api/docs`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(res.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
  const other = await stack.api.get('/manufacturers');
  expect(other.headers.get('content-security-policy')).not.toContain('connect-src');
  expect((await stack.api.get(`${stack.api.origin}/api/docs/index.js`)).status).toBe(404);
});
