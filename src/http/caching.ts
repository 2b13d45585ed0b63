/**
 * HTTP revalidation of the JSON responses of `/api/v1` (the spec says nothing about caching, so this is the
 * design, documented in docs/operations.md, "HTTP caching", for operators with a CDN):
 *
 * - every 200 JSON body carries a strong `ETag` (a SHA-256 of the exact bytes sent, or for a list page
 *   from the cache, of its items' digest and the rest of its bytes: it changes exactly when they do);
 * - a request whose `If-None-Match` matches it (weak comparison, RFC 9110 13.1.2; `*` matches any) gets
 *   304 without a body, also when it carries `Cache-Control: no-cache`: Node's fetch and browsers send
 *   that on every conditional request, and the answer to "is my copy current?" does not change with it;
 * - `Cache-Control`: public routes (the route table's `auth: 'public'`) `public, max-age=N` with N from
 *   `API_CACHE_MAX_AGE` (default 0: a cache must revalidate every time), never past the body's `expiresAt`
 *   (the nearest `valid_until` of an image in it, after which the body changes); protected routes
 *   `private, no-cache` with `Vary: Authorization`, as their bodies depend on the token.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A JSON response of a route handler: the body (or its UTF-8 JSON bytes with their ETag, made once by
 * `serialized` for a cached answer) and, when it changes at a known time, that time.
 */
export interface JsonReply {
  kind: 'json';
  body?: unknown;
  /**
   * The body as sent (UTF-8 JSON), when already serialized; `etag` is then its strong ETag. Bytes, not a
   * string: a cached answer is sent again without encoding it again (Express's `send` of a string spends
   * much of a cached detail's CPU in `Buffer.from`, as the bench's profile showed), and a cache of Buffers
   * lives outside the V8 heap.
   */
  bytes?: Buffer;
  etag?: string;
  /** ms since epoch: the body changes then (an image in it expires); caps `max-age` */
  expiresAt?: number;
}

/** The reply of a handler that answers `body` (200), changing at `expiresAt` (ms) when given. */
export function reply(body: unknown, expiresAt?: number): JsonReply {
  return expiresAt === undefined ? { kind: 'json', body } : { kind: 'json', body, expiresAt };
}

/**
 * `text` as UTF-8 in memory of its own. For bytes kept in a cache: `Buffer.from` puts small strings
 * (under 4 KB) in a shared 8 KB slab, which a cached 1 KB answer would keep alive whole.
 */
function ownUtf8(text: string): Buffer {
  const pooled = Buffer.from(text);
  if (pooled.byteLength === pooled.buffer.byteLength) return pooled;
  const own = Buffer.allocUnsafeSlow(pooled.byteLength);
  pooled.copy(own);
  return own;
}

/** `reply(body, expiresAt)` serialized once, with its ETag: for answers kept in a cache and sent again. */
export function serialized(body: unknown, expiresAt?: number): JsonReply & { bytes: Buffer; etag: string } {
  const bytes = ownUtf8(JSON.stringify(body));
  return { kind: 'json', bytes, etag: strongEtag(bytes), ...(expiresAt === undefined ? {} : { expiresAt }) };
}

/** Who may keep a copy: any cache (`public`) or only the client (`private`). */
export type CacheScope = 'public' | 'private';

/** The strong ETag of a body: `"<SHA-256 of its bytes, base64url>"`. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** True when an `If-None-Match` header value matches `etag` (weak comparison: `W/` is ignored). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** The `Cache-Control` value of a body for `scope`; `maxAgeSeconds` is capped by `expiresAt` (ms). */
export function cacheControl(
  scope: CacheScope,
  maxAgeSeconds: number,
  expiresAt?: number,
  now = Date.now(),
): string {
  if (scope === 'private') return 'private, no-cache';
  const untilExpiry = expiresAt === undefined ? Infinity : Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `public, max-age=${Math.min(maxAgeSeconds, untilExpiry)}`;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `json` as the 200 response of `req`, or 304 without a body when `If-None-Match` matches its ETag.
 * Sets `ETag`, `Cache-Control` and, for private bodies, `Vary: Authorization`; `Content-Type` and
 * `Content-Length` as Express's `send` would (a HEAD request gets the headers alone: Node drops the body).
 */
export function sendJson(
  req: Request,
  res: Response,
  json: JsonReply,
  policy: { scope: CacheScope; maxAgeSeconds: number },
): void {
  const bytes = json.bytes ?? Buffer.from(JSON.stringify(json.body));
  const etag = json.etag ?? strongEtag(bytes);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl(policy.scope, policy.maxAgeSeconds, json.expiresAt));
  if (policy.scope === 'private') res.vary('Authorization');
  if (ifNoneMatchHits(req.get('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/** A page's items serialized once (kept in the result cache and sent again): JSON bytes and their digest. */
export interface SerializedItems {
  /** the items as a JSON array, UTF-8 */
  bytes: Buffer;
  /** SHA-256 of `bytes`, base64url */
  digest: string;
  /** how many items */
  count: number;
}

/** `items` as `SerializedItems`. */
export function serializeItems(items: readonly unknown[]): SerializedItems {
  const bytes = ownUtf8(JSON.stringify(items));
  return { bytes, digest: createHash('sha256').update(bytes).digest('base64url'), count: items.length };
}

const EMPTY_DATA = '{"data":[]';
const DATA_KEY = Buffer.from('{"data":');

/**
 * The reply `{ data: <items>, ...rest }` whose items are already serialized: the rest (`links` and `meta`,
 * which name the request's own URL) is serialized per request and the items spliced in, so an answer from
 * the cache costs no serialization of its items. The strong ETag is a SHA-256 of the items' digest and the
 * rest of the body: it changes exactly when the bytes sent do.
 */
export function replyWithItems(rest: object, items: SerializedItems, expiresAt?: number): JsonReply {
  const shell = JSON.stringify({ data: [], ...rest });
  const bytes = Buffer.concat([DATA_KEY, items.bytes, Buffer.from(shell.slice(EMPTY_DATA.length))]);
  const etag = `"${createHash('sha256').update(items.digest).update(shell).digest('base64url')}"`;
  return { kind: 'json', bytes, etag, ...(expiresAt === undefined ? {} : { expiresAt }) };
}
