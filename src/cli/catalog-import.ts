/**
 * `npm run catalog:import -- <dir> [--partial|--full]`: imports a catalog snapshot into DATABASE_URL,
 * storing files under MEDIA_ROOT. Exit 0 with a summary; exit 1 with one line naming file, line and field.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../../config/env';
import { createDb } from '../db/database';
import { ImportError, importSnapshot } from '../import';

function usage(message: string): never {
  console.error(
    `catalog:import: ${message}\nUsage: npm run catalog:import -- <snapshot-dir> [--partial|--full] [--quiet]`,
  );
  process.exit(1);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { partial: { type: 'boolean' }, full: { type: 'boolean' }, quiet: { type: 'boolean' } },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) usage('expected exactly one snapshot directory');
  if (values.partial && values.full) usage('--partial and --full exclude each other');
  const config = getConfig();
  const db = createDb(config.databaseUrl, 2);
  try {
    const pending = await db.migrate.list().then(([, todo]: unknown[]) => (todo as unknown[]).length);
    if (pending > 0) throw new Error('the database is not migrated: run `npm run db:migrate` first');
    const summary = await importSnapshot(db, positionals[0]!, {
      mode: values.partial ? 'partial' : 'full',
      mediaRoot: config.mediaRoot,
      onProgress: values.quiet ? undefined : (m) => console.error(`  ${m}`),
    });
    const seconds = summary.durationMs / 1000;
    console.log(
      `Imported ${summary.records} records (${summary.mode}) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(summary.records / Math.max(seconds, 0.001))} records/s): ${summary.changes} changes recorded for the indexer.`,
    );
    for (const [kind, n] of Object.entries(summary.kinds)) {
      if (n.read || n.upserted || n.deleted) {
        console.log(
          `  ${kind.padEnd(16)} read ${n.read}, inserted or updated ${n.upserted}, deleted ${n.deleted}`,
        );
      }
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ImportError ? error.message : error instanceof Error ? error.message : String(error);
  console.error(`catalog:import failed: ${message}`);
  process.exit(1);
});
