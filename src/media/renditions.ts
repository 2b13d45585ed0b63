/**
 * Renditions as the read side carries them: one SQL fragment (a JSON object per owner, format key →
 * rendition, only ACTIVE formats, in format position order) used by every loader of media records, so the
 * product images, the media index and `GET /media/{media}` show the same `conversions`.
 */
import type { RenditionRecord } from '../catalog/records';

/**
 * `renditions` of the owner `<alias>.id` as a JSON object (`{}` when none). `width`, `height` and `fit` are
 * the FORMAT's (spec: conversions carry the target size); `path` and `mime_type` are the rendition file's.
 */
export function renditionsJson(owner: 'media_id' | 'upload_id', alias: string): string {
  return `(SELECT coalesce(json_object_agg(r.format_key, json_build_object('path', r.file_path,
             'mime_type', r.mime_type, 'width', f.width, 'height', f.height, 'fit', f.fit)
             ORDER BY f.position, f.key), '{}')
      FROM renditions r JOIN image_formats f ON f.key = r.format_key AND f.is_active
     WHERE r.${owner} = ${alias}.id)`;
}

/** The `renditions` value of a row (a JSON object from renditionsJson), `{}` when absent. */
export function renditionsFromRow(value: unknown): Record<string, RenditionRecord> {
  return value && typeof value === 'object' ? (value as Record<string, RenditionRecord>) : {};
}
