/**
 * The catalog records the serializers read (the spec's shapes before URLs and visibility by time), built by
 * the loaders of src/resources/<resource>/query.ts and carried in the Meilisearch documents
 * (src/search/documents.ts).
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
