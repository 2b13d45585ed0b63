/**
 * Scales and edge cases. Every edge case of the snapshot format and API spec is planted at every
 * scale: random rates make them realistic at large scales, and a list of forced cases puts each one at
 * least once, spread evenly over the records, so even `tiny` has all of them.
 */
import type { MediaType } from '../../src/catalog/model';

export type Scale = 'tiny' | 'small' | 'medium' | 'large';

export interface ScaleSpec {
  products: number;
  articles: number;
  media: number;
  /** Shorter/longer edge of ordinary generated images in pixels (the three big ones are 4000 wide). */
  imageEdge: readonly [number, number];
}

export const SCALES: Readonly<Record<Scale, ScaleSpec>> = {
  tiny: { products: 30, articles: 200, media: 80, imageEdge: [160, 480] },
  small: { products: 300, articles: 3000, media: 800, imageEdge: [240, 1200] },
  medium: { products: 10_000, articles: 100_000, media: 25_000, imageEdge: [160, 400] },
  large: { products: 100_000, articles: 1_000_000, media: 250_000, imageEdge: [96, 160] },
};

export function isScale(value: string): value is Scale {
  return Object.prototype.hasOwnProperty.call(SCALES, value);
}

/** Product flags (bits of `plan.products.flags`). */
export const PF = {
  INACTIVE: 1 << 0,
  NO_ORDERNUMBER: 1 << 1,
  UPLOADS_ONLY: 1 << 2,
  DOCS_ONLY: 1 << 3,
  DE_ONLY: 1 << 4,
  NO_FR: 1 << 5,
  EOL_PAST: 1 << 6,
  SALE_FUTURE: 1 << 7,
  HIDDEN_TAXON: 1 << 8,
  NO_KEYWORDS: 1 << 9,
  FEATURES_EMPTY: 1 << 10,
  TEXTS: 1 << 11,
  UNKNOWN_FIELD: 1 << 12,
  LINKS_SHUFFLED: 1 << 13,
  UPLOADS: 1 << 14,
  /** Has a French name but no French description. */
  NO_FR_DESCRIPTION: 1 << 15,
} as const;

/** Rate of each flag among produkt/modellvariante records. */
export const PRODUCT_FLAG_RATES: readonly (readonly [number, number])[] = [
  [PF.INACTIVE, 0.04],
  [PF.NO_ORDERNUMBER, 0.01],
  [PF.UPLOADS_ONLY, 0.02],
  [PF.DE_ONLY, 0.02],
  [PF.NO_FR, 0.05],
  [PF.EOL_PAST, 0.06],
  [PF.SALE_FUTURE, 0.02],
  [PF.HIDDEN_TAXON, 0.1],
  [PF.NO_KEYWORDS, 0.05],
  [PF.FEATURES_EMPTY, 0.02],
  [PF.TEXTS, 0.2],
  [PF.UNKNOWN_FIELD, 0.1],
  [PF.LINKS_SHUFFLED, 0.3],
  [PF.UPLOADS, 0.05],
  [PF.NO_FR_DESCRIPTION, 0.05],
];

/** Flags that cannot both hold for one product. */
export const CONFLICTING_FLAGS: readonly (readonly [number, number])[] = [
  [PF.UPLOADS_ONLY, PF.DOCS_ONLY],
  [PF.EOL_PAST, PF.SALE_FUTURE],
  [PF.DE_ONLY, PF.NO_FR],
  [PF.DE_ONLY, PF.NO_FR_DESCRIPTION],
  [PF.NO_FR, PF.NO_FR_DESCRIPTION],
];

/** Forced product cases, one product each (combined flags where the case needs two). */
export const FORCED_PRODUCT_CASES: readonly number[] = [
  PF.INACTIVE,
  PF.NO_ORDERNUMBER,
  PF.UPLOADS_ONLY,
  PF.DOCS_ONLY,
  PF.DE_ONLY,
  PF.NO_FR,
  PF.EOL_PAST,
  PF.EOL_PAST | PF.INACTIVE,
  PF.SALE_FUTURE,
  PF.HIDDEN_TAXON,
  PF.NO_KEYWORDS,
  PF.FEATURES_EMPTY,
  PF.TEXTS,
  PF.UNKNOWN_FIELD,
  PF.LINKS_SHUFFLED,
  PF.UPLOADS,
  PF.NO_FR_DESCRIPTION,
];

/** Forced cases for image media, spread over the image records (index + 1 is stored in the plan). */
export const MEDIA_CASES = [
  'channels_web_print',
  'channels_print',
  'channels_dealer',
  'channels_web_dealer',
  'draft',
  'in_review',
  'blocked',
  'expired',
  'future_valid',
  'trashed',
  'folder_inactive',
  'folder_restricted',
  'no_folder',
  'file_null',
  'ki_generiert',
  'ki_altbestand',
  'ki_kein',
  'ki_null',
  'size_absent',
  'jpeg',
  'png',
  'png_alpha',
  'webp',
  'webp_alpha',
  'gif',
  'tiff',
  'svg',
  'big_jpeg',
  'big_webp',
  'big_png',
  'exif_rotated',
  'zulu',
] as const;
export type MediaCase = (typeof MEDIA_CASES)[number];

/** Forced article cases, each planted on one article of its kind (spread over main or spare articles). */
export const ARTICLE_CASES = [
  { key: 'main_inactive', target: 'main' },
  { key: 'main_sale_future', target: 'main' },
  { key: 'inactive', target: 'spare' },
  { key: 'eol_past_active', target: 'spare' },
  { key: 'weight_null', target: 'spare' },
  { key: 'de_only', target: 'spare' },
  { key: 'stock_zero', target: 'spare' },
  { key: 'eszett_times', target: 'spare' },
  { key: 'quote_diameter', target: 'spare' },
  { key: 'newline', target: 'spare' },
  { key: 'no_customs', target: 'spare' },
] as const;
export type ArticleCase = (typeof ARTICLE_CASES)[number]['key'];

/** Position of forced case `k` of `count` among `n` candidates: evenly spread. */
export function spreadIndex(k: number, count: number, n: number): number {
  return Math.min(n - 1, Math.floor(((k + 0.5) * n) / count));
}

/**
 * Library-wide media that exist at every scale, at the start of the global (not product-owned) range:
 * one of each non-image type and file kind. media.ts gives each its fixed traits.
 */
export const CORE_MEDIA: readonly { key: string; type: MediaType }[] = [
  { key: 'logo_svg', type: 'logo' },
  { key: 'logo_png', type: 'logo' },
  { key: 'icon_svg', type: 'icon' },
  { key: 'icon_png', type: 'icon' },
  { key: 'drawing_svg', type: 'technical_drawing' },
  { key: 'drawing_pdf', type: 'technical_drawing' },
  { key: 'datasheet_pdf', type: 'datasheet' },
  { key: 'manual_pdf', type: 'manual' },
  { key: 'brochure_pdf', type: 'brochure' },
  { key: 'brochure_null', type: 'brochure' },
  { key: 'video_null', type: 'video' },
  { key: 'cad_step', type: 'cad' },
  { key: 'three_d_gltf', type: 'three_d_view' },
  { key: 'audio_wav', type: 'audio' },
  { key: 'view_360_null', type: 'view_360' },
  { key: 'interactive_null', type: 'interactive_image' },
];
