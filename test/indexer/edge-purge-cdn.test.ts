/**
 * The purge call of the worker configured for a CDN, against a local HTTP server that records each request
 * (method, path, headers, body): Varnish's default, Fastly's (`POST` to the service's purge URL with
 * `Surrogate-Key` and `Fastly-Key`), Cloudflare's (`POST` to `purge_cache` with a JSON body of tags and a
 * bearer token); retries; the headers file's values never in the logs; and Cloudflare's `Cache-Tag` joined
 * by commas.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { Registry } from 'prom-client';
import { loadConfig } from '../../config/env';
import { createEdgePurger, parsePurgeHeaders } from '../../src/edge/purge';
import { formatTags, tagSeparator } from '../../src/edge/tags';
import { createWorkerPurger } from '../../indexer/worker';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A purge API that records every request and answers `status(n)` to the n-th (from 0). */
async function recordingServer(status: (n: number) => number = () => 200) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const n = requests.length;
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      });
      res.statusCode = status(n);
      res.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A logger at `trace` whose lines are kept in `lines`. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'edge-purge-cdn-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes a headers file and returns its path. */
async function headersFile(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text, { mode: 0o600 });
  return file;
}

const silent = pino({ level: 'silent' });

describe('the purge call', () => {
  it("is Varnish's by default: PURGE / with the tags space-separated in the tag header, no body", async () => {
    const edge = await recordingServer();
    try {
      const purger = createWorkerPurger(loadConfig({ EDGE_PURGE_URLS: edge.origin }), silent, new Registry());
      purger.purge(['product-1', 'index-products']);
      await purger.idle();
      expect(edge.requests).toHaveLength(1);
      const [request] = edge.requests;
      expect(request).toMatchObject({ method: 'PURGE', url: '/', body: '' });
      expect(request!.headers['xkey']).toBe('product-1 index-products');
      expect(request!.headers['content-type']).toBeUndefined();
    } finally {
      await edge.close();
    }
  });

  it("is Fastly's: POST to the service's purge URL, Surrogate-Key and the Fastly-Key of the file", async () => {
    const edge = await recordingServer();
    try {
      const file = await headersFile(
        'fastly',
        '# Fastly API token (purge_select)\nFastly-Key: fastly-secret-token\n\nFastly-Soft-Purge: 1\n',
      );
      const config = loadConfig({
        EDGE_TAG_HEADER: 'Surrogate-Key',
        EDGE_PURGE_URLS: `${edge.origin}/service/SVC123/purge`,
        EDGE_PURGE_METHOD: 'post',
        EDGE_PURGE_HEADERS_FILE: file,
        EDGE_PURGE_MAX_TAGS: '256',
      });
      const purger = createWorkerPurger(config, silent, new Registry());
      const tags = Array.from({ length: 300 }, (_, i) => `product-${i}`);
      purger.purge(tags);
      await purger.idle();
      expect(edge.requests.map((r) => [r.method, r.url])).toEqual([
        ['POST', '/service/SVC123/purge'],
        ['POST', '/service/SVC123/purge'],
      ]);
      for (const request of edge.requests) {
        expect(request.headers['fastly-key']).toBe('fastly-secret-token');
        expect(request.headers['fastly-soft-purge']).toBe('1');
      }
      const sent = edge.requests.map((r) => String(r.headers['surrogate-key']).split(' '));
      expect(sent.map((batch) => batch.length)).toEqual([256, 44]);
      expect(sent.flat()).toEqual(tags);
    } finally {
      await edge.close();
    }
  });

  it("is Cloudflare's: POST to purge_cache, the tags as a JSON array, the bearer token of the file", async () => {
    const edge = await recordingServer();
    try {
      const file = await headersFile('cloudflare', 'Authorization: Bearer cf-secret-token\n');
      const config = loadConfig({
        EDGE_TAG_HEADER: 'Cache-Tag',
        EDGE_PURGE_URLS: `${edge.origin}/client/v4/zones/ZONE1/purge_cache`,
        EDGE_PURGE_METHOD: 'POST',
        EDGE_PURGE_BODY: 'json-tags',
        EDGE_PURGE_HEADERS_FILE: file,
        EDGE_PURGE_MAX_TAGS: '100',
      });
      const purger = createWorkerPurger(config, silent, new Registry());
      purger.purge(['product-1', 'index-products']);
      await purger.idle();
      expect(edge.requests).toHaveLength(1);
      const [request] = edge.requests;
      expect(request).toMatchObject({ method: 'POST', url: '/client/v4/zones/ZONE1/purge_cache' });
      expect(request!.headers['authorization']).toBe('Bearer cf-secret-token');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['cache-tag']).toBeUndefined();
      expect(JSON.parse(request!.body)).toEqual({ tags: ['product-1', 'index-products'] });
    } finally {
      await edge.close();
    }
  });

  it('joins the tags with commas in a Cache-Tag header', async () => {
    const edge = await recordingServer();
    try {
      const config = loadConfig({ EDGE_TAG_HEADER: 'cache-tag', EDGE_PURGE_URLS: edge.origin });
      const purger = createWorkerPurger(config, silent, new Registry());
      purger.purge(['product-1', 'index-products']);
      await purger.idle();
      expect(edge.requests[0]!.headers['cache-tag']).toBe('product-1,index-products');
    } finally {
      await edge.close();
    }
  });

  it('is retried with the same method, headers and body, and the secrets never reach the log', async () => {
    const edge = await recordingServer((n) => (n < 2 ? 503 : 200));
    const { logger, lines } = recordingLogger();
    try {
      const file = await headersFile(
        'retry',
        'Authorization: Bearer retry-secret-token\nX-Other: other-secret\n',
      );
      const purger = createEdgePurger({
        urls: [`${edge.origin}/purge`],
        header: 'Cache-Tag',
        method: 'POST',
        body: 'json-tags',
        headers: parsePurgeHeaders(await readFile(file, 'utf8'), 'Cache-Tag'),
        logger,
        attempts: 3,
        backoffMs: 10,
      });
      purger.purge(['article-7']);
      await purger.idle();
      expect(edge.requests).toHaveLength(3);
      for (const request of edge.requests) {
        expect(request).toMatchObject({ method: 'POST', url: '/purge', body: '{"tags":["article-7"]}' });
        expect(request.headers['authorization']).toBe('Bearer retry-secret-token');
      }
      expect(purger.stats).toMatchObject({ sent: 1, failures: 0, failedAttempts: 2 });

      // Now failing for good: the failure is logged, without the headers' values.
      const down = await recordingServer(() => 401);
      const failing = createEdgePurger({
        urls: [`${down.origin}/purge`],
        header: 'Cache-Tag',
        method: 'POST',
        body: 'json-tags',
        headers: { Authorization: 'Bearer retry-secret-token', 'X-Other': 'other-secret' },
        logger,
        attempts: 2,
        backoffMs: 10,
      });
      failing.purge(['article-7']);
      await failing.idle();
      await down.close();
      expect(failing.stats).toMatchObject({ failures: 1, failedAttempts: 2 });
      const log = lines.join('');
      expect(log).toContain('edge purge failed');
      expect(log).not.toContain('retry-secret-token');
      expect(log).not.toContain('other-secret');
    } finally {
      await edge.close();
    }
  });
});

