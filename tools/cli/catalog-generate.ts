/**
 * `npm run catalog:generate -- --out <dir> [--scale tiny|small|medium|large] [--seed N] [--force]`
 * writes a deterministic demo catalog snapshot (see tools/generate). Refuses a non-empty directory unless
 * --force (then empties it). Bad flags: one line on stderr, exit 1.
 */
import { parseArgs } from 'node:util';
import { generateCatalog, OutputDirNotEmptyError } from '../generate';
import { isScale } from '../generate/scenarios';

function fail(message: string): never {
  process.stderr.write(`catalog:generate: ${message}\n`);
  process.exit(1);
}

function parse(): {
  outDir: string;
  scale: 'tiny' | 'small' | 'medium' | 'large';
  seed: number;
  force: boolean;
} {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        scale: { type: 'string', default: 'small' },
        seed: { type: 'string', default: '1' },
        force: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(
      error instanceof Error ? (error.message.split('\n')[0] ?? 'invalid arguments') : 'invalid arguments',
    );
  }
  if (!values.out) fail('--out <dir> is required');
  if (!isScale(values.scale)) fail(`--scale must be tiny, small, medium or large (got "${values.scale}")`);
  if (!/^\d+$/.test(values.seed) || Number(values.seed) > 0xffffffff)
    fail(`--seed must be an integer 0..4294967295 (got "${values.seed}")`);
  return { outDir: values.out, scale: values.scale, seed: Number(values.seed), force: values.force };
}

async function main(): Promise<void> {
  const { outDir, scale, seed, force } = parse();
  const started = process.hrtime.bigint();
  const summary = await generateCatalog({
    outDir,
    scale,
    seed,
    force,
    onProgress: (message) => process.stderr.write(`  ${message}\n`),
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Generated ${scale} catalog (seed ${seed}) in ${outDir} in ${seconds.toFixed(1)} s`);
  for (const [file, count] of Object.entries(summary.records)) {
    console.log(
      `  ${file.padEnd(22)} ${String(count).padStart(9)} records  ${mb(summary.bytes[file] ?? 0).padStart(10)}`,
    );
  }
  console.log(
    `  ${'files/'.padEnd(22)} ${String(summary.files.count).padStart(9)} files    ${mb(summary.files.bytes).padStart(10)}`,
  );
  console.log(`  total ${mb(summary.totalBytes)}`);
}

main().catch((error: unknown) => {
  if (error instanceof OutputDirNotEmptyError) fail(error.message);
  console.error(
    `catalog:generate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
