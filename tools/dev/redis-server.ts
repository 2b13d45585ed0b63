/**
 * A throwaway `redis-server` for the tests and the chaos run: on 127.0.0.1:`port`, without persistence (a
 * restart loses everything, as a failover to an empty replica does). The machine's own Redis is never
 * touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts `redis-server` on 127.0.0.1:`port`; resolves once it accepts connections. Its log is read to the
 * end afterwards, so a long-running server never blocks on a full pipe. Rejects with its output when it
 * exits first (port taken, binary missing).
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return child;
}
