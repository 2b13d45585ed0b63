/**
 * The products index: one document per ACTIVE product (inactive ones are never indexed, so no search can
 * reach them). A document is the product's list record (the same loader as the detail view) plus:
 * - search attributes: order number (also compacted: `A 12-345` → `a12345`), names in every language, slug,
 *   maintained keywords; synonyms come from Postgres as index settings;
 * - filter attributes: `id`, `manufacturer_slugs` (active manufacturers), `taxon_slugs` and one facet
 *   attribute `taxonomy_<id>` per frontend dimension; a term's ancestors are indexed with it, so choosing
 *   a parent term finds the products of its children (spec "Taxonomy filter" rule 3).
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import { loadProductRecords } from '../../src/resources/products/query';
import { taxonomyFacet, type ProductDocument } from '../../src/search/documents';
import { loadSynonyms } from '../synonyms';
import { tableSource } from './source';
import type { IndexDefinition } from './types';

type Row = Record<string, unknown>;

/** Lowercased letters and digits only: the form of an order number typed without separators. */
export function compactOrdernumber(value: string | null): string | null {
  if (!value) return null;
  const compact = value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return compact === '' ? null : compact;
}

function grouped(rows: Row[], value: (row: Row) => string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row.product_id);
    out.set(id, [...(out.get(id) ?? []), value(row)]);
  }
  return out;
}

/** Index settings of the products index, with facet attributes for the current frontend taxonomies. */
async function settings(db: Knex, documentCount: number): Promise<Settings> {
  const taxonomies = await db('taxonomies').select('id').where({ frontend: true }).orderBy('id');
  return {
    searchableAttributes: ['ordernumber', 'ordernumber_compact', 'names', 'slug', 'keywords'],
    filterableAttributes: [
      'id',
      'manufacturer_slugs',
      'taxon_slugs',
      ...taxonomies.map((t: { id: number }) => taxonomyFacet(t.id)),
    ],
    sortableAttributes: ['ordernumber', 'id', 'created_at', 'updated_at'],
    displayedAttributes: ['*'],
    typoTolerance: { disableOnAttributes: ['ordernumber', 'ordernumber_compact'] },
    proximityPrecision: 'byAttribute',
    // Exact totals and reachable last pages for the whole catalog, with room for growth between rebuilds.
    pagination: { maxTotalHits: Math.max(10_000, documentCount * 2) },
    faceting: { maxValuesPerFacet: 1000 },
    synonyms: await loadSynonyms(db),
  };
}

async function documents(db: Knex, ids: readonly number[]): Promise<ProductDocument[]> {
  const records = await loadProductRecords(db, ids);
  if (records.length === 0) return [];
  const active = records.map((r) => r.id);
  const [keywords, manufacturers, terms] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      'SELECT product_id, keyword FROM search_keywords WHERE product_id = ANY(?) ORDER BY product_id, position',
      [active],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT pm.product_id, m.slug FROM product_manufacturers pm
         JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
        WHERE pm.product_id = ANY(?) ORDER BY pm.product_id, pm.position`,
      [active],
    ),
    db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE up(product_id, parent_id, slug, taxonomy_id) AS (
         SELECT pt.product_id, t.parent_id, t.slug, t.taxonomy_id
           FROM product_taxons pt JOIN taxons t ON t.id = pt.taxon_id WHERE pt.product_id = ANY(?)
         UNION
         SELECT up.product_id, p.parent_id, p.slug, p.taxonomy_id FROM up JOIN taxons p ON p.id = up.parent_id
       )
       SELECT DISTINCT up.product_id, up.taxonomy_id, up.slug
         FROM up JOIN taxonomies tx ON tx.id = up.taxonomy_id AND tx.frontend
        ORDER BY up.product_id, up.taxonomy_id, up.slug`,
      [active],
    ),
  ]);
  const keywordsOf = grouped(keywords.rows, (r) => String(r.keyword));
  const manufacturersOf = grouped(manufacturers.rows, (r) => String(r.slug));
  const termsOf = new Map<number, Row[]>();
  for (const row of terms.rows) {
    const id = Number(row.product_id);
    termsOf.set(id, [...(termsOf.get(id) ?? []), row]);
  }
  return records.map((record) => {
    const facets: Record<string, string[]> = {};
    for (const row of termsOf.get(record.id) ?? []) {
      const attribute = taxonomyFacet(Number(row.taxonomy_id));
      facets[attribute] = [...(facets[attribute] ?? []), String(row.slug)];
    }
    return {
      ...record,
      ordernumber_compact: compactOrdernumber(record.ordernumber),
      keywords: keywordsOf.get(record.id) ?? [],
      manufacturer_slugs: manufacturersOf.get(record.id) ?? [],
      taxon_slugs: [...new Set(Object.values(facets).flat())],
      ...facets,
    };
  });
}

export const productsIndex: IndexDefinition<ProductDocument> = {
  name: 'products',
  settings,
  ...tableSource('products', (q) => q.where('is_active', true)),
  documents,
};
