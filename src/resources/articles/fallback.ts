/**
 * The article list from Postgres, for when Meilisearch cannot answer (src/search/degraded.ts):
 * `/articles` and `/content/articles` without `search`, as the index gives them.
 */
import type { Knex } from 'knex';
import { ARTICLE_COLUMNS, articleFromRow } from '../../catalog/products';
import type { ArticleRecord } from '../../catalog/records';
import type { ListPage } from '../searchable-list';
import type { ArticleListParams } from './params';

/**
 * A page of the article list without search from Postgres, for when Meilisearch cannot answer: active
 * articles, `type` filter, by order number (unique), as the index gives. Two queries.
 */
export async function listArticlesFromPostgres(
  db: Knex,
  { type, page, perPage }: ArticleListParams,
): Promise<ListPage<ArticleRecord>> {
  const condition = type ? 'a.is_active AND a.type = ?' : 'a.is_active';
  const bindings: Knex.RawBinding[] = type ? [type] : [];
  const [rows, count] = await Promise.all([
    db.raw<{ rows: Record<string, unknown>[] }>(
      `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE ${condition}
        ORDER BY a.ordernumber COLLATE "C" ASC LIMIT ? OFFSET ?`,
      [...bindings, perPage, (page - 1) * perPage],
    ),
    db.raw<{ rows: { n: string }[] }>(`SELECT count(*) AS n FROM articles a WHERE ${condition}`, bindings),
  ]);
  return { records: rows.rows.map(articleFromRow), total: Number(count.rows[0]?.n ?? 0) };
}
