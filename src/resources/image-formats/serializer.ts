/** The Image format resource (spec "Image format"), pure, every field listed. */
import type { ImageFormatRow } from './query';

export interface ImageFormatJson {
  key: string;
  label: string;
  width: number | null;
  height: number | null;
  fit: string;
  quality: number | null;
  position: number;
}

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
