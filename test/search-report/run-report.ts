/**
 * Runs `npm run search-report` as a child process (tsx, as npm would) against a test database.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const TSX = path.resolve(__dirname, '../../node_modules/.bin/tsx');
const CLI = path.resolve(__dirname, '../../src/cli/search-report.ts');

/** Resolves with the exit code and the output, whatever the code. */
export async function runReport(
  args: string[],
  databaseUrl: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
