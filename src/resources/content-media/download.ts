/**
 * Sends an original as a download (`Content-Disposition: attachment`). The file headers and their rules are
 * those of the public file URLs (src/resources/files/serve.ts: type without parameters, the RFC 6266 name
 * with its ASCII fallback, the content hash as ETag, scriptable types sandboxed); only the disposition and
 * the cache lifetime differ. `send` (through `res.sendFile`) answers Range, HEAD and conditional requests.
 */
import path from 'node:path';
import type { Request, Response } from 'express';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../logger';
import { contentDisposition, contentType, SANDBOX_CSP } from '../files/serve';

export interface DownloadFile {
  /** Absolute, resolved MEDIA_ROOT. */
  root: string;
  /** Path relative to MEDIA_ROOT, from the database only. */
  relativePath: string;
  fileName: string;
  mimeType: string;
  /** Full SHA-256 of the file (strong ETag). */
  sha256: string;
  cacheControl: string;
}

const FILE_HEADERS = [
  'Content-Type',
  'Content-Disposition',
  'ETag',
  'Cache-Control',
  'Content-Security-Policy',
];

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>` (RFC 6266 / 5987),
 * the fallback made as for the public file URLs (accents stripped, other non-ASCII characters as `_`).
 */
export function attachmentDisposition(fileName: string): string {
  return contentDisposition(fileName).replace(/^inline;/, 'attachment;');
}

/**
 * Sends `file` as an attachment; resolves once written. A stored path outside MEDIA_ROOT or a missing file
 * is 404 (logged: the database promises a file that is not there), an unsatisfiable range 416.
 */
export function sendDownload(req: Request, res: Response, file: DownloadFile, logger: Logger): Promise<void> {
  const absolute = path.resolve(file.root, file.relativePath);
  if (!absolute.startsWith(file.root + path.sep)) {
    logger.error({ path: file.relativePath, url: req.originalUrl }, 'stored file path leaves MEDIA_ROOT');
    return Promise.reject(new ApiError(404));
  }
  const type = contentType(file.mimeType);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', attachmentDisposition(file.fileName));
  res.setHeader('ETag', `"${file.sha256}"`);
  res.setHeader('Cache-Control', file.cacheControl);
  if (/^text\/html$|[/+]xml$/.test(type)) res.setHeader('Content-Security-Policy', SANDBOX_CSP);

  return new Promise((resolve, reject) => {
    const options = {
      root: file.root,
      etag: false,
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
      if (res.headersSent || code === 'ECONNABORTED') return resolve();
      for (const name of FILE_HEADERS) res.removeHeader(name);
      if (status === 416) {
        const range = headers?.['Content-Range'];
        return reject(
          new ApiError(416, undefined, undefined, undefined, range ? { 'Content-Range': range } : {}),
        );
      }
      if (code === 'EISDIR' || (status !== undefined && status >= 400 && status < 500)) {
        logger.warn({ err: error, path: file.relativePath, url: req.originalUrl }, 'stored file not found');
        return reject(new ApiError(404));
      }
      reject(error);
    });
  });
}
