/**
 * Sends one stored file under MEDIA_ROOT with the headers of a public file URL. Shared by originals and,
 * later, renditions: the caller decides the path (from the database, never from the URL), the ETag and
 * the cache lifetime. `send` (through `res.sendFile`) answers Range (206/416), HEAD, `Last-Modified` and
 * the conditional requests (304) against the headers set here.
 */
import path from 'node:path';
import type { Request, Response } from 'express';
import { ifNoneMatchHits } from '../../http/caching';
import { ApiError } from '../../http/errors';
import { redactUrl, type Logger } from '../../logger';

/**
 * Originals may be cached for five minutes only: the URL changes with the content, but the record can stop
 * being public (expiry, a deactivated folder or product) and a shared cache must not serve it much longer.
 */
export const ORIGINAL_CACHE_CONTROL = 'public, max-age=300';

export interface FileToSend {
  /** Absolute, resolved MEDIA_ROOT. */
  root: string;
  /** Path relative to MEDIA_ROOT, as stored in the database. */
  relativePath: string;
  /** The name clients save the file under. */
  fileName: string;
  mimeType: string;
  /** Strong validator: the content hash of exactly these bytes. */
  etag: string;
  cacheControl: string;
  /**
   * the cache tags of the file (src/edge/tags.ts): the header `EDGE_TAG_HEADER` and its value; only for a
   * public file
   */
  tags?: { header: string; value: string };
  /** `inline` (default: shown in the browser) or `attachment` (saved: the CMS download) */
  disposition?: 'inline' | 'attachment';
}

/** Types a browser may run scripts in when opened directly (SVG, HTML, XHTML, any XML). */
const SCRIPTABLE = /^text\/html$|[/+]xml$/;

/** Neutralises scripts in uploaded SVGs (and HTML/XML) opened directly: no fetches, an opaque origin. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The record's type without parameters. No charset is added: the encoding of a text file is not recorded,
 * and a wrong one is worse than none. Anything that is not a valid type becomes a download.
 */
export function contentType(mimeType: string): string {
  const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return MIME.test(type) ? type : 'application/octet-stream';
}

/** RFC 5987 value: percent-encoded UTF-8, also for the characters encodeURIComponent leaves alone. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `inline` (or `attachment`) with the file name twice (RFC 6266): `filename*` in UTF-8 for current clients
 * and an ASCII `filename` fallback (accents stripped, other non-ASCII characters, quotes and backslashes
 * as `_`).
 */
export function contentDisposition(
  fileName: string,
  disposition: 'inline' | 'attachment' = 'inline',
): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** Headers of a file response; removed again when the file cannot be sent and an error body follows. */
const FILE_HEADERS = [
  'Content-Type',
  'Content-Disposition',
  'ETag',
  'Cache-Control',
  'Cross-Origin-Resource-Policy',
  'Content-Security-Policy',
];

/**
 * Sends `file`; resolves once the response is written. A missing file is 404 (logged as a warning: the
 * database promises a file that is not there), an unsatisfiable range 416 with `Content-Range`.
 */
export function sendStoredFile(req: Request, res: Response, file: FileToSend, logger: Logger): Promise<void> {
  const absolute = path.resolve(file.root, file.relativePath);
  if (!absolute.startsWith(file.root + path.sep)) {
    // Defence in depth: a row whose path leaves MEDIA_ROOT is a data error, never served.
    logger.error(
      { path: file.relativePath, url: redactUrl(req.originalUrl) },
      'stored file path leaves MEDIA_ROOT',
    );
    return Promise.reject(new ApiError(404));
  }
  const type = contentType(file.mimeType);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName, file.disposition));
  res.setHeader('ETag', file.etag);
  res.setHeader('Cache-Control', file.cacheControl);
  if (file.tags?.value) res.setHeader(file.tags.header, file.tags.value);
  // helmet's `same-origin` would stop the website's <img> tags on another origin.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (SCRIPTABLE.test(type)) res.setHeader('Content-Security-Policy', SANDBOX_CSP);

  // 304 also with `Cache-Control: no-cache`, which makes send's own check answer 200: the stored copy is
  // current or it is not, whatever the client's cache wants (src/http/caching.ts).
  if (ifNoneMatchHits(req.get('if-none-match'), file.etag)) {
    for (const name of ['Content-Type', 'Content-Disposition', 'Content-Security-Policy'])
      res.removeHeader(name);
    res.status(304).end();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const options = {
      root: file.root,
      etag: false, // ours, the content hash, is already set; send's fresh check compares against it
      cacheControl: false,
      lastModified: true,
      acceptRanges: true,
      dotfiles: 'deny' as const,
    };
    res.sendFile(path.relative(file.root, absolute), options, (error?: Error) => {
      if (!error) return resolve();
      const { status, headers, code } = error as {
        status?: number;
        headers?: Record<string, string>;
        code?: string;
      };
      // The client went away: nothing left to answer.
      if (res.headersSent || code === 'ECONNABORTED') return resolve();
      for (const name of FILE_HEADERS) res.removeHeader(name);
      if (file.tags) res.removeHeader(file.tags.header);
      if (status === 416) {
        const range = headers?.['Content-Range'];
        return reject(new ApiError(416, { headers: range ? { 'Content-Range': range } : {} }));
      }
      // ENOENT and the like come as 404 from send; a directory where a file should be as EISDIR.
      if (code === 'EISDIR' || (status !== undefined && status >= 400 && status < 500)) {
        logger.warn(
          { err: error, path: file.relativePath, url: redactUrl(req.originalUrl) },
          'stored file not found',
        );
        return reject(new ApiError(404));
      }
      reject(error);
    });
  });
}
