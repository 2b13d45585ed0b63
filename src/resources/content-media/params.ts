/**
 * Input of the CMS media endpoints (docs/api/content-media.md): the `/media` list parameters with the CMS
 * page sizes (spec "Pagination defaults and maxima": default 24, max 100), plus `channel`, and the
 * `format` of the preview. Empty, unknown and invalid values are ignored, never an error.
 */
import { stringParam } from '../../http/params';
import type { ParsedQuery } from '../../http/query-string';
import { parseMediaListParams, type MediaListParams } from '../media/params';
import { z } from '../../openapi/zod';
import { mediaListQuerySchema } from '../media/params';

/** Page sizes of `/content/media`. */
export const CONTENT_MEDIA_PER_PAGE = { default: 24, max: 100 };

export interface ContentMediaListParams extends MediaListParams {
  /** a release channel (`website`, `print`, `dealer_portal`, ...), lower-cased; undefined = any channel */
  channel: string | undefined;
}

/** A channel name: letters, digits, `_` and `-`, as the source system writes them. */
const CHANNEL = /^[a-z0-9_-]{1,64}$/;

/** The `/content/media` list parameters. `folder` is still a slug, resolved against the active folders. */
export function parseContentMediaListParams(query: ParsedQuery): ContentMediaListParams {
  const channel = stringParam(query, 'channel')?.toLowerCase();
  return {
    ...parseMediaListParams(query, CONTENT_MEDIA_PER_PAGE),
    channel: channel !== undefined && CHANNEL.test(channel) ? channel : undefined,
  };
}

/** The format of the preview when none is given. */
export const DEFAULT_PREVIEW_FORMAT = 'preview';

/** What a format key can look like; anything else cannot name a format (404). */
const FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The `format` of `/content/media/{media}/preview`: `preview` when absent, empty or not a single value;
 * null when it cannot be a format key (the route answers 404, as for an unknown key).
 */
export function previewFormat(query: ParsedQuery): string | null {
  const format = stringParam(query, 'format');
  if (format === undefined) return DEFAULT_PREVIEW_FORMAT;
  return FORMAT.test(format) ? format : null;
}

/** The documented query of `GET /content/media`: the `/media` parameters with the CMS page sizes, plus `channel`. */
export const ContentMediaListQuerySchema = mediaListQuerySchema(CONTENT_MEDIA_PER_PAGE).extend({
  channel: z.string().optional().openapi({
    description:
      'Only media released for this channel (`website`, `print`, `dealer_portal`, ...); default any.',
  }),
});

/** The documented query of `GET /content/media/{media}/preview`. */
export const PreviewQuerySchema = z.object({
  format: z.string().optional().openapi({
    description: 'An image-format key (`GET /image-formats`), default `preview`; an unknown key is 404.',
  }),
});
