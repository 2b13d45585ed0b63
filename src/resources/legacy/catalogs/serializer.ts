/** A PDF catalog under the earlier overview's names: every field listed. */
import type { z } from 'zod';
import { wireTimestamp } from '../../../catalog/wire';
import { catalogPdfUrl, type CatalogRecord } from './query';
import type { LegacyCatalogSchema } from './schema';

export type LegacyCatalog = z.infer<typeof LegacyCatalogSchema>;

/** The catalog resource of `record`; its PDF's URL is built on `appUrl`. */
export function serializeCatalog(record: CatalogRecord, appUrl: string): LegacyCatalog {
  const url = catalogPdfUrl(appUrl, record);
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    subtitle: record.subtitle,
    description: record.description,
    language: record.language,
    status: 'published',
    format: record.format,
    page_count: record.page_count,
    pages_count: record.page_count,
    generated_at: wireTimestamp(record.generated_at),
    generated_pdf_path: url,
    pdf_url: url,
    file_name: record.file_name,
    size: Number(record.size),
    valid_from: wireTimestamp(record.valid_from),
    valid_until: wireTimestamp(record.valid_until),
    created_at: wireTimestamp(record.created_at),
    updated_at: wireTimestamp(record.updated_at),
  };
}
