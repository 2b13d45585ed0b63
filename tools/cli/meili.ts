/**
 * `npm run meili`: the bundled Meilisearch 1.21 in the foreground, its data in ./.data/meilisearch (kept
 * between runs), listening on 127.0.0.1 at the port of MEILI_URL (7700 when unset).
 *
 * With MEILI_MASTER_KEY of at least 16 bytes it runs in production mode with that key. Without a key, or
 * with a shorter one, it runs in development mode and prints a warning (without a key every route is open).
 * LOG_LEVEL sets its log level. Ctrl-C stops it cleanly (exit 130); exits 1 when it cannot start or dies.
 */
import path from 'node:path';
import { getConfig, type AppConfig } from '../../config/env';
import { startBundledMeilisearch } from '../dev/meilisearch';
import { Shutdown } from '../dev/shutdown';

const DATA_DIR = path.resolve('.data/meilisearch');
const DEFAULT_PORT = 7700;

const LOG_LEVELS: Record<AppConfig['logLevel'], string> = {
  fatal: 'ERROR',
  error: 'ERROR',
  warn: 'WARN',
  info: 'INFO',
  debug: 'DEBUG',
  trace: 'TRACE',
  silent: 'OFF',
};

async function main(): Promise<void> {
  const config = getConfig();
  const shutdown = new Shutdown();
  shutdown.handleSignals();
  const port = listenPort(config.meiliUrl);
  const key = config.meiliMasterKey;
  if (!key) {
    warn(
      'MEILI_MASTER_KEY is not set: running in development mode WITHOUT a master key; every route is open.',
    );
  } else if (Buffer.byteLength(key) < 16) {
    warn('MEILI_MASTER_KEY is shorter than 16 bytes: running in development mode (production needs 16).');
  }

  const meili = await startBundledMeilisearch({
    dataDir: DATA_DIR,
    port,
    masterKey: key ?? null,
    logLevel: LOG_LEVELS[config.logLevel],
    onLog: (line) => console.log(line),
  }).catch((error: unknown) => {
    // The server's own log lines are already on the screen: the first line says what happened.
    console.error(`meili: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
    return shutdown.exit(1);
  });
  shutdown.add('Meilisearch', () => meili.stop());
  console.log(
    `\nMeilisearch ${meili.env} at ${meili.url} (data: ${path.relative('.', meili.dataDir)}); Ctrl-C stops it.`,
  );
  if (!config.meiliUrl) console.log(`For the API and worker: MEILI_URL=${meili.url}`);

  const { code, signal } = await meili.exited;
  if (shutdown.stopping) return;
  console.error(`meili: Meilisearch exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`);
  await shutdown.exit(1);
}

/** The port MEILI_URL names (its scheme's default when it names none), or 7700 when MEILI_URL is unset. */
function listenPort(meiliUrl: string | undefined): number {
  if (!meiliUrl) return DEFAULT_PORT;
  const url = new URL(meiliUrl);
  if (url.protocol !== 'http:')
    throw new Error(`MEILI_URL is ${meiliUrl}: the bundled Meilisearch serves plain http`);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    warn(`MEILI_URL names host ${url.hostname}, but the bundled Meilisearch listens on 127.0.0.1 only.`);
  }
  return url.port ? Number(url.port) : 80;
}

function warn(message: string): void {
  console.warn(`WARNING: ${message}`);
}

main().catch((error: unknown) => {
  console.error(`meili failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
