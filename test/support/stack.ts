/**
 * The one way a test file sets itself up: `startStack(options)` in `beforeAll`, `stack.stop()` in
 * `afterAll`. Each stack has a database, an index prefix, a Redis prefix and a media root of its own:
 *
 *   stack = await startStack();                                  // sample catalog, indexes, API
 *   stack = await startStack({ env: { TRUST_PROXY: 'loopback' }, renderWorker: true });
 *   stack = await startStack({ catalog: (dir) => editRecords(dir, ...), index: false });
 *   stack = await startStack({ catalog: 'empty', api: false });  // a migrated database only
 *
 * What else a test file needs to configure (testConfig, testMeili, ...) is re-exported from here.
 */
import Redis from 'ioredis';
import type { Meilisearch } from 'meilisearch';
import pino from 'pino';
import { loadConfig, type AppConfig } from '../../config/env';
import { articlesIndex } from '../../indexer/indexes/articles';
import { mediaIndex } from '../../indexer/indexes/media';
import { productsIndex } from '../../indexer/indexes/products';
import {
  DEFAULT_PUSH_OPTIONS,
  liveUid,
  type IndexDefinitions,
  type IndexerContext,
  type PushOptions,
} from '../../indexer/context';
import { runReindex } from '../../indexer/jobs/reindex';
import { createRenderWorker, type RenderWorker } from '../../indexer/worker';
import { importSnapshot } from '../../src/import';
import { advanceGenerations } from '../../src/search/generations';
import { createMeiliClient, type IndexName } from '../../src/search/indexes';
import { startTestApi, type TestApi, type TestApiOptions } from './api';
import { childEnv } from './command';
import { dropIndexes, dropRedisKeys, testEnv, testMeiliClient } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { copySample, removeDir, tempDir } from './snapshot';

export { dropIndexes, dropRedisKeys, TEST_PREFIX, testConfig, testMeili, testMeiliClient } from './config';
export type { TestApi } from './api';

/** The production index definitions; the indexer tests pass small ones of their own. */
const PRODUCTION_DEFINITIONS: IndexDefinitions = {
  products: productsIndex,
  articles: articlesIndex,
  media: mediaIndex,
};

export interface StackOptions {
  /**
   * What Postgres holds: `'sample'` (default: a copy of the shared sample snapshot), `'empty'` (migrated,
   * no rows), a snapshot directory, or a function that edits a copy of the sample before it is imported.
   */
  catalog?: 'sample' | 'empty' | string | ((dir: string) => Promise<void>);
  /** Build every index from Postgres as a worker that caught up would (default: unless `catalog: 'empty'`). */
  index?: boolean;
  /** Environment variables on top of the test configuration (./config.ts `testEnv`). */
  env?: Record<string, string>;
  /** Start the API in-process (default true), or the options of that API (logger, search log, queue). */
  api?: boolean | TestApiOptions;
  /** Run the worker's render worker in-process (CMS previews of renditions not made yet wait for it). */
  renderWorker?: boolean;
  /** The indexer's index definitions (default: production's). */
  definitions?: IndexDefinitions;
  /** The indexer's push options on top of the defaults. */
  push?: Partial<PushOptions>;
}

export interface Stack {
  database: TestDatabase;
  /** The environment the configuration was loaded from (what a child process gets: `childEnv()`). */
  env: Record<string, string>;
  config: AppConfig;
  /** The in-process API; throws when the stack was started with `api: false`. */
  api: TestApi;
  /** The indexer's context over the stack's database and index prefix (admin key, as the worker). */
  indexer: IndexerContext;
  /** A client with the master key, to inspect what the code under test did. */
  meili: Meilisearch;
  mediaRoot: string;
  /** With `renderWorker`: the render worker (RENDER_CONCURRENCY of the config). */
  renderWorker?: RenderWorker;
  /** The live uid of an index of the stack's prefix. */
  uid(name: IndexName): string;
  /** Imports `dir` (full mode unless told) and rebuilds every index. */
  load(dir: string, mode?: 'full' | 'partial'): Promise<void>;
  /** Rebuilds every index and announces new generations (after the test changed Postgres). */
  reindex(): Promise<void>;
  /** A writable copy of the sample snapshot, removed by `stop()`. */
  copySample(): Promise<string>;
  /** An empty temp directory, removed by `stop()`. */
  tempDir(prefix?: string): Promise<string>;
  /**
   * The stack's database, media root and indexes with a Redis prefix of its own (its own rate-limit
   * counters and cache generations) and `env` on top: for a second API or a worker configured otherwise.
   */
  configWith(env: Record<string, string>): AppConfig;
  /** Another API (default: on the stack's config, a replica), closed by `stop()` unless closed before. */
  startApi(config?: AppConfig, options?: TestApiOptions): Promise<TestApi>;
  /** The environment of a child process on this stack (`childEnv` of ./command.ts), `extra` on top. */
  childEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Closes the APIs and workers, drops the indexes, Redis keys and database, removes the temp dirs. */
  stop(): Promise<void>;
}

