/**
 * `npm run catalog:import -- <dir> [--partial|--full]`: imports a catalog snapshot into DATABASE_URL,
 * storing files under MEDIA_ROOT, then asks the worker for a sync at once (the changes reach the indexes
 * and the API's caches without waiting for the 2-second schedule). Exit 0 with a summary; exit 1 with one
 * line naming file, line and field.
 */
import { parseArgs } from 'node:util';
import { getConfig, type AppConfig } from '../../config/env';
import { createDb } from '../db/database';
import { importSnapshot } from '../import';
import { withDeadline } from '../jobs/connection';
import { createIndexQueue, enqueueSync } from '../jobs/index-queue';
import { exitWithError } from './exit';

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
    if (summary.changes > 0) await askForSync(config);
  } finally {
    await db.destroy();
  }
}

/**
 * Asks the worker for a sync of the outbox now, within 2 s; on failure (Redis down) says that the worker's
 * scheduled sync picks the changes up instead. Never throws: the import itself has succeeded.
 */
async function askForSync(config: AppConfig): Promise<void> {
  const queue = createIndexQueue(config);
  queue.on('error', () => undefined); // reported below
  try {
    await withDeadline(enqueueSync(queue), 2000, 'Redis did not answer within 2 s');
  } catch (error) {
    console.error(
      `  could not ask the worker for a sync now (${(error as Error).message}); its scheduled sync takes the changes`,
    );
  } finally {
    await queue.close().catch(() => undefined);
  }
}

main().catch((error: unknown) => exitWithError('catalog:import failed', error));
