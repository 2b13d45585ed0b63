/**
 * Helmet's security headers as one precomputed block: `helmet()` with its defaults runs once, at startup,
 * on a response that only records what it is told (every header helmet sets, in its order, and the ones
 * it removes), and the middleware replays that list on each response. The headers are exactly helmet's
 * (test/http/security-headers.test.ts compares them); a request goes through one function instead of
 * helmet's chain of twelve middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** What `helmet()` does to every response: headers set (name as helmet writes it, value), headers removed. */
export interface HelmetHeaders {
  set: readonly (readonly [string, string])[];
  removed: readonly string[];
}

/**
 * The headers `helmet()` (its defaults) sets and removes, recorded from one call. Throws when helmet does
 * not call `next` at once without an error: its headers would then depend on the request.
 */
export function helmetHeaders(): HelmetHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet() did not finish synchronously: its headers cannot be precomputed');
  return { set, removed };
}

/** A function setting helmet's default headers (`helmetHeaders`, recorded once) on a response. */
export function securityHeaderSetter(): (res: ServerResponse) => void {
  const { set, removed } = helmetHeaders();
  return (res) => {
    for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
  };
}

/**
 * Helmet's default headers as one flat list `[name, value, ...]` (src/http/header-block.ts). Helmet also
 * removes `X-Powered-By`, which an app must then not send (`app.disable('x-powered-by')`): throws when
 * helmet removes anything else, which a block cannot express.
 */
export function securityHeaderBlock(): readonly string[] {
  const { set, removed } = helmetHeaders();
  if (removed.some((name) => name.toLowerCase() !== 'x-powered-by')) {
    throw new Error(`helmet removes ${removed.join(', ')}: its headers cannot be sent as a block`);
  }
  return Object.freeze(set.flat());
}

/** Middleware setting helmet's default headers on every response (`securityHeaderSetter`). */
export function securityHeaders(): RequestHandler {
  const setHeaders = securityHeaderSetter();
  return (_req, res, next) => {
    setHeaders(res);
    next();
  };
}
