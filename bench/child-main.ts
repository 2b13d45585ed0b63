/**
 * The entry of a bench that runs as a child process of bench/run.ts (bench/render-pipeline.ts,
 * bench/index-first.ts): `main` prints its result as the last line of stdout; the process then exits 0,
 * or 1 with the error on stderr. Ctrl-C or a kill exits through process.exit, so that the 'exit' hooks
 * stop the servers the bench started.
 */
export function runChildBench(main: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
