/**
 * Postgres reads for `GET /taxonomies`, `GET /content/taxonomies` and `GET /content/taxonomies/{slug}`
 * (spec "Visibility rules": only dimensions marked usable in the frontend are shown; the content endpoints
 * keep that rule, docs/api/content-catalog.md). A fixed number of queries whatever the size.
 */
import type { Knex } from 'knex';

/** A public dimension; `label` is the plain-string `labels`. */
export interface TaxonomyRecord {
  id: number;
  slug: string;
  label: string;
  position: number;
}

/** A term of a public dimension; `name` is the plain-string `names`. */
export interface TaxonRecord {
  id: number;
  taxonomy_id: number;
  taxonomy_slug: string;
  parent_id: number | null;
  slug: string;
  name: string;
  position: number;
}

/** The frontend dimensions by `position`, then `slug`. */
export function listFrontendTaxonomies(db: Knex): Promise<TaxonomyRecord[]> {
  return db('taxonomies')
    .where('frontend', true)
    .orderBy([{ column: 'position' }, { column: 'slug' }])
    .select<TaxonomyRecord[]>(['id', 'slug', 'label', 'position']);
}

/** Every term of the frontend dimensions, by `position`, then `slug`, then `id` (siblings keep this order). */
export function listFrontendTaxons(db: Knex): Promise<TaxonRecord[]> {
  return db('taxons as x')
    .join('taxonomies as t', 't.id', 'x.taxonomy_id')
    .where('t.frontend', true)
    .orderBy([{ column: 'x.position' }, { column: 'x.slug' }, { column: 'x.id' }])
    .select<TaxonRecord[]>([
      'x.id',
      'x.taxonomy_id',
      't.slug as taxonomy_slug',
      'x.parent_id',
      'x.slug',
      'x.name',
      'x.position',
    ]);
}

/** A frontend dimension of `/content/taxonomies`: the public record plus the number of its terms. */
export interface ContentTaxonomyRecord extends TaxonomyRecord {
  /** all terms of the dimension, at every depth */
  terms_count: number;
}

/** A term of `/content/taxonomies/{slug}`: the public record plus its active products. */
export interface ContentTaxonRecord extends TaxonRecord {
  /** distinct ACTIVE products tagged with the term or any of its descendants */
  products_count: number;
}

function contentTaxonomies(db: Knex): Knex.QueryBuilder {
  return db('taxonomies as t')
    .where('t.frontend', true)
    .select([
      't.id',
      't.slug',
      't.label',
      't.position',
      db.raw('(SELECT count(x.id)::int FROM taxons x WHERE x.taxonomy_id = t.id) AS terms_count'),
    ]);
}

/** The frontend dimensions by `position`, then `slug`, each with its term count (one query). */
export function listContentTaxonomies(db: Knex): Promise<ContentTaxonomyRecord[]> {
  return contentTaxonomies(db).orderBy([{ column: 't.position' }, { column: 't.slug' }]);
}

/** The FRONTEND dimension with this slug and its term count, or undefined (unknown or internal). */
export async function findContentTaxonomy(
  db: Knex,
  slug: string,
): Promise<ContentTaxonomyRecord | undefined> {
  const rows = (await contentTaxonomies(db).where('t.slug', slug)) as ContentTaxonomyRecord[];
  return rows[0];
}

/**
 * Every term of the FRONTEND dimension with this slug (none for an unknown or internal one) with its
 * `products_count`, by `position`, then `slug`, then `id`. One query: a closure of each term and its
 * descendants (UNION, so even a parent cycle the importer missed ends), joined to the active products.
 */
export async function listContentTaxons(db: Knex, taxonomySlug: string): Promise<ContentTaxonRecord[]> {
  const { rows } = await db.raw<{ rows: ContentTaxonRecord[] }>(
    `WITH RECURSIVE
       terms AS (
         SELECT x.id, x.taxonomy_id, t.slug AS taxonomy_slug, x.parent_id, x.slug, x.name, x.position
           FROM taxons x JOIN taxonomies t ON t.id = x.taxonomy_id
          WHERE t.slug = ? AND t.frontend),
       closure(term_id, taxon_id) AS (
         SELECT id, id FROM terms
         UNION
         SELECT c.term_id, x.id FROM closure c JOIN taxons x ON x.parent_id = c.taxon_id),
       counts AS (
         SELECT c.term_id, count(DISTINCT pt.product_id)::int AS products_count
           FROM closure c JOIN product_taxons pt ON pt.taxon_id = c.taxon_id
           JOIN products p ON p.id = pt.product_id AND p.is_active
          GROUP BY c.term_id)
     SELECT terms.id, terms.taxonomy_id, terms.taxonomy_slug, terms.parent_id, terms.slug, terms.name,
            terms.position, coalesce(counts.products_count, 0) AS products_count
       FROM terms LEFT JOIN counts ON counts.term_id = terms.id
      ORDER BY terms.position, terms.slug, terms.id`,
    [taxonomySlug],
  );
  return rows;
}
