/**
 * The product list from Postgres, for when Meilisearch cannot answer (src/search/degraded.ts): the
 * website's category pages (`/products` with `taxons`, `manufacturer`, `ids`, pages) stay up during a
 * Meilisearch outage, with the same visibility, filters, order (`ordernumber`, nulls last, then `id`)
 * and page as the index gives. A `search` or `facets=1` needs the index and is not answered here.
 */
import type { Knex } from 'knex';
import { productFromRow, productsSql } from '../../catalog/products';
import type { ProductListParams } from './params';
import { activeManufacturerSlug, frontendTaxonomies, taxonGroups, type ProductPage } from './search';

/** True when `params` can be answered from Postgres exactly (no full-text search, no facet counts). */
export function answerableFromPostgres(params: ProductListParams): boolean {
  return params.search === undefined && !params.facets;
}

/**
 * Products with a term of `slugs` in a public dimension (`taxonomy` if given) or a descendant of one: the
 * terms and their subtrees are resolved once, then each product is one index probe (the index's
 * `taxon_ids` hold every ancestor of a product's terms, the same set seen from the other side).
 */
const TAXON_GROUP = (taxonomy: boolean) => `EXISTS (
  WITH RECURSIVE down(id) AS (
    SELECT t.id FROM taxons t JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
     WHERE t.slug = ANY(?)${taxonomy ? ' AND t.taxonomy_id = ?' : ''}
    UNION
    SELECT c.id FROM taxons c JOIN down ON c.parent_id = down.id
  )
  SELECT 1 FROM product_taxons pt WHERE pt.product_id = p.id AND pt.taxon_id IN (SELECT id FROM down))`;

const BY_MANUFACTURER = `EXISTS (SELECT 1 FROM product_manufacturers pm
  JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active WHERE pm.product_id = p.id AND m.slug = ?)`;

/**
 * One page of the product list (`answerableFromPostgres` params) from Postgres: three queries (the
 * filter values, the page, the total). Unknown filter values are ignored as the index path ignores them.
 */
export async function listProductsFromPostgres(db: Knex, params: ProductListParams): Promise<ProductPage> {
  const [taxonomies, manufacturer] = await Promise.all([
    params.taxons.length > 0 ? frontendTaxonomies(db, [...new Set(params.taxons.map((t) => t.slug))]) : [],
    activeManufacturerSlug(db, params),
  ]);
  const where: string[] = ['TRUE'];
  const bindings: Knex.RawBinding[] = [];
  for (const group of taxonGroups(params.taxons, taxonomies)) {
    where.push(TAXON_GROUP(group.taxonomy !== null));
    bindings.push(group.slugs, ...(group.taxonomy !== null ? [group.taxonomy.id] : []));
  }
  if (manufacturer !== undefined) {
    where.push(BY_MANUFACTURER);
    bindings.push(manufacturer);
  }
  if (params.ids) {
    where.push('p.id = ANY(?)');
    bindings.push(params.ids);
  }
  const condition = where.join(' AND ');
  const offset = (params.page - 1) * params.perPage;
  const [page, count] = await Promise.all([
    db.raw<{ rows: Record<string, unknown>[] }>(
      `${productsSql(condition, false)} ORDER BY p.ordernumber COLLATE "C" ASC NULLS LAST, p.id ASC LIMIT ? OFFSET ?`,
      [...bindings, params.perPage, offset],
    ),
    db.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM products p WHERE ${condition} AND p.is_active`,
      bindings,
    ),
  ]);
  return { records: page.rows.map(productFromRow), total: Number(count.rows[0]?.n ?? 0) };
}
