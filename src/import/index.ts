/**
 * `importSnapshot`: loads a catalog snapshot directory into Postgres (`catalog-snapshot-format.md`).
 *
 * One transaction: stage every file (stage.ts), check the staged snapshot (checks.ts), apply it with
 * change detection and outbox rows (apply.ts), commit. Files are copied into MEDIA_ROOT before the
 * commit; only regular files inside the snapshot are read (snapshot-dir.ts). Any problem throws
 * `ImportError` (file, line, field) and leaves the database and MEDIA_ROOT unchanged.
 * Concurrent imports queue behind a transaction-scoped advisory lock.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { applySnapshot, type KindCounts } from './apply';
import { checkSnapshot, type ImportMode } from './checks';
import { ImportError } from './errors';
import { OriginalStore } from './files';
import { KINDS } from './kinds';
import { describeIssue } from './records';
import { SnapshotDir } from './snapshot-dir';
import { openDataFile, stageKind, stageSynonyms } from './stage';

export { ImportError } from './errors';
export type { ImportMode } from './checks';

export interface ImportOptions {
  mode: ImportMode;
  /** Where original files are stored (MEDIA_ROOT). */
  mediaRoot: string;
  onProgress?: (message: string) => void;
  /** Changes of one kind above this count are recorded as one `*` outbox row (default 50,000). */
  bulkThreshold?: number;
}

export interface ImportSummary {
  mode: ImportMode;
  /** Records read from all files. */
  records: number;
  /** Rows written to the index outbox (0 when the snapshot changed nothing). */
  changes: number;
  kinds: Record<string, KindCounts>;
  durationMs: number;
}

const manifestSchema = z.object({
  format: z.literal('catalog-snapshot'),
  version: z.literal(1),
  generated_at: z.string().nullish(),
  default_language: z.string().nullish(),
});

async function readManifest(snapshot: SnapshotDir, dir: string): Promise<void> {
  const handle = await openDataFile(snapshot, 'manifest.json');
  if (!handle) throw new ImportError('manifest.json', null, null, `not found in ${dir}`);
  let json: unknown;
  try {
    json = JSON.parse(await handle.readFile('utf8'));
  } catch (error) {
    throw new ImportError('manifest.json', null, null, `invalid JSON (${(error as Error).message})`);
  } finally {
    await handle.close();
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const { field, reason } = describeIssue(parsed.error, json);
    throw new ImportError('manifest.json', null, field, reason);
  }
}

/** Maps a constraint violation raised at commit (deferred checks) to an ImportError. */
function commitError(error: unknown): unknown {
  const pgError = error as { code?: string; detail?: string; table?: string; message?: string };
  if (pgError.code?.startsWith('23')) {
    return new ImportError(
      `${pgError.table ?? 'snapshot'}`,
      null,
      null,
      pgError.detail ?? pgError.message ?? 'constraint violated',
    );
  }
  return error;
}

/**
 * Imports the snapshot in `dir`. Returns what was read and changed.
 * Throws `ImportError` for bad input (nothing changed) and rethrows database errors.
 */
export async function importSnapshot(db: Knex, dir: string, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => {});
  const snapshot = await SnapshotDir.open(dir);
  const originals = new OriginalStore(snapshot, path.resolve(options.mediaRoot));
  await readManifest(snapshot, path.resolve(dir));

  const client = (await db.client.acquireConnection()) as PoolClient;
  let open = false;
  try {
    await client.query('BEGIN');
    open = true;
    await client.query("SET LOCAL statement_timeout = 0; SET LOCAL temp_buffers = '64MB'");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('catalog:import'))");
    const [{ max_id: outboxBefore }] = (
      await client.query('SELECT coalesce(max(id), 0)::bigint AS max_id FROM index_outbox')
    ).rows as [{ max_id: number }];

    const ctx = { client, snapshot, originals };
    const read: Record<string, number> = {};
    for (const kind of KINDS) {
      const t = Date.now();
      read[kind.name] = await stageKind(ctx, kind);
      progress(`staged ${kind.file}: ${read[kind.name]} records in ${Date.now() - t} ms`);
    }
    read.synonyms = await stageSynonyms(ctx);

    let t = Date.now();
    await checkSnapshot(client, options.mode);
    progress(`checked references and uniqueness in ${Date.now() - t} ms`);

    t = Date.now();
    const kinds = await applySnapshot(client, options.mode, options.bulkThreshold);
    for (const [name, n] of Object.entries(read)) if (kinds[name]) kinds[name].read = n;
    const [{ n: changes }] = (
      await client.query('SELECT count(*)::int AS n FROM index_outbox WHERE id > $1', [outboxBefore])
    ).rows as [{ n: number }];
    progress(`applied ${changes} changes in ${Date.now() - t} ms`);

    t = Date.now();
    try {
      // Deferred constraints are checked here, not at COMMIT: a violation then still finds the
      // transaction (and the import's lock) open for the cleanup below.
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    } catch (error) {
      throw commitError(error);
    }
    try {
      await client.query('COMMIT');
    } catch (error) {
      throw commitError(error);
    } finally {
      open = false;
    }
    progress(`committed in ${Date.now() - t} ms`);
    const records = Object.values(read).reduce((a, b) => a + b, 0);
    return { mode: options.mode, records, changes, kinds, durationMs: Date.now() - started };
  } catch (error) {
    if (open) {
      // Before the rollback, while the lock still keeps other imports from relying on these files.
      await originals.discardCreated();
      await client.query('ROLLBACK').catch(() => {});
    }
    throw error;
  } finally {
    await db.client.releaseConnection(client);
  }
}
