/**
 * `npm run db:migrate`: creates the database named in DATABASE_URL when missing, then applies migrations.
 * `npm run db:migrate -- --rollback` undoes the last batch (the `down` migrations).
 */
import { getConfig } from '../../config/env';
import { createDb, databaseName, ensureDatabase, migrateLatest } from '../db/database';
import { exitWithError } from './exit';

async function main(): Promise<void> {
  const config = getConfig();
  const name = databaseName(config.databaseUrl);
  if (await ensureDatabase(config.databaseUrl)) console.log(`Created database ${name}`);
  const db = createDb(config.databaseUrl, 1);
  try {
    if (process.argv.includes('--rollback')) {
      const [, undone] = (await db.migrate.rollback()) as [number, string[]];
      console.log(undone.length ? `Rolled back: ${undone.join(', ')}` : 'Nothing to roll back');
    } else {
      const applied = await migrateLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : `Database ${name} is up to date`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => exitWithError('db:migrate failed', error));
