/**
 * Jest global setup: migrates one template database per migration set; every test file then clones it
 * (`createTestDatabase`), so files never share a database and cloning costs milliseconds.
 */
import { createDb, dropDatabase, ensureDatabase, migrateLatest } from '../../src/db/database';
import { TEMPLATE_URL, templateName } from './database';

export default async function globalSetup(): Promise<void> {
  const name = await templateName();
  const url = TEMPLATE_URL(name);
  if (!(await ensureDatabase(url))) return; // an earlier run left the same migrated template
  const db = createDb(url, 1);
  try {
    await migrateLatest(db);
  } catch (error) {
    await db.destroy();
    await dropDatabase(url);
    throw error;
  }
  await db.destroy();
}
