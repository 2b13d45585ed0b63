/**
 * Prefix lookups in `search_log` for the popular searches of `GET /search/suggestions`
 * (src/resources/search-suggestions/query.ts): `lower(query) LIKE 'prefix%'` needs `text_pattern_ops` to use
 * a btree whatever the database collation; `created_at` second narrows to the last 90 days inside the index.
 * Partial on `result_count > 0`: searches that found nothing are never suggested.
 *
 * Built CONCURRENTLY (outside a transaction), so a large, busy log keeps taking writes meanwhile. A build
 * that failed half-way leaves an invalid index of the same name, which `up` drops first.
 */
import type { Knex } from 'knex';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS search_log_query_prefix');
  await knex.raw(
    `CREATE INDEX CONCURRENTLY search_log_query_prefix
       ON search_log (lower(query) text_pattern_ops, created_at)
       WHERE result_count > 0`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS search_log_query_prefix');
}
