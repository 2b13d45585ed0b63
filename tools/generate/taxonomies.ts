/**
 * Taxonomies (dimensions) and their terms, the same at every scale. Frontend dimensions are filters on
 * the website; `personen`, `orte` and `wetter` are internal (frontend: false). Many slugs deliberately
 * occur in several dimensions (the spare-part catalogue mirrors the product areas, sales regions mirror
 * places, seasons mirror weather...): about 90 slugs are shared, as the API spec says.
 * `buildTaxonomies()` returns the records plus `termId(taxonomy, slug)` for product assignments.
 * Ids: taxonomies 1+, terms 10001+.
 */
import { TAXONOMIES, type TermDef } from './data/taxonomy-terms';
import { slugify } from './text';

export interface TaxonomyRecord {
  id: number;
  slug: string;
  label: string;
  frontend: boolean;
  position: number;
}
export interface TaxonRecord {
  id: number;
  taxonomy_id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  position: number;
}

export interface Taxonomies {
  taxonomies: TaxonomyRecord[];
  taxons: TaxonRecord[];
  /** Term id by taxonomy slug and term slug; throws on a typo in the vocabulary. */
  termId(taxonomy: string, slug: string): number;
  /** All term ids of a taxonomy (for random picks). */
  termIds(taxonomy: string): number[];
}

export function buildTaxonomies(): Taxonomies {
  const taxonomies: TaxonomyRecord[] = [];
  const taxons: TaxonRecord[] = [];
  const index = new Map<string, number>();
  const byTaxonomy = new Map<string, number[]>();
  TAXONOMIES.forEach((def, t) => {
    const taxonomyId = t + 1;
    taxonomies.push({
      id: taxonomyId,
      slug: def.slug,
      label: def.label,
      frontend: def.frontend,
      position: t + 1,
    });
    const ids: number[] = [];
    const walk = (terms: readonly TermDef[], parentId: number | null): void => {
      terms.forEach((term, position) => {
        const [label, children] = typeof term === 'string' ? [term, []] : term;
        const [name, explicit] = label.split('|') as [string, string | undefined];
        const slug = explicit ?? slugify(name);
        const key = `${def.slug}:${slug}`;
        if (index.has(key)) throw new Error(`duplicate term ${key}`);
        const id = 10001 + taxons.length;
        taxons.push({ id, taxonomy_id: taxonomyId, parent_id: parentId, slug, name, position: position + 1 });
        index.set(key, id);
        ids.push(id);
        walk(children, id);
      });
    };
    walk(def.terms, null);
    byTaxonomy.set(def.slug, ids);
  });
  return {
    taxonomies,
    taxons,
    termId(taxonomy, slug) {
      const id = index.get(`${taxonomy}:${slug}`);
      if (id === undefined) throw new Error(`unknown term ${taxonomy}:${slug}`);
      return id;
    },
    termIds(taxonomy) {
      return byTaxonomy.get(taxonomy) ?? [];
    },
  };
}
