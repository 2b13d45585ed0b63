/** The wire form of a PDF catalog (the earlier overview's `/catalogs`). */
import { TimestampSchema } from '../../../openapi/wire';
import { z } from '../../../openapi/zod';

export const LegacyCatalogSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    description: z.string().nullable(),
    language: z.string().openapi({ description: 'The language of the PDF (`de`, `en`, ...).' }),
    status: z.literal('published').openapi({ description: 'Always `published`: only those are public.' }),
    format: z.string().nullable().openapi({ description: 'Paper format as the PIM names it, e.g. `A4`.' }),
    page_count: z.int().nullable(),
    pages_count: z.int().nullable().openapi({ description: 'The same as `page_count` (both were listed).' }),
    generated_at: TimestampSchema,
    generated_pdf_path: z.string().openapi({ description: 'The URL of the PDF, the same as `pdf_url`.' }),
    pdf_url: z.string().openapi({
      description: 'The PDF, served like media originals (`/files/catalogs/<id>/<hash>/<file name>`).',
    }),
    file_name: z.string(),
    size: z.int().openapi({ description: 'Bytes of the PDF.' }),
    valid_from: TimestampSchema,
    valid_until: TimestampSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('LegacyCatalog', { description: 'A published PDF catalog (snapshot `catalogs.ndjson`).' });
