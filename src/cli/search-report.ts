/**
 * `npm run search-report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--html <file>]`: the search log's figures
 * for whole UTC days, both inclusive (default: the last 30 days up to today), as terminal tables, and with
 * `--html` also as one self-contained HTML page with charts. Read from the analysts' views
 * (src/search-report/query.ts). Usage errors and failures print one line and exit 1.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getConfig } from '../../config/env';
import { createDb } from '../db/database';
import { renderHtml } from '../search-report/html';
import { loadReport } from '../search-report/query';
import { ReportUsageError, resolveRange } from '../search-report/range';
import { formatReport } from '../search-report/terminal';
import { exitWithError } from './exit';

const USAGE = 'usage: npm run search-report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--html <file>]';

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' }, html: { type: 'string' } },
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new ReportUsageError(`${error instanceof Error ? error.message : String(error)} (${USAGE})`);
  }
}

async function main(args: string[]): Promise<void> {
  const values = options(args);
  const range = resolveRange({ from: values.from, to: values.to });
  if (values.html === '') throw new ReportUsageError(`--html needs a file name (${USAGE})`);
  const db = createDb(getConfig().databaseUrl, 1);
  try {
    const report = await loadReport(db, range);
    process.stdout.write(formatReport(report));
    if (values.html !== undefined) {
      const file = path.resolve(values.html);
      await writeFile(file, renderHtml(report));
      process.stdout.write(`\nHTML report written to ${file}\n`);
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => exitWithError('search-report', error));
