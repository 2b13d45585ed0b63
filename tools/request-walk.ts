/**
 * The request walk: which of the project's source files one API request actually runs, measured on a
 * running API instead of read from the imports.
 *
 * `walkRequest(options)` builds a stack of its own (a new Postgres database on DATABASE_URL's server with a
 * snapshot imported, default the shared sample catalog; the bundled Meilisearch in a temp dir with the
 * indexes built by the indexer's `runReindex`; a random index and Redis prefix on REDIS_URL), starts
 * `src/server.ts` as a child in production mode with `--inspect=127.0.0.1:0`, warms it up with a few
 * different requests (never the measured one), then measures over the inspector:
 *
 * - `runs` times the request while the result cache cannot answer it (each run first announces new index
 *   generations, as the worker does after a write), under V8 precise coverage (`callCount`, function
 *   granularity) reset right before the request and taken once its response is read. A file is on the
 *   walk when one of its own functions ran in every run; only files under `src/`, `indexer/` and
 *   `config/` count. The getters tsx's CommonJS transform puts before a module's code (they run when
 *   another module reads an export) do not count: such files are listed as "only an export read".
 * - One more cache-missing run with a breakpoint at the start of every function that ran, whose condition
 *   appends to an array in the API process and never pauses: the exact call order, hence the order files
 *   are first called in and the changes of folder (a call into another folder than the previous call's).
 * - Apart, not on the walk: what runs in the `SETTLE_MS` after each response (work the request deferred),
 *   what runs in a window of the same length without a request (timers), and the same request answered
 *   from the result cache.
 *
 * Everything it started is stopped and dropped at the end, also on failure. Throws when a service does not
 * start or the measured request does not answer 200.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import { Meilisearch } from 'meilisearch';
import pino from 'pino';
import { WebSocket } from 'undici';
import { loadConfig } from '../config/env';
import { DEFAULT_PUSH_OPTIONS } from '../indexer/context';
import { runReindex } from '../indexer/jobs/reindex';
import { INDEX_DEFINITIONS } from '../indexer/registry';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { importSnapshot } from '../src/import';
import { advanceGenerations } from '../src/search/generations';
import { freePort } from './dev/free-port';
import { roleKeyEnv, startBundledMeilisearch } from './dev/meilisearch';
import { eachLine, supervise, type Supervised } from './dev/supervise';
import { dropRedisKeys } from './support/redis';

const ROOT = path.resolve(__dirname, '..');
/** The folders whose files count as the project's code on a walk. */
const PROJECT_FOLDERS = ['src', 'indexer', 'config'];
/** How long after a response its deferred work (the search log's cap check) is watched for, ms. */
const SETTLE_MS = 100;

/** The shared sample catalog (test/support/snapshot.ts reads the same one). */
export const SAMPLE_SNAPSHOT = path.resolve(ROOT, '..', 'shared', 'sample-snapshot');

/** A search for a German compound of the sample catalog in one of its frontend taxons. */
export const DEFAULT_REQUEST = '/products?search=Schlepperfrontlader&taxons=produktbereich:frontlader';

/** Requests that load and run what a first request would (pools, lexicon, serializers), not the measured one. */
export const DEFAULT_WARMUPS: readonly string[] = [
  '/products?search=Ballengreifer&taxons=einsatzbereich:ballenhandling',
  '/products?search=Rundballer',
  '/products?taxons=produktbereich:erntetechnik&facets=1',
  '/products?search=Frontlader&facets=1',
  '/products/rp-125-f',
  '/articles?search=Zinken',
  '/media',
  '/taxonomies',
];

export interface WalkOptions {
  /** The measured request: a path under `/api/v1` with its query. */
  request: string;
  warmups: readonly string[];
  /** Cache-missing runs of the request (each after new generations). */
  runs: number;
  /** A catalog snapshot directory (catalog-snapshot format). */
  snapshotDir: string;
  log: (message: string) => void;
}

/** A function of a project file, where V8 has its source. */
interface FunctionRef {
  scriptId: string;
  file: string;
  name: string;
  startOffset: number;
  endOffset: number;
}

/** One measured window: the project files with a function that ran, and how the request went. */
export interface WalkWindow {
  /** Project files (relative to the repository, `/`-separated) whose own functions ran, sorted. */
  files: string[];
  /** Files only read from: an export read (a constant), none of their functions ran. */
  exportsRead: string[];
  /** Functions of project files that ran. */
  functions: number;
  /** Calls of those functions. */
  calls: number;
  status: number;
  ms: number;
}

