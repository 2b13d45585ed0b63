/**
 * Runs `npm run search-report` as a child process (its TypeScript source, as the npm script runs its
 * compiled twin) on a stack's database.
 */
import { runTs, type CommandRun } from '../support/command';
import type { Stack } from '../support/stack';

/** Resolves with the exit code and the output, whatever the code. */
export function runReport(args: string[], stack: Stack): Promise<CommandRun> {
  return runTs('src/cli/search-report.ts', args, stack.childEnv());
}
