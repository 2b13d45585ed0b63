/**
 * Runs one import in its own process so its peak RSS can be measured alone.
 * argv: <database-url> <snapshot-dir> <media-root>. Prints one JSON line:
 * `{ records, changes, durationMs, maxRssMb }` (maxRss from process.resourceUsage, in MiB).
 */
import { createDb } from '../src/db/database';
import { importSnapshot } from '../src/import';

async function main(): Promise<void> {
  const [databaseUrl, dir, mediaRoot] = process.argv.slice(2);
  if (!databaseUrl || !dir || !mediaRoot)
    throw new Error('usage: import-child <database-url> <dir> <media-root>');
  const db = createDb(databaseUrl, 2);
  try {
    const summary = await importSnapshot(db, dir, { mode: 'full', mediaRoot });
    const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      JSON.stringify({
        records: summary.records,
        changes: summary.changes,
        durationMs: summary.durationMs,
        maxRssMb,
      }),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
