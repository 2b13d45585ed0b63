/**
 * Public URLs of original files. Stable (they change only when the file's content changes) and unguessable
 * (they carry part of the file's SHA-256), under APP_URL; served by src/resources/files while the record
 * is public. Renditions (`conversions`) are not generated yet.
 */
import type { MediumRecord } from '../search/documents';

/** URL of the original file of `medium`, or null while the file is not taken over. */
export function originalUrl(appUrl: string, medium: MediumRecord): string | null {
  if (!medium.file_path || !medium.file_sha256) return null;
  const kind = medium.source === 'media' ? 'media' : 'uploads';
  return `${appUrl}/files/${kind}/${medium.id}/${medium.file_sha256.slice(0, 32)}/${encodeURIComponent(medium.file_name)}`;
}
