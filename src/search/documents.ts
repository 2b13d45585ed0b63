/**
 * The records the serializers read, and the Meilisearch documents that carry them.
 *
 * A list response needs no Postgres query per item: the products and articles documents hold the list form
 * of each record (`ProductRecord`, `ArticleRecord`), built by the indexer from the same loaders the detail
 * views use (src/resources/<resource>/query.ts), plus search and filter attributes. Only what depends on
 * the clock (an image's `valid_until`) or on the deployment (file URLs) is decided at request time.
 */

/** Plain text per language code, e.g. `{ de: 'Mähwerk', en: 'Mower' }`. */
export type LanguageObject = Record<string, string>;

/** A medium as the product views carry it: the spec's Medium fields before URLs and visibility by time. */
export interface MediumRecord {
  id: number;
  name: string;
  file_name: string;
  mime_type: string;
  type: string;
  /** bytes */
  size: number | null;
  /** path under MEDIA_ROOT; null while the file is not yet taken over */
  file_path: string | null;
  file_sha256: string | null;
  alt: string | null;
  title: string | null;
  caption: string | null;
  description: string | null;
  copyright: string | null;
  license: string | null;
  ki_status: string | null;
  folder: { id: number; name: string; slug: string } | null;
  /** only for media-library images linked to a product */
  usages?: string[];
  /** wire timestamp or null; the medium is hidden from the moment it passes (checked per request) */
  valid_until: string | null;
  /** wire timestamp */
  created_at: string | null;
  /** where it came from: the media library or a direct product upload (URL scheme differs) */
  source: 'media' | 'upload';
  /** generated renditions of active formats, format key → rendition, in format position order */
  renditions: Record<string, RenditionRecord>;
}

/** One rendition of a medium: its file, and the target size and fit of its FORMAT (spec "conversions"). */
export interface RenditionRecord {
  /** path under MEDIA_ROOT (`renditions/<aa>/<64 hex>.<ext>`) */
  path: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  fit: string;
}

/** A taxonomy term as `taxons[]` carries it (spec "Taxonomy term"). */
export interface TermRecord {
  id: number;
  taxonomy_id: number;
  taxonomy_slug: string;
  parent_id: number | null;
  slug: string;
  names: string;
  position: number;
}

/** A product in list form (spec "Product" without the detail-only relations), before request-time rules. */
export interface ProductRecord {
  id: number;
  slug: string;
  objekttyp: string | null;
  ordernumber: string | null;
  names: LanguageObject;
  descriptions: LanguageObject;
  product_page_url: string | null;
  features: Record<string, unknown> | null;
  sale_start: string | null;
  end_of_life: string | null;
  /** public media-library images (role `image`), main first then position; filtered by time per request */
  linked_images: MediumRecord[];
  /** images uploaded on the product, by position; shown only when no linked image is visible */
  uploaded_images: MediumRecord[];
  articles_count: number;
  taxons: TermRecord[];
  created_at: string | null;
  updated_at: string | null;
}

/** Name of the facet attribute of the frontend taxonomy with this id (one per dimension). */
export function taxonomyFacet(taxonomyId: number): string {
  return `taxonomy_${taxonomyId}`;
}

/** A document of the products index: the list record plus search, filter and facet attributes. */
export interface ProductDocument extends ProductRecord {
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

/** An article in the form the article endpoints return (spec "Article" plus timestamps). */
export interface ArticleRecord {
  id: number;
  type: string;
  type_code: string | null;
  ordernumber: string;
  names: LanguageObject;
  short_names: LanguageObject;
  descriptions: LanguageObject;
  /** decimal text with three decimals, e.g. `"12.500"` */
  weight: string | null;
  customs_tariff_number: string | null;
  sale_start: string | null;
  end_of_life: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** A document of the articles index: the article plus partial-match helpers for its order number. */
export interface ArticleDocument extends ArticleRecord {
  /** lowercased order number without separators, and its suffixes (infix search by prefix matching) */
  ordernumber_parts: string[];
  name_de: string;
}

/**
 * A medium as the CMS endpoints carry it (docs/api/content-media.md): the public record plus what an
 * editor needs to choose. `public` is the time-independent website rule (released for the website, in no
 * folder or a public folder); `folder_path` is the path of `folder` (names from the root, ` / `).
 */
export interface CmsMediumRecord extends MediumRecord {
  public: boolean;
  /** the id in the source system (`/content/media/ext:<source_id>`), or null */
  source_id: string | null;
  release_status: string;
  release_channels: string[];
  keywords: string[];
  folder_path: string | null;
}

/**
 * A document of the media index: a released, untrashed asset with what filters need. `public` marks what
 * the public endpoints may show, `cms` what the CMS endpoints may show (released for any channel, in no
 * folder or an active folder chain); both lists add `valid_until_ts` at request time. Assets that are not
 * released at all are never indexed.
 */
export interface MediumDocument extends CmsMediumRecord {
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
