/**
 * The GET requests src/app.ts answers past Express's routers (`directApi`, `apiRouter`'s `direct`) get
 * exactly what Express's routing gave them: the same status, headers in the same order and body as the
 * same request with a trailing slash (which Express still routes), and the same metrics label.
 */
import { captureLogger, type LogLine } from '../support/logs';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let full: string; // a token that may read /metrics
beforeAll(async () => {
  stack = await startStack();
  full = await bearer(stack.database.db, 'full');
});
afterAll(async () => {
  await stack?.stop();
});

/** Status, raw headers (without `Date`; the limit's remaining count masked) and body of GET `path`. */
function raw(path: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(stack.api.origin);
  const headers = { 'X-Request-Id': 'direct-routes-test' };
  return rawRequest({ host: hostname, port: Number(port) }, 'GET', path, headers, ['x-ratelimit-remaining']);
}

/** `http_requests_total` of GET `route` with `status` on /metrics (0 when absent). */
async function requestsOf(route: string, status: number): Promise<number> {
  const res = await stack.api.get(`${stack.api.origin}/metrics`, { headers: { Authorization: full } });
  expect(res.status).toBe(200);
  const page = await res.text();
  const line = page
    .split('\n')
    .find((l) => l.startsWith(`http_requests_total{method="GET",route="${route}",status="${status}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

it.each([
  ['/api/v1/products/rp-125-f', '/api/v1/products/rp-125-f/', 200],
  ['/api/v1/media/5001', '/api/v1/media/5001/', 200],
  ['/api/v1/products?per_page=2', '/api/v1/products/?per_page=2', 200],
  ['/api/v1/products/no-such-product', '/api/v1/products/no-such-product/', 404],
  ['/api/v1/media/99999999', '/api/v1/media/99999999/', 404],
])('GET %s answers as Express routes it (%s)', async (direct, routed, status) => {
  await raw(direct); // the first answer of a detail loads it into the result cache
  const viaExpress = await raw(routed);
  const viaDirect = await raw(direct);
  expect(viaDirect.status).toBe(status);
  expect(viaDirect).toEqual(viaExpress);
});

it('answers hostile plain paths as Express does: a 10,000-character slug, dot segments, 2,000 segments', async () => {
  for (const direct of [
    `/api/v1/products/${'a'.repeat(10_000)}`,
    '/api/v1/products/..',
    `/api/v1/products${'/a'.repeat(2000)}`,
  ]) {
    const viaDirect = await raw(direct);
    expect(viaDirect.status).toBe(404);
    expect(viaDirect).toEqual(await raw(`${direct}/`));
  }
});

it('counts a direct answer under its route pattern, as Express routing does', async () => {
  const route = '/api/v1/media/:media';
  const before = await requestsOf(route, 200);
  await raw('/api/v1/media/5001');
  await raw('/api/v1/media/5001/');
  expect(await requestsOf(route, 200)).toBe(before + 2);
  const missing = await requestsOf(route, 404);
  await raw('/api/v1/media/99999999');
  expect(await requestsOf(route, 404)).toBe(missing + 1);
});

it('writes the same request log line for a direct answer as for a routed one', async () => {
  const lines: LogLine[] = [];
  const api = await stack.startApi(stack.config, { logger: captureLogger(lines, 'info') });
  try {
    for (const path of ['/api/v1/media/5001', '/api/v1/media/5001/']) {
      const res = await api.get(`${api.origin}${path}`, { headers: { 'X-Request-Id': 'direct-log-1' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  } finally {
    await api.close();
  }
  const logged = lines.filter((line) => line.req !== undefined);
  expect(logged).toHaveLength(2);
  const [direct, routed] = logged.map(({ time: _t, responseTime: _r, ...rest }) => rest);
  expect(direct).toEqual({
    ...routed,
    req: { id: 'direct-log-1', method: 'GET', url: '/api/v1/media/5001' },
  });
  expect(Object.keys(direct!)).toEqual(Object.keys(routed!));
});
