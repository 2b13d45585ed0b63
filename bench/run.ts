/**
 * `npm run bench -- [--only api|import] [--duration <s>] [--connections <n>] [--diagnose]
 *   [--import-scales medium,large]`
 * runs the benchmarks and prints Markdown tables for BENCHMARKS.md. Both run by default, the API first
 * (about 5 minutes: full reindex, eleven 23 s cases; the first run also generates and imports the medium
 * catalog, about a minute more), then the import (under a minute for `medium`).
 *
 * - API (bench/api/): the API as its own process over the medium catalog, driven by autocannon, next to
 *   raw Meilisearch on the same searches and a bare Express endpoint; `--duration` seconds per case
 *   (default 20), `--connections` (default 16). Also the full reindex time and SQL queries per detail.
 *   `--diagnose` adds five cases (about 2 minutes) that show where the time goes.
 * - Import (bench/import.ts): the generated catalog of each scale (default `medium`; `large` takes several
 *   minutes to generate the first time and is cached in .data/bench), and with `large` also its 1,000,000
 *   articles alone.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config/env';
import { apiTable, benchApi } from './api';
import { benchImport, importTable, type ImportBenchResult, type Scale } from './import';

const SCALES: Scale[] = ['tiny', 'small', 'medium', 'large'];

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got "${value}")`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: '20' },
      connections: { type: 'string', default: '16' },
      diagnose: { type: 'boolean', default: false },
      'import-scales': { type: 'string', default: 'medium' },
    },
  });
  if (values.only !== undefined && !['api', 'import'].includes(values.only)) {
    throw new Error(`--only must be api or import (got "${values.only}")`);
  }
  const scales = values['import-scales'].split(',').map((s) => s.trim()) as Scale[];
  const unknown = scales.filter((s) => !SCALES.includes(s));
  if (unknown.length) throw new Error(`unknown scale ${unknown.join(', ')} (use ${SCALES.join(', ')})`);
  const durationSec = positive('duration', values.duration);
  const connections = Math.round(positive('connections', values.connections));
  const server = getConfig().databaseUrl; // its server; the benchmarks make databases of their own
  const log = (m: string) => console.error(m);

  let api: string | undefined;
  if (values.only !== 'import') {
    // Short runs get a shorter warm-up, so that `--duration 2` stays a quick smoke test.
    const warmupSec = Math.min(3, Math.ceil(durationSec / 5));
    api = apiTable(
      await benchApi({
        serverUrl: server,
        durationSec,
        connections,
        warmupSec,
        diagnose: values.diagnose,
        log,
      }),
    );
    console.log(`\nAPI (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(api);
  }
  if (values.only === 'api') return;

  const results: ImportBenchResult[] = [];
  for (const scale of scales) {
    results.push(await benchImport(scale, server, log));
    console.error(importTable(results.slice(-1)).split('\n').pop());
  }
  if (scales.includes('large')) {
    results.push(await benchImport('large', server, log, 'articles'));
  }
  console.log(`\nCatalog import (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
  console.log(importTable(results));
}

// Ctrl-C or a kill: exit through process.exit so that the 'exit' hooks stop the servers this run started
// (Meilisearch, the API, the Express baseline) and remove Meilisearch's data dir.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
