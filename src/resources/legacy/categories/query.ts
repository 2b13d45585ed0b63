/**
 * Postgres reads of `/categories`: a category is a term of the category dimension, the first
 * frontend dimension by `position`, then `slug` (the first of `/taxonomies`: `produktbereich` in the demo
 * and sample catalogs). Its counts are those of `/content/taxonomies/{slug}`. Two queries.
 */
import type { Knex } from 'knex';
import { listContentTaxons, type ContentTaxonRecord } from '../../taxonomies/query';

/** The slug of the category dimension, or undefined when no dimension is public. One query. */
export async function categoryDimension(db: Knex): Promise<string | undefined> {
  const row = await db('taxonomies')
    .where('frontend', true)
    .orderBy([{ column: 'position' }, { column: 'slug' }])
    .first<{ slug: string } | undefined>('slug');
  return row?.slug;
}

/** Every category with its active products (term or descendants), by position, slug, id. */
export async function listCategories(db: Knex): Promise<ContentTaxonRecord[]> {
  const dimension = await categoryDimension(db);
  return dimension === undefined ? [] : listContentTaxons(db, dimension);
}
