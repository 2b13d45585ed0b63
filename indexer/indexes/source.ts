/** The `ids`/`count` half of an IndexDefinition for an index whose records are rows of one table. */
import type { Knex } from 'knex';
import type { IndexDefinition } from './types';

/**
 * Keyset paging (`id > afterId ORDER BY id LIMIT n`) and counting over the rows of `table` that `where`
 * keeps (e.g. only active ones). `table` may carry an alias (`media as m`); `idColumn` names its id.
 */
export function tableSource(
  table: string,
  where: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  idColumn = 'id',
): Pick<IndexDefinition, 'ids' | 'count'> {
  return {
    async ids(db, afterId, limit) {
      const rows = await where(db(table).select(idColumn))
        .andWhere(idColumn, '>', afterId)
        .orderBy(idColumn)
        .limit(limit);
      return rows.map((r: { id: number }) => r.id);
    },
    async count(db) {
      const row = await where(db(table)).count<{ n: string }[]>({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
