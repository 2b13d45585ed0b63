/**
 * PDF catalogs for tests (docs/snapshot-catalogs.md): `addCatalogs(dir)` writes a
 * `catalogs.ndjson` and its PDFs into a snapshot directory (e.g. a `copySample()` copy). Five catalogs,
 * two of them public: a draft, one expired and one not yet valid are not.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Json = Record<string, unknown>;

/** A small, valid PDF whose bytes differ by `label` (one page, no content stream). */
export function pdfBytes(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

/** The catalog records `addCatalogs` writes, in file order. */
export const CATALOG_RECORDS: Json[] = [
  {
    id: 1,
    slug: 'gesamtkatalog-2026',
    title: 'Gesamtkatalog 2026',
    subtitle: 'Pressen und Frontlader',
    description: 'Alle Maschinen des Jahres 2026.',
    language: 'de',
    format: 'A4',
    page_count: 124,
    status: 'published',
    valid_from: '2026-01-01T00:00:00+01:00',
    generated_at: '2025-12-15T10:00:00+01:00',
    position: 1,
    file: 'catalogs/gesamtkatalog-2026.pdf',
    created_at: '2025-12-15T10:00:00+01:00',
    updated_at: '2026-01-02T09:00:00+01:00',
  },
  {
    id: 2,
    slug: 'full-line-2026',
    title: 'Full line 2026',
    language: 'en',
    page_count: 96,
    status: 'published',
    position: 2,
    file: 'catalogs/full-line-2026.pdf',
    file_name: 'Full line 2026 (EN).pdf',
  },
  {
    id: 3,
    slug: 'entwurf-2027',
    title: 'Gesamtkatalog 2027 (Entwurf)',
    language: 'de',
    status: 'draft',
    file: 'catalogs/entwurf-2027.pdf',
  },
  {
    id: 4,
    slug: 'ersatzteile-2024',
    title: 'Ersatzteilkatalog 2024',
    language: 'de',
    status: 'published',
    valid_until: '2025-01-01T00:00:00+01:00',
    file: 'catalogs/ersatzteile-2024.pdf',
  },
  {
    id: 5,
    slug: 'herbst-2036',
    title: 'Herbstprogramm 2036',
    language: 'de',
    status: 'published',
    valid_from: '2036-09-01T00:00:00+02:00',
    file: 'catalogs/herbst-2036.pdf',
  },
];

/** Slugs of the catalogs of `CATALOG_RECORDS` that are public now, in list order. */
export const PUBLIC_CATALOG_SLUGS = ['gesamtkatalog-2026', 'full-line-2026'];

/** Writes `records` (default `CATALOG_RECORDS`) as `catalogs.ndjson` of `dir`, with a PDF for each. */
export async function addCatalogs(dir: string, records: Json[] = CATALOG_RECORDS): Promise<void> {
  await mkdir(path.join(dir, 'files', 'catalogs'), { recursive: true });
  for (const record of records) {
    if (typeof record.file === 'string' && record.file.startsWith('catalogs/')) {
      await writeFile(path.join(dir, 'files', record.file), pdfBytes(String(record.slug)));
    }
  }
  await writeFile(path.join(dir, 'catalogs.ndjson'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}
