/**
 * Stage 1 of an import: stream each NDJSON file line by line, validate every record, store its files,
 * and COPY the rows into a temporary staging table (`stg_<kind>`, dropped at commit).
 * Memory stays bounded whatever the file size: lines flow through in small batches with backpressure.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import split2 from 'split2';
import type { z } from 'zod';
import { ImportError } from './errors';
import type { OriginalStore } from './files';
import type { Kind } from './kinds';
import { deletionRecord, describeIssue, formatDeletionRecord, synonymRecord } from './records';
import { SnapshotFileError, type SnapshotDir } from './snapshot-dir';

/** Lines validated per batch; files of one batch are stored concurrently. */
const BATCH = 64;

const NEEDS_ESCAPE = /[\\\n\r\t]/;

/**
 * Escapes one value for COPY's text format: `\N` is NULL, a `text[]` column gets an array literal,
 * any other object or array becomes JSON (for jsonb columns).
 */
export function copyValue(value: unknown, type?: string): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  let s: string;
  if (typeof value === 'string') s = value;
  else if (type === 'text[]') s = pgTextArray(value as string[]);
  else if (type === 'int[]') s = `{${(value as number[]).join(',')}}`;
  else s = JSON.stringify(value);
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** A Postgres text[] literal: `{"a","b \"c\""}`. */
function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** md5 of a normalized, encoded row: equal for records that mean the same, whatever their field order. */
export function rowHash(encoded: string): string {
  return createHash('md5').update(encoded).digest('hex');
}

export const stagingTable = (name: string): string => `stg_${name}`;

interface Line {
  line: number;
  json: unknown;
}

/**
 * Yields the parsed JSON of each non-blank line of the open file with its 1-based number, and closes the
 * file whatever happens; invalid JSON is an ImportError.
 */
async function* readLines(handle: FileHandle, label: string): AsyncGenerator<Line[]> {
  let line = 0;
  let batch: Line[] = [];
  const source = handle.createReadStream();
  const lines = source.pipe(split2());
  source.on('error', (error) => lines.destroy(error)); // pipe() does not pass errors on
  try {
    for await (const raw of lines as AsyncIterable<string>) {
      line += 1;
      const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new ImportError(label, line, null, `invalid JSON (${(error as Error).message})`);
      }
      if (json === null || typeof json !== 'object' || Array.isArray(json)) {
        throw new ImportError(label, line, null, 'each line must be one JSON object');
      }
      batch.push({ line, json });
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    source.destroy(); // closes the handle, also when the import stops early
  }
}

function parseRecord<T>(schema: z.ZodType<T>, label: string, { line, json }: Line): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const { field, reason } = describeIssue(result.error, json);
  throw new ImportError(label, line, field, reason);
}

/**
 * Opens the snapshot's data file `name` (null when absent). Throws `ImportError` naming the file when it
 * is a link, a FIFO or anything but a regular file inside the snapshot.
 */
export async function openDataFile(snapshot: SnapshotDir, name: string): Promise<FileHandle | null> {
  try {
    return await snapshot.openData(name);
  } catch (error) {
    if (error instanceof SnapshotFileError) throw new ImportError(name, null, null, error.message);
    throw error;
  }
}

/**
 * Awaits every line of a batch before failing, so that no file of the batch is still being written when
 * the import cleans up; the first bad line in file order is the one reported.
 */
async function settleBatch<T>(pending: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(pending);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

async function copyInto(client: PoolClient, table: string, columns: string[], rows: AsyncIterable<string>) {
  const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(rows), client.query(copyFrom(sql)));
}

export interface StageContext {
  client: PoolClient;
  snapshot: SnapshotDir;
  originals: OriginalStore;
}

/**
 * Creates `stg_<kind>` and fills it from `<kind>.ndjson` (empty when the file is absent).
 * Returns the number of records read. Throws `ImportError` on the first bad line.
 */
