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
 *   `private, no-cache` with `Vary: Authorization`, as their bodies depend on the token;
 * - for a shared cache in front (Varnish, a CDN: docs/operations.md, "Edge cache"): public answers add
 *   `s-maxage=M` (`EDGE_MAX_AGE`, also capped by `expiresAt`; shorter for degraded answers, 0 for logged
 *   searches; with an expiry also `stale-while-revalidate` and `stale-if-error`, so that no stale copy
 *   is served past it) and name what they depend on in the `EDGE_TAG_HEADER` header (src/edge/tags.ts),
 *   so the worker's purges drop exactly the answers a change affects.
 */
import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import { formatTags, tagSeparator, type TagSeparator } from '../edge/tags';
import { DEGRADED_HEADER } from '../search/degraded';
import { takeHeaderBlock } from './header-block';

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
  /**
   * The body as sent in parts (a list page: the cached items between the envelope's start and its rest),
   * instead of `bytes`: written as they are, never copied into one buffer; `etag` is then its strong ETag.
   */
  parts?: readonly Buffer[];
  etag?: string;
  /** ms since epoch: the body changes then (an image in it expires); caps `max-age` */
  expiresAt?: number;
  /**
   * the cache tags of the records and indexes the body shows (src/edge/tags.ts), sent on public routes;
   * computed once for a cached answer, kept with it
   */
  tags?: readonly string[];
  /** seconds a shared cache may keep this answer at most (`s-maxage` is the least of it and the route's) */
  edgeMaxAge?: number;
}

/**
 * The reply of a handler that answers `body` (200), changing at `expiresAt` (ms) when given, depending on
 * the records and indexes `tags` names (src/edge/tags.ts) when given.
 */
