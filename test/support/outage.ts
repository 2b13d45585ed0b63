/**
 * Dependencies that tests can take down: `startTcpProxy(target)` forwards a local port to a server and can
 * switch to hanging (connections accepted, never answered) or refusing (connections reset) and back;
 * `startRedisServer(port)` runs a redis-server of the test's own that the test may kill.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

export type ProxyMode = 'forward' | 'hang' | 'refuse';

export interface TcpProxy {
  port: number;
  /** Switches mode; every open connection is cut, so clients notice at once. */
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

/** A proxy on 127.0.0.1 (a free port) to `target`, forwarding until told otherwise. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'refuse') return client.resetAndDestroy();
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    setMode(next) {
      mode = next;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export { startRedisServer } from '../../tools/dev/redis-server';

/** Kills `child` (SIGKILL) unless it already exited, and waits for its exit. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/**
 * How `child` ended: its exit code, or the signal that killed it. Resolves at once when it has already
 * exited (a bare `once(child, 'exit')` would then wait forever).
 */
export async function exitOf(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null) return child.exitCode;
  if (child.signalCode !== null) return child.signalCode;
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return code ?? signal ?? -1;
}

/** Polls `probe` every 50 ms until `ok` holds or `timeoutMs` passed; returns the last value. */
export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
