/**
 * The Medium (asset) of the spec ("Medium (asset)"). The serializers' return types are inferred from these schemas, and the OpenAPI document is
 * generated from them (src/openapi), so the two cannot drift.
 */
import { TimestampSchema } from '../../openapi/wire';
import { nullable, z } from '../../openapi/zod';

export const ConversionSchema = z
  .strictObject({
    url: z.string(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    fit: z.string(),
  })
  .openapi('Conversion', {
    description:
      'A generated rendition. `width` and `height` are the target size of the format: exact with `fit` = `crop`, an upper bound with `max`.',
  });

export const MediumFolderRefSchema = z
  .strictObject({ id: z.int(), name: z.string(), slug: z.string() })
  .openapi('MediumFolderRef');

export const MediumSchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    file_name: z.string(),
    mime_type: z.string(),
    type: z.string().openapi({
      description:
        'One of `image`, `datasheet`, `manual`, `brochure`, `three_d_view`, `view_360`, `technical_drawing`, `video`, `audio`, `logo`, `icon`, `cad`, `interactive_image`.',
    }),
    usages: z.array(z.string()).optional().openapi({
      description:
        'Only for images that come through a product link: `configurator`, `price_list`, `website`, `catalog`.',
    }),
    size: z.int().nullable().openapi({ description: 'bytes' }),
    url: z
      .string()
      .nullable()
      .openapi({ description: 'The original; null while the file is not taken over.' }),
    thumb_url: z.string().nullable().openapi({ description: 'The `thumb` rendition, when generated.' }),
    conversions: z.record(z.string(), ConversionSchema).openapi({
      description: 'Generated renditions by format key; empty for non-images and SVG.',
    }),
    srcset: z.string().nullable().openapi({ description: '`"<url> <width>w"` entries joined by `", "`.' }),
    alt: z.string().nullable(),
    title: z.string().nullable(),
    caption: z.string().nullable(),
    description: z.string().nullable(),
    copyright: z.string().nullable(),
    license: z.string().nullable(),
    ki_status: z
      .string()
      .nullable()
      .openapi({ description: '`ungeprueft_altbestand`, `ki_generiert` or `kein_ki`.' }),
    ki_label: z.string().nullable().openapi({
      description: 'German label of `ki_status`; for `ki_generiert` the website must visibly mark the image.',
    }),
    folder: nullable(MediumFolderRefSchema),
    created_at: TimestampSchema,
  })
  .openapi('Medium', { description: 'A public medium (asset).' });
