/** The CMS medium (docs/api/content-media.md, "Record"); the serializer's return type is inferred from it. */
import { z } from '../../openapi/zod';
import { TimestampSchema } from '../../openapi/wire';
import { MediumSchema } from '../media/schema';

const { usages: _usages, folder: _folder, ...publicShape } = MediumSchema.shape;

export const CmsMediumSchema = z
  .strictObject({
    id: publicShape.id,
    name: publicShape.name,
    file_name: publicShape.file_name,
    mime_type: publicShape.mime_type,
    type: publicShape.type,
    size: publicShape.size,
    url: z.string().nullable().openapi({ description: 'Null while the medium is not public.' }),
    thumb_url: z.string().nullable(),
    conversions: publicShape.conversions.openapi({ description: '`{}` while the medium is not public.' }),
    srcset: publicShape.srcset,
    alt: publicShape.alt,
    title: publicShape.title,
    caption: publicShape.caption,
    description: publicShape.description,
    copyright: publicShape.copyright,
    license: publicShape.license,
    ki_status: publicShape.ki_status,
    ki_label: publicShape.ki_label,
    folder: z.strictObject({ id: z.int(), name: z.string(), slug: z.string(), path: z.string() }).nullable(),
    created_at: publicShape.created_at,
    source_id: z.string().nullable(),
    public: z.boolean().openapi({ description: 'The public endpoints show it now.' }),
    release_status: z.string(),
    release_channels: z.array(z.string()),
    valid_until: TimestampSchema,
    keywords: z.array(z.string()),
    preview_url: z.string().nullable().openapi({
      description: '`/content/media/{id}/preview`; null when no rendition can be made.',
    }),
    download_url: z
      .string()
      .nullable()
      .openapi({ description: '`/content/media/{id}/download`; null without a file.' }),
  })
  .openapi('CmsMedium', { description: 'A medium as the CMS sees it.' });