describe('EDGE_PURGE_HEADERS_FILE', () => {
  it('refuses a bad line, naming the line but never its value', () => {
    const bad = (text: string) => () => parsePurgeHeaders(text, 'xkey');
    expect(bad('Authorization Bearer s3cret-value')).toThrow(/line 1: expected "Name: value"/);
    expect(bad('# c\nX-Key: a\nX-Key: s3cret-value')).toThrow(/line 3: X-Key is given twice/);
    expect(bad('XKEY: s3cret-value')).toThrow(/line 1: the purge sets XKEY itself/);
    expect(bad('Content-Length: 5')).toThrow(/the purge sets Content-Length itself/);
    expect(bad('Authorization: Bearer s3cret-välue')).toThrow(/line 1/);
    for (const text of ['Authorization Bearer s3cret-value', 'X: a\nX: s3cret-value'])
      expect(bad(text)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }));
    expect(parsePurgeHeaders('\r\nFastly-Key:  abc \r\n', 'Surrogate-Key')).toEqual({ 'Fastly-Key': 'abc' });
  });

  it('stops the worker at start when it cannot be read', () => {
    const config = loadConfig({
      EDGE_PURGE_URLS: 'http://127.0.0.1:9',
      EDGE_PURGE_HEADERS_FILE: path.join(dir, 'missing'),
    });
    expect(() => createWorkerPurger(config, silent, new Registry())).toThrow(/ENOENT/);
  });
});

describe('EDGE_PURGE_METHOD, EDGE_PURGE_BODY, EDGE_PURGE_MAX_TAGS', () => {
  it('default to PURGE, none and no limit, and refuse what cannot carry a purge', () => {
    const config = loadConfig({});
    expect([config.edgePurgeMethod, config.edgePurgeBody, config.edgePurgeMaxTags]).toEqual([
      'PURGE',
      'none',
      0,
    ]);
    expect(config.edgePurgeHeadersFile).toBeUndefined();
    expect(loadConfig({ EDGE_PURGE_METHOD: 'delete' }).edgePurgeMethod).toBe('DELETE');
    expect(() => loadConfig({ EDGE_PURGE_METHOD: 'GET' })).toThrow(/EDGE_PURGE_METHOD/);
    expect(() => loadConfig({ EDGE_PURGE_METHOD: 'PUR GE' })).toThrow(/EDGE_PURGE_METHOD/);
    expect(() => loadConfig({ EDGE_PURGE_BODY: 'json' })).toThrow(/EDGE_PURGE_BODY/);
    expect(() => loadConfig({ EDGE_PURGE_MAX_TAGS: '-1' })).toThrow(/EDGE_PURGE_MAX_TAGS/);
  });
});

describe('Cache-Tag', () => {
  it('is comma-separated, any case; every other header space-separated', () => {
    expect([tagSeparator('Cache-Tag'), tagSeparator('CACHE-TAG'), tagSeparator('xkey')]).toEqual([
      ',',
      ',',
      ' ',
    ]);
    expect(formatTags(['product-1', 'index-products', 'product-1'], ',')).toBe('product-1,index-products');
  });

  it('widens record tags to their index tag past the length bound, comma-joined too', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `product-${i}`);
    expect(formatTags([...tags, 'index-media', 'medium-1'], ',', 8000)).toBe('index-products,index-media');
  });
});
