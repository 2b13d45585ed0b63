/**
 * The Meilisearch documents that carry the catalog records (src/catalog/records.ts).
 *
 * A list response needs no Postgres query per item: the products and articles documents hold the list form
 * of each record (`ProductRecord`, `ArticleRecord`), built by the indexer from the same loaders the detail
 * views use (src/resources/<resource>/query.ts), plus search and filter attributes, and each item's list
 * form as JSON text (src/search/list-form.ts) that a list page is spliced from while it holds: what depends
 * on the clock (an image's `valid_until`) or on the deployment (file URLs) is checked at request time.
 */
import type { ProductRecord, ArticleRecord, CmsMediumRecord } from '../catalog/records';
import type { ArticleListForm, MediumListForm, ProductListForm } from './list-form';

/**
 * The facet attribute of a frontend taxonomy (one per dimension) is this prefix and the taxonomy's id
 * (`taxonomy_12`); the API's product search builds the names with it as it reads the taxonomies.
 */
export const TAXONOMY_FACET_PREFIX = 'taxonomy_';

/** Name of the facet attribute of the frontend taxonomy with this id. */
export function taxonomyFacet(taxonomyId: number): string {
  return `${TAXONOMY_FACET_PREFIX}${taxonomyId}`;
}

/** A document of the products index: the list record plus search, filter and facet attributes. */
export interface ProductDocument extends ProductRecord, Partial<ProductListForm> {
  /** ordernumber lowercased without separators or spaces (`A 12-345` → `a12345`) */
  ordernumber_compact: string | null;
  /** the order number and its main articles' numbers, compacted (`10042601`), each once */
  ordernumber_terms: string[];
  /** order numbers of the product's active main articles as printed (`100.426.01`) */
  article_ordernumbers: string[];
  /** other spellings of the names' words: joined hyphenations, `ae`/`oe`/`ue`/`ss` (src/search/german) */
  name_terms: string[];
  /** heads of the names' compounds (`säge` of `Kettensäge`), runs ending in them, lemmas of plain words */
  name_heads: string[];
  /** the other parts of the names' compounds (`ketten`, `kette` of `Kettensäge`) */
  name_modifiers: string[];
  keywords: string[];
  /** the keywords' other spellings and heads */
  keyword_terms: string[];
  /** the keywords' compound modifiers */
  keyword_modifiers: string[];
  /** slugs of the product's active manufacturers (filter `manufacturer`) */
  manufacturer_slugs: string[];
  /** slugs of assigned frontend terms and all their ancestors (filter `taxons=<slug>` without dimension) */
  taxon_slugs: string[];
  /** `taxonomy_<id>`: slugs of assigned terms of that dimension and their ancestors (facets, rule 3) */
  [facet: `taxonomy_${number}`]: string[];
}

/** A document of the articles index: the article plus partial-match helpers for its order number. */
export interface ArticleDocument extends ArticleRecord, Partial<ArticleListForm> {
  /** lowercased order number without separators, and its suffixes (infix search by prefix matching) */
  ordernumber_parts: string[];
  name_de: string;
  /** the suffixes of the German name's words (infix search in the name, as `ordernumber_parts`) */
  name_parts: string[];
}

/**
 * A document of the media index: a released, untrashed asset with what filters need. `public` marks what
 * the public endpoints may show, `cms` what the CMS endpoints may show (released for any channel, in no
 * folder or an active folder chain); both lists add `valid_until_ts` at request time. Assets that are not
 * released at all are never indexed.
 */
export interface MediumDocument extends CmsMediumRecord, Partial<MediumListForm> {
  /** other spellings of the words of name, title and alt: joined hyphenations, `ae`/`oe`/`ue`/`ss` */
  name_terms: string[];
  /** heads of their compounds, runs ending in them, lemmas of plain words (src/search/german) */
  name_heads: string[];
  /** the other parts of their compounds */
  name_modifiers: string[];
  /** the keywords' other spellings and heads */
  keyword_terms: string[];
  /** the keywords' compound modifiers */
  keyword_modifiers: string[];
  cms: boolean;
  /** the asset's folder and all its ancestors (filter `folder` with sub-folders) */
  folder_ids: number[];
  /** Unix seconds, or null (explicitly null: Meilisearch's IS NULL does not match a missing key) */
  valid_until_ts: number | null;
  /** Unix seconds */
  created_at_ts: number;
}