/** Starts a stack as `options` say (see the module comment); call `stop()` in `afterAll`. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const catalog = options.catalog ?? 'sample';
  const database = await createTestDatabase();
  const mediaRoot = await tempDir('media-');
  const env = testEnv(database.url, { MEDIA_ROOT: mediaRoot, ...options.env });
  const config = loadConfig(env);
  const meili = testMeiliClient();
  // Reindexing announces new generations as the worker does, so the API's result cache drops older answers.
  const announcer = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const indexer: IndexerContext = {
    db: database.db,
    meili: createMeiliClient(config),
    indexPrefix: config.meiliIndexPrefix,
    definitions: options.definitions ?? PRODUCTION_DEFINITIONS,
    logger: pino({ level: 'silent' }),
    push: { ...DEFAULT_PUSH_OPTIONS, taskTimeoutMs: 30_000, ...options.push },
    mediaRoot,
    announce: (indexes) => advanceGenerations(announcer, config.redisPrefix, indexes),
    listForms: { appUrl: config.appUrl, apiBaseUrl: config.apiBaseUrl },
  };
  const apis: TestApi[] = [];
  const redisPrefixes = [config.redisPrefix];
  const tempDirs = [mediaRoot];

  // As a worker that caught up: every index rebuilt, and the catalog generation (cached details) advanced.
  const reindex = async () => {
    await runReindex(indexer, 'all');
    await indexer.announce!(['catalog']);
  };
  const importDir = (dir: string, mode: 'full' | 'partial') =>
    importSnapshot(database.db, dir, { mode, mediaRoot });

  const ownCopy = async () => {
    const dir = await copySample();
    tempDirs.push(dir);
    return dir;
  };
  const ownTempDir = async (prefix?: string) => {
    const dir = await tempDir(prefix);
    tempDirs.push(dir);
    return dir;
  };

  let snapshot: string | undefined;
  if (typeof catalog === 'function' || catalog === 'sample') {
    snapshot = await ownCopy();
    if (typeof catalog === 'function') await catalog(snapshot);
  } else if (catalog !== 'empty') {
    snapshot = catalog;
  }
  if (snapshot) await importDir(snapshot, 'full');
  if (options.index ?? catalog !== 'empty') await reindex();

  const startApi = async (apiConfig = config, apiOptions: TestApiOptions = {}) => {
    const api = await startTestApi(apiConfig, apiOptions);
    let closed: Promise<void> | undefined;
    const once: TestApi = { ...api, close: () => (closed ??= api.close()) };
    apis.push(once);
    return once;
  };
  const api =
    options.api === false
      ? undefined
      : await startApi(config, options.api === true || !options.api ? {} : options.api);
  const renderWorker = options.renderWorker
    ? await createRenderWorker({ config, db: database.db, logger: indexer.logger })
    : undefined;

  return {
    database,
    env,
    config,
    get api(): TestApi {
      if (!api) throw new Error('this stack was started with api: false');
      return api;
    },
    indexer,
    meili,
    mediaRoot,
    ...(renderWorker ? { renderWorker } : {}),
    uid: (name) => liveUid(indexer, name),
    async load(dir, mode = 'full') {
      await importDir(dir, mode);
      await reindex();
    },
    reindex,
    copySample: ownCopy,
    tempDir: ownTempDir,
    configWith(extra) {
      const own = testEnv(database.url, {
        MEDIA_ROOT: mediaRoot,
        MEILI_INDEX_PREFIX: config.meiliIndexPrefix,
        ...extra,
      });
      redisPrefixes.push(own.REDIS_PREFIX!);
      return loadConfig(own);
    },
    startApi,
    childEnv(extra = {}) {
      const { LOG_LEVEL: _silent, ...vars } = env;
      return childEnv({ ...vars, ...extra });
    },
    async stop() {
      await renderWorker?.close();
      for (const started of apis.reverse()) await started.close();
      await dropIndexes(meili, config.meiliIndexPrefix);
      announcer.disconnect();
      for (const prefix of new Set(redisPrefixes)) await dropRedisKeys(config.redisUrl, prefix);
      await database.drop();
      for (const dir of tempDirs) await removeDir(dir);
    },
  };
}
