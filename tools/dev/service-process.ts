/**
 * One of the project's own TypeScript entry points run as a child process through tsx, for the demo.
 *
 * `startServiceProcess(name, script, env)` spawns `tsx <script>` from the repository root with exactly `env`
 * and prefixes each output line with `[name]`. `stop()` sends SIGTERM, SIGKILL after 10 s, and resolves
 * once it exited (idempotent); `exited` settles when it exits for any reason. The child runs in its own
 * process group, so only `stop()` decides when it stops; signals go to that whole group, tsx's own node
 * process included (see supervise.ts for the orphan guards).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eachLine, supervise, type Supervised } from './supervise';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const STOP_GRACE_MS = 10_000;

export interface ServiceProcess extends Supervised {
  name: string;
}

export function startServiceProcess(name: string, script: string, env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), script], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  eachLine(child.stdout, (line) => console.log(`[${name}] ${line}`));
  eachLine(child.stderr, (line) => console.error(`[${name}] ${line}`));
  return Object.assign(supervise(child, { graceMs: STOP_GRACE_MS, group: true }), { name });
}
