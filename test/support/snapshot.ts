/**
 * Snapshot fixtures for tests: a writable copy of the shared sample snapshot, line editing helpers and a
 * fingerprint of every catalog table (to prove that a failed or repeated import changed nothing).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';

export const SAMPLE_SNAPSHOT = path.resolve(__dirname, '../../../shared/sample-snapshot');

/** A fresh writable copy of the sample snapshot in a temp dir. */
export async function copySample(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snapshot-'));
  await cp(SAMPLE_SNAPSHOT, dir, { recursive: true });
  return dir;
}

export async function tempDir(prefix = 'catalog-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

type Json = Record<string, unknown>;

/**
 * A snapshot directory with a manifest and the given NDJSON files (`{ 'taxons.ndjson': [records] }`):
 * `dir` (e.g. a stack's `tempDir()`), else a new temp directory the caller removes.
 */
export async function writeSnapshot(files: Record<string, Json[]>, dir?: string): Promise<string> {
  dir ??= await tempDir('snapshot-');
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ format: 'catalog-snapshot', version: 1 }),
  );
  for (const [file, records] of Object.entries(files)) {
    await writeFile(path.join(dir, file), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
  return dir;
}

/** Reads the records of an NDJSON file of a snapshot. */
export async function readRecords(dir: string, file: string): Promise<Json[]> {
  const text = await readFile(path.join(dir, file), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Json);
}

/** Rewrites an NDJSON file through `edit` (records in, records out). */
export async function editRecords(
  dir: string,
  file: string,
  edit: (records: Json[]) => Json[],
): Promise<void> {
  const records = edit(await readRecords(dir, file));
  await writeFile(path.join(dir, file), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/** Replaces line `line` (1-based) of a file with raw text. */
export async function replaceLine(dir: string, file: string, line: number, raw: string): Promise<void> {
  const lines = (await readFile(path.join(dir, file), 'utf8')).split('\n');
  lines[line - 1] = raw;
  await writeFile(path.join(dir, file), lines.join('\n'));
}

export const CATALOG_TABLES = [
  'manufacturers',
  'tractor_series',
  'tractor_models',
  'taxonomies',
  'taxons',
  'articles',
  'products',
  'product_taxons',
  'product_manufacturers',
  'product_tractor_models',
  'product_articles',
  'media_folders',
  'media',
  'product_media_links',
  'product_uploads',
  'search_keywords',
  'image_formats',
  'synonyms',
  'users',
  'catalogs',
  'index_outbox',
];

/**
 * Per table: row count, md5 of the rows' text and the set of row versions (xmin), so that even an
 * update writing identical values shows up as a change.
 */
export async function fingerprint(db: Knex): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CATALOG_TABLES) {
    const { rows } = await db.raw(
      `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS content,
              md5(coalesce(string_agg(t.xmin::text, ',' ORDER BY t.xmin::text), '')) AS versions
         FROM ${table} t`,
    );
    const row = rows[0] as { n: string; content: string; versions: string };
    out[table] = `${row.n}:${row.content}:${row.versions}`;
  }
  return out;
}
