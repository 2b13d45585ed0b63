/**
 * Per-test-file databases cloned from the migrated template (see global-setup.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { loadConfig } from '../../config/env';
import { createDb, dropDatabase, ensureDatabase, MIGRATIONS_DIR, withDatabase } from '../../src/db/database';

/** The Postgres server the tests use: the one in DATABASE_URL (each test file makes a database of its own). */
export const SERVER_URL = loadConfig().databaseUrl;

export const TEMPLATE_URL = (name: string): string => withDatabase(SERVER_URL, name);

/** Template name derived from the migrations' content, so a changed migration gets a fresh template. */
export async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return `catalog_test_tpl_${hash.digest('hex').slice(0, 12)}`;
}

export interface TestDatabase {
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file; call `drop()` in `afterAll`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await templateName();
  const url = withDatabase(SERVER_URL, `catalog_test_${randomBytes(6).toString('hex')}`);
  await ensureDatabase(url, template);
  const db = createDb(url, 4);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(url);
    },
  };
}
