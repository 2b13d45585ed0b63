/**
 * The products index: one document per ACTIVE product (inactive ones are never indexed, so no search can
 * reach them). A document is the product's list record (the same loader as the detail view) plus:
 * - search attributes: order number (also compacted: `A 12-345` → `a12345`), the numbers of its main
 *   articles, names in every language, slug, maintained keywords; the German terms of names and keywords
 *   (src/search/german/terms.ts: other spellings, compound heads, compound modifiers, each group in its own
 *   attribute so a head match ranks before a modifier match); synonyms come from Postgres as settings;
 * - filter attributes: `id`, `manufacturer_slugs` (active manufacturers), `taxon_slugs` and one facet
 *   attribute `taxonomy_<id>` per frontend dimension; a term's ancestors are indexed with it, so choosing
 *   a parent term finds the products of its children (spec "Taxonomy filter" rule 3).
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import { loadProductRecords } from '../../src/catalog/products';
import { taxonomyFacet, type ProductDocument } from '../../src/search/documents';
import { loadSynonyms } from '../synonyms';
import type { Lexicon } from '../../src/search/german/lexicon';
import { searchTerms } from '../../src/search/german/terms';
import { currentLexicon } from '../vocabulary';
import { compactOrdernumber, ordernumberTerms } from '../../src/catalog/ordernumbers';
import { tableSource } from './source';
import { productListForm } from '../../src/search/list-form';
import type { DocumentOptions, IndexDefinition } from './types';

type Row = Record<string, unknown>;

/** Attributes that hold order numbers: no typos there (`100.426` must not find `100.427`). */
const ORDERNUMBER_ATTRIBUTES = [
  'ordernumber',
  'ordernumber_compact',
  'ordernumber_terms',
  'article_ordernumbers',
];

/**
 * Compound modifiers are short stems (`kran`, `heck`, `kühl`) one typo away from many words: a typo there
 * would bring back the false friends the API's exact last word keeps out (`Kranz` → `kran` of `Kranzange`).
 */
export const MODIFIER_ATTRIBUTES = ['name_modifiers', 'keyword_modifiers'];

/**
 * Typo tolerance of the products index: one typo from five letters (Meilisearch's default), two only from
 * twelve (long compounds like `Quaderballenpresse`; fewer near misses than Meilisearch's default of nine
 * among the catalog's many similar words), none in order numbers nor in any number (`3200` never finds
 * `3600`), none in compound modifiers.
 */
export const SEARCH_TYPO_TOLERANCE = {
  enabled: true,
  minWordSizeForTypos: { oneTypo: 5, twoTypos: 12 },
  disableOnAttributes: [...ORDERNUMBER_ATTRIBUTES, ...MODIFIER_ATTRIBUTES],
  disableOnNumbers: true,
};

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
    // Order of importance for the `attribute` ranking rule: order numbers first (an exact one ranks first),
    // then names, their other spellings and compound heads, keywords and theirs, and compound modifiers last
    // ("Säge": saws before saw chains).
    searchableAttributes: [
      'ordernumber',
      'ordernumber_compact',
      'ordernumber_terms',
      'article_ordernumbers',
      'names',
      'name_terms',
      'name_heads',
      'slug',
      'keywords',
      'keyword_terms',
      ...MODIFIER_ATTRIBUTES,
    ],
    filterableAttributes: [
      'id',
      'manufacturer_slugs',
      'taxon_slugs',
      ...taxonomies.map((t: { id: number }) => taxonomyFacet(t.id)),
    ],
    sortableAttributes: ['ordernumber', 'id', 'created_at', 'updated_at'],
    displayedAttributes: ['*'],
    typoTolerance: SEARCH_TYPO_TOLERANCE,
    proximityPrecision: 'byAttribute',
    // Exact totals and reachable last pages for the whole catalog, with room for growth between rebuilds.
    pagination: { maxTotalHits: Math.max(10_000, documentCount * 2) },
    faceting: { maxValuesPerFacet: 1000 },
    synonyms: await loadSynonyms(db),
  };
}

/**
 * The documents of `ids` (active products only), their German terms split with `lexicon` (the products index
 * passes the lexicon of the running reindex or sync round, indexer/vocabulary.ts), with their stored list
 * forms when `options.listForms` names the base URLs (made at this instant: src/search/list-form.ts).
 */
export async function productDocuments(
  db: Knex,
  ids: readonly number[],
  lexicon: Lexicon,
  options: DocumentOptions = {},
): Promise<ProductDocument[]> {
  const records = await loadProductRecords(db, ids);
  if (records.length === 0) return [];
  const active = records.map((r) => r.id);
  const [keywords, articles, manufacturers, terms] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      'SELECT product_id, keyword FROM search_keywords WHERE product_id = ANY(?) ORDER BY product_id, position',
      [active],
    ),
    // Main articles are the product's own (`100.426.01` of `100.426`); spare parts fit many products.
    db.raw<{ rows: Row[] }>(
      `SELECT pa.product_id, a.ordernumber FROM product_articles pa
         JOIN articles a ON a.id = pa.article_id AND a.type = 'main' AND a.is_active
        WHERE pa.product_id = ANY(?) ORDER BY pa.product_id, a.ordernumber`,
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
  const articlesOf = grouped(articles.rows, (r) => String(r.ordernumber));
  const manufacturersOf = grouped(manufacturers.rows, (r) => String(r.slug));
  const termsOf = new Map<number, Row[]>();
  for (const row of terms.rows) {
    const id = Number(row.product_id);
    termsOf.set(id, [...(termsOf.get(id) ?? []), row]);
  }
  const now = Date.now();
  return records.map((record) => {
    const facets: Record<string, string[]> = {};
    for (const row of termsOf.get(record.id) ?? []) {
      const attribute = taxonomyFacet(Number(row.taxonomy_id));
      facets[attribute] = [...(facets[attribute] ?? []), String(row.slug)];
    }
    const productKeywords = keywordsOf.get(record.id) ?? [];
    const articleNumbers = articlesOf.get(record.id) ?? [];
    const nameTerms = searchTerms(Object.values(record.names), lexicon);
    const keywordTerms = searchTerms(productKeywords, lexicon);
    return {
      ...record,
      ordernumber_compact: compactOrdernumber(record.ordernumber),
      ordernumber_terms: ordernumberTerms([record.ordernumber, ...articleNumbers]),
      article_ordernumbers: articleNumbers,
      name_terms: nameTerms.terms,
      name_heads: nameTerms.heads,
      name_modifiers: nameTerms.modifiers,
      keywords: productKeywords,
      keyword_terms: [...keywordTerms.terms, ...keywordTerms.heads],
      keyword_modifiers: keywordTerms.modifiers,
      manufacturer_slugs: manufacturersOf.get(record.id) ?? [],
      taxon_slugs: [...new Set(Object.values(facets).flat())],
      ...facets,
      ...(options.listForms ? productListForm(record, options.listForms, now) : {}),
    };
  });
}

export const productsIndex: IndexDefinition<ProductDocument> = {
  name: 'products',
  settings,
  ...tableSource('products', (q) => q.where('is_active', true)),
  documents: async (db, ids, options) => productDocuments(db, ids, await currentLexicon(db), options),
};
