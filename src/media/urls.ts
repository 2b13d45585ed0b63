/**
 * Public URLs of original files and renditions. Stable (they change only when the file's content changes)
 * and unguessable (they carry part of the file's SHA-256, or of the rendition's id derived from it), under
 * APP_URL; served by src/resources/files while the record is public.
 */
import path from 'node:path';
import type { MediumRecord, RenditionRecord } from '../catalog/records';

const kindOf = (medium: MediumRecord) => (medium.source === 'media' ? 'media' : 'uploads');

/** The 64-hex id in a rendition path (`renditions/<aa>/<id>.<ext>`), or null for any other path. */
export function renditionId(filePath: string): string | null {
  const match = /^renditions\/[0-9a-f]{2}\/([0-9a-f]{64})\.[a-z]+$/.exec(filePath);
  return match ? match[1]! : null;
}

/** The file name a rendition is served under: the original's name with the rendition's extension. */
export function renditionFileName(originalName: string, renditionPath: string): string {
  const stem = path.posix.basename(originalName, path.posix.extname(originalName)) || 'image';
  return `${stem}${path.posix.extname(renditionPath)}`;
}

/**
 * URL of the rendition `format` of `medium`: `/files/<kind>/<id>/<32 hex of the rendition id>/<format>/<name>`,
 * or null when the record has no usable file path.
 */
export function renditionUrl(
  appUrl: string,
  medium: MediumRecord,
  format: string,
  rendition: RenditionRecord,
): string | null {
  const id = renditionId(rendition.path);
  if (!id) return null;
  const name = renditionFileName(medium.file_name, rendition.path);
  return `${appUrl}/files/${kindOf(medium)}/${medium.id}/${id.slice(0, 32)}/${encodeURIComponent(format)}/${encodeURIComponent(name)}`;
}

/** URL of the original file of `medium`, or null while the file is not taken over. */
export function originalUrl(appUrl: string, medium: MediumRecord): string | null {
  if (!medium.file_path || !medium.file_sha256) return null;
  return `${appUrl}/files/${kindOf(medium)}/${medium.id}/${medium.file_sha256.slice(0, 32)}/${encodeURIComponent(medium.file_name)}`;
}
