/**
 * `npm run demo`: the service's data from a clean checkout, against the Postgres of DATABASE_URL.
 *
 * 1. Meilisearch: the one at MEILI_URL (with MEILI_MASTER_KEY) when set, else the bundled server with its data
 *    in ./.data/meilisearch (MEILI_MASTER_KEY as its key when set, else a random one).
 * 2. Postgres: creates the database when missing and applies the migrations.
 * 3. When `products` is empty: generates the small catalog (seed 1) into ./.data/demo-snapshot (reused while it
 *    has a manifest.json; written beside it and renamed when complete) and imports it in full mode, files
 *    into MEDIA_ROOT.
 * 4. Prints the row counts of products, articles and media, then creates the Meilisearch role keys and
 *    starts the index worker (admin key) and the API (search key) as child processes
 *    (tools/dev/demo-serve.ts), waits until the products index is live and prints example calls. The
 *    worker builds the indexes from the outbox the import wrote.
 *
 * Ctrl-C (SIGINT/SIGTERM) at any point stops everything it started and exits 130/143; any failure exits 1.
 */
import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { getConfig, type AppConfig } from '../../config/env';
import { createDb, databaseName, ensureDatabase, migrateLatest } from '../../src/db/database';
import { serveUntilInterrupted, type MeiliConnection } from '../dev/demo-serve';
import { startBundledMeilisearch } from '../dev/meilisearch';
import { Shutdown } from '../dev/shutdown';
import { generateCatalog } from '../generate';
import { importSnapshot } from '../../src/import';

const MEILI_DATA_DIR = path.resolve('.data/meilisearch');
const SNAPSHOT_DIR = path.resolve('.data/demo-snapshot');

async function main(shutdown: Shutdown): Promise<void> {
  const config = getConfig();
  const meili = await connectMeilisearch(config, shutdown);
  const db = await openDatabase(config, shutdown);
  await ensureCatalog(db, config);

  const [products, articles, media] = await Promise.all(
    ['products', 'articles', 'media'].map((t) => countRows(db, t)),
  );
  console.log(
    `\nThe catalog is imported: Postgres database ${databaseName(config.databaseUrl)} holds ` +
      `${products} products, ${articles} articles and ${media} media.`,
  );
  await serveUntilInterrupted(config, meili, shutdown);
}

/** MEILI_URL's server after a /health check, or the bundled one, started here and stopped by `shutdown`. */
async function connectMeilisearch(
  config: AppConfig,
  shutdown: Shutdown,
): Promise<MeiliConnection & { started: boolean }> {
  if (config.meiliUrl) {
    const healthy = await fetch(`${config.meiliUrl}/health`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) {
      throw new Error(
        `Meilisearch at MEILI_URL=${config.meiliUrl} does not answer /health: start it (npm run meili) ` +
          'or unset MEILI_URL to let the demo start the bundled one',
      );
    }
    console.log(`Meilisearch: ${config.meiliUrl} (MEILI_URL)`);
    return { url: config.meiliUrl, masterKey: config.meiliMasterKey, started: false };
  }
  console.log(`Starting the bundled Meilisearch (data in ${path.relative('.', MEILI_DATA_DIR)})...`);
  const meili = await startBundledMeilisearch({
    dataDir: MEILI_DATA_DIR,
    masterKey: config.meiliMasterKey,
    onLog: (line) => {
      // index_not_found is expected while the worker builds the indexes for the first time.
      if (/\b(WARN|ERROR)\b/.test(line) && !line.includes('index_not_found'))
        console.error(`[meilisearch] ${line}`);
    },
  });
  shutdown.add('Meilisearch', () => meili.stop());
  void meili.exited.then(({ code, signal }) => {
    if (shutdown.stopping) return;
    console.error(`Meilisearch exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`);
    void shutdown.exit(1);
  });
  console.log(`Meilisearch ${meili.env}: ${meili.url}`);
  return { url: meili.url, masterKey: meili.masterKey, started: true };
}

/** A knex instance on DATABASE_URL (created when missing, migrated), destroyed by `shutdown`. */
async function openDatabase(config: AppConfig, shutdown: Shutdown): Promise<Knex> {
  const name = databaseName(config.databaseUrl);
  try {
    if (await ensureDatabase(config.databaseUrl)) console.log(`Created database ${name}`);
  } catch (error) {
    const url = new URL(config.databaseUrl);
    url.password = url.password ? '***' : '';
    throw new Error(`cannot prepare database ${name} at ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db = createDb(config.databaseUrl, 4);
  shutdown.add('database connections', () => db.destroy());
  const applied = await migrateLatest(db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : `Database ${name} is up to date`,
  );
  return db;
}

/** Imports the generated demo catalog when `products` is empty. */
async function ensureCatalog(db: Knex, config: AppConfig): Promise<void> {
  const products = await countRows(db, 'products');
  if (products > 0) {
    console.log(`The database already holds ${products} products: nothing to import.`);
    return;
  }
  const progress = (message: string): void => console.log(`  ${message}`);
  const shown = path.relative('.', SNAPSHOT_DIR);
  if (await exists(path.join(SNAPSHOT_DIR, 'manifest.json'))) {
    console.log(`Reusing the generated catalog in ${shown}`);
  } else {
    // The generator writes manifest.json first: generate beside it and rename when complete, so an
    // interrupted run never leaves a directory that looks reusable.
    const partial = `${SNAPSHOT_DIR}.partial`;
    await rm(partial, { recursive: true, force: true });
    console.log(`Generating the small demo catalog (seed 1) into ${shown}...`);
    await generateCatalog({ outDir: partial, scale: 'small', seed: 1, onProgress: progress });
    await rm(SNAPSHOT_DIR, { recursive: true, force: true });
    await rename(partial, SNAPSHOT_DIR);
  }
  console.log(`Importing ${shown} (full mode, files into ${config.mediaRoot})...`);
  const summary = await importSnapshot(db, SNAPSHOT_DIR, {
    mode: 'full',
    mediaRoot: config.mediaRoot,
    onProgress: progress,
  });
  console.log(
    `Imported ${summary.records} records (${summary.changes} changes) in ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
}

async function countRows(db: Knex, table: string): Promise<number> {
  const result = await db.raw<{ rows: { n: number }[] }>('SELECT count(*)::int AS n FROM ??', [table]);
  return result.rows[0]?.n ?? 0;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

const shutdown = new Shutdown();
shutdown.handleSignals();
main(shutdown).catch(async (error: unknown) => {
  if (shutdown.stopping) return; // interrupted: the error is a consequence of stopping
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown.exit(1);
});
