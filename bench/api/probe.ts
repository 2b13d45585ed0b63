/**
 * What each API request of the benchmark causes, seen from inside an in-process copy of the app: its SQL
 * statements and the exact requests it sends Meilisearch, which the raw Meilisearch cases replay.
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { AppConfig } from '../../config/env';
import { createApp } from '../../src/app';
import { createLimiterRedis } from '../../src/http/rate-limit';
import { createSearchLog } from '../../src/search-log';
import { createDb } from '../../src/db/database';
import { createMeiliClient } from '../../src/search/indexes';
import { apiSearchKey } from '../../src/search/keys';
import type { BenchRequest, Hits } from './types';

/** What one API request caused, seen from inside the app. */
export interface Probed {
  /** SQL statements (knex 'query' events). */
  queries: number;
  /** The requests the app sent Meilisearch, as sent (method, path, headers, body). */
  meili: BenchRequest[];
  /** `meta.total` of a list answer (undefined for a file). */
  total: number | undefined;
}

/**
 * Sends each path to an in-process app (the same code as the API child, over the same database and
 * Meilisearch) one request at a time, each twice (the first opens pool connections and warms the JIT), and
 * records what the second one caused: its SQL statements and its Meilisearch requests. These are caught at
 * the global `fetch`, which the meilisearch client calls, so the raw Meilisearch cases replay exactly what
 * the API sends, headers included, whatever the API's code does today. Returns what each path caused, by
 * path; throws when a counted request does not answer 2xx. With `warm` false each path is sent once (the
 * many templates of the unique cases: their Meilisearch requests, not their SQL counts, are wanted).
 * The in-process app has no index generations, so its result cache is bypassed: every request does its
 * full work.
 */
export async function probe(
  config: AppConfig,
  paths: string[],
  { warm = true }: { warm?: boolean } = {},
): Promise<Map<string, Probed>> {
  const db = createDb(config.databaseUrl, 4);
  const meiliUrl = config.meiliUrl!;
  let queries = 0;
  let meili: BenchRequest[] | undefined; // set while the counted request runs
  db.on('query', () => queries++);
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (meili && url.href.startsWith(meiliUrl)) {
      meili.push({
        method: (init?.method ?? 'GET') as BenchRequest['method'],
        path: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers)),
        body: typeof init?.body === 'string' ? init.body : undefined,
      });
    }
    return realFetch(input, init);
  };
  const logger = pino({ level: 'silent' });
  const redis = createLimiterRedis(config, logger);
  // The search log writes on a pool of its own, so its background inserts are not counted as the paths' SQL.
  const searchLogDb = createDb(config.databaseUrl, 1);
  const searchLog = createSearchLog({ db: searchLogDb, redis, redisPrefix: config.redisPrefix, logger });
  // The API's search key on the worker's client, which calls the global fetch this probe listens at.
  const client = createMeiliClient({ ...config, meiliAdminKey: apiSearchKey(config) });
  const app = createApp({ config, db, meili: client, logger, redis, searchLog });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const out = new Map<string, Probed>();
    for (const p of paths) {
      if (warm) await (await realFetch(`${origin}${p}`)).arrayBuffer();
      queries = 0;
      const calls: BenchRequest[] = (meili = []);
      const res = await realFetch(`${origin}${p}`);
      const text = await res.text();
      meili = undefined;
      if (!res.ok) throw new Error(`GET ${p} answered ${res.status} in-process: ${text.slice(0, 300)}`);
      // A file (rendition) has no total.
      const json = res.headers.get('content-type')?.startsWith('application/json');
      const total = json ? (JSON.parse(text) as Hits).meta?.total : undefined;
      out.set(p, { queries, meili: calls, total });
    }
    return out;
  } finally {
    globalThis.fetch = realFetch;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await searchLog.close();
    redis.disconnect();
    await Promise.all([db.destroy(), searchLogDb.destroy()]);
  }
}
