/**
 * Input of the public media endpoints (spec "GET /media", "GET /media/{media}", "General rules"): empty,
 * unknown and invalid values are ignored, never an error; `per_page` is clamped to 1..200 (default 24).
 * `MediaListQuery` documents them (OpenAPI) and parses them.
 */
import { MEDIA_TYPES, type MediaType } from '../../catalog/model';
import {
  flag,
  flagValue,
  idsValue,
  lenient,
  parseQuery,
  querySchema,
  type ParsedQuery,
} from '../../http/query';
import { pageFields } from '../../http/pagination';
import { z } from '../../openapi/zod';
import { cleanFilters, type SearchFilters } from '../../search-log/row';

/** Page sizes of `/media` (spec "Pagination defaults and maxima"). */
export const MEDIA_PER_PAGE = { default: 24, max: 200 };

/**
 * MIME types of "renderable" files for the `renderable` filter (spec: JPEG, PNG, WebP, AVIF, GIF, TIFF,
 * HEIC/HEIF, SVG), whatever the asset `type`: a logo, icon or drawing stored as one of these counts too.
 * Which files get renditions is another list, `RASTER_MIME_TYPES` (src/catalog/rendition-formats.ts:
 * no SVG).
 */
export const RENDERABLE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/svg+xml',
] as const;

/** How `/media/{media}` names an asset: the internal id or the source system's id. */
export type MediumKey = { id: number } | { sourceId: string };

const MAX_ID = 2_147_483_647;

/**
 * The `{media}` path segment: digits only within Postgres `integer` (`05001` is 5001), or `ext:<source_id>`
 * with a non-empty source id. Anything else is undefined, which the route answers with 404.
 */
export function mediumKey(segment: string | string[] | undefined): MediumKey | undefined {
  if (typeof segment !== 'string') return undefined;
  if (segment.startsWith('ext:')) {
    const sourceId = segment.slice(4);
    return sourceId === '' ? undefined : { sourceId };
  }
  if (!/^\d{1,10}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? { id } : undefined;
}

/** The `{media}` path parameter. */
export const MediumKeySchema = z.string().openapi({
  description:
    'The internal integer id, or `ext:<source_id>` (the id in the source system; stable across re-imports).',
  example: '5001',
});

/** The path parameters of `/media/{media}` and the `/content/media/{media}` routes. */
export const MediumPathParams = z.object({ media: MediumKeySchema });

export interface MediaListParams {
  /** one of the spec's asset types; anything else was dropped */
  type: MediaType | undefined;
  /** `renderable=1` → true, `renderable=0` → false; other values undefined (no filter) */
  renderable: boolean | undefined;
  ids: number[] | undefined;
  /** a folder slug, still to be resolved against the public folders */
  folder: string | undefined;
  search: string | undefined;
  page: number;
  perPage: number;
}

/**
 * The fields of the `/media` query with the page sizes `perPage` (the CMS list has its own maximum), and
 * `mediaListParams`, which turns their values into `MediaListParams`.
 */
export function mediaListShape(perPage: { default: number; max: number }) {
  return {
    type: lenient(
      z
        .enum(MEDIA_TYPES)
        .optional()
        .openapi({ description: 'Only this asset type; other values are ignored.' }),
    ),
    renderable: lenient(
      z.enum(['1', '0']).optional().openapi({
        description:
          '`1`: only image files (JPEG, PNG, WebP, AVIF, GIF, TIFF, HEIC/HEIF, SVG), whatever the type; `0`: only others.',
      }),
      flagValue,
    ),
    'ids[]': lenient(
      z.array(z.int().min(1)).optional().openapi({
        description: 'Only these ids; array form (`ids[]=1&ids[]=2`) or one `ids=1`; no comma list.',
      }),
      // Array form or a single id only: `ids=1,2` is not understood on /media (spec "General rules" 4).
      (raw) => idsValue(raw, { commaList: false }),
    ),
    folder: lenient(z.string().optional().openapi({ description: 'Folder slug.' })),
    search: lenient(
      z.string().optional().openapi({
        description:
          'Search in name, file name, title, alt text, keywords and synonyms; every word must occur; German compounds split as in `GET /products` (`Ansicht` finds `Heckansicht`).',
      }),
    ),
    ...pageFields(perPage, {
      perPage: `Page size, default ${perPage.default}, max ${perPage.max}; larger values are set to the maximum, smaller ones to 1.`,
    }),
  };
}

type MediaListValues = z.output<z.ZodObject<ReturnType<typeof mediaListShape>>>;

/** `MediaListParams` of the parsed `/media` fields; `perPage.default` when `per_page` is absent. */
export function mediaListParams(q: MediaListValues, perPage: { default: number }): MediaListParams {
  return {
    type: q.type,
    renderable: flag(q.renderable),
    ids: q['ids[]'],
    folder: q.folder,
    search: q.search,
    page: q.page ?? 1,
    perPage: q.per_page ?? perPage.default,
  };
}

/** The query of `GET /media`, parsed into `MediaListParams`. */
export const MediaListQuery = querySchema(mediaListShape(MEDIA_PER_PAGE), (q) =>
  mediaListParams(q, MEDIA_PER_PAGE),
);

/** The `/media` list parameters of a parsed query string. Never throws. */
export function parseMediaListParams(query: ParsedQuery): MediaListParams {
  return parseQuery(MediaListQuery, query);
}

/**
 * The filters as the search log keeps them (`search_log.filters`): `type`, `renderable`, `ids`, `folder`;
 * the values the parser accepted only.
 */
export function mediaSearchFilters(params: MediaListParams): SearchFilters {
  return cleanFilters({
    type: params.type,
    renderable: params.renderable,
    ids: params.ids,
    folder: params.folder,
  });
}
