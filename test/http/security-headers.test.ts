/**
 * The precomputed security headers (src/http/security-headers.ts) are exactly what `helmet()` sends: the
 * same names, values and order on a bare app, and every one of them on the API's own responses.
 */
import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { helmetHeaders, securityHeaders } from '../../src/http/security-headers';
import { startStack, type Stack } from '../support/stack';

/** The raw headers (name, value pairs in the order sent) of GET `path` on an app behind `layer`. */
async function rawHeadersBehind(layer: RequestHandler, path: string): Promise<string[][]> {
  const app = express();
  app.use(layer);
  app.get('/ok', (_req, res) => {
    res.json({ data: [] });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const res: IncomingMessage = await new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, agent: false }, resolve).on('error', reject);
    });
    res.resume();
    const pairs: string[][] = [];
    for (let i = 0; i < res.rawHeaders.length; i += 2)
      pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
    // The date changes from one response to the next.
    return pairs.filter(([name]) => name!.toLowerCase() !== 'date');
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it.each(['/ok', '/missing'])('sends what helmet() sends, in its order (%s)', async (path) => {
    const ours = await rawHeadersBehind(securityHeaders(), path);
    expect(ours).toEqual(await rawHeadersBehind(helmet(), path));
    expect(ours.map(([name]) => name)).toContain('Content-Security-Policy');
  });

  it('records a dozen headers and the removal of X-Powered-By', () => {
    const { set, removed } = helmetHeaders();
    expect(set.length).toBeGreaterThanOrEqual(10);
    expect(removed).toEqual(['X-Powered-By']);
  });
});

describe("the API's responses", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ catalog: 'empty', index: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(['/api/v1/image-formats', '/api/v1/nothing-here', '/up'])(
    "carry every header of helmet's with its value (%s)",
    async (path) => {
      const expected = await rawHeadersBehind(helmet(), '/ok');
      const res = await stack.api.get(`${stack.api.origin}${path}`);
      await res.arrayBuffer();
      for (const [name, value] of expected) {
        if (/^(content-type|content-length|etag|connection|keep-alive)$/i.test(name!)) continue;
        expect([name, res.headers.get(name!)]).toEqual([name, value]);
      }
    },
  );
});
