/**
 * One of the project's own TypeScript entry points run as a child process through tsx, for the demo.
 *
 * `startServiceProcess(name, script, env)` spawns `tsx <script>` from the repository root with exactly `env`
 * and prefixes each output line with `[name]`; on a terminal, the services' pino JSON lines are shown as
 * readable lines (pino-pretty), anything else as it came. `stop()` sends SIGTERM, SIGKILL after 10 s, and resolves
 * once it exited (idempotent); `exited` settles when it exits for any reason. The child runs in its own
 * process group, so only `stop()` decides when it stops; signals go to that whole group, tsx's own node
 * process included (see supervise.ts for the orphan guards).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prettyFactory } from 'pino-pretty';
import { eachLine, supervise, type Supervised } from './supervise';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const STOP_GRACE_MS = 10_000;

const pretty = process.stdout.isTTY
  ? prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true })
  : undefined;

/** A pino JSON line as pino-pretty shows it (on a terminal); any other line unchanged. */
function readable(line: string): string {
  if (!pretty || !line.startsWith('{')) return line;
  try {
    return pretty(line).trimEnd();
  } catch {
    return line;
  }
}

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
  eachLine(child.stdout, (line) => console.log(`[${name}] ${readable(line)}`));
  eachLine(child.stderr, (line) => console.error(`[${name}] ${readable(line)}`));
  return Object.assign(supervise(child, { graceMs: STOP_GRACE_MS, group: true }), { name });
}
