/**
 * Postgres reads of `/catalogs` and of their PDFs (docs/snapshot-catalogs.md): a catalog is
 * public while its status is `published` and the database clock lies in its validity window, checked per
 * request. One query each.
 */
import type { Knex } from 'knex';
import { rows } from '../shared';

/** The columns of a catalog the API uses. */
export interface CatalogRecord {
  id: number;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  language: string;
  format: string | null;
  page_count: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  generated_at: Date | null;
  file_sha256: string;
  file_name: string;
  file_path: string;
  size: string | number;
  created_at: Date | null;
  updated_at: Date | null;
}

/** The public-catalog condition for the row aliased `c`. */
const PUBLIC = `c.status = 'published' AND (c.valid_from IS NULL OR c.valid_from <= now())
  AND (c.valid_until IS NULL OR c.valid_until > now())`;

const SELECT = `SELECT c.id, c.slug, c.title, c.subtitle, c.description, c.language, c.format, c.page_count,
    c.valid_from, c.valid_until, c.generated_at, c.file_sha256, c.file_name, c.file_path, c.size,
    c.created_at, c.updated_at FROM catalogs c WHERE ${PUBLIC}`;

/** The public catalogs by position, then title, then id. */
export function listPublicCatalogs(db: Knex): Promise<CatalogRecord[]> {
  return rows<CatalogRecord>(db, `${SELECT} ORDER BY c.position, c.title, c.id`);
}

/** The public catalog with `slug`, or undefined. */
export async function findPublicCatalog(db: Knex, slug: string): Promise<CatalogRecord | undefined> {
  return (await rows<CatalogRecord>(db, `${SELECT} AND c.slug = ?`, [slug]))[0];
}

/** The public catalog `id` (for its PDF), or undefined. */
export async function findPublicCatalogById(db: Knex, id: number): Promise<CatalogRecord | undefined> {
  return (await rows<CatalogRecord>(db, `${SELECT} AND c.id = ?`, [id]))[0];
}

/** The URL of a catalog's PDF: `/files/catalogs/<id>/<32 hex of its sha256>/<file name>`. */
export function catalogPdfUrl(
  appUrl: string,
  record: Pick<CatalogRecord, 'id' | 'file_sha256' | 'file_name'>,
) {
  return `${appUrl}/files/catalogs/${record.id}/${record.file_sha256.trim().slice(0, 32)}/${encodeURIComponent(record.file_name)}`;
}
