/**
 * Import benchmark: for each scale, generate the demo catalog once (cached under .data/bench), import it
 * into a fresh database (first import) and again (idempotent re-import), each in a child process whose
 * peak RSS is measured. Returns one result row per scale.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { generateCatalog } from '../tools/generate';

export type Scale = 'tiny' | 'small' | 'medium' | 'large';

export interface ImportRun {
  records: number;
  changes: number;
  durationMs: number;
  maxRssMb: number;
}

export interface ImportBenchResult {
  scale: string;
  generateMs: number | null;
  first: ImportRun;
  again: ImportRun;
}

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'bench');

async function runChild(databaseUrl: string, dir: string, mediaRoot: string): Promise<ImportRun> {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const { stdout } = await promisify(execFile)(
    tsx,
    [path.join(__dirname, 'import-child.ts'), databaseUrl, dir, mediaRoot],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ImportRun;
}

/**
 * A snapshot of only the manifest and articles of `snapshot`, to measure article throughput alone: hard
 * links (regular files, as the importer requires; a copy across file systems).
 */
async function articlesOnly(snapshot: string): Promise<string> {
  const dir = `${snapshot}-articles-only`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const file of ['manifest.json', 'articles.ndjson'])
    await link(path.join(snapshot, file), path.join(dir, file)).catch(() =>
      copyFile(path.join(snapshot, file), path.join(dir, file)),
    );
  return dir;
}

/**
 * Benchmarks the import of the generated catalog of `scale` against the Postgres server of `serverUrl`;
 * with `only: 'articles'`, of its manifest and articles alone.
 */
export async function benchImport(
  scale: Scale,
  serverUrl: string,
  log: (m: string) => void,
  only?: 'articles',
): Promise<ImportBenchResult> {
  const snapshot = path.join(DATA, `snapshot-${scale}-seed1`);
  let generateMs: number | null = null;
  if (!existsSync(path.join(snapshot, 'manifest.json'))) {
    log(`generating the ${scale} catalog into ${path.relative(ROOT, snapshot)} (cached for later runs)...`);
    const started = Date.now();
    await rm(snapshot, { recursive: true, force: true });
    await generateCatalog({ outDir: snapshot, scale, seed: 1 });
    generateMs = Date.now() - started;
  }
  const source = only ? await articlesOnly(snapshot) : snapshot;
  const databaseUrl = withDatabase(serverUrl, `catalog_bench_${scale}`);
  const mediaRoot = path.join(DATA, `media-${scale}`);
  await dropDatabase(databaseUrl);
  await rm(mediaRoot, { recursive: true, force: true });
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, 1);
  await migrateLatest(db);
  await db.destroy();

  const label = only ? `${scale} (articles only)` : scale;
  log(`importing ${label} (first import)...`);
  const first = await runChild(databaseUrl, source, mediaRoot);
  log(`importing ${label} again (nothing changed)...`);
  const again = await runChild(databaseUrl, source, mediaRoot);
  await dropDatabase(databaseUrl);
  await rm(mediaRoot, { recursive: true, force: true });
  if (only) await rm(source, { recursive: true, force: true });
  return { scale: label, generateMs, first, again };
}

/** Formats results as a Markdown table (records/s = records read / wall time of the import). */
export function importTable(results: ImportBenchResult[]): string {
  const rate = (r: ImportRun) => Math.round(r.records / (r.durationMs / 1000)).toLocaleString('en-US');
  const lines = [
    '| scale | records | first import | records/s | peak RSS | re-import (no change) | records/s | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.scale} | ${r.first.records.toLocaleString('en-US')} | ${(r.first.durationMs / 1000).toFixed(1)} s | ${rate(r.first)} | ` +
        `${r.first.maxRssMb} MB | ${(r.again.durationMs / 1000).toFixed(1)} s | ${rate(r.again)} | ${r.again.maxRssMb} MB |`,
    );
  }
  return lines.join('\n');
}
