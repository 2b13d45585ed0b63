/**
 * Lifetime of a spawned server process, shared by the bundled Meilisearch and the demo's services.
 *
 * `supervise(child, { graceMs, removeDir })` returns `exited` (settles when the child exits, or fails to
 * spawn: then `error` is set) and an idempotent `stop()` that sends SIGTERM, SIGKILL after `graceMs`,
 * waits for the exit and then removes `removeDir` if given. The child never outlives this process: it is
 * SIGKILL-ed (and `removeDir` removed) on process 'exit', and a watchdog covers deaths that skip 'exit'.
 * `eachLine(stream, fn)` calls `fn` for each line of a child's output.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { startWatchdog } from './watchdog';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be spawned at all. */
  error?: Error;
}

export interface Supervised {
  exited: Promise<ChildExit>;
  /** True once the child has exited. */
  readonly done: boolean;
  stop(): Promise<void>;
}

/** Children still running; the one 'exit' listener kills them (synchronously: nothing async runs there). */
const running = new Set<() => void>();
process.on('exit', () => {
  for (const kill of running) kill();
});

/**
 * `group`: the child was spawned `detached` (it leads its own process group) and signals go to the whole
 * group, so that what it started itself (tsx's node process) stops with it.
 */
export function supervise(
  child: ChildProcess,
  options: { graceMs: number; removeDir?: string; group?: boolean },
): Supervised {
  let done = false;
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  }).finally(() => (done = true));

  const send = (signal: NodeJS.Signals): void => {
    if (done) return;
    try {
      if (options.group && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid, options.removeDir);
  const killNow = (): void => {
    send('SIGKILL');
    watchdog?.kill('SIGKILL');
    if (options.removeDir) rmSync(options.removeDir, { recursive: true, force: true });
  };
  running.add(killNow);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      send('SIGTERM');
      const timer = setTimeout(() => send('SIGKILL'), options.graceMs);
      await exited;
      clearTimeout(timer);
      running.delete(killNow);
      watchdog?.kill('SIGKILL');
      if (options.removeDir) await rm(options.removeDir, { recursive: true, force: true, maxRetries: 3 });
    })());

  return {
    exited,
    get done() {
      return done;
    },
    stop,
  };
}

export function eachLine(stream: Readable, fn: (line: string) => void): void {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', fn);
}
