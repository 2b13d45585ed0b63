/**
 * Running the project's commands as a user would, in child processes: `childEnv` (the only environment a
 * child gets), `runTs`/`runCommand` (run to the end, collect the output and exit code), `spawnTs` (a
 * long-running server or worker) and `waitForOk` (poll a URL until it answers 200).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

/** The repository's root, where `npx` and relative entry points resolve. */
export const ROOT = path.resolve(__dirname, '../..');

/** What a finished command left: its exit code (null when killed by a signal) and its output. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a child process: the parent's PATH, LOG_LEVEL `warn`, then `vars`. Nothing else of
 * the test runner's environment leaks in, so a child sees exactly the configuration the test wrote (a
 * stack passes its own variables: `stack.childEnv()`).
 */
export function childEnv(vars: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...vars };
}

/** Runs `command` with `args` in `ROOT` and the environment `env` only; resolves when it exits. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Node's arguments that run the TypeScript entry point `file` (relative to `ROOT`) as its compiled twin. */
const tsArgs = (file: string, args: string[]) => ['--require', require.resolve('tsx/cjs'), file, ...args];

/** Runs the TypeScript entry point `file` with `args` and the environment `env` only, to its end. */
export function runTs(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return runCommand(process.execPath, tsArgs(file, args), env);
}

/**
 * Starts the TypeScript entry point `file` (e.g. `src/server.ts`) with the environment `env` only; its
 * standard error goes to the test's unless `stdio` says otherwise. Stop it with `killProcess` (./outage.ts).
 */
export function spawnTs(
  file: string,
  env: NodeJS.ProcessEnv,
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
): ChildProcess {
  return spawn(process.execPath, tsArgs(file, []), { cwd: ROOT, env, stdio });
}

/**
 * Polls `url` every 50 ms until it answers 200 or `timeoutMs` passed; returns the last status (0 while
 * nothing listens), e.g. `expect(await waitForOk(`${origin}/up`)).toBe(200)`.
 */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    if (status === 200 || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
