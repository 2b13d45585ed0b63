/**
 * The Medium (asset) resource of the spec ("Medium (asset)"), from a MediumRecord. Pure.
 */
import type { MediumRecord } from '../../search/documents';
import { originalUrl } from '../../media/urls';

/** German labels of `ki_status`; for `ki_generiert` the website must visibly mark the image. */
export const KI_LABELS: Record<string, string> = {
  ungeprueft_altbestand: 'Ungeprüft (Altbestand)',
  ki_generiert: 'KI-generiert',
  kein_ki: 'Kein KI',
};

export interface Conversion {
  url: string;
  width: number | null;
  height: number | null;
  fit: string;
}

/** The medium as JSON; `usages` only when the record has them (images that come through a product link). */
export interface MediumJson {
  id: number;
  name: string;
  file_name: string;
  mime_type: string;
  type: string;
  usages?: string[];
  size: number | null;
  url: string | null;
  thumb_url: string | null;
  conversions: Record<string, Conversion>;
  srcset: string | null;
  alt: string | null;
  title: string | null;
  caption: string | null;
  description: string | null;
  copyright: string | null;
  license: string | null;
  ki_status: string | null;
  ki_label: string | null;
  folder: { id: number; name: string; slug: string } | null;
  created_at: string | null;
}

/**
 * Serializes a medium. Renditions are not generated yet (media issue): `conversions` is `{}`, `thumb_url`
 * and `srcset` are null, never invented.
 */
export function serializeMedium(medium: MediumRecord, appUrl: string): MediumJson {
  return {
    id: medium.id,
    name: medium.name,
    file_name: medium.file_name,
    mime_type: medium.mime_type,
    type: medium.type,
    ...(medium.usages ? { usages: medium.usages } : {}),
    size: medium.size,
    url: originalUrl(appUrl, medium),
    thumb_url: null,
    conversions: {},
    srcset: null,
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
