/** Running a command-line entry point as a user would: a child process, its output and exit code. */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The repository's root, where `npx` and relative entry points resolve. */
export const ROOT = path.resolve(__dirname, '../..');

/** What a finished command left: its exit code (null when killed by a signal) and its output. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
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
