/** Postgres reads of articles for the articles index (spec "Article"): active ones only, never price or stock. */
import type { Knex } from 'knex';
import type { ArticleRecord } from '../../search/documents';
import { ARTICLE_COLUMNS, articleFromRow } from '../products/query';

/** The ACTIVE articles among `ids`, in `ids` order (one query). End of life does not hide an article. */
export async function loadArticleRecords(db: Knex, ids: readonly number[]): Promise<ArticleRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE a.id = ANY(?) AND a.is_active`,
    [[...ids]],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), articleFromRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
