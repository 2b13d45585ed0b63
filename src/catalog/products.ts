/**
 * Postgres reads of product and article records (spec "Product", "Article"), shared by the API and the
 * indexer: the list record of many products at once, for the indexer's documents and the API's views alike
 * (the detail relations are the API's, src/resources/products/query.ts), and the article row mapper.
 *
 * `loadProductRecords` issues ONE query whatever the number of products and relations: relations come back
 * as JSON arrays (no N+1). Only active products and active related records are returned; taxons only of
 * frontend dimensions; images only media released for the website (time is checked per request).
 */
import type { Knex } from 'knex';
import { renditionsFromRow, renditionsJson } from '../media/renditions';
import { mediumFromRow } from './media-rows';
import type { ArticleRecord, LanguageObject, MediumRecord, ProductRecord, TermRecord } from './records';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from './visibility';
import { wireDate, wireTimestamp } from './wire';

type Row = Record<string, unknown>;

const lang = (value: unknown): LanguageObject => (value ?? {}) as LanguageObject;
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

function uploadFromRow(row: Row): MediumRecord {
  return {
    id: Number(row.id),
    name: text(row.name) ?? String(row.file_name),
    file_name: String(row.file_name),
    mime_type: String(row.mime_type),
    type: 'image',
    size: Number(row.size),
    file_path: text(row.file_path),
    file_sha256: text(row.file_sha256),
    alt: text(row.alt),
    title: text(row.title),
    caption: null,
    description: null,
    copyright: null,
    license: null,
    ki_status: null,
    folder: null,
    valid_until: null,
    created_at: wireTimestamp(row.created_at as Date | null),
    source: 'upload',
    renditions: renditionsFromRow(row.renditions),
  };
}

function termFromRow(row: Row): TermRecord {
  return {
    id: Number(row.id),
    taxonomy_id: Number(row.taxonomy_id),
    taxonomy_slug: String(row.taxonomy_slug),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    slug: String(row.slug),
    names: String(row.name),
    position: Number(row.position),
  };
}

/** A JSON array of `json_build_object(fields)` rows, `[]` when there are none. */
const jsonList = (fields: string, order: string, from: string) =>
  `(SELECT coalesce(json_agg(json_build_object(${fields}) ORDER BY ${order}), '[]') ${from})`;

const TAXONS = jsonList(
  `'id', t.id, 'taxonomy_id', t.taxonomy_id, 'taxonomy_slug', tx.slug, 'parent_id', t.parent_id, 'slug', t.slug,
   'name', t.name, 'position', t.position`,
  'pt.position, t.id',
  `FROM product_taxons pt JOIN taxons t ON t.id = pt.taxon_id
     JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
    WHERE pt.product_id = p.id`,
);

const LINKED_IMAGES = jsonList(
  `'id', m.id, 'name', m.name, 'file_name', m.file_name, 'mime_type', m.mime_type, 'type', m.type, 'size', m.size,
   'file_path', m.file_path, 'file_sha256', m.file_sha256, 'alt', m.alt, 'title', m.title, 'caption', m.caption,
   'description', m.description, 'copyright', m.copyright, 'license', m.license, 'ki_status', m.ki_status,
   'valid_until', m.valid_until, 'created_at', m.created_at, 'usages', l.usages,
   'folder_id', f.id, 'folder_name', f.name, 'folder_slug', f.slug, 'renditions', ${renditionsJson('media_id', 'm')}`,
  'l.is_main DESC, l.position, m.id',
  `FROM product_media_links l JOIN media m ON m.id = l.media_id LEFT JOIN media_folders f ON f.id = m.folder_id
    WHERE l.product_id = p.id AND l.role = 'image' AND ${mediaReleasedForWebsite('m')}`,
);

const UPLOADS = jsonList(
  `'id', u.id, 'name', u.name, 'file_name', u.file_name, 'mime_type', u.mime_type, 'size', u.size,
   'file_path', u.file_path, 'file_sha256', u.file_sha256, 'alt', u.alt, 'title', u.title, 'created_at', u.created_at,
   'renditions', ${renditionsJson('upload_id', 'u')}`,
  'u.position, u.id',
  'FROM product_uploads u WHERE u.product_id = p.id',
);

const ARTICLES_COUNT = `(SELECT count(*)::int FROM product_articles pa
    JOIN articles a ON a.id = pa.article_id AND a.is_active WHERE pa.product_id = p.id)`;

const ARTICLES = jsonList(
  `'id', a.id, 'type', a.type, 'type_code', a.type_code, 'ordernumber', a.ordernumber, 'names', a.names,
   'short_names', a.short_names, 'descriptions', a.descriptions, 'weight', a.weight::text,
   'customs_tariff_number', a.customs_tariff_number, 'sale_start', a.sale_start, 'end_of_life', a.end_of_life,
   'created_at', a.created_at, 'updated_at', a.updated_at`,
  'pa.position, a.id',
  'FROM product_articles pa JOIN articles a ON a.id = pa.article_id AND a.is_active WHERE pa.product_id = p.id',
);

