/**
 * A whole search path for API tests: a database of the file's own with a snapshot imported, the indexes
 * built by the indexer's own reindex code under the file's index prefix, and the API listening.
 * `reindex()` rebuilds every index after the test changed Postgres; `close()` drops everything. With
 * `renderWorker`, the worker's render worker runs in-process on the file's Redis prefix (CMS previews of
 * renditions not made yet wait for it); no index worker runs.
 */
import Redis from 'ioredis';
import pino from 'pino';
import type { AppConfig } from '../../config/env';
import { articlesIndex } from '../../indexer/indexes/articles';
import { mediaIndex } from '../../indexer/indexes/media';
import { productsIndex } from '../../indexer/indexes/products';
import { DEFAULT_PUSH_OPTIONS, type IndexerContext } from '../../indexer/context';
import { runReindex } from '../../indexer/jobs/reindex';
import { createRenderWorker, type RenderWorker } from '../../indexer/worker';
import { importSnapshot } from '../../src/import';
import { advanceGenerations } from '../../src/search/generations';
import { createMeiliClient } from '../../src/search/indexes';
import { startTestApi, type TestApi } from './api';
import { createTestDatabase, type TestDatabase } from './database';
import { copySample, removeDir, tempDir } from './snapshot';
import { dropIndexes, dropRedisKeys, testConfig } from './stack';

export interface CatalogStack {
  database: TestDatabase;
  config: AppConfig;
  api: TestApi;
  indexer: IndexerContext;
  mediaRoot: string;
  /** With `renderWorker`: the render worker (RENDER_CONCURRENCY of the config). */
  renderWorker?: RenderWorker;
  /** Imports `dir` (full mode unless told) and rebuilds every index. */
  load(dir: string, mode?: 'full' | 'partial'): Promise<void>;
  reindex(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the stack over `snapshotDir` (default: a copy of the shared sample snapshot), `env` on top of the
 * test configuration; `renderWorker`: start a render worker too.
 */
export async function startCatalogStack(
  snapshotDir?: string,
  env: Record<string, string> = {},
  options: { renderWorker?: boolean } = {},
): Promise<CatalogStack> {
  const database = await createTestDatabase();
  const mediaRoot = await tempDir('media-');
  const config = testConfig(database.url, { MEDIA_ROOT: mediaRoot, ...env });
  // Reindexing announces new generations as the worker does, so the API's result cache drops older answers.
  const announcer = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const indexer: IndexerContext = {
    db: database.db,
    meili: createMeiliClient(config),
    indexPrefix: config.meiliIndexPrefix,
    definitions: { products: productsIndex, articles: articlesIndex, media: mediaIndex },
    logger: pino({ level: 'silent' }),
    push: DEFAULT_PUSH_OPTIONS,
    mediaRoot,
    announce: (indexes) => advanceGenerations(announcer, config.redisPrefix, indexes),
  };
  // As a worker that caught up: every index rebuilt, and the catalog generation (cached details) advanced.
  const reindex = async () => {
    await runReindex(indexer, 'all');
    await indexer.announce!(['catalog']);
  };
  const load = async (dir: string, mode: 'full' | 'partial' = 'full') => {
    await importSnapshot(database.db, dir, { mode, mediaRoot });
    await reindex();
  };
  const sample = snapshotDir ? undefined : await copySample();
  await load(snapshotDir ?? sample!);
  const api = await startTestApi(config);
  const renderWorker = options.renderWorker
    ? await createRenderWorker({ config, db: database.db, logger: indexer.logger })
    : undefined;
  return {
    database,
    config,
    api,
    indexer,
    mediaRoot,
    ...(renderWorker ? { renderWorker } : {}),
    load,
    reindex,
    async close() {
      await renderWorker?.close();
      await api.close();
      await dropIndexes(indexer.meili, config.meiliIndexPrefix);
      announcer.disconnect();
      await dropRedisKeys(config.redisUrl, config.redisPrefix);
      await database.drop();
      await removeDir(mediaRoot);
      if (sample) await removeDir(sample);
    },
  };
}
