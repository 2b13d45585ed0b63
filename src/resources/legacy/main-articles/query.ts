/**
 * Postgres reads of `/main-articles`: main articles are the active articles of type `main`
 * (those of `/articles?type=main`; not filtered by end of life), each with its active products and the
 * active manufacturers of those products. A page is at most five queries whatever its size: the product
 * filter, the page and its count, then the products and the makers of all its articles at once.
 */
import type { Knex } from 'knex';
import { ARTICLE_COLUMNS, articleFromRow } from '../../../catalog/products';
import type { ArticleRecord } from '../../../catalog/records';
import { rows, total, wordsCondition } from '../shared';
import type { MainArticleListParams } from './params';

/** A product of a main article (active only). */
export interface ArticleProduct {
  id: number;
  slug: string;
  ordernumber: string | null;
  names: Record<string, string>;
}

/** An active manufacturer of one of the article's products. */
export interface ArticleMaker {
  id: number;
  short_name: string | null;
  names: Record<string, string>;
}

/** A main article with its products and makers. */
export interface MainArticleRecord {
  article: ArticleRecord;
  products: ArticleProduct[];
  makers: ArticleMaker[];
}

const MAIN = "a.is_active AND a.type = 'main'";

/** The products and makers of `articles`, two queries for all of them. */
async function withRelations(db: Knex, articles: ArticleRecord[]): Promise<MainArticleRecord[]> {
  if (articles.length === 0) return [];
  const ids = articles.map((a) => a.id);
  const [products, makers] = await Promise.all([
    rows<ArticleProduct & { article_id: number }>(
      db,
      `SELECT pa.article_id, p.id, p.slug, p.ordernumber, p.names
         FROM product_articles pa JOIN products p ON p.id = pa.product_id AND p.is_active
        WHERE pa.article_id = ANY(?)
        ORDER BY pa.article_id, p.ordernumber COLLATE "C" ASC NULLS LAST, p.id`,
      [ids],
    ),
    rows<ArticleMaker & { article_id: number }>(
      db,
      `SELECT DISTINCT pa.article_id, m.id, m.short_name, m.names
         FROM product_articles pa JOIN products p ON p.id = pa.product_id AND p.is_active
         JOIN product_manufacturers pm ON pm.product_id = p.id
         JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
        WHERE pa.article_id = ANY(?)
        ORDER BY pa.article_id, m.short_name ASC NULLS LAST, m.id`,
      [ids],
    ),
  ]);
  return articles.map((article) => ({
    article,
    products: products
      .filter((p) => p.article_id === article.id)
      .map(({ id, slug, ordernumber, names }) => ({ id, slug, ordernumber, names })),
    makers: makers
      .filter((m) => m.article_id === article.id)
      .map(({ id, short_name, names }) => ({ id, short_name, names })),
  }));
}

/** One page of main articles by order number (byte order, as `/articles`) and the total. */
export async function pageOfMainArticles(
  db: Knex,
  params: MainArticleListParams,
): Promise<{ records: MainArticleRecord[]; total: number }> {
  const where = [MAIN];
  const bindings: Knex.RawBinding[] = [];
  if (params.product !== undefined) {
    const product = await db('products')
      .where({ slug: params.product, is_active: true })
      .first<{ id: number } | undefined>('id');
    if (product) {
      where.push(
        'EXISTS (SELECT 1 FROM product_articles pa WHERE pa.article_id = a.id AND pa.product_id = ?)',
      );
      bindings.push(product.id);
    }
  }
  if (params.search) {
    const words = wordsCondition(['a.ordernumber', "coalesce(a.names->>'de', '')"], params.search);
    where.push(words.sql);
    bindings.push(...words.bindings);
  }
  const condition = where.join(' AND ');
  const [page, count] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE ${condition}
        ORDER BY a.ordernumber COLLATE "C" ASC LIMIT ? OFFSET ?`,
      [...bindings, params.perPage, (params.page - 1) * params.perPage],
    ),
    rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM articles a WHERE ${condition}`, bindings),
  ]);
  return { records: await withRelations(db, page.map(articleFromRow)), total: total(count) };
}

/** The active main article with this order number (exact), with relations, or undefined. Three queries. */
export async function findMainArticle(db: Knex, ordernumber: string): Promise<MainArticleRecord | undefined> {
  const found = await rows<Record<string, unknown>>(
    db,
    `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE ${MAIN} AND a.ordernumber = ?`,
    [ordernumber],
  );
  return (await withRelations(db, found.map(articleFromRow)))[0];
}
