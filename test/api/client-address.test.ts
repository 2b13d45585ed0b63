/**
 * The client address the limits count (spec "Limits"), over HTTP against the running API and a real Redis:
 * a request forwarded by a proxy the API does not trust is never an own server's, whatever network the
 * proxy lies in; the first such request of an internal proxy logs one warning; IPv6 guests are counted
 * per /64.
 *
 * Requests come from 127.0.0.1. Under the default TRUST_PROXY (`loopback`) that peer is a trusted proxy and
 * `X-Forwarded-For` names the client; the tests that need an untrusted proxy set TRUST_PROXY to an address
 * that is not 127.0.0.1.
 */
import { captureLogger, type LogLine } from '../support/logs';
import { startStack, type Stack, type TestApi } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
});
afterAll(async () => {
  await stack?.stop();
});

/** An API with `env` (and counters of its own) whose warnings land in the returned `lines`. */
async function start(env: Record<string, string>): Promise<{ api: TestApi; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const api = await stack.startApi(stack.configWith(env), { logger: captureLogger(lines) });
  return { api, lines };
}

const headers = (extra: Record<string, string> = {}): RequestInit => ({
  headers: { Accept: 'application/json', ...extra },
});

const limits = (res: Response) => [
  res.headers.get('x-ratelimit-limit'),
  res.headers.get('x-ratelimit-remaining'),
];

/** The warnings about proxies (other warnings, if any, are not this file's subject). */
const proxyWarnings = (lines: LogLine[]) =>
  lines.filter((l) => l.level === 40 && /X-Forwarded-For/.test(l.msg)).map((l) => l.msg);

describe('a peer in API_UNLIMITED_NETWORKS that TRUST_PROXY does not trust', () => {
  let api: TestApi;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ api, lines } = await start({
      API_RATE_LIMIT_GUEST: '100',
      API_UNLIMITED_NETWORKS: '127.0.0.0/8',
      TRUST_PROXY: '192.0.2.1',
    }));
  });

  it('is an own server when it asks itself, a proxy counted as one guest when it forwards', async () => {
    for (let i = 0; i < 2; i++) {
      const own = await api.get('/image-formats', headers());
      expect([own.status, ...limits(own)]).toEqual([200, null, null]);
    }
    // Every forwarded request counts against the peer's one guest limit, whichever client it names.
    const seen: (string | null)[][] = [];
    const forwardedBy: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.1' },
      { 'X-Forwarded-For': '198.51.100.2' },
      { 'X-Forwarded-For': '10.0.0.1, 127.0.0.1' },
      { Forwarded: 'for=203.0.113.1' },
      { 'X-Real-IP': '203.0.113.1' },
    ];
    for (const forwarded of forwardedBy) {
      const res = await api.get('/image-formats', headers(forwarded));
      expect(res.status).toBe(200);
      seen.push(limits(res));
    }
    expect(seen).toEqual([
      ['100', '99'],
      ['100', '98'],
      ['100', '97'],
      ['100', '96'],
      ['100', '95'],
    ]);
  });

  it('logs one warning per forwarding header, not one per request', async () => {
    for (let i = 0; i < 3; i++)
      await api.get('/image-formats', headers({ 'X-Forwarded-For': '203.0.113.5' }));
    expect(proxyWarnings(lines)).toEqual([
      'requests carry X-Forwarded-For from 127.0.0.1 which TRUST_PROXY does not trust: every client behind it shares one limit; set TRUST_PROXY',
      'requests from 127.0.0.1 carry Forwarded but no X-Forwarded-For, the only one the API reads: every client behind it shares one limit; let the proxy send X-Forwarded-For and set TRUST_PROXY',
      'requests from 127.0.0.1 carry X-Real-IP but no X-Forwarded-For, the only one the API reads: every client behind it shares one limit; let the proxy send X-Forwarded-For and set TRUST_PROXY',
    ]);
    expect(lines.find((l) => /TRUST_PROXY does not trust/.test(l.msg))).toMatchObject({
      peer: '127.0.0.1',
      header: 'X-Forwarded-For',
    });
  });
});

describe('behind a trusted proxy (the default TRUST_PROXY, loopback)', () => {
  let api: TestApi;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ api, lines } = await start({ API_RATE_LIMIT_GUEST: '2', API_UNLIMITED_NETWORKS: '10.0.0.0/8' }));
  });

  it('does not limit an own server the proxy names, counts one that forwards for others, warns once', async () => {
    const own = await api.get('/image-formats', headers({ 'X-Forwarded-For': '10.0.0.7' }));
    expect(limits(own)).toEqual([null, null]);
    // 10.0.0.7 is not trusted, so the client it names is unknown: counted as 10.0.0.7, a guest.
    const through = await api.get('/image-formats', headers({ 'X-Forwarded-For': '203.0.113.9, 10.0.0.7' }));
    expect(limits(through)).toEqual(['2', '1']);
    // A public hop is a client choosing its X-Forwarded-For (or someone else's proxy): never named in a
    // warning, since trusting it would let it choose any address.
    const client = await api.get('/image-formats', headers({ 'X-Forwarded-For': '10.0.0.8, 198.51.100.20' }));
    expect(limits(client)).toEqual(['2', '1']);
    expect(proxyWarnings(lines)).toEqual([
      'requests carry X-Forwarded-For from 10.0.0.7 which TRUST_PROXY does not trust: every client behind it shares one limit; set TRUST_PROXY',
    ]);
  });

  it('counts IPv6 guests per /64: addresses of one /64 share a limit, another /64 has its own', async () => {
    const statuses: number[] = [];
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:9']) {
      const res = await api.get('/image-formats', headers({ 'X-Forwarded-For': ip }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const next = await api.get('/image-formats', headers({ 'X-Forwarded-For': '2001:db8:1:3::1' }));
    expect([next.status, ...limits(next)]).toEqual([200, '2', '1']);
    // IPv4 clients stay one address each.
    const v4 = await api.get('/image-formats', headers({ 'X-Forwarded-For': '203.0.113.77' }));
    expect(limits(v4)).toEqual(['2', '1']);
  });
});
