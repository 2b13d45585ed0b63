/**
 * Postgres reads for `GET /taxonomies` (spec "Visibility rules": only dimensions marked usable in the
 * frontend are public). Two queries whatever the size: the dimensions, and all their terms.
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
