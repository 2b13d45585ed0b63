/**
 * What the A/B drivers that count CPU time share (bench/detail-cpu.ts, bench/list-cpu.ts): a process's CPU
 * seconds from /proc, a command-line value, the transactions a database has seen (SQL per request), and
 * the API of a checkout (this tree or the code before a change) started under tsx.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { supervise, type Supervised } from '../tools/dev/supervise';

/** CPU seconds of `pid` in user space and in the kernel (/proc/<pid>/stat utime, stime). */
export function cpuSeconds(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may contain spaces
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** The value after `name` on the command line (`--requests 2000`), or `fallback`. */
export function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1]!;
}

/**
 * Transactions database `name` has seen, read after `quietMs`: a backend flushes these counts about once
 * a second when busy, and within ten seconds when idle.
 */
export async function transactions(db: Knex, name: string, quietMs: number): Promise<number> {
  await sleep(quietMs);
  const { rows } = await db.raw<{ rows: { n: string }[] }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = ?',
    [name],
  );
  return Number(rows[0]!.n);
}

/** An API process of a checkout, ready. */
export interface CheckoutApi {
  origin: string;
  pid: number;
  server: Supervised;
}

/**
 * The API of checkout `root` (`<root>/src/server.ts` under tsx, with its own node_modules link) with `env`
 * on `port`, started with `nodeArgs`, ready (`/up` answers 200); its output is read and dropped, as the API
 * child's. Throws when it does not start within a minute.
 */
export async function startCheckoutApi(
  root: string,
  env: Record<string, string>,
  port: number,
  nodeArgs: readonly string[] = [],
  script = path.join('src', 'server.ts'),
): Promise<CheckoutApi> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.resume();
  const server = supervise(child, { graceMs: 5000 });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300 && !server.done; tries++) {
    const status = await fetch(`${origin}/up`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { origin, pid: child.pid!, server };
    await sleep(200);
  }
  await server.stop();
  throw new Error(`the API in ${root} did not start`);
}