const MANUFACTURERS = jsonList(
  `'id', m.id, 'slug', m.slug, 'short_name', m.short_name, 'names', m.names`,
  'pm.position, m.id',
  `FROM product_manufacturers pm JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
    WHERE pm.product_id = p.id`,
);

const TRACTOR_MODELS = jsonList(
  `'id', tm.id, 'identifier', tm.identifier, 'model', tm.model, 'type_of_tractor', tm.type_of_tractor,
   'manufacturer_id', tm.manufacturer_id, 'tractor_series_id', tm.tractor_series_id`,
  'ptm.position, tm.id',
  'FROM product_tractor_models ptm JOIN tractor_models tm ON tm.id = ptm.tractor_model_id WHERE ptm.product_id = p.id',
);

/**
 * One statement for ACTIVE products matching `where` (bound to `binding`): each row is a product with its
 * relations as JSON arrays, so the number of queries never depends on the number of relations (and a
 * detail view costs one parse and plan in Postgres instead of nine).
 */
export function productsSql(where: string, withRelations: boolean): string {
  const relations = withRelations
    ? `, ${ARTICLES} AS articles, ${MANUFACTURERS} AS manufacturers, ${TRACTOR_MODELS} AS tractor_models`
    : '';
  return `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
    SELECT p.id, p.slug, p.objekttyp, p.ordernumber, p.names, p.descriptions, p.product_page_url, p.features,
           p.sale_start, p.end_of_life, p.created_at, p.updated_at,
           ${ARTICLES_COUNT} AS articles_count, ${TAXONS} AS taxons, ${LINKED_IMAGES} AS linked_images,
           ${UPLOADS} AS uploaded_images${relations}
      FROM products p WHERE ${where} AND p.is_active`;
}

/** A row of `productsSql` as a ProductRecord (the detail relations are left to the caller). */
export function productFromRow(row: Row): ProductRecord {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    objekttyp: text(row.objekttyp),
    ordernumber: text(row.ordernumber),
    names: lang(row.names),
    descriptions: lang(row.descriptions),
    product_page_url: text(row.product_page_url),
    features: (row.features ?? null) as Record<string, unknown> | null,
    sale_start: wireDate(row.sale_start as string | null),
    end_of_life: wireDate(row.end_of_life as string | null),
    linked_images: (row.linked_images as Row[]).map(mediumFromRow),
    uploaded_images: (row.uploaded_images as Row[]).map(uploadFromRow),
    articles_count: Number(row.articles_count),
    taxons: (row.taxons as Row[]).map(termFromRow),
    created_at: wireTimestamp(row.created_at as Date | null),
    updated_at: wireTimestamp(row.updated_at as Date | null),
  };
}

/**
 * List records of the ACTIVE products among `ids`, in `ids` order (missing and inactive ids are left out).
 * One query whatever the number of products and relations.
 */
export async function loadProductRecords(db: Knex, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: Row[] }>(productsSql('p.id = ANY(?)', false), [[...ids]]);
  const byId = new Map(rows.map((row) => [Number(row.id), productFromRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An article row (columns of ARTICLE_COLUMNS) as an ArticleRecord. */
export function articleFromRow(row: Row): ArticleRecord {
  return {
    id: Number(row.id),
    type: String(row.type),
    type_code: text(row.type_code),
    ordernumber: String(row.ordernumber),
    names: lang(row.names),
    short_names: lang(row.short_names),
    descriptions: lang(row.descriptions),
    weight: text(row.weight),
    customs_tariff_number: text(row.customs_tariff_number),
    sale_start: wireDate(row.sale_start as string | null),
    end_of_life: wireDate(row.end_of_life as string | null),
    created_at: wireTimestamp(row.created_at as Date | null),
    updated_at: wireTimestamp(row.updated_at as Date | null),
  };
}

/** Article columns for `articleFromRow` (never `price` or `stock`), qualified with alias `a`. */
export const ARTICLE_COLUMNS = `a.id, a.type, a.type_code, a.ordernumber, a.names, a.short_names, a.descriptions,
  a.weight, a.customs_tariff_number, a.sale_start, a.end_of_life, a.created_at, a.updated_at`;

/** The ACTIVE articles among `ids`, in `ids` order (one query). End of life does not hide an article. */
export async function loadArticleRecords(db: Knex, ids: readonly number[]): Promise<ArticleRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: Row[] }>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE a.id = ANY(?) AND a.is_active`,
    [[...ids]],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), articleFromRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
