/**
 * What the renderer needs to know about image formats and inputs, without sharp: which files get
 * renditions at all, the signature a rendition was made with, and where a rendition file lives.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';

export type Fit = 'crop' | 'max' | 'contain';

/** One image format (`image_formats` row) as the renderer sees it. */
export interface RenderFormat {
  key: string;
  width: number | null;
  height: number | null;
  fit: Fit;
  /** JPEG/WebP quality 1–100; null = DEFAULT_QUALITY */
  quality: number | null;
}

/** Quality of JPEG and WebP renditions of a format whose `quality` is null (sharp's own default is 80). */
export const DEFAULT_QUALITY = 82;

/**
 * Bumped whenever the rendering itself changes what a rendition shows (strategy, sizes, colour): every
 * rendition's signature changes with it, so the next render job re-renders them all. An encoder setting
 * that keeps the picture (baseline instead of progressive JPEG, the same quantisation; WebP effort) is no
 * reason to re-render a catalog: old and new files are both current.
 */
export const RENDERER_VERSION = 1;

/**
 * Inputs that get renditions, by the record's MIME type: raster images only. SVG is deliberately absent
 * (the browser scales it itself; the spec says no conversions), and so are PDFs and everything else.
 * HEIC/HEIF is rendered: AVIF-coded by sharp, HEVC-coded by indexer/render/heic.ts. Not the same list as
 * the `renderable` filter of `GET /media` (src/resources/media/params.ts `RENDERABLE_MIME_TYPES`), which
 * follows the spec's wording "renderable" and counts SVG in.
 */
export const RASTER_MIME_TYPES: readonly string[] = [
  'image/jpeg',
  'image/pjpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
];

/** True when a record of this MIME type gets renditions (`RASTER_MIME_TYPES`). */
export function isRenderable(mimeType: string | null): boolean {
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  return RASTER_MIME_TYPES.includes(type);
}

/** What a rendition of `format` was made with; a rendition whose signature differs is rendered again. */
export function formatSignature(format: RenderFormat): string {
  const size = `${format.width ?? '-'}x${format.height ?? '-'}`;
  return `v${RENDERER_VERSION}:${format.fit}:${size}:q${format.quality ?? DEFAULT_QUALITY}`;
}

/**
 * True when a stored rendition (`path` under `mediaRoot`, made from the original `sourceSha256` with
 * `signature`) is current: made from the original `sha256` with `format`'s current settings, and its file
 * is on disk. The worker and the CMS preview both decide by this.
 */
export async function isCurrentRendition(
  mediaRoot: string,
  rendition: { path: string; sourceSha256: string; signature: string },
  sha256: string | null,
  format: RenderFormat,
): Promise<boolean> {
  if (rendition.sourceSha256 !== sha256 || rendition.signature !== formatSignature(format)) return false;
  return (await stat(path.join(mediaRoot, rendition.path)).catch(() => null))?.isFile() ?? false;
}

/**
 * Path under MEDIA_ROOT of the rendition of the original `sourceSha256` made with `signature`:
 * `renditions/<aa>/<sha256(source:signature)>.<ext>`. Derived, not random: the same original rendered the
 * same way lands on the same file (shared by duplicates, never written twice), and without the original's
 * hash nobody can guess it. The 64 hex of the name are the rendition's strong ETag and URL hash.
 */
export function renditionPath(sourceSha256: string, signature: string, extension: string): string {
  const id = createHash('sha256').update(`${sourceSha256}:${signature}`).digest('hex');
  return `renditions/${id.slice(0, 2)}/${id}.${extension}`;
}
