/**
 * `npm run bench -- [--import-scales medium,large]`: runs the benchmarks and prints Markdown tables for
 * BENCHMARKS.md. Import: the generated catalog of each scale (default `medium`; `large` takes several
 * minutes to generate the first time and is cached in .data/bench), and with `large` also its 1,000,000
 * articles alone.
 * The API and search benchmarks come with the search issue.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config/env';
import { benchImport, importTable, type ImportBenchResult, type Scale } from './import';

const SCALES: Scale[] = ['tiny', 'small', 'medium', 'large'];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'import-scales': { type: 'string', default: 'medium' } } });
  const scales = values['import-scales'].split(',').map((s) => s.trim()) as Scale[];
  const unknown = scales.filter((s) => !SCALES.includes(s));
  if (unknown.length) throw new Error(`unknown scale ${unknown.join(', ')} (use ${SCALES.join(', ')})`);
  const server = getConfig().databaseUrl; // its server; the benchmark makes databases of its own
  const results: ImportBenchResult[] = [];
  for (const scale of scales) {
    results.push(await benchImport(scale, server, (m) => console.error(m)));
    console.error(importTable(results.slice(-1)).split('\n').pop());
  }
  if (scales.includes('large')) {
    results.push(await benchImport('large', server, (m) => console.error(m), 'articles'));
  }
  console.log(`\nCatalog import (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
  console.log(importTable(results));
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
