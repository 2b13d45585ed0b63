/**
 * Postgres reads of the product detail (spec "Product"): the list record and the detail-only relations
 * (articles, manufacturers, tractor models) in ONE query. The list record itself and its loader are shared
 * with the indexer (src/catalog/products.ts).
 */
import type { Knex } from 'knex';
import { articleFromRow, productFromRow, productsSql } from '../../catalog/products';
import type { ArticleRecord, ProductRecord } from '../../catalog/records';
import type { ManufacturerRecord } from '../manufacturers/query';
import type { TractorModelRecord } from '../tractor-models/query';

type Row = Record<string, unknown>;

/** The ACTIVE product with this slug and its detail relations (one query), or undefined. */
export async function loadProductDetail(
  db: Knex,
  slug: string,
): Promise<{ record: ProductRecord; relations: ProductRelations } | undefined> {
  const { rows } = await db.raw<{ rows: Row[] }>(productsSql('p.slug = ?', true), [slug]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    record: productFromRow(row),
    relations: {
      articles: (row.articles as Row[]).map(articleFromRow),
      // json_build_object already gives these their JSON types (numbers, strings, null).
      manufacturers: row.manufacturers as ManufacturerRecord[],
      tractorModels: row.tractor_models as TractorModelRecord[],
    },
  };
}

export interface ProductRelations {
  articles: ArticleRecord[];
  manufacturers: ManufacturerRecord[];
  tractorModels: TractorModelRecord[];
}
