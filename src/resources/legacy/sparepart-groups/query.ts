/**
 * Postgres reads of `/sparepart-groups`: a spare-part group is an active product that has at
 * least one active article of type `spare`; its spare parts are those articles (what the product detail
 * `/products/{slug}` lists among its `articles`). A page is two queries; a detail two.
 */
import type { Knex } from 'knex';
import { ARTICLE_COLUMNS, articleFromRow } from '../../../catalog/products';
import type { ArticleRecord } from '../../../catalog/records';
import { rows, total, wordsCondition } from '../shared';
import type { SparepartGroupListParams } from './params';

/** A spare-part group: the product's columns and the number of its active spare articles. */
export interface SparepartGroupRecord {
  id: number;
  slug: string;
  ordernumber: string | null;
  names: Record<string, string>;
  spareparts_count: number;
  created_at: Date | null;
  updated_at: Date | null;
}

const SPARES = `FROM product_articles pa JOIN articles a ON a.id = pa.article_id
  WHERE pa.product_id = p.id AND a.is_active AND a.type = 'spare'`;

const SELECT = `SELECT p.id, p.slug, p.ordernumber, p.names, p.created_at, p.updated_at,
    (SELECT count(*)::int ${SPARES}) AS spareparts_count FROM products p`;

const GROUP = `p.is_active AND EXISTS (SELECT 1 ${SPARES})`;

/** One page of groups by the product's order number (byte order, NULL last), then id, and the total. */
export async function pageOfGroups(
  db: Knex,
  params: SparepartGroupListParams,
): Promise<{ records: SparepartGroupRecord[]; total: number }> {
  const where = [GROUP];
  const bindings: Knex.RawBinding[] = [];
  if (params.search) {
    const words = wordsCondition(
      ["coalesce(p.ordernumber, '')", "coalesce(p.names->>'de', '')"],
      params.search,
    );
    where.push(words.sql);
    bindings.push(...words.bindings);
  }
  const condition = where.join(' AND ');
  const [page, count] = await Promise.all([
    rows<SparepartGroupRecord>(
      db,
      `${SELECT} WHERE ${condition} ORDER BY p.ordernumber COLLATE "C" ASC NULLS LAST, p.id LIMIT ? OFFSET ?`,
      [...bindings, params.perPage, (params.page - 1) * params.perPage],
    ),
    rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM products p WHERE ${condition}`, bindings),
  ]);
  return { records: page, total: total(count) };
}

/** The group of product `id` with its spare parts by order number, or undefined. Two queries. */
export async function findGroup(
  db: Knex,
  id: number,
): Promise<{ group: SparepartGroupRecord; spareparts: ArticleRecord[] } | undefined> {
  const [[group], spares] = await Promise.all([
    rows<SparepartGroupRecord>(db, `${SELECT} WHERE ${GROUP} AND p.id = ?`, [id]),
    rows<Record<string, unknown>>(
      db,
      `SELECT ${ARTICLE_COLUMNS} FROM product_articles pa JOIN articles a ON a.id = pa.article_id
        WHERE pa.product_id = ? AND a.is_active AND a.type = 'spare' ORDER BY a.ordernumber COLLATE "C"`,
      [id],
    ),
  ]);
  return group ? { group, spareparts: spares.map(articleFromRow) } : undefined;
}
