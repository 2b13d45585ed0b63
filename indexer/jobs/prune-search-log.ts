/**
 * Retention of the anonymous search log: `prune-search-log` deletes the `search_log` rows older than
 * `SEARCH_LOG_RETENTION_DAYS` (default 400). The worker schedules it once a day (worker.ts).
 *
 * Rows go in batches of `batchSize`, each its own short statement picked through the `created_at` index,
 * so a large backlog (the first run, or after the setting was lowered) never holds locks on many rows for
 * long; the API's inserts never wait for it (an INSERT does not wait for a DELETE of other rows).
 * Idempotent: a second run finds nothing to delete.
 */
import type { Knex } from 'knex';

/** Rows per DELETE. */
export const PRUNE_BATCH_SIZE = 5000;

/** Once a day at 03:17 UTC, when the log is quiet (cron, BullMQ job scheduler). */
export const PRUNE_SEARCH_LOG_PATTERN = '17 3 * * *';

export interface PruneResult {
  /** rows deleted */
  deleted: number;
  /** DELETE statements run */
  batches: number;
  /** rows created before this instant were due */
  before: string;
}

/**
 * Deletes the rows of `search_log` created more than `retentionDays` days before now (the database's
 * clock), `batchSize` at a time, until none is left.
 */
export async function pruneSearchLog(
  db: Knex,
  options: { retentionDays: number; batchSize?: number },
): Promise<PruneResult> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  // One cut-off for every batch: rows that become due during the run wait for tomorrow.
  const { rows } = await db.raw<{ rows: { before: Date }[] }>(
    'SELECT now() - make_interval(days => ?) AS before',
    [options.retentionDays],
  );
  const before = rows[0]!.before;
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const result = await db.raw<{ rowCount: number | null }>(
      `DELETE FROM search_log
        WHERE id IN (SELECT id FROM search_log WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
      [before, batchSize],
    );
    const count = result.rowCount ?? 0;
    batches += 1;
    deleted += count;
    if (count < batchSize) break;
  }
  return { deleted, batches, before: before.toISOString() };
}
