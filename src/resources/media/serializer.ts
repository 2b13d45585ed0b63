/**
 * The Medium (asset) resource of the spec ("Medium (asset)"), from a MediumRecord. Pure.
 */
import type { MediumRecord } from '../../catalog/records';
import type { z } from 'zod';
import { originalUrl, renditionUrl } from '../../media/urls';
import type { ConversionSchema, MediumSchema } from './schema';

/** German labels of `ki_status`; for `ki_generiert` the website must visibly mark the image. */
export const KI_LABELS: Record<string, string> = {
  ungeprueft_altbestand: 'Ungeprüft (Altbestand)',
  ki_generiert: 'KI-generiert',
  kein_ki: 'Kein KI',
};

export type Conversion = z.infer<typeof ConversionSchema>;

/** The medium as JSON; `usages` only when the record has them (images that come through a product link). */
export type MediumJson = z.infer<typeof MediumSchema>;

/** The generated renditions by format key (format position order), with their URLs. */
export function conversionsOf(medium: MediumRecord, appUrl: string): Record<string, Conversion> {
  const conversions: Record<string, Conversion> = {};
  for (const [key, rendition] of Object.entries(medium.renditions ?? {})) {
    const url = renditionUrl(appUrl, medium, key, rendition);
    if (url) conversions[key] = { url, width: rendition.width, height: rendition.height, fit: rendition.fit };
  }
  return conversions;
}

/**
 * `"<url> <width>w"` entries joined by ", " (Spatie), ascending by the format's width; formats without a
 * width are left out, and of formats with the same width only the first (by position) is kept, as a
 * srcset with two candidates of one width is invalid. Null when no entry is left.
 */
export function srcsetOf(conversions: Record<string, Conversion>): string | null {
  const byWidth = new Map<number, string>();
  for (const c of Object.values(conversions)) {
    if (c.width !== null && !byWidth.has(c.width)) byWidth.set(c.width, c.url);
  }
  const entries = [...byWidth].sort(([a], [b]) => a - b).map(([width, url]) => `${url} ${width}w`);
  return entries.length > 0 ? entries.join(', ') : null;
}

/**
 * Serializes a medium. `conversions` holds only renditions the worker has generated (a slow render is a
 * missing key, never a guessed URL); `thumb_url` is the `thumb` conversion's URL or null.
 */
export function serializeMedium(medium: MediumRecord, appUrl: string): MediumJson {
  const conversions = conversionsOf(medium, appUrl);
  return {
    id: medium.id,
    name: medium.name,
    file_name: medium.file_name,
    mime_type: medium.mime_type,
    type: medium.type,
    ...(medium.usages ? { usages: medium.usages } : {}),
    size: medium.size,
    url: originalUrl(appUrl, medium),
    thumb_url: conversions.thumb?.url ?? null,
    conversions,
    srcset: srcsetOf(conversions),
    alt: medium.alt,
    title: medium.title,
    caption: medium.caption,
    description: medium.description,
    copyright: medium.copyright,
    license: medium.license,
    ki_status: medium.ki_status,
    ki_label: medium.ki_status ? (KI_LABELS[medium.ki_status] ?? null) : null,
    folder: medium.folder,
    created_at: medium.created_at,
  };
}
