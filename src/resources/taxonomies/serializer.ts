/**
 * The wire form of `GET /taxonomies` (spec: "not shown"; designed in docs/api/reference-resources.md):
 * each public dimension `{ id, slug, labels, position, terms }` with its terms as a tree. A term has the
 * spec's `taxons[]` fields plus `children` (always present, `[]` for a leaf), at every depth.
 */
import type { TermRecord } from '../../search/documents';
import type { TaxonomyRecord, TaxonRecord } from './query';

/** A taxonomy term with its sub-terms. */
export interface TaxonomyTermNode extends TermRecord {
  children: TaxonomyTermNode[];
}

/** A public dimension with its term tree; `labels` is a plain string. */
export interface TaxonomyResource {
  id: number;
  slug: string;
  labels: string;
  position: number;
  terms: TaxonomyTermNode[];
}

/**
 * The dimensions in the order given, each with the tree of its terms. Siblings keep the order of `taxons`
 * (the query sorts by position, then slug). Every term is reached from a root: the importer rejects
 * parent cycles and parents of another dimension.
 */
export function serializeTaxonomies(taxonomies: TaxonomyRecord[], taxons: TaxonRecord[]): TaxonomyResource[] {
  const childrenOf = new Map<string, TaxonRecord[]>();
  for (const taxon of taxons) {
    const key = `${taxon.taxonomy_id}:${taxon.parent_id ?? 'root'}`;
    const siblings = childrenOf.get(key);
    if (siblings) siblings.push(taxon);
    else childrenOf.set(key, [taxon]);
  }
  const nodes = (taxonomyId: number, parentId: number | null): TaxonomyTermNode[] =>
    (childrenOf.get(`${taxonomyId}:${parentId ?? 'root'}`) ?? []).map((taxon) => ({
      id: taxon.id,
      taxonomy_id: taxon.taxonomy_id,
      taxonomy_slug: taxon.taxonomy_slug,
      parent_id: taxon.parent_id,
      slug: taxon.slug,
      names: taxon.name,
      position: taxon.position,
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
