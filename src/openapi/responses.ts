/**
 * The responses and headers every operation shares (spec "Errors", "Limits", "General rules"): the error
 * body with `X-Request-Id`, `Allow` on 405, the rate-limit headers, and the file responses of preview,
 * download and `/files`.
 */
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorBodySchema } from '../http/errors';
import { z } from './zod';

const integerHeader = (description: string) => z.string().regex(/^\d+$/).openapi({ description });

/**
 * Sent on every counted response (success or error). Clients in the unlimited networks are not counted and
 * get none, and a Redis outage turns counting off, so they are optional.
 */
export const rateLimitHeaders = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed per minute (per token, or per IP without one).',
  ).optional(),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current minute after this one.').optional(),
};

const requestIdHeader = {
  'X-Request-Id': z.string().openapi({
    description:
      "Equal to `error.request_id`: the client's `X-Request-Id` when it matches `^[A-Za-z0-9._-]{8,64}$`, else a new UUID.",
  }),
};

function errorResponse(
  description: string,
  headers: Record<string, z.ZodType> = {},
  counted = true,
): ResponseConfig {
  return {
    description,
    headers: z.object({ ...requestIdHeader, ...(counted ? rateLimitHeaders : {}), ...headers }),
    content: { 'application/json': { schema: ErrorBodySchema } },
  };
}

/** The error responses by status; `counted` false for `/files` (not rate-limited). */
export function errorResponses(counted = true): Record<number, ResponseConfig> {
  return {
    401: errorResponse('`unauthenticated`: no token, or an invalid or revoked one.', {}, counted),
    403: errorResponse('`forbidden`: a valid token without the needed ability.', {}, counted),
    404: errorResponse('`not_found`: the record is missing or not released.', {}, counted),
    405: errorResponse(
      '`method_not_allowed`: every endpoint accepts only GET (and HEAD).',
      { Allow: z.string().openapi({ description: 'The allowed methods: `GET, HEAD`.' }) },
      counted,
    ),
    416: errorResponse(
      'The requested range cannot be satisfied.',
      { 'Content-Range': z.string().optional().openapi({ description: '`bytes */<size>`' }) },
      counted,
    ),
    422: errorResponse(
      '`validation_failed`: invalid parameters, listed in `error.details.fields` and `errors`.',
      {},
      counted,
    ),
    429: errorResponse(
      '`too_many_requests`: rate limit exceeded; wait `Retry-After` seconds, then retry once.',
      {
        'X-RateLimit-Limit': integerHeader('Requests allowed per minute.'),
        'X-RateLimit-Remaining': integerHeader('Always `0`.'),
        'Retry-After': integerHeader('Seconds until the limit resets.'),
        'X-RateLimit-Reset': integerHeader('Unix time (seconds) when the limit resets.'),
      },
      false,
    ),
    500: errorResponse('`server_error`: an unexpected error; retry with growing pauses.', {}, counted),
    503: errorResponse(
      '`service_unavailable`: a dependency (Postgres, Meilisearch) is unreachable or refuses the API, or the search index is not built yet; retry with growing pauses, the first after `Retry-After` seconds.',
      {
        'Retry-After': integerHeader(
          "Seconds to wait before retrying: Meilisearch's breaker probe time (`MEILI_BREAKER_HALF_OPEN_MS`, default 3) for search, 5 for Postgres and anything else.",
        ),
      },
      counted,
    ),
  };
}

/** Headers of a stored file (src/resources/files/serve.ts). */
export const fileHeaders = {
  'Content-Type': z.string(),
  'Content-Disposition': z
    .string()
    .openapi({ description: '`inline` (or `attachment` for downloads) with the file name.' }),
  ETag: z.string().openapi({ description: 'Strong ETag; send it as `If-None-Match` to revalidate (304).' }),
  'Cache-Control': z.string(),
};

const binary = z.string().openapi({ format: 'binary' });

/** 200, 206 and 304 of a stored file; `extra` adds headers (the API's rate-limit headers). */
export function fileResponses(
  description: string,
  extra: Record<string, z.ZodType> = {},
): Record<number, ResponseConfig> {
  return {
    200: {
      description,
      headers: z.object({ ...fileHeaders, ...extra }),
      content: { '*/*': { schema: binary } },
    },
    206: {
      description: 'The requested byte range (`Range: bytes=...`).',
      headers: z.object({ ...fileHeaders, 'Content-Range': z.string(), ...extra }),
      content: { '*/*': { schema: binary } },
    },
    304: {
      description: 'Not modified (`If-None-Match` matched the ETag).',
      headers: z.object({ ETag: fileHeaders.ETag, ...extra }),
    },
  };
}