export async function stageKind(ctx: StageContext, kind: Kind): Promise<number> {
  const table = stagingTable(kind.name);
  const defs = kind.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  await ctx.client.query(
    `CREATE TEMP TABLE ${table} (line int NOT NULL, deleted bool NOT NULL, ${defs}, source_hash text) ON COMMIT DROP`,
  );
  const handle = await openDataFile(ctx.snapshot, kind.file);
  let count = 0;
  if (handle) {
    const keyIndex = kind.columns.findIndex((c) => c.name === kind.key);
    const types = kind.columns.map((c) => c.type);
    const encodeValues = (values: unknown[]) => values.map((v, i) => copyValue(v, types[i])).join('\t');
    // Typed by its output only: a union of two object schemas is no `ZodType<Record<…>>` for tsc once
    // zod-to-openapi has extended zod's types.
    const deletion = (kind.key === 'id' ? deletionRecord : formatDeletionRecord) as unknown as z.ZodType<
      Record<string, unknown>
    >;
    const rows = async function* (): AsyncGenerator<string> {
      for await (const batch of readLines(handle, kind.file)) {
        const pending = batch.map(async (item) => {
          if ((item.json as { _deleted?: unknown })._deleted === true) {
            const values: unknown[] = kind.columns.map(() => null);
            values[keyIndex] = parseRecord(deletion, kind.file, item)[kind.key];
            return `${item.line}\tt\t${encodeValues(values)}\t\\N`;
          }
          const record = parseRecord(kind.schema, kind.file, item);
          const values = await kind.toRow(record, {
            originals: ctx.originals,
            file: kind.file,
            line: item.line,
          });
          const encoded = encodeValues(values);
          return `${item.line}\tf\t${encoded}\t${rowHash(encoded)}`;
        });
        const lines = await settleBatch(pending);
        count += lines.length;
        yield lines.join('\n') + '\n';
      }
    };
    const columns = ['line', 'deleted', ...kind.columns.map((c) => c.name), 'source_hash'];
    try {
      await copyInto(ctx.client, table, columns, rows());
    } finally {
      await handle.close(); // already closed when the lines were read to the end
    }
  }
  await ctx.client.query(`CREATE INDEX ON ${table} (${kind.key}) INCLUDE (deleted)`);
  await ctx.client.query(`ANALYZE ${table}`);
  return count;
}

/**
 * Creates and fills `stg_synonyms` from `synonyms.ndjson`: one row per line with its kind, input, terms
 * and a hash of the normalized group. Returns the number of lines read.
 */
export async function stageSynonyms(ctx: StageContext): Promise<number> {
  await ctx.client.query(
    `CREATE TEMP TABLE stg_synonyms (line int NOT NULL, kind text NOT NULL, input text, terms text[] NOT NULL,
       source_hash text NOT NULL) ON COMMIT DROP`,
  );
  const handle = await openDataFile(ctx.snapshot, 'synonyms.ndjson');
  let count = 0;
  if (handle) {
    const rows = async function* (): AsyncGenerator<string> {
      for await (const batch of readLines(handle, 'synonyms.ndjson')) {
        const out = batch.map((item) => {
          const record = parseRecord(synonymRecord, 'synonyms.ndjson', item);
          const values =
            'terms' in record
              ? ['mutual', null, [...new Set(record.terms.map((t) => t.trim()))].sort()]
              : ['one_way', record.input.trim(), [...new Set(record.synonyms.map((t) => t.trim()))].sort()];
          const encoded = [copyValue(values[0]), copyValue(values[1]), copyValue(values[2], 'text[]')].join(
            '\t',
          );
          return `${item.line}\t${encoded}\t${rowHash(encoded)}`;
        });
        count += out.length;
        yield out.join('\n') + '\n';
      }
    };
    try {
      await copyInto(ctx.client, 'stg_synonyms', ['line', 'kind', 'input', 'terms', 'source_hash'], rows());
    } finally {
      await handle.close();
    }
  }
  return count;
}
