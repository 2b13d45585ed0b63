/**
 * `npm run search-report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]`: the search log's figures for whole UTC
 * days, both inclusive (default: the last 30 days up to today), as terminal tables. Read from the analysts'
 * views (src/search-report/query.ts). Usage errors and failures print one line and exit 1.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../../config/env';
import { createDb } from '../db/database';
import { loadReport } from '../search-report/query';
import { ReportUsageError, resolveRange } from '../search-report/range';
import { formatReport } from '../search-report/terminal';

const USAGE = 'usage: npm run search-report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]';

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new ReportUsageError(`${error instanceof Error ? error.message : String(error)} (${USAGE})`);
  }
}

async function main(args: string[]): Promise<void> {
  const values = options(args);
  const range = resolveRange({ from: values.from, to: values.to });
  const db = createDb(getConfig().databaseUrl, 1);
  try {
    const report = await loadReport(db, range);
    process.stdout.write(formatReport(report));
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`search-report: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
});
