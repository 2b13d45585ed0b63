/**
 * Postgres reads of products (spec "Product"): the list record of many products at once, for the indexer's
 * documents and the detail view alike, and the detail-only relations.
 *
 * `loadProductRecords` issues five queries whatever the number of products and relations (no N+1); the
 * detail view adds three. Only active products and active related records are returned; taxons only of
 * frontend dimensions; images only media released for the website (time is checked per request).
 */
import type { Knex } from 'knex';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';
import { wireDate, wireTimestamp } from '../../catalog/wire';
import type {
  ArticleRecord,
  LanguageObject,
  MediumRecord,
  ProductRecord,
  TermRecord,
} from '../../search/documents';

type Row = Record<string, unknown>;

const lang = (value: unknown): LanguageObject => (value ?? {}) as LanguageObject;
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Rows grouped by their `product_id`, in query order. */
function byProduct<T>(rows: Row[], map: (row: Row) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row.product_id);
    const list = out.get(id) ?? [];
    list.push(map(row));
    out.set(id, list);
  }
  return out;
}

/** A media-library row (with folder columns) as a MediumRecord. */
export function mediumFromRow(row: Row): MediumRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    file_name: String(row.file_name),
    mime_type: String(row.mime_type),
    type: String(row.type),
    size: row.size === null ? null : Number(row.size),
    file_path: text(row.file_path),
    file_sha256: text(row.file_sha256),
    alt: text(row.alt),
    title: text(row.title),
    caption: text(row.caption),
    description: text(row.description),
    copyright: text(row.copyright),
    license: text(row.license),
    ki_status: text(row.ki_status),
    folder:
      row.folder_id === null
        ? null
        : { id: Number(row.folder_id), name: String(row.folder_name), slug: String(row.folder_slug) },
    ...(row.usages ? { usages: row.usages as string[] } : {}),
    valid_until: wireTimestamp(row.valid_until as Date | null),
    created_at: wireTimestamp(row.created_at as Date | null),
    source: 'media',
  };
}

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

const MEDIA_COLUMNS = `m.id, m.name, m.file_name, m.mime_type, m.type, m.size, m.file_path, m.file_sha256, m.alt,
  m.title, m.caption, m.description, m.copyright, m.license, m.ki_status, m.valid_until, m.created_at,
  f.id AS folder_id, f.name AS folder_name, f.slug AS folder_slug`;

/**
 * List records of the ACTIVE products among `ids`, in `ids` order (missing and inactive ids are left out).
 * Five queries whatever the number of products.
 */
export async function loadProductRecords(db: Knex, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [products, taxons, counts, images, uploads] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      `SELECT id, slug, objekttyp, ordernumber, names, descriptions, product_page_url, features, sale_start,
              end_of_life, created_at, updated_at
         FROM products WHERE id = ANY(?) AND is_active`,
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT pt.product_id, t.id, t.taxonomy_id, tx.slug AS taxonomy_slug, t.parent_id, t.slug, t.name, t.position
         FROM product_taxons pt
         JOIN taxons t ON t.id = pt.taxon_id
         JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
        WHERE pt.product_id = ANY(?)
        ORDER BY pt.product_id, pt.position, t.id`,
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT pa.product_id, count(*)::int AS n
         FROM product_articles pa JOIN articles a ON a.id = pa.article_id AND a.is_active
        WHERE pa.product_id = ANY(?) GROUP BY pa.product_id`,
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
       SELECT l.product_id, l.usages, ${MEDIA_COLUMNS}
         FROM product_media_links l
         JOIN media m ON m.id = l.media_id
         LEFT JOIN media_folders f ON f.id = m.folder_id
        WHERE l.product_id = ANY(?) AND l.role = 'image' AND ${mediaReleasedForWebsite('m')}
        ORDER BY l.product_id, l.is_main DESC, l.position, m.id`,
      [list],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT product_id, id, name, file_name, mime_type, size, file_path, file_sha256, alt, title, created_at
         FROM product_uploads WHERE product_id = ANY(?) ORDER BY product_id, position, id`,
      [list],
    ),
  ]);
  const termsOf = byProduct(taxons.rows, termFromRow);
  const countOf = new Map(counts.rows.map((r) => [Number(r.product_id), Number(r.n)]));
  const imagesOf = byProduct(images.rows, mediumFromRow);
  const uploadsOf = byProduct(uploads.rows, uploadFromRow);
  const byId = new Map(products.rows.map((row) => [Number(row.id), row]));
  return list.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        slug: String(row.slug),
        objekttyp: text(row.objekttyp),
        ordernumber: text(row.ordernumber),
        names: lang(row.names),
        descriptions: lang(row.descriptions),
        product_page_url: text(row.product_page_url),
        features: (row.features ?? null) as Record<string, unknown> | null,
        sale_start: wireDate(row.sale_start as string | null),
        end_of_life: wireDate(row.end_of_life as string | null),
        linked_images: imagesOf.get(id) ?? [],
        uploaded_images: uploadsOf.get(id) ?? [],
        articles_count: countOf.get(id) ?? 0,
        taxons: termsOf.get(id) ?? [],
        created_at: wireTimestamp(row.created_at as Date | null),
        updated_at: wireTimestamp(row.updated_at as Date | null),
      },
    ];
  });
}

/** The id of the ACTIVE product with this slug, or undefined. */
export async function findActiveProductId(db: Knex, slug: string): Promise<number | undefined> {
  const row = await db('products').first('id').where({ slug, is_active: true });
  return row ? Number(row.id) : undefined;
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

export interface ProductRelations {
  articles: ArticleRecord[];
  manufacturers: Row[];
  tractorModels: Row[];
}

/** The detail-only relations of one product (active articles and manufacturers), three queries. */
export async function loadProductRelations(db: Knex, productId: number): Promise<ProductRelations> {
  const [articles, manufacturers, models] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      `SELECT ${ARTICLE_COLUMNS} FROM product_articles pa JOIN articles a ON a.id = pa.article_id AND a.is_active
        WHERE pa.product_id = ? ORDER BY pa.position, a.id`,
      [productId],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT m.id, m.slug, m.short_name, m.names
         FROM product_manufacturers pm JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
        WHERE pm.product_id = ? ORDER BY pm.position, m.id`,
      [productId],
    ),
    db.raw<{ rows: Row[] }>(
      `SELECT tm.id, tm.identifier, tm.model, tm.type_of_tractor, tm.manufacturer_id, tm.tractor_series_id
         FROM product_tractor_models ptm JOIN tractor_models tm ON tm.id = ptm.tractor_model_id
        WHERE ptm.product_id = ? ORDER BY ptm.position, tm.id`,
      [productId],
    ),
  ]);
  return {
    articles: articles.rows.map(articleFromRow),
    manufacturers: manufacturers.rows,
    tractorModels: models.rows,
  };
}
