/**
 * Graceful shutdown on SIGTERM of the real processes (src/server.ts, indexer/worker.ts), with Meilisearch
 * behind a TCP proxy the test can hold, so work is provably in flight when the signal arrives.
 *
 * "No failed request" means: every request the API had received before SIGTERM completes with 200 (and
 * `Connection: close`, so no keep-alive client sends another on that connection), and a request made
 * after SIGTERM is refused at connect time (ECONNREFUSED), never reset or cut mid-way.
 */
import { once } from 'node:events';
import net from 'node:net';
import { createIndexQueue, type IndexQueue } from '../../src/jobs/index-queue';
import { freePort } from '../../tools/dev/free-port';
import { spawnTs, waitForOk } from '../support/command';
import { eventually, exitOf, killProcess } from '../support/outage';
import { startStack, testMeili, type Stack } from '../support/stack';

jest.setTimeout(90_000);

interface HoldingProxy {
  port: number;
  /** `shutdown-<n>` markers seen in requests to Meilisearch */
  seen: Set<string>;
  /** requests (any) seen */
  requests: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `target` that, while held, keeps what clients send (in order) until released. */
async function startHoldingProxy(target: URL): Promise<HoldingProxy> {
  let held = false;
  const seen = new Set<string>();
  const flushers = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const proxy: HoldingProxy = {
    port: 0,
    seen,
    requests: 0,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const flush of flushers) flush();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    let pending: Buffer[] = [];
    const flush = () => {
      for (const chunk of pending) upstream.write(chunk);
      pending = [];
    };
    flushers.add(flush);
    client.on('close', () => {
      flushers.delete(flush);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      proxy.requests += (text.match(/ HTTP\/1\.1\r\n/g) ?? []).length;
      for (const [marker] of text.matchAll(/shutdown-\d+/g)) seen.add(marker);
      if (held) pending.push(chunk);
      else upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.port = (server.address() as net.AddressInfo).port;
  return proxy;
}

/** Resolves with the error code of a TCP connect to `port` ('connected' when it was accepted). */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

let stack: Stack;
let proxy: HoldingProxy;

beforeAll(async () => {
  stack = await startStack();
  proxy = await startHoldingProxy(new URL(testMeili().url));
});
afterAll(async () => {
  await proxy?.close();
  await stack?.stop();
});

/** Environment of a child process on the stack, with Meilisearch behind the proxy. */
const childEnv = (extra: Record<string, string> = {}) =>
  stack.childEnv({
    MEILI_URL: `http://127.0.0.1:${proxy.port}`,
    // The proxy holds searches for seconds on purpose: longer than the API's default Meilisearch deadline.
    MEILI_TIMEOUT_MS: '60000',
    ...extra,
  });

describe('npm start on SIGTERM', () => {
  it('finishes 200 in-flight searches on keep-alive connections, refuses new connections, exits 0', async () => {
    const port = await freePort();
    const child = spawnTs('src/server.ts', childEnv({ HOST: '127.0.0.1', PORT: String(port) }));
    try {
      const origin = `http://127.0.0.1:${port}`;
      expect(await waitForOk(`${origin}/up`)).toBe(200);
      await stack.database.db('search_log').del();

      // 200 keep-alive connections, opened by a first round of concurrent requests.
      const search = (i: number) =>
        // One client address per pair of searches: the search log caps each address at 30 a minute.
        fetch(`${origin}/api/v1/products?search=shutdown-${i}`, {
          headers: { 'X-Forwarded-For': `198.51.100.${i % 200}` },
        }).then(async (res) => {
          await res.arrayBuffer();
          return { status: res.status, connection: res.headers.get('connection') };
        });
      const N = 200;
      const warm = await Promise.all(Array.from({ length: N }, (_, i) => search(1000 + i)));
      expect(warm.every((r) => r.status === 200 && r.connection === 'keep-alive')).toBe(true);

      // Round two reuses them; every search is held at Meilisearch, so all 200 are inside the API.
      proxy.hold();
      const inFlight = Array.from({ length: N }, (_, i) =>
        search(i).catch((error: Error & { cause?: { code?: string } }) => ({
          status: 0,
          connection: error.cause?.code ?? error.message,
        })),
      );
      await eventually(
        async () => [...proxy.seen].filter((marker) => Number(marker.slice(9)) < N).length,
        (count) => count === N,
        30_000,
      );
      child.kill('SIGTERM');
      // The listener is closed while the 200 still wait: a new connection is refused at connect time.
      expect(
        await eventually(
          () => connectOutcome(port),
          (outcome) => outcome === 'ECONNREFUSED',
        ),
      ).toBe('ECONNREFUSED');
      const late = await fetch(`${origin}/up`).then(
        (res) => `HTTP ${res.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect(late).toBe('ECONNREFUSED');
      expect([child.exitCode, child.signalCode]).toEqual([null, null]); // still serving the held requests

      proxy.release();
      const results = await Promise.all(inFlight);
      const failed = results.filter((r) => r.status !== 200);
      expect(failed).toEqual([]);
      expect(results.every((r) => r.connection === 'close')).toBe(true);
      expect(await exitOf(child)).toBe(0);
      // The search log was flushed on the way out.
      const logged = (
        await stack.database.db('search_log').where('query', 'like', 'shutdown-%').count('* as n')
      )[0] as {
        n: string;
      };
      expect(Number(logged.n)).toBe(2 * N);
    } finally {
      proxy.release();
      await killProcess(child);
    }
  });
});

describe('npm run worker on SIGTERM', () => {
  let queue: IndexQueue;
  beforeAll(() => {
    queue = createIndexQueue(stack.config);
  });
  afterAll(async () => {
    await queue?.close();
  });

  it('finishes the running job, then exits 0', async () => {
    const db = stack.database.db;
    await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
    const child = spawnTs('indexer/worker.ts', childEnv());
    try {
      proxy.release();
      const before = proxy.requests;
      proxy.hold();
      const job = await queue.add('reindex', { target: 'products' }, { attempts: 1 });
      const state = await eventually(
        async () => [await job.getState(), proxy.requests > before] as const,
        ([s, asked]) => s === 'active' && asked,
        30_000,
      );
      expect(state).toEqual(['active', true]);

      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([child.exitCode, child.signalCode]).toEqual([null, null]); // waiting for the job, not cutting it

      proxy.release();
      expect(await exitOf(child)).toBe(0);
      expect(await job.getState()).toBe('completed');
    } finally {
      proxy.release();
      await killProcess(child);
    }
  });
});
