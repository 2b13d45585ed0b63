/**
 * The real worker (`indexer/worker.ts` of `workerRoot`, under tsx) as a child of a bench, supervised: killed
 * when the bench exits. It runs with the worker's production node flags (config/runtime.ts);
 * BENCH_WORKER_NODE_ARGS replaces them (`none`: no flags; e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), as
 * BENCH_API_NODE_ARGS does for the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { WORKER_NODE_FLAGS } from '../config/runtime';
import { supervise, type Supervised } from '../tools/dev/supervise';

/** The worker's node flags for a bench run. */
function workerNodeArgs(): string[] {
  const given = process.env.BENCH_WORKER_NODE_ARGS;
  return given === undefined ? [...WORKER_NODE_FLAGS] : given.split(' ').filter((a) => a && a !== 'none');
}

/** Starts the worker of `workerRoot` with `env` added to this process's; its output goes to this one's. */
export function spawnWorker(
  workerRoot: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; worker: Supervised } {
  const root = path.resolve(workerRoot);
  const child = spawn(
    process.execPath,
    [...workerNodeArgs(), '--import', 'tsx', path.join(root, 'indexer', 'worker.ts')],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return { child, worker: supervise(child, { graceMs: 10_000 }) };
}
