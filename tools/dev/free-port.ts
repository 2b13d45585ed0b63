/**
 * Ports on 127.0.0.1 for servers spawned in development and tests.
 *
 * `freePort(host)` returns a TCP port that was free on `host` (default 127.0.0.1) a moment ago: the kernel
 * picks it for a listener on port 0, which is then closed. Another process may take it before the caller
 * binds it, so callers that spawn a server on it should retry on "address in use".
 * `isPortFree(port, host)` resolves true when a listener could bind `port` just now (and was closed again).
 */
import net from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error(`no free port on ${host}`))));
    });
  });
}

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
