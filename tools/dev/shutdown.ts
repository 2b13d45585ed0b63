/**
 * Orderly shutdown for CLI processes that start servers or child processes (`npm run meili`, `npm run demo`).
 *
 * `add(label, step)` registers a cleanup step; steps run last-added first, each at most `STEP_TIMEOUT_MS`
 * (10 s), and a failing step is reported on stderr without stopping the others. `exit(code)` runs the steps
 * once and exits the process; the first code wins when called again. `handleSignals()` makes SIGINT, SIGTERM
 * and SIGHUP do `exit(128 + signal number)` (130 for Ctrl-C); a second signal (more than a second after the
 * first: Ctrl-C arrives twice through npm and tsx) exits at once, and the
 * bundled Meilisearch's own 'exit' hook still kills it.
 */
import os from 'node:os';

const STEP_TIMEOUT_MS = 10_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** A second signal within this many ms is the same Ctrl-C delivered twice, not a second request. */
const DUPLICATE_SIGNAL_MS = 1000;

export class Shutdown {
  private readonly steps: { label: string; step: () => unknown }[] = [];
  private exiting: Promise<never> | undefined;
  private exitCode = 0;
  private signalledAt = 0;

  /** True once `exit()` has been called (by a signal or by the program). */
  get stopping(): boolean {
    return this.exiting !== undefined;
  }

  add(label: string, step: () => unknown): void {
    this.steps.push({ label, step });
  }

  exit(code: number): Promise<never> {
    this.exiting ??= this.runSteps(code);
    return this.exiting;
  }

  handleSignals(): void {
    for (const name of SIGNALS) {
      process.on(name, () => {
        // Ctrl-C reaches us twice: from the terminal (whole process group) and relayed by npm/tsx.
        if (this.stopping && Date.now() - this.signalledAt < DUPLICATE_SIGNAL_MS) return;
        if (this.stopping) {
          process.stderr.write(`\n${name} again: exiting without waiting\n`);
          process.exit(this.exitCode || 128 + os.constants.signals[name]);
        }
        this.signalledAt = Date.now();
        process.stderr.write(`\n${name}: stopping...\n`);
        void this.exit(128 + os.constants.signals[name]);
      });
    }
  }

  private async runSteps(code: number): Promise<never> {
    this.exitCode = code;
    for (const { label, step } of this.steps.splice(0).reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`did not finish within ${STEP_TIMEOUT_MS} ms`)),
          STEP_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([Promise.resolve().then(step), timeout]);
      } catch (error) {
        process.stderr.write(
          `Stopping ${label} failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      } finally {
        clearTimeout(timer);
      }
    }
    process.exit(code);
  }
}
