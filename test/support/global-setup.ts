/**
 * Jest global setup:
 * - migrates one template database per migration set; every test file then clones it
 *   (`createTestDatabase`), so files never share a database and cloning costs milliseconds;
 * - starts one bundled Meilisearch 1.21 for the whole run (temp data dir) and hands its URL and master key
 *   to the test workers through TEST_MEILI_URL / TEST_MEILI_KEY; each test file uses an index prefix of
 *   its own (test/support/stack.ts), so files never see each other's indexes;
 * - creates the role keys as `npm run meili:keys` does, for the prefix `t` that every test file's prefix
 *   starts with (TEST_MEILI_SEARCH_KEY, TEST_MEILI_ADMIN_KEY): the API under test searches with the search
 *   key, the indexing code writes with the admin key, as in production.
 */
import { Meilisearch } from 'meilisearch';
import { ensureRoleKeys } from '../../src/search/keys';
import { startBundledMeilisearch, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import { createDb, dropDatabase, ensureDatabase, migrateLatest } from '../../src/db/database';
import { TEMPLATE_URL, templateName } from './database';
import { checkPrerequisites } from './prerequisites';
import { TEST_PREFIX } from './config';

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

export default async function globalSetup(run: Parameters<typeof checkPrerequisites>[0]): Promise<void> {
  checkPrerequisites(run);
  await prepareTemplate();
  const meili = await startBundledMeilisearch();
  (globalThis as { __testMeili?: BundledMeilisearch }).__testMeili = meili;
  process.env.TEST_MEILI_URL = meili.url;
  process.env.TEST_MEILI_KEY = meili.masterKey;
  const keys = await ensureRoleKeys(
    new Meilisearch({ host: meili.url, apiKey: meili.masterKey }),
    TEST_PREFIX,
  );
  process.env.TEST_MEILI_SEARCH_KEY = keys.find((k) => k.role === 'search')!.key;
  process.env.TEST_MEILI_ADMIN_KEY = keys.find((k) => k.role === 'admin')!.key;
}
