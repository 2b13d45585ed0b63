/**
 * The wire forms of the taxonomy endpoints (spec: "not shown"; designed in docs/api/reference-resources.md
 * and docs/api/content-catalog.md). Pure.
 *
 * - `GET /taxonomies`: each public dimension `{ id, slug, labels, position, terms }` with its terms as a
 *   tree. A term has the spec's `taxons[]` fields plus `children` (always present, `[]` for a leaf).
 * - `GET /content/taxonomies`: each dimension `{ id, slug, labels, position, terms_count }`, no terms.
 * - `GET /content/taxonomies/{slug}`: one dimension in that form plus `terms`, whose terms also carry
 *   `path` and `products_count`.
 * Trees are complete at every depth.
 */
import type { TermRecord } from '../../catalog/records';
import type { z } from 'zod';
import type { ContentTaxonomyRecord, ContentTaxonRecord, TaxonomyRecord, TaxonRecord } from './query';
import type {
  ContentTaxonomyDetailSchema,
  ContentTaxonomySchema,
  ContentTermNodeSchema,
  TaxonomySchema,
  TaxonomyTermNodeSchema,
} from './schema';

/** A taxonomy term with its sub-terms. */
export type TaxonomyTermNode = z.infer<typeof TaxonomyTermNodeSchema>;

/** A public dimension with its term tree; `labels` is a plain string. */
export type TaxonomyResource = z.infer<typeof TaxonomySchema>;

/** A dimension of `/content/taxonomies`. */
export type ContentTaxonomyJson = z.infer<typeof ContentTaxonomySchema>;

/** A term of `/content/taxonomies/{slug}` (`path`, `products_count`). */
export type ContentTermNode = z.infer<typeof ContentTermNodeSchema>;

/** A dimension of `/content/taxonomies/{slug}` with its full term tree. */
export type ContentTaxonomyDetailJson = z.infer<typeof ContentTaxonomyDetailSchema>;

/**
 * The children of a term (or the roots, `parentId` null) of a dimension, in the order of `taxons`. Every
 * term is reached from a root: the importer rejects parent cycles and parents of another dimension.
 */
function childrenIndex<T extends TaxonRecord>(
  taxons: readonly T[],
): (taxonomyId: number, parentId: number | null) => T[] {
  const key = (taxonomyId: number, parentId: number | null) => `${taxonomyId}:${parentId ?? 'root'}`;
  const byParent = new Map<string, T[]>();
  for (const taxon of taxons) {
    const siblings = byParent.get(key(taxon.taxonomy_id, taxon.parent_id));
    if (siblings) siblings.push(taxon);
    else byParent.set(key(taxon.taxonomy_id, taxon.parent_id), [taxon]);
  }
  return (taxonomyId, parentId) => byParent.get(key(taxonomyId, parentId)) ?? [];
}

/** The spec's `taxons[]` fields of a term record (`name` is the plain-string `names`). */
function termFields(taxon: TaxonRecord): TermRecord {
  return {
    id: taxon.id,
    taxonomy_id: taxon.taxonomy_id,
    taxonomy_slug: taxon.taxonomy_slug,
    parent_id: taxon.parent_id,
    slug: taxon.slug,
    names: taxon.name,
    position: taxon.position,
  };
}

/**
 * `GET /taxonomies`: the dimensions in the order given, each with the tree of its terms. Siblings keep the
 * order of `taxons` (the query sorts by position, then slug).
 */
export function serializeTaxonomies(taxonomies: TaxonomyRecord[], taxons: TaxonRecord[]): TaxonomyResource[] {
  const childrenOf = childrenIndex(taxons);
  const nodes = (taxonomyId: number, parentId: number | null): TaxonomyTermNode[] =>
    childrenOf(taxonomyId, parentId).map((taxon) => ({
      ...termFields(taxon),
      children: nodes(taxonomyId, taxon.id),
    }));
  return taxonomies.map((taxonomy) => ({
    id: taxonomy.id,
    slug: taxonomy.slug,
    labels: taxonomy.label,
    position: taxonomy.position,
    terms: nodes(taxonomy.id, null),
  }));
}

/** A dimension of `GET /content/taxonomies` (no terms). */
export function serializeContentTaxonomy(taxonomy: ContentTaxonomyRecord): ContentTaxonomyJson {
  return {
    id: taxonomy.id,
    slug: taxonomy.slug,
    labels: taxonomy.label,
    position: taxonomy.position,
    terms_count: taxonomy.terms_count,
  };
}

/**
 * `GET /content/taxonomies/{slug}`: the dimension with the full tree of `taxons` (its terms, siblings in
 * the order given), each term with `path` and `products_count`.
 */
export function serializeContentTaxonomyDetail(
  taxonomy: ContentTaxonomyRecord,
  taxons: readonly ContentTaxonRecord[],
): ContentTaxonomyDetailJson {
  const childrenOf = childrenIndex(taxons);
  const nodes = (parentId: number | null, parentPath: string | null): ContentTermNode[] =>
    childrenOf(taxonomy.id, parentId).map((taxon) => {
      const path = parentPath === null ? taxon.name : `${parentPath} / ${taxon.name}`;
      return {
        ...termFields(taxon),
        path,
        products_count: taxon.products_count,
        children: nodes(taxon.id, path),
      };
    });
  return { ...serializeContentTaxonomy(taxonomy), terms: nodes(null, null) };
}
