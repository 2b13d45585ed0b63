/**
 * Jest global setup:
 * - migrates one template database per migration set; every test file then clones it
 *   (`createTestDatabase`), so files never share a database and cloning costs milliseconds;
 * - starts one bundled Meilisearch 1.21 for the whole run (temp data dir) and hands its URL and key to the
 *   test workers through TEST_MEILI_URL / TEST_MEILI_KEY; each test file uses an index prefix of its own
 *   (test/support/stack.ts), so files never see each other's indexes.
 */
import { startBundledMeilisearch, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import { createDb, dropDatabase, ensureDatabase, migrateLatest } from '../../src/db/database';
import { TEMPLATE_URL, templateName } from './database';

async function prepareTemplate(): Promise<void> {
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

export default async function globalSetup(): Promise<void> {
  await prepareTemplate();
  const meili = await startBundledMeilisearch();
  (globalThis as { __testMeili?: BundledMeilisearch }).__testMeili = meili;
  process.env.TEST_MEILI_URL = meili.url;
  process.env.TEST_MEILI_KEY = meili.masterKey;
}