/** The traced run: every call of a function that ran in the measured runs, in call order. */
export interface WalkTrace {
  /** `file#function` per call. */
  calls: string[];
  /** Files in the order of their first call. */
  order: string[];
  /** Folder of each call, consecutive repeats collapsed. */
  folderSequence: string[];
  status: number;
  ms: number;
}

export interface Walk {
  request: string;
  snapshotDir: string;
  misses: WalkWindow[];
  trace: WalkTrace;
  /** The same request answered from the result cache. */
  hit: WalkWindow;
  /** Files that ran in windows of the same length without a request (timers, pollers). */
  idle: string[];
  /** Files not on the path that ran in the `SETTLE_MS` after a response (work the request deferred, or timers). */
  afterResponse: string[];
  /** The files of every miss, in the order of their first call in the traced run (untraced ones last). */
  path: string[];
  /** Files seen in some misses only. */
  unstable: string[];
  /** Files not on the path whose exports were read in some miss. */
  exportsRead: string[];
}

/** The folder a file counts in: its directory (`src/http`, `src/resources/products`, `config`). */
export function folderOf(file: string): string {
  return path.posix.dirname(file);
}

/** Changes of folder in a folder sequence (consecutive repeats already collapsed). */
export function folderChanges(sequence: readonly string[]): number {
  return Math.max(0, sequence.length - 1);
}

