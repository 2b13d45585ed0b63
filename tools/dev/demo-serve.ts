/**
 * The serving half of `npm run demo` (tools/cli/demo.ts).
 *
 * `serveUntilInterrupted(config, meili, shutdown)` creates the role keys of the index prefix with the master
 * key of `meili` (as `npm run meili:keys` does) and starts the worker (`tsx indexer/worker.ts`, with
 * MEILI_ADMIN_KEY) and the API (`tsx src/server.ts`, with MEILI_SEARCH_KEY) as child processes, keys in
 * their environment and neither holding the master key; a Meilisearch without a master key needs none. It
 * registers their stop with `shutdown` (the API stops first), waits until the products index is live and
 * the API answers, prints the base URL and example curl calls, and then never resolves: Ctrl-C stops
 * everything through `shutdown`. When a service exits on its own it reports it and exits the process with 1;
 * when the index is not live within `liveTimeoutMs` (default 5 min) it rejects.
 */
import type { AppConfig } from '../../config/env';
import { setTimeout as sleep } from 'node:timers/promises';
import { indexUid } from '../../src/search/indexes';
import { roleKeyEnv } from './meilisearch';
import { startServiceProcess } from './service-process';
import type { Shutdown } from './shutdown';

export interface MeiliConnection {
  url: string;
  /** Undefined or '' for a server without a master key. */
  masterKey: string | undefined;
}

export async function serveUntilInterrupted(
  config: AppConfig,
  meili: MeiliConnection,
  shutdown: Shutdown,
  liveTimeoutMs = 300_000,
): Promise<never> {
  const env = await serviceEnv(config, meili);
  const worker = startServiceProcess('worker', 'indexer/worker.ts', env.worker);
  shutdown.add('worker', () => worker.stop());
  const api = startServiceProcess('api', 'src/server.ts', env.api);
  shutdown.add('API', () => api.stop());

  const firstExit = Promise.race([worker, api].map((s) => s.exited.then((exit) => ({ name: s.name, exit }))));
  void firstExit.then(({ name, exit }) => {
    if (shutdown.stopping) return;
    console.error(
      `The ${name} exited unexpectedly (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`,
    );
    void shutdown.exit(1);
  });

  console.log('Waiting until the search index is live...');
  await waitUntilLive(config, meili, liveTimeoutMs);
  const base = config.apiBaseUrl;
  console.log(`\nThe API is live at ${base}\n\nTry:`);
  for (const path of [
    '/products?per_page=2',
    '/products?search=Frontlader',
    '/products?taxons=produktbereich:erntetechnik&per_page=5',
    '/articles?search=Kettenrad',
    '/manufacturers',
    '/media?type=image&per_page=2',
  ]) {
    console.log(`  curl -s '${base}${path}'`);
  }
  console.log(
    '\nProtected endpoints need a token (printed once; only its hash is stored). In another terminal:\n' +
      // the sources, as the demo runs them (`npm run token:create` runs the build: npm run build first)
      '  TOKEN=$(npx tsx src/cli/token.ts create --email cms-integration@example.com --name demo | tail -n 1)\n' +
      `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Accept: application/json' '${base}/content/media?per_page=2'\n` +
      `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Accept: application/json' '${base}/search/suggestions?q=front'`,
  );
  console.log(`\nAPI documentation: ${config.appUrl}/api/docs`);
  console.log('\nCtrl-C stops the API, the worker and Meilisearch.');
  return new Promise<never>(() => {});
}

/**
 * Our environment (the services read their whole configuration from it) with this demo's Meilisearch, for
 * the worker (its admin key) and the API (its search key). Without a master key, role keys given in our
 * environment pass through as they are.
 */
async function serviceEnv(
  config: AppConfig,
  meili: MeiliConnection,
): Promise<{ worker: NodeJS.ProcessEnv; api: NodeJS.ProcessEnv }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MEILI_URL: meili.url,
    ...(await roleKeyEnv(meili, config.meiliIndexPrefix)),
  };
  // A demo runs locally: the OpenAPI document at /docs/api.json is open (spec "Specification document").
  env.APP_ENV ||= 'local';
  delete env.MEILI_MASTER_KEY;
  const without = (name: string): NodeJS.ProcessEnv =>
    Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));
  return { worker: without('MEILI_SEARCH_KEY'), api: without('MEILI_ADMIN_KEY') };
}

/**
 * Resolves when the products index holds documents, Meilisearch has no enqueued or processing task left
 * and GET {apiBaseUrl}/products answers 200. Rejects after `timeoutMs`.
 */
async function waitUntilLive(config: AppConfig, meili: MeiliConnection, timeoutMs: number): Promise<void> {
  const uid = indexUid(config.meiliIndexPrefix, 'products');
  const headers: Record<string, string> = meili.masterKey
    ? { Authorization: `Bearer ${meili.masterKey}` }
    : {};
  const json = async (
    url: string,
    auth: Record<string, string>,
  ): Promise<Record<string, unknown> | undefined> => {
    try {
      const response = await fetch(url, { headers: auth, signal: AbortSignal.timeout(5000) });
      return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stats = await json(`${meili.url}/indexes/${encodeURIComponent(uid)}/stats`, headers);
    const pending = await json(`${meili.url}/tasks?statuses=enqueued,processing&limit=1`, headers);
    if (Number(stats?.numberOfDocuments) > 0 && stats?.isIndexing === false && pending?.total === 0) {
      if (await json(`${config.apiBaseUrl}/products?per_page=1`, {})) return;
    }
    await sleep(500);
  }
  throw new Error(`The index ${uid} was not live within ${timeoutMs} ms`);
}