export function reply(body: unknown, expiresAt?: number, tags?: readonly string[]): JsonReply {
  return {
    kind: 'json',
    body,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(tags === undefined ? {} : { tags }),
  };
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

/**
 * `reply(body, expiresAt)` serialized once, with its ETag and cache `tags`: for answers kept in a cache
 * and sent again.
 */
export function serialized(
  body: unknown,
  expiresAt?: number,
  tags?: readonly string[],
): JsonReply & { bytes: Buffer; etag: string } {
  const bytes = ownUtf8(JSON.stringify(body));
  return {
    kind: 'json',
    bytes,
    etag: strongEtag(bytes),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(tags === undefined ? {} : { tags }),
  };
}

/** Who may keep a copy: any cache (`public`) or only the client (`private`). */
export type CacheScope = 'public' | 'private';

/**
 * SHA-256 of `data` (a string as UTF-8), base64url: the one-shot `crypto.hash`, which spares the Hash
 * object `createHash` makes for each answer.
 */
function sha256(data: string | Buffer): string {
  return hash('sha256', data, 'base64url');
}

/** The strong ETag of a body: `"<SHA-256 of its bytes, base64url>"`. */
export function strongEtag(body: string | Buffer): string {
  return `"${sha256(body)}"`;
}

/** True when an `If-None-Match` header value matches `etag` (weak comparison: `W/` is ignored). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * An expiry this many seconds or more past an answer's lifetime bounds no stale copy (seconds): longer than
 * a shared cache serves one (the VCL's grace is an hour), and the header stays the same from one second to
 * the next.
 */
const MAX_STALE_SECONDS = 86_400;

/**
 * The `Cache-Control` value of a body for `scope`; `maxAgeSeconds` is capped by `expiresAt` (ms). With
 * `sMaxAgeSeconds` (a shared cache's lifetime, undefined: none sent), a public value adds
 * `s-maxage=<it, capped by expiresAt>`, and with `expiresAt` also `stale-while-revalidate=S,
 * stale-if-error=S`, S being the seconds from the end of the longer lifetime to `expiresAt` (none when S
 * is a day or more).
 */
export function cacheControl(
  scope: CacheScope,
  maxAgeSeconds: number,
  expiresAt?: number,
  now = Date.now(),
  sMaxAgeSeconds?: number,
): string {
  if (scope === 'private') return 'private, no-cache';
  const untilExpiry = expiresAt === undefined ? Infinity : Math.max(0, Math.floor((expiresAt - now) / 1000));
  const maxAge = Math.min(maxAgeSeconds, untilExpiry);
  const value = `public, max-age=${maxAge}`;
  if (sMaxAgeSeconds === undefined) return value;
  const sMaxAge = Math.min(sMaxAgeSeconds, untilExpiry);
  // A shared cache serves stale copies unless told how long it may (Varnish's grace, an hour in
  // deploy/varnish/default.vcl): past the expiry that copy would show an image that is no longer public.
  const stale = Math.max(0, untilExpiry - Math.max(maxAge, sMaxAge));
  if (stale >= MAX_STALE_SECONDS) return `${value}, s-maxage=${sMaxAge}`;
  return `${value}, s-maxage=${sMaxAge}, stale-while-revalidate=${stale}, stale-if-error=${stale}`;
}

/**
 * The longest a shared cache keeps an answer served from Postgres while Meilisearch is out (seconds): the
 * full answer should replace it as soon as the index is back.
 */
export const DEGRADED_EDGE_MAX_AGE = 5;

/** How a route's JSON answers are cached: by whom, for how long, and the header naming their tags. */
export interface CachePolicy {
  scope: CacheScope;
  /** `max-age` of public answers (`API_CACHE_MAX_AGE`) */
  maxAgeSeconds: number;
  /** `s-maxage` of public answers (`EDGE_MAX_AGE`); 0: none sent unless the answer caps it */
  edgeMaxAgeSeconds?: number;
  /** the header the tags go in (`EDGE_TAG_HEADER`); undefined: no tags */
  tagHeader?: string;
  /** tags every answer of the route carries besides its own (kind-wide tags, e.g. `index-manufacturers`) */
  routeTags?: readonly string[];
}

/**
 * Header values of tag lists already formatted, by separator: a cached answer's list is formatted once
 * (apps with different tag headers may share a process, as the tests' do).
 */
const formatted: Record<TagSeparator, WeakMap<readonly string[], string>> = {
  ' ': new WeakMap(),
  ',': new WeakMap(),
};

function tagValue(tags: readonly string[], separator: TagSeparator): string {
  let value = formatted[separator].get(tags);
  if (value === undefined) {
    value = formatTags(tags, separator);
    formatted[separator].set(tags, value);
  }
  return value;
}

/** The `s-maxage` of a public answer (`degraded`: answered from Postgres), or undefined for none. */
function sharedMaxAge(degraded: boolean, json: JsonReply, policy: CachePolicy): number | undefined {
  let cap = json.edgeMaxAge ?? Infinity;
  if (degraded && DEGRADED_EDGE_MAX_AGE < cap) cap = DEGRADED_EDGE_MAX_AGE;
  const configured = policy.edgeMaxAgeSeconds ?? 0;
  if (configured === 0 && cap === Infinity) return undefined;
  return Math.min(configured === 0 ? policy.maxAgeSeconds : configured, cap);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `json` as the 200 response of `req`, or 304 without a body when `If-None-Match` matches its ETag.
 * Sets `ETag`, `Cache-Control` and, for private bodies, `Vary: Authorization`; `Content-Type` and
 * `Content-Length` as Express's `send` would (a HEAD request gets the headers alone: Node drops the body).
 * When no header has been set on `res` but its pending block (src/http/header-block.ts), all of them go
 * in one `writeHead`, in the order they would have been set.
 */
export function sendJson(req: Request, res: Response, json: JsonReply, policy: CachePolicy): void {
  const block = policy.scope === 'public' ? takeHeaderBlock(res) : undefined;
  if (block && json.bytes && json.etag !== undefined) {
    sendCached(req, res, json as CachedReply, block, policy);
    return;
  }
  const parts = json.parts ?? [json.bytes ?? Buffer.from(JSON.stringify(json.body))];
  const etag = json.etag ?? strongEtag(parts[0]!);
  const notModified = ifNoneMatchHits(req.headers['if-none-match'], etag);
  if (block) {
    // Nothing else set a header: in particular no degraded answer's.
    const cacheControl = publicCacheControl(false, json, policy);
    const headers = publicHeaders(block, etag, cacheControl, policy, json.tags, lengthOf(parts));
    if (notModified) {
      res.writeHead(304, headers.notModified).end();
      return;
    }
    res.writeHead(res.statusCode, headers.ok);
    endWith(res, parts);
    return;
  }
  res.setHeader('ETag', etag);
  if (policy.scope === 'private') {
    res.setHeader('Cache-Control', cacheControl('private', policy.maxAgeSeconds));
    res.vary('Authorization');
  } else {
    res.setHeader('Cache-Control', publicCacheControl(!!res.getHeader(DEGRADED_HEADER), json, policy));
    setTags(res, policy, json.tags);
  }
  if (notModified) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', lengthOf(parts));
  endWith(res, parts);
}

/**
 * The headers of a public answer with a pending header block, flat `[name, value, ...]` for one
 * `writeHead`: for 304 (the block, `ETag`, `Cache-Control`, the cache tags) and for 200 (those, then
 * `Content-Type` and `Content-Length` of a body of `length` bytes).
 */
function publicHeaders(
  block: readonly string[],
  etag: string,
  cacheControl: string,
  policy: CachePolicy,
  tags: readonly string[] | undefined,
  length: number,
): { ok: string[]; notModified: string[] } {
  const notModified = [...block, 'ETag', etag, 'Cache-Control', cacheControl];
  const tagsHeader = tagsValue(policy, tags);
  if (tagsHeader) notModified.push(policy.tagHeader!, tagsHeader);
  const ok = [...notModified, 'Content-Type', JSON_TYPE, 'Content-Length', String(length)];
  return { ok, notModified };
}

/** A reply serialized once (`serialized`): kept in a cache and sent again. */
type CachedReply = JsonReply & { bytes: Buffer; etag: string };

/**
 * The header lists a cached reply was last sent with (flat `[name, value, ...]`, for 200 and for 304),
 * and what they were made of: reused while the block, the policy and the `Cache-Control` value are the
 * same, so that a cached answer builds no header list per request.
 */
interface SentHeaders {
  block: readonly string[];
  policy: CachePolicy;
  cacheControl: string;
  ok: string[];
  notModified: string[];
}

const sentHeaders = new WeakMap<JsonReply, SentHeaders>();

/**
 * `sendJson` of a cached reply on a response with its header block still pending: the headers from
 * `sentHeaders` in one `writeHead`, then its bytes.
 */
function sendCached(
  req: Request,
  res: Response,
  json: CachedReply,
  block: readonly string[],
  policy: CachePolicy,
): void {
  let sent = sentHeaders.get(json);
  // Without an expiry the value depends on the policy alone (no clock): not made again per request.
  const cacheControl =
    sent !== undefined && sent.policy === policy && json.expiresAt === undefined
      ? sent.cacheControl
      : publicCacheControl(false, json, policy);
  if (
    sent === undefined ||
    sent.block !== block ||
    sent.policy !== policy ||
    sent.cacheControl !== cacheControl
  ) {
    const headers = publicHeaders(block, json.etag, cacheControl, policy, json.tags, json.bytes.length);
    sent = { block, policy, cacheControl, ...headers };
    sentHeaders.set(json, sent);
  }
  if (ifNoneMatchHits(req.headers['if-none-match'], json.etag)) {
    res.writeHead(304, sent.notModified).end();
    return;
  }
  res.writeHead(res.statusCode, sent.ok);
  res.end(json.bytes);
}

/** Bytes in `parts`. */
function lengthOf(parts: readonly Buffer[]): number {
  let length = 0;
  for (const part of parts) length += part.length;
  return length;
}

/** Ends `res` with `parts`: corked, they leave in one write (writev) with the headers. */
function endWith(res: Response, parts: readonly Buffer[]): void {
  if (parts.length === 1) {
    res.end(parts[0]);
    return;
  }
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
  res.uncork();
}

/** The `Cache-Control` of a public answer (`degraded`: answered from Postgres). */
function publicCacheControl(degraded: boolean, json: JsonReply, policy: CachePolicy): string {
  const sMaxAge = sharedMaxAge(degraded, json, policy);
  return cacheControl('public', policy.maxAgeSeconds, json.expiresAt, Date.now(), sMaxAge);
}

/** The value of the policy's tag header for `tags` and the route's own, or undefined (none to send). */
function tagsValue(policy: Pick<CachePolicy, 'tagHeader' | 'routeTags'>, tags?: readonly string[]) {
  if (!policy.tagHeader) return undefined;
  const separator = tagSeparator(policy.tagHeader);
  const own = tags && tags.length > 0 ? tagValue(tags, separator) : '';
  const route = policy.routeTags && policy.routeTags.length > 0 ? tagValue(policy.routeTags, separator) : '';
  return (own && route ? formatTags([...policy.routeTags!, ...tags!], separator) : own || route) || undefined;
}

/**
 * Writes the cache tags `tags` and the route's own (`policy.routeTags`) in the policy's tag header, when
 * there is one and a tag. For public responses only: a protected body depends on the token, never shared.
 */
export function setTags(
  res: Response,
  policy: Pick<CachePolicy, 'tagHeader' | 'routeTags'>,
  tags?: readonly string[],
): void {
  const value = tagsValue(policy, tags);
  if (value) res.setHeader(policy.tagHeader!, value);
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
  return { bytes, digest: sha256(bytes), count: items.length };
}

/**
 * The JSON array `[forms...]` when it already stands in memory: the forms are consecutive views of one
 * buffer of their own, one byte apart, between `[` and `]` with commas (as src/search/stored-forms.ts
 * decodes a search answer's forms); else undefined.
 */
function arrayInPlace(forms: readonly Buffer[]): Buffer | undefined {
  const first = forms[0];
  if (first === undefined || first.byteOffset === 0) return undefined;
  const array = first.buffer;
  const start = first.byteOffset - 1;
  const bytes = Buffer.from(array, start, array.byteLength - start);
  if (bytes[0] !== 0x5b) return undefined;
  let at = 1;
  for (const form of forms) {
    if (form.buffer !== array || form.byteOffset !== start + at) return undefined;
    at += form.length;
    if (bytes[at] !== (form === forms[forms.length - 1] ? 0x5d : 0x2c)) return undefined;
    at += 1;
  }
  // Only a buffer that holds nothing but this array may be kept (a cache must not keep more alive).
  return at + 2 * forms.length >= bytes.length ? bytes.subarray(0, at) : undefined;
}

/**
 * `SerializedItems` of items already serialized, each its JSON as UTF-8 (stored list forms): the same
 * bytes as `serializeItems` of the items themselves, as `JSON.stringify` of an array joins its items'
 * texts with commas. In memory of its own, as a cached page's: the forms' own buffer when they already
 * stand in it as that array (`arrayInPlace`), else a copy.
 */
export function itemsFromForms(forms: readonly Buffer[]): SerializedItems {
  const inPlace = arrayInPlace(forms);
  if (inPlace) {
    return { bytes: inPlace, digest: sha256(inPlace), count: forms.length };
  }
  let length = 1 + Math.max(forms.length, 1);
  for (const form of forms) length += form.length;
  const bytes = Buffer.allocUnsafeSlow(length);
  bytes[0] = 0x5b; // [
  let at = 1;
  forms.forEach((form, i) => {
    if (i > 0) bytes[at++] = 0x2c; // ,
    at += form.copy(bytes, at);
  });
  bytes[at] = 0x5d; // ]
  return { bytes, digest: sha256(bytes), count: forms.length };
}

const EMPTY_DATA = '{"data":[]';
const DATA_KEY = Buffer.from('{"data":');

/**
 * The reply `{ data: <items>, ...rest }` whose items are already serialized: the rest (`links` and `meta`,
 * which name the request's own URL) is serialized per request and the items spliced in, so an answer from
 * the cache costs no serialization of its items. The strong ETag is a SHA-256 of the items' digest and the
 * rest of the body: it changes exactly when the bytes sent do.
 */
export function replyWithItems(
  rest: object,
  items: SerializedItems,
  expiresAt?: number,
  tags?: readonly string[],
): JsonReply {
  const shell = JSON.stringify({ data: [], ...rest });
  const parts = [DATA_KEY, items.bytes, Buffer.from(shell.slice(EMPTY_DATA.length))];
  // One input instead of two updates: the same digest, without a Hash object per reply.
  const etag = `"${sha256(items.digest + shell)}"`;
  return {
    kind: 'json',
    parts,
    etag,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(tags === undefined ? {} : { tags }),
  };
}