/** How many times each folder is entered in a folder sequence, most first. */
export function folderEntries(sequence: readonly string[]): [string, number][] {
  const entries = new Map<string, number>();
  for (const folder of sequence) entries.set(folder, (entries.get(folder) ?? 0) + 1);
  return [...entries].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Measures `options.request` as described in the module comment. */
export async function walkRequest(options: WalkOptions): Promise<Walk> {
  const config = loadConfig();
  const id = randomBytes(4).toString('hex');
  const prefix = `walk_${id}_`;
  const redisPrefix = `walk_${id}`;
  const databaseUrl = withDatabase(config.databaseUrl, `catalog_walk_${id}`);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const mediaRoot = await mkdtemp(path.join(os.tmpdir(), 'walk-media-'));
    cleanup.push(() => rm(mediaRoot, { recursive: true, force: true }));

    options.log('starting the bundled Meilisearch...');
    const meili = await startBundledMeilisearch();
    cleanup.push(() => meili.stop());

    options.log(`importing ${options.snapshotDir} into a database of its own...`);
    await ensureDatabase(databaseUrl);
    cleanup.push(() => dropDatabase(databaseUrl));
    const db = createDb(databaseUrl, 2);
    cleanup.push(() => db.destroy());
    await migrateLatest(db);
    await importSnapshot(db, options.snapshotDir, { mode: 'full', mediaRoot });

    options.log('building the indexes...');
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    cleanup.push(() => dropRedisKeys(config.redisUrl, redisPrefix));
    cleanup.push(async () => redis.disconnect());
    await runReindex(
      {
        db,
        meili: new Meilisearch({ host: meili.url, apiKey: meili.masterKey }),
        indexPrefix: prefix,
        definitions: INDEX_DEFINITIONS,
        logger: pino({ level: 'silent' }),
        push: DEFAULT_PUSH_OPTIONS,
        mediaRoot,
      },
      'all',
    );
    // As a worker that caught up: without known generations the API bypasses its result cache.
    const announce = async () => {
      await advanceGenerations(redis, redisPrefix, ['products', 'articles', 'media', 'catalog']);
      await sleep(300); // the API learns of them by pub/sub
    };
    await announce();

    options.log('starting the API (src/server.ts) with an inspector...');
    const roleKeys = await roleKeyEnv(meili, prefix);
    const port = await freePort();
    const api = await startInspectedApi(port, {
      DATABASE_URL: databaseUrl,
      MEILI_URL: meili.url,
      MEILI_SEARCH_KEY: roleKeys.MEILI_SEARCH_KEY ?? '',
      MEILI_INDEX_PREFIX: prefix,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: redisPrefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      APP_ENV: 'production',
      APP_DEBUG: 'false',
      MEDIA_ROOT: mediaRoot,
      // Loopback clients stay guests (their requests pass the limiter as a shopper's do), under a limit no run reaches.
      API_RATE_LIMIT_GUEST: '1000000000',
    });
    cleanup.push(() => api.server.stop());
    const inspector = await Inspector.connect(api.inspectorUrl);
    cleanup.push(async () => inspector.close());

    const get = async (request: string) => {
      const started = performance.now();
      const res = await fetch(`${api.origin}/api/v1${request}`, { headers: { Accept: 'application/json' } });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    options.log(`warming up with ${options.warmups.length} other requests...`);
    for (let round = 0; round < 2; round++) {
      for (const request of options.warmups) {
        const { status } = await get(request);
        if (status !== 200) throw new Error(`warm-up GET /api/v1${request} answered ${status}`);
      }
    }

    await inspector.send('Debugger.enable'); // for the scripts' sources
    const scripts = scriptSources(inspector);
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const measured = async (action: () => Promise<{ status: number; ms: number }>) => {
      await inspector.send('Profiler.takePreciseCoverage'); // resets the counters
      const outcome = await action();
      const { result } = await inspector.send<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage');
      return { ...outcome, ...(await functionsThatRan(result, scripts)) };
    };

    const misses: WalkWindow[] = [];
    const traced = new Map<string, FunctionRef>();
    const idle = new Set<string>();
    const after = new Set<string>();
    for (let run = 0; run < options.runs; run++) {
      await announce();
      const miss = await measured(() => get(options.request));
      if (miss.status !== 200) throw new Error(`GET /api/v1${options.request} answered ${miss.status}`);
      misses.push(windowOf(miss));
      for (const { fn } of miss.ran) traced.set(`${fn.scriptId}:${fn.startOffset}`, fn);
      options.log(`run ${run + 1}: ${misses[run]!.files.length} files, ${miss.ms.toFixed(1)} ms`);
      const pause = (ms: number) => async () => {
        await sleep(ms);
        return { status: 0, ms };
      };
      for (const { fn } of (await measured(pause(SETTLE_MS))).ran) after.add(fn.file);
      for (const { fn } of (await measured(pause(Math.max(50, miss.ms)))).ran) idle.add(fn.file);
    }
    const hit = windowOf(await measured(() => get(options.request)));
    await inspector.send('Profiler.stopPreciseCoverage');

    options.log(`tracing the calls of ${traced.size} functions in one more cache-missing run...`);
    await announce();
    const trace = await traceCalls(inspector, scripts, [...traced.values()], () => get(options.request));
    if (trace.status !== 200)
      throw new Error(`traced GET /api/v1${options.request} answered ${trace.status}`);

    const inAll = (file: string) => misses.every((m) => m.files.includes(file));
    const all = [...new Set(misses.flatMap((m) => m.files))];
    const ordered = [...trace.order, ...all.filter((f) => !trace.order.includes(f)).sort()];
    return {
      request: options.request,
      snapshotDir: options.snapshotDir,
      misses,
      trace,
      hit,
      idle: [...idle].sort(),
      afterResponse: [...after].filter((file) => !all.includes(file)).sort(),
      path: ordered.filter(inAll),
      unstable: ordered.filter((file) => all.includes(file) && !inAll(file)),
      exportsRead: [...new Set(misses.flatMap((m) => m.exportsRead))].filter((f) => !all.includes(f)).sort(),
    };
  } finally {
    for (const step of cleanup.reverse()) {
      await step().catch((error: unknown) => options.log(`cleanup: ${(error as Error).message}`));
    }
  }
}

interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/** A script as V8 runs it: where its lines start and where its own code starts. */
interface ScriptSource {
  lineStarts: number[];
  /**
   * Offset after the module plumbing tsx's transform puts first (`__export` getters, `__toCommonJS`):
   * functions before it run when another module reads an export, not when this file's code runs.
   */
  ownCodeStart: number;
}

/** The sources of the API's scripts, read once each over the inspector (the Debugger domain enabled). */
function scriptSources(inspector: Inspector): (scriptId: string) => Promise<ScriptSource> {
  const known = new Map<string, Promise<ScriptSource>>();
  const read = async (scriptId: string): Promise<ScriptSource> => {
    const { scriptSource } = await inspector.send<{ scriptSource: string }>('Debugger.getScriptSource', {
      scriptId,
    });
    const lineStarts = [0];
    for (let i = 0; i < scriptSource.length; i++) if (scriptSource[i] === '\n') lineStarts.push(i + 1);
    const plumbing = /module\.exports\s*=\s*__toCommonJS\([\w$]+\);?/.exec(scriptSource);
    return { lineStarts, ownCodeStart: plumbing ? plumbing.index + plumbing[0].length : 0 };
  };
  return (scriptId) => {
    let source = known.get(scriptId);
    if (!source) known.set(scriptId, (source = read(scriptId)));
    return source;
  };
}

/** What ran in a window: the project's own functions with their call counts, and the files only read from. */
interface Ran {
  ran: { fn: FunctionRef; count: number }[];
  /** Files none of whose own functions ran, but whose exports were read (a constant, a function not called). */
  exportsRead: string[];
}

/** The project's functions with a call count above 0 in a coverage take. */
async function functionsThatRan(
  result: readonly ScriptCoverage[],
  scripts: (scriptId: string) => Promise<ScriptSource>,
): Promise<Ran> {
  const ran: Ran['ran'] = [];
  const read = new Set<string>();
  for (const script of result) {
    const file = projectFile(script.url);
    if (!file) continue;
    for (const { functionName, ranges } of script.functions) {
      const range = ranges[0];
      if (!range || range.count === 0) continue;
      const { startOffset, endOffset, count } = range;
      if (startOffset < (await scripts(script.scriptId)).ownCodeStart) {
        read.add(file);
        continue;
      }
      ran.push({
        fn: { scriptId: script.scriptId, file, name: functionName, startOffset, endOffset },
        count,
      });
    }
  }
  const files = new Set(ran.map((r) => r.fn.file));
  return { ran, exportsRead: [...read].filter((file) => !files.has(file)).sort() };
}

function windowOf(measured: { status: number; ms: number } & Ran): WalkWindow {
  return {
    files: [...new Set(measured.ran.map((r) => r.fn.file))].sort(),
    exportsRead: measured.exportsRead,
    functions: measured.ran.length,
    calls: measured.ran.reduce((sum, r) => sum + r.count, 0),
    status: measured.status,
    ms: measured.ms,
  };
}

/**
 * Runs `action` with a breakpoint at the start of each of `functions` whose condition appends the
 * function's number to an array in the API process and never pauses, so the order is exact and the
 * request is not held up by round trips; reads the array afterwards.
 */
async function traceCalls(
  inspector: Inspector,
  scripts: (scriptId: string) => Promise<ScriptSource>,
  functions: readonly FunctionRef[],
  action: () => Promise<{ status: number; ms: number }>,
): Promise<WalkTrace> {
  const log = 'globalThis.__requestWalk';
  const breakpoints: string[] = [];
  for (const [index, fn] of functions.entries()) {
    const { lineStarts } = await scripts(fn.scriptId);
    const lineNumber = lineStarts.findLastIndex((start) => start <= fn.startOffset);
    const location = {
      scriptId: fn.scriptId,
      lineNumber,
      columnNumber: fn.startOffset - lineStarts[lineNumber]!,
    };
    const { breakpointId } = await inspector.send<{ breakpointId: string }>('Debugger.setBreakpoint', {
      location,
      condition: `(${log} ??= []).push(${index}), false`,
    });
    breakpoints.push(breakpointId);
  }
  let outcome: { status: number; ms: number };
  let hits: number[];
  try {
    await inspector.send('Runtime.evaluate', { expression: `${log} = []` });
    outcome = await action();
    await sleep(SETTLE_MS); // the calls the request defers belong to its order too
    const { result } = await inspector.send<{ result: { value: string } }>('Runtime.evaluate', {
      expression: `JSON.stringify(${log})`,
      returnByValue: true,
    });
    hits = JSON.parse(result.value) as number[];
  } finally {
    for (const breakpointId of breakpoints)
      await inspector.send('Debugger.removeBreakpoint', { breakpointId });
    await inspector.send('Debugger.disable');
    await inspector.send('Runtime.evaluate', { expression: `delete ${log}` });
  }
  const calls = hits.map((index) => {
    const fn = functions[index]!;
    return `${fn.file}#${fn.name || '(anonymous)'}`;
  });
  const order: string[] = [];
  const folderSequence: string[] = [];
  for (const call of calls) {
    const file = call.slice(0, call.indexOf('#'));
    if (!order.includes(file)) order.push(file);
    const folder = folderOf(file);
    if (folderSequence[folderSequence.length - 1] !== folder) folderSequence.push(folder);
  }
  return { calls, order, folderSequence, ...outcome };
}

/** `src/…`, `indexer/…` or `config/…` relative to the repository for a script URL of this tree, else undefined. */
function projectFile(url: string): string | undefined {
  if (!url) return undefined;
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  if (!path.isAbsolute(file)) return undefined;
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const top = relative.split('/')[0] ?? '';
  if (!PROJECT_FOLDERS.includes(top) || relative.includes('node_modules/')) return undefined;
  return relative;
}

/** The API child: its origin, its inspector's WebSocket URL and its supervision. */
interface InspectedApi {
  origin: string;
  inspectorUrl: string;
  server: Supervised;
}

/**
 * `src/server.ts` as a supervised child (`node --inspect=127.0.0.1:0 --import tsx`) with `env` over this
 * process's environment minus the Meilisearch keys it must not hold; resolves once GET /api/v1/taxonomies
 * answers 200. Throws with its last output when it exits or is not ready within 60 s.
 */
async function startInspectedApi(port: number, env: Record<string, string>): Promise<InspectedApi> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['MEILI_MASTER_KEY', 'MEILI_ADMIN_KEY'].includes(key)),
  );
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', '--import', 'tsx', path.join(ROOT, 'src', 'server.ts')],
    { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const server = supervise(child, { graceMs: 5000 });
  const tail: string[] = [];
  let inspectorUrl: string | undefined;
  // Both streams are read to the end: an unread pipe would block the child once its buffer is full.
  const keep = (line: string) => {
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    tail.push(line);
    if (tail.length > 20) tail.shift();
  };
  eachLine(child.stdout!, keep);
  eachLine(child.stderr!, keep);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!server.done && Date.now() < deadline) {
    try {
      const res = await fetch(`${origin}/api/v1/taxonomies`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200 && inspectorUrl) return { origin, inspectorUrl, server };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`src/server.ts did not start; last output:\n  ${tail.join('\n  ')}`);
}

