/**
 * Input of the CMS media endpoints (docs/api/content-media.md): the `/media` list parameters with the CMS
 * page sizes (spec "Pagination defaults and maxima": default 24, max 100), plus `channel`, and the
 * `format` of the preview. Empty, unknown and invalid values are ignored, never an error.
 */
import { lenient, parseQuery, querySchema, type ParsedQuery } from '../../http/query';
import { z } from '../../openapi/zod';
import { cleanFilters, type SearchFilters } from '../../search-log/row';
import { mediaListParams, mediaListShape, mediaSearchFilters, type MediaListParams } from '../media/params';

/** Page sizes of `/content/media`. */
export const CONTENT_MEDIA_PER_PAGE = { default: 24, max: 100 };

export interface ContentMediaListParams extends MediaListParams {
  /** a release channel (`website`, `print`, `dealer_portal`, ...), lower-cased; undefined = any channel */
  channel: string | undefined;
}

/** A channel name: letters, digits, `_` and `-`, as the source system writes them. */
const CHANNEL = /^[a-z0-9_-]{1,64}$/;

/** The query of `GET /content/media`: the `/media` parameters with the CMS page sizes, plus `channel`. */
export const ContentMediaListQuery = querySchema(
  {
    ...mediaListShape(CONTENT_MEDIA_PER_PAGE),
    channel: lenient(
      z.string().optional().openapi({
        description:
          'Only media released for this channel (`website`, `print`, `dealer_portal`, ...); default any.',
      }),
    ),
  },
  (q): ContentMediaListParams => {
    const channel = q.channel?.toLowerCase();
    return {
      ...mediaListParams(q, CONTENT_MEDIA_PER_PAGE),
      channel: channel !== undefined && CHANNEL.test(channel) ? channel : undefined,
    };
  },
);

/** The `/content/media` list parameters. `folder` is still a slug, resolved against the active folders. */
export function parseContentMediaListParams(query: ParsedQuery): ContentMediaListParams {
  return parseQuery(ContentMediaListQuery, query);
}

/** The format of the preview when none is given. */
export const DEFAULT_PREVIEW_FORMAT = 'preview';

/** What a format key can look like; anything else cannot name a format (404). */
const FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The query of `GET /content/media/{media}/preview`, parsed into the format key: `preview` when absent,
 * empty or not a single value; null when it cannot be a format key (the route answers 404, as for an
 * unknown key).
 */
export const PreviewQuery = querySchema(
  {
    format: lenient(
      z.string().optional().openapi({
        description: 'An image-format key (`GET /image-formats`), default `preview`; an unknown key is 404.',
      }),
    ),
  },
  (q): { format: string | null } => {
    if (q.format === undefined) return { format: DEFAULT_PREVIEW_FORMAT };
    return { format: FORMAT.test(q.format) ? q.format : null };
  },
);

/** The filters as the search log keeps them: those of `/media` plus `channel`. */
export function contentMediaSearchFilters(params: ContentMediaListParams): SearchFilters {
  return cleanFilters({ ...mediaSearchFilters(params), channel: params.channel });
}
