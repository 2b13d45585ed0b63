/** The Image format resource (spec "Image format"), pure, every field listed. */
import type { z } from 'zod';
import type { ImageFormatRow } from './query';
import type { ImageFormatSchema } from './schema';

export type ImageFormatJson = z.infer<typeof ImageFormatSchema>;

export function serializeImageFormat(row: ImageFormatRow): ImageFormatJson {
  return {
    key: row.key,
    label: row.label,
    width: row.width,
    height: row.height,
    fit: row.fit,
    quality: row.quality,
    position: row.position,
  };
}
