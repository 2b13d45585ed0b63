/**
 * Value sets of the catalog model (spec "Resources and their fields", snapshot format "Records"),
 * shared by the importer's validation, the generator and (later) the API and the indexer.
 */

/** Asset types of the media library; also the roles of product media links. */
export const MEDIA_TYPES = [
  'image',
  'datasheet',
  'manual',
  'brochure',
  'three_d_view',
  'view_360',
  'technical_drawing',
  'video',
  'audio',
  'logo',
  'icon',
  'cad',
  'interactive_image',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Release statuses of an asset; only `released` and `released_channels` (with `website`) are public. */
export const RELEASE_STATUSES = ['released', 'released_channels', 'draft', 'in_review', 'blocked'] as const;

/** AI status of an asset (`ki_generiert` must be marked visibly by the website). */
export const KI_STATUSES = ['ungeprueft_altbestand', 'ki_generiert', 'kein_ki'] as const;

/** How an image format fits the image into its box. */
export const IMAGE_FITS = ['crop', 'max', 'contain'] as const;
