/**
 * A pending header block (src/http/header-block.ts) sends exactly what setting its headers at once sent:
 * the same names, values and order, whether `sendJson` writes it in one `writeHead` (nothing else set a
 * header) or another header operation sets it first; also for 304 and HEAD.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { sendJson, serialized, type CachePolicy } from '../../src/http/caching';
import { addToHeaderBlock, prepareHeaderBlocks, setHeaderBlock } from '../../src/http/header-block';
import { securityHeaderBlock } from '../../src/http/security-headers';
import { rawRequest } from '../support/raw-http';

const BLOCK = securityHeaderBlock();
const POLICY: CachePolicy = { scope: 'public', maxAgeSeconds: 60, tagHeader: 'xkey', routeTags: ['every-x'] };
const PRIVATE: CachePolicy = { scope: 'private', maxAgeSeconds: 60 };
const ANSWER = serialized({ data: { id: 1, name: 'Mähwerk' } }, undefined, ['x-1']);
/** An answer that changes in a day: its `Cache-Control` counts down to then. */
const EXPIRING = serialized({ data: { id: 2, name: 'Kreiselschwader' } }, Date.now() + 86_400_000, ['x-2']);

/** An app whose first middleware puts the block on (`pending`) or sets its headers one by one. */
function appWith(pending: boolean) {
  const app = express();
  app.disable('x-powered-by');
  if (pending) prepareHeaderBlocks(app.response);
  const first: RequestHandler = (_req, res, next) => {
    if (pending) {
      setHeaderBlock(res, BLOCK);
      addToHeaderBlock(res, 'Access-Control-Allow-Origin', '*');
    } else {
      for (let i = 0; i < BLOCK.length; i += 2) res.setHeader(BLOCK[i]!, BLOCK[i + 1]!);
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    next();
  };
  app.use(first);
  app.get('/json', (req, res) => sendJson(req, res, ANSWER, POLICY));
  app.get('/expiring', (req, res) => sendJson(req, res, EXPIRING, POLICY));
  app.get('/private', (req, res) => sendJson(req, res, ANSWER, PRIVATE));
  app.get('/limited', (req, res) => {
    res.set('X-RateLimit-Limit', '60');
    sendJson(req, res, ANSWER, POLICY);
  });
  app.get('/replaced', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.removeHeader('X-Frame-Options');
    res.status(404).json({ message: 'Not found.' });
  });
  app.get('/plain', (_req, res) => {
    res.end('ok');
  });
  return app;
}

async function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}

/** Status and raw headers (without Date) of `method path`. */
function raw(server: Server, method: string, path: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return rawRequest({ host: '127.0.0.1', port }, method, path, headers);
}

describe('a pending header block', () => {
  let eager: Server;
  let pending: Server;
  beforeAll(async () => {
    eager = await listen(appWith(false));
    pending = await listen(appWith(true));
  });
  afterAll(() => {
    eager.close();
    pending.close();
  });

  it.each([
    ['GET', '/json', {}],
    ['HEAD', '/json', {}],
    ['GET', '/json', { 'If-None-Match': ANSWER.etag }],
    ['GET', '/json', { 'If-None-Match': `"other", W/${ANSWER.etag}` }],
    ['GET', '/expiring', {}],
    ['GET', '/expiring', { 'If-None-Match': EXPIRING.etag }],
    ['GET', '/private', {}],
    ['GET', '/limited', {}],
    ['GET', '/replaced', {}],
    ['GET', '/plain', {}],
  ])('sends what setting the headers at once sent (%s %s %j)', async (method, path, headers) => {
    const expected = await raw(eager, method, path, headers);
    const actual = await raw(pending, method, path, headers);
    expect(actual).toEqual(expected);
    // Sent again: a cached answer's header list is made once and reused.
    expect(await raw(pending, method, path, headers)).toEqual(actual);
    expect(actual.headers).toContain('Access-Control-Allow-Origin: *');
    expect(actual.headers.length).toBeGreaterThan(BLOCK.length / 2);
  });
});
