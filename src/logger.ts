/**
 * The process's pino logger, at LOG_LEVEL, JSON lines on stdout; a throttled warning for dependency errors;
 * the id of an API request, which its log line and its error body carry (`requestIdOf`); `redactUrl` for
 * every URL that goes into a log line.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/env';

export type { Logger };

/** A pino logger named `name` at the configured level. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel });
}

/** How often a throttled warning is logged at most, ms. */
const WARN_EVERY_MS = 60_000;

/**
 * A function that logs `message` as a warning at most once per `everyMs`; the calls in between are counted
 * and reported as `suppressed` with the next warning.
 */
export function throttledWarning(
  logger: Logger,
  message: string,
  everyMs = WARN_EVERY_MS,
): (error: unknown) => void {
  let last = -Infinity;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < everyMs) {
      suppressed++;
      return;
    }
    last = now;
    logger.warn({ err: error, suppressed }, message);
    suppressed = 0;
  };
}

/**
 * Query parameter names that may carry a secret, matched on the name lowercased with everything but letters
 * removed (`access_token`, `api-key`, `filter[apiKey]`, `X-Amz-Signature`, `client_secret`, `password`).
 * The API takes tokens only from the Authorization header, but a client may still send one in the URL.
 */
const SECRET_NAME =
  /token|secret|passw|apikey|accesskey|authoriz|signature|credential|session|jwt|^(key|sig|pwd|auth)$/;

/** What a secret's value is logged as. */
export const REDACTED = '[Redacted]';

/** True when the raw `name=value` pair's name (decoded as far as possible) may carry a secret. */
function holdsSecret(pair: string): boolean {
  let name = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // not percent-encoded UTF-8: matched as sent
  }
  return SECRET_NAME.test(name.toLowerCase().replace(/[^a-z]/g, ''));
}

/**
 * `url` (path and query, as `req.originalUrl`) with the value of every query parameter whose name may
 * carry a secret (SECRET_NAME) replaced by REDACTED; the path, the other parameters and their order stay
 * byte for byte. Linear in the URL's length.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url.slice(start + 1).split('&');
  const redacted = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    return equals === -1 || !holdsSecret(pair) ? pair : `${pair.slice(0, equals + 1)}${REDACTED}`;
  });
  return `${url.slice(0, start + 1)}${redacted.join('&')}`;
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request id (spec "Request id"): the client's `X-Request-Id` when it matches
 * `^[A-Za-z0-9._-]{8,64}$`, else a new UUID; made once per request, then read from the request.
 */
export function requestIdOf(req: Request): string {
  const cached = (req as Request & { requestId?: string }).requestId;
  if (cached) return cached;
  const given = req.get('x-request-id');
  const id = given && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
  (req as Request & { requestId?: string }).requestId = id;
  return id;
}

/** Assigns the request id early, so logs carry it (the header is only sent with errors). */
export const requestId: RequestHandler = (req, _res, next) => {
  requestIdOf(req);
  next();
};
