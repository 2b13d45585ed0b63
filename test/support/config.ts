/**
 * The configuration side of a test stack (light enough for global-setup.ts): the run's Meilisearch
 * (started by global-setup.ts), an index prefix and a Redis prefix of a test file's own, and the
 * environment and `AppConfig` that point at them and at the file's own database. Test files import these
 * through ./stack.ts.
 */
import { randomBytes } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { loadConfig, type AppConfig } from '../../config/env';

export { dropRedisKeys } from '../../tools/support/redis';

/** What every test file's index prefix starts with: the run's role keys are scoped to `t*`. */
export const TEST_PREFIX = 't';

/**
 * The Meilisearch of this jest run: its master `key` (for inspecting indexes in tests), and the role keys
 * of src/search/keys.ts scoped to `t*` (`searchKey` for the API, `adminKey` for the worker and the
 * reindex command). Throws outside jest's global setup.
 */
export function testMeili(): { url: string; key: string; searchKey: string; adminKey: string } {
  const url = process.env.TEST_MEILI_URL;
  if (!url) throw new Error('TEST_MEILI_URL is not set: run the tests through jest (global-setup.ts)');
  return {
    url,
    key: process.env.TEST_MEILI_KEY ?? '',
    searchKey: process.env.TEST_MEILI_SEARCH_KEY ?? '',
    adminKey: process.env.TEST_MEILI_ADMIN_KEY ?? '',
  };
}

/**
 * The environment of one test file's stack: its database, the run's Meilisearch with the role keys and
 * without the master key (production mode: the API searches with the search key, the indexer writes with
 * the admin key), unique `t<hex>_` index and `t<hex>` Redis prefixes, silent logs, rate limits too high to
 * reach, and `overrides` on top. Child processes get the same variables (see `childEnv` in ./command.ts).
 */
export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  const meili = testMeili();
  const id = randomBytes(4).toString('hex');
  return {
    DATABASE_URL: databaseUrl,
    MEILI_URL: meili.url,
    MEILI_SEARCH_KEY: meili.searchKey,
    MEILI_ADMIN_KEY: meili.adminKey,
    MEILI_INDEX_PREFIX: `${TEST_PREFIX}${id}_`,
    REDIS_PREFIX: `t${id}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    APP_URL: 'http://api.test',
    LOG_LEVEL: 'silent',
    // The limiter runs in every test (headers and all); only the rate-limit tests set real limits.
    API_RATE_LIMIT_TOKEN: '1000000',
    API_RATE_LIMIT_GUEST: '1000000',
    // The default is the machine's cores; tests count on two.
    RENDER_CONCURRENCY: '2',
    ...overrides,
  };
}

/** `testEnv(databaseUrl, overrides)` loaded as an `AppConfig` (throws `ConfigError` on a bad override). */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnv(databaseUrl, overrides));
}

/** A client for the run's Meilisearch with its master key (to inspect what the code under test did). */
export function testMeiliClient(): Meilisearch {
  const { url, key } = testMeili();
  return new Meilisearch({ host: url, apiKey: key });
}

/** Deletes every index whose uid starts with `prefix` (call in `afterAll`). */
export async function dropIndexes(client: Meilisearch, prefix: string): Promise<void> {
  const { results } = await client.getIndexes({ limit: 1000 });
  for (const index of results.filter((i) => i.uid.startsWith(prefix))) {
    await client.deleteIndex(index.uid).waitTask({ timeout: 30_000 });
  }
}
