/**
 * Request limits (spec "Limits") against the running API and a real Redis: per client IP without a
 * token, per token with one, none for unlimited networks, the 429 with Laravel's headers, and the API
 * answering while its Redis is stopped, then counting again when Redis is back.
 *
 * Requests come from 127.0.0.1, a trusted proxy under the default TRUST_PROXY (`loopback`), so
 * `X-Forwarded-For` sets the client IP Express sees.
 */
import type pino from 'pino';
import { freePort } from '../../tools/dev/free-port';
import { captureLogger, type LogLine } from '../support/logs';
import { eventually, killProcess, startRedisServer } from '../support/outage';
import { startStack, type Stack, type TestApi } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await stack.database
    .db('users')
    .insert({ id: 2, name: 'CMS', email: 'cms-integration@example.com', source_hash: 'test' });
});
afterAll(async () => {
  await stack?.stop();
});

/** An API with `env` and counters of its own. */
function start(env: Record<string, string>, logger?: pino.Logger): Promise<TestApi> {
  return stack.startApi(stack.configWith(env), { logger });
}

const from = (ip: string, authorization?: string): RequestInit => ({
  headers: {
    Accept: 'application/json',
    'X-Forwarded-For': ip,
    ...(authorization ? { Authorization: authorization } : {}),
  },
});

const limits = (res: Response) => [
  res.headers.get('x-ratelimit-limit'),
  res.headers.get('x-ratelimit-remaining'),
];

describe('limits at API_RATE_LIMIT_GUEST=3 and API_RATE_LIMIT_TOKEN=5', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await start({
      API_RATE_LIMIT_GUEST: '3',
      API_RATE_LIMIT_TOKEN: '5',
      API_UNLIMITED_NETWORKS: '10.0.0.0/8,fd00::/8',
    });
  });

  it('counts guests per client IP and answers the fourth request with 429 and Laravel headers', async () => {
    const seen: (string | null)[][] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.get('/image-formats', from('203.0.113.7'));
      expect(res.status).toBe(200);
      seen.push(limits(res));
    }
    expect(seen).toEqual([
      ['3', '2'],
      ['3', '1'],
      ['3', '0'],
    ]);

    const before = Math.floor(Date.now() / 1000);
    const res = await api.get('/image-formats', from('203.0.113.7'));
    expect(res.status).toBe(429);
    expect(limits(res)).toEqual(['3', '0']);
    expect(res.headers.get('access-control-allow-origin')).toBe('*'); // cross-origin code reads the 429 too
    // OPTIONS is the router's answer in Laravel, outside the throttle: neither counted nor refused.
    const options = await api.get('/image-formats', { ...from('203.0.113.7'), method: 'OPTIONS' });
    expect([options.status, options.headers.get('x-ratelimit-limit')]).toEqual([200, null]);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(before + retryAfter);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + retryAfter);
    const body = (await res.json()) as { message: string; error: Record<string, unknown> };
    expect(body).toEqual({
      message: 'Too many requests.',
      error: {
        code: 'too_many_requests',
        message: 'Too many requests.',
        status: 429,
        request_id: res.headers.get('x-request-id'),
      },
    });

    // Another client IP has its own count.
    const other = await api.get('/image-formats', from('203.0.113.8'));
    expect(other.status).toBe(200);
    expect(limits(other)).toEqual(['3', '2']);
  });

  it('counts a request with a valid token against the token, on public and protected routes', async () => {
    const token = await bearer(stack.database.db, 'content');
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    // The guest count of 203.0.113.7 is used up by the test above; the token's is not.
    for (const path of ['/user', '/image-formats', '/user', '/image-formats', '/user', '/user']) {
      const res = await api.get(path, from('203.0.113.7', token));
      statuses.push(res.status);
      remaining.push(res.headers.get('x-ratelimit-remaining'));
      if (res.status === 429) expect(res.headers.get('x-ratelimit-limit')).toBe('5');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(remaining).toEqual(['4', '3', '2', '1', '0', '0']);

    // A second token of the same user has a count of its own.
    const second = await api.get('/user', from('203.0.113.7', await bearer(stack.database.db, 'media')));
    expect(second.status).toBe(200);
    expect(limits(second)).toEqual(['5', '4']);
  });

  it('counts a request with an invalid token as a guest request (no way around the IP limit)', async () => {
    const res = await api.get('/image-formats', from('203.0.113.7', 'Bearer 1|not-a-token'));
    expect(res.status).toBe(429);
    const fresh = await api.get('/user', from('198.51.100.1', 'Bearer 1|not-a-token'));
    expect(fresh.status).toBe(401);
    expect(limits(fresh)).toEqual(['3', '2']);
  });

  it('does not limit or count clients in API_UNLIMITED_NETWORKS, IPv4 and IPv6', async () => {
    for (const ip of ['10.1.2.3', '::ffff:10.9.9.9', 'fd00::1']) {
      for (let i = 0; i < 5; i++) {
        const res = await api.get('/image-formats', from(ip));
        expect(res.status).toBe(200);
        expect(limits(res)).toEqual([null, null]);
      }
    }
    // Just outside the range: counted.
    const outside = await api.get('/image-formats', from('11.0.0.1'));
    expect(limits(outside)).toEqual(['3', '2']);
  });

  it('does not limit the media files (they are not under /api)', async () => {
    const res = await api.get(`${api.origin}/files/originals/none.jpg`, from('203.0.113.7'));
    expect(res.status).toBe(404);
    expect(limits(res)).toEqual([null, null]);
  });
});

it('takes the client IP from X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
  const api = await start({
    API_RATE_LIMIT_GUEST: '2',
    API_UNLIMITED_NETWORKS: '10.0.0.0/8',
    TRUST_PROXY: 'false',
  });
  // Untrusted: the forwarded address is ignored and the socket address (127.0.0.1) is counted.
  const statuses: number[] = [];
  for (const ip of ['10.1.2.3', '10.1.2.3', '203.0.113.9'])
    statuses.push((await api.get('/image-formats', from(ip))).status);
  expect(statuses).toEqual([200, 200, 429]);
});

it('keeps answering with its Redis stopped (limits fail open, one warning), and counts again when it is back', async () => {
  const port = await freePort();
  let redis = await startRedisServer(port);
  const lines: LogLine[] = [];
  const api = await start(
    { REDIS_URL: `redis://127.0.0.1:${port}`, API_RATE_LIMIT_GUEST: '100' },
    captureLogger(lines),
  );
  try {
    const counted = await eventually(
      () => api.get('/image-formats', from('203.0.113.20')),
      (res) => res.headers.get('x-ratelimit-limit') === '100',
    );
    expect(limits(counted)).toEqual(['100', expect.any(String)]);

    await killProcess(redis);
    const during: Response[] = [];
    for (let i = 0; i < 5; i++) during.push(await api.get('/image-formats', from('203.0.113.20')));
    expect(during.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(during.map(limits)).toEqual(Array(5).fill([null, null]));
    const warnings = lines.filter((l) => l.msg === 'rate limits are off: Redis is unreachable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);

    redis = await startRedisServer(port);
    const back = await eventually(
      () => api.get('/image-formats', from('203.0.113.21')),
      (res) => res.headers.get('x-ratelimit-limit') === '100',
    );
    expect(limits(back)).toEqual(['100', '99']);
  } finally {
    await api.close();
    await killProcess(redis);
  }
});