/** A minimal Chrome DevTools Protocol client over the child's inspector WebSocket. */
class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return; // an event
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot open the inspector at ${url}`)), {
        once: true,
      });
    });
    return new Inspector(socket);
  }

  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** The walk as text: the path in call order, grouped by folder, counts, and what is noise. */
export function formatWalk(walk: Walk): string {
  const folders = [...new Set(walk.path.map(folderOf))];
  const idle = new Set(walk.idle);
  const untraced = new Set(walk.path.filter((f) => !walk.trace.order.includes(f)));
  const mark = (file: string) =>
    (untraced.has(file) ? ' (not called in the traced run)' : '') +
    (idle.has(file) ? ' (also runs without a request)' : '');
  const lines = [
    `GET /api/v1${walk.request}`,
    `catalog ${walk.snapshotDir}; ${walk.misses.length} cache-missing runs: ` +
      walk.misses
        .map((m) => `${m.files.length} files ${m.functions} functions ${m.ms.toFixed(1)} ms`)
        .join(', '),
    '',
    `${walk.path.length} files in ${folders.length} folders; the traced run made ${walk.trace.calls.length} ` +
      `calls with ${folderChanges(walk.trace.folderSequence)} changes of folder`,
    '',
    'In call order (first call of each file):',
    ...walk.path.map((file, i) => `${String(i + 1).padStart(3)} ${file}${mark(file)}`),
    '',
    'By folder:',
    ...folders.map((folder) => {
      const files = walk.path.filter((f) => folderOf(f) === folder).map((f) => path.posix.basename(f));
      return `  ${folder}/ (${files.length}): ${files.join(', ')}`;
    }),
    '',
    'Times each folder is entered: ' +
      folderEntries(walk.trace.folderSequence)
        .map(([folder, n]) => `${folder} ${n}`)
        .join(', '),
    `Folders in call order: ${walk.trace.folderSequence.join(' > ')}`,
  ];
  if (walk.unstable.length) lines.push('', `In some runs only: ${walk.unstable.join(', ')}`);
  if (walk.exportsRead.length) {
    lines.push(`Only an export read (no function of theirs ran): ${walk.exportsRead.join(', ')}`);
  }
  lines.push(
    '',
    `In the ${SETTLE_MS} ms after a response, not on the path: ${walk.afterResponse.join(', ') || 'none'}`,
    `Without a request (same window length): ${walk.idle.join(', ') || 'no project file ran'}`,
    `Answered from the result cache, the same request runs ${walk.hit.files.length} files ` +
      `(${walk.hit.functions} functions, ${walk.hit.ms.toFixed(1)} ms).`,
  );
  return lines.join('\n');
}
