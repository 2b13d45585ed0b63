/**
 * `npm run meili:keys [-- --print]`: creates the Meilisearch keys of MEILI_INDEX_PREFIX with
 * MEILI_MASTER_KEY at MEILI_URL (src/search/keys.ts): the API's search key and the worker's admin key,
 * both scoped to `<prefix>*`. Run it once per deployment (and prefix); it is idempotent.
 *
 * Standard output gets `MEILI_SEARCH_KEY=...` and `MEILI_ADMIN_KEY=...` lines for the keys this run
 * created (or recreated with the current actions: same value), ready for an env file; keys that already
 * existed as designed are only reported on standard error, with their uid, unless `--print` prints them
 * again. MEILI_URL or MEILI_MASTER_KEY unset, a refused master key, Meilisearch out of reach, bad
 * arguments: one line on standard error and exit 1.
 */
import { parseArgs } from 'node:util';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';
import { getConfig } from '../../config/env';
import { MEILI_ADMIN_TIMEOUT_MS } from '../search/indexes';
import { ensureRoleKeys, ROLE_VARIABLES } from '../search/keys';
import { exitWithError } from './exit';

function fail(message: string): never {
  console.error(`meili:keys: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let print = false;
  try {
    print = parseArgs({ options: { print: { type: 'boolean' } } }).values.print === true;
  } catch (error) {
    fail(`${(error as Error).message}\nUsage: npm run meili:keys [-- --print]`);
  }
  const config = getConfig();
  if (!config.meiliUrl) fail('MEILI_URL is not set: point it at the Meilisearch to create the keys in');
  if (!config.meiliMasterKey) fail('MEILI_MASTER_KEY is not set: only the master key can create keys');
  const meili = new Meilisearch({
    host: config.meiliUrl,
    apiKey: config.meiliMasterKey,
    timeout: MEILI_ADMIN_TIMEOUT_MS,
  });
  const keys = await ensureRoleKeys(meili, config.meiliIndexPrefix).catch((error: unknown) => {
    if (error instanceof MeilisearchApiError && error.response.status === 403) {
      fail(
        `Meilisearch at ${config.meiliUrl} refused MEILI_MASTER_KEY (${error.cause?.code}): is it the master key?`,
      );
    }
    throw error;
  });
  for (const key of keys) {
    const variable = ROLE_VARIABLES[key.role];
    const what = `${variable}: ${key.role} key ${key.uid} (actions ${key.actions.join(', ')}; indexes ${key.indexes.join(', ')})`;
    if (key.outcome === 'kept') {
      console.error(`${what} exists${print ? '' : ' (--print shows it again)'}`);
    } else {
      console.error(
        `${what} ${key.outcome === 'created' ? 'created' : 'recreated with these actions, same value'}`,
      );
    }
    if (print || key.outcome !== 'kept') console.log(`${variable}=${key.key}`);
  }
}

main().catch((error: unknown) => exitWithError('meili:keys', error));
