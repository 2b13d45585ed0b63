/**
 * The import boundary between the API and the worker (eslint.config.mjs, `npm run lint`): code under src/
 * (the API, the shared modules, the command-line tools) may not import indexer/, sharp or libheif-js, and
 * the worker may not import the API's resources, HTTP layer, ops endpoints, OpenAPI document, app, server
 * or route table. Linted with the project's own configuration, as `npm run lint` lints the files.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * ESLint's API in a plain Node process (jest's module sandbox cannot load the flat config, an ES module):
 * lints each `[file, code]` pair as if `code` were that file and prints the messages per file as JSON.
 */
const LINT_SCRIPT = `
const { ESLint } = require('eslint');
const path = require('node:path');
(async () => {
  const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
  const eslint = new ESLint({ cwd: process.cwd() });
  const out = [];
  for (const [file, code] of cases) {
    const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
    out.push(result.messages);
  }
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** The modules named by `no-restricted-imports` for each `[file, code]` (files relative to the root). */
function restricted(cases: [string, string][]): string[][] {
  const run = spawnSync(process.execPath, ['-e', LINT_SCRIPT], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`eslint: ${run.stderr}`);
  return (JSON.parse(run.stdout) as LintMessage[][]).map((messages) =>
    messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message.split(' import is restricted')[0]!),
  );
}

const WORKER_AND_RENDERERS = [
  "import { dispatch } from '../../indexer/queue';",
  "import type { RenderContext } from '../../indexer/jobs/render';",
  "import sharp from 'sharp';",
  "import libheif from 'libheif-js';",
  'export const all = [dispatch, sharp, libheif] as unknown as RenderContext;',
].join('\n');

const API_AND_SHARED = [
  "import { createApp } from '../../src/app';",
  "import { list } from '../../src/resources/products/handlers';",
  "import { loadProductDetail } from '../../src/resources/products/query';",
  "import { ApiError } from '../../src/http/errors';",
  "import { createOps } from '../../src/ops';",
  "import { API_ROUTES } from '../../src/routes';",
  "import { loadProductRecords } from '../../src/catalog/products';",
  "import { enqueueSync } from '../../src/jobs/index-queue';",
  "import { indexUid } from '../../src/search/indexes';",
  'export const all = [createApp, list, loadProductDetail, ApiError, createOps, API_ROUTES];',
  'export const shared = [loadProductRecords, enqueueSync, indexUid];',
].join('\n');

const FREE = ['test/api/probe.test.ts', 'tools/dev/probe.ts', 'bench/api/probe.ts'];

let results: string[][];
beforeAll(() => {
  results = restricted([
    ['src/jobs/probe.ts', WORKER_AND_RENDERERS],
    ['src/cli/probe.ts', WORKER_AND_RENDERERS],
    ['indexer/jobs/probe.ts', API_AND_SHARED],
    ...FREE.map((file) => [file, WORKER_AND_RENDERERS] as [string, string]),
  ]);
}, 60_000);

const WORKER_IMPORTS = ["'../../indexer/queue'", "'../../indexer/jobs/render'", "'sharp'", "'libheif-js'"];

it('refuses worker modules, sharp and the HEIC decoder in src/, the command-line tools included', () => {
  expect(results[0]).toEqual(WORKER_IMPORTS);
  expect(results[1]).toEqual(WORKER_IMPORTS);
});

it('refuses the API in indexer/, and lets it use the shared modules', () => {
  expect(results[2]).toEqual([
    "'../../src/app'",
    "'../../src/resources/products/handlers'",
    "'../../src/resources/products/query'",
    "'../../src/http/errors'",
    "'../../src/ops'",
    "'../../src/routes'",
  ]);
});

it('leaves tests, tools and benchmarks free to use both sides', () => {
  expect(results.slice(3)).toEqual(FREE.map(() => []));
});
