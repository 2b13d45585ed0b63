/** The Image format (spec "Image format"); the serializer's return type is inferred from it. */
import { z } from '../../openapi/zod';

export const ImageFormatSchema = z
  .strictObject({
    key: z.string().openapi({
      description: 'Same keys as in `conversions` and the `format` parameter of the CMS preview.',
    }),
    label: z.string(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    fit: z.string().openapi({ description: 'For example `crop`, `max`, `contain`.' }),
    quality: z.int().nullable().openapi({ description: 'JPEG/WebP quality 1 to 100; null = default.' }),
    position: z.int(),
  })
  .openapi('ImageFormat');
