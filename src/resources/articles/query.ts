/**
 * Postgres reads of the article detail (spec "Article"): active ones only, never price or stock. The
 * article records of many ids (the indexer's) come from src/catalog/products.ts.
 */
import type { Knex } from 'knex';
import type { ArticleRecord, ProductRecord } from '../../catalog/records';
import { ARTICLE_COLUMNS, articleFromRow, loadProductRecords } from '../../catalog/products';

/** An article of `GET /content/articles/{ordernumber}` with the list records of its active products. */
export interface ArticleDetail {
  record: ArticleRecord;
  /** by product `ordernumber` (products without one last), then `id`, as `/products` sorts them */
  products: ProductRecord[];
}

/**
 * The ACTIVE article with exactly this order number and its ACTIVE products, or undefined (unknown or
 * inactive). Two queries whatever the number of products: the article with its product ids, then the
 * products' list records (the loader of `/products`, so images follow the same rules); one when the
 * article is missing or has no active product.
 */
export async function loadArticleDetail(db: Knex, ordernumber: string): Promise<ArticleDetail | undefined> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `SELECT ${ARTICLE_COLUMNS},
            (SELECT coalesce(array_agg(p.id ORDER BY p.ordernumber, p.id), '{}')
               FROM product_articles pa JOIN products p ON p.id = pa.product_id AND p.is_active
              WHERE pa.article_id = a.id) AS product_ids
       FROM articles a WHERE a.ordernumber = ? AND a.is_active`,
    [ordernumber],
  );
  const row = rows[0];
  if (!row) return undefined;
  const products = await loadProductRecords(db, row.product_ids as number[]);
  return { record: articleFromRow(row), products };
}
