/**
 * The request log (src/app.ts): at LOG_LEVEL `info` one compact line per `/api` request, with its request
 * id, method, URL and status and never a header (a token must not reach the logs), the values of query
 * parameters that may hold a secret redacted; above `info` no request line at all (the middleware is not
 * even mounted).
 */
import { REDACTED, redactUrl } from '../../src/logger';
import { captureLogger, type LogLine } from '../support/logs';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
});
afterAll(async () => {
  await stack?.stop();
});

async function requestLines(level: 'info' | 'warn', path = '/image-formats'): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const api = await stack.startApi(stack.config, { logger: captureLogger(lines, level) });
  try {
    const res = await api.get(path, {
      headers: { Authorization: 'Bearer 1|secret-token', 'X-Request-Id': 'req-log-1' },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  } finally {
    await api.close();
  }
  return lines.filter((line) => line.req !== undefined);
}

it('writes one line per request at info: id, method, URL, status, no header', async () => {
  const lines = await requestLines('info');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: 30,
    req: { id: 'req-log-1', method: 'GET', url: '/api/v1/image-formats' },
    res: { statusCode: 200 },
  });
  expect(JSON.stringify(lines[0])).not.toMatch(/secret-token|authorization/i);
  // Nothing else: no headers, no query, no address.
  expect(Object.keys(lines[0]!).sort()).toEqual(
    ['hostname', 'level', 'msg', 'pid', 'req', 'res', 'responseTime', 'time'].sort(),
  );
  expect(lines[0]).toMatchObject({ msg: 'request completed' });
  expect(Object.keys(lines[0]!.req as object)).toEqual(['id', 'method', 'url']);
  expect(Object.keys(lines[0]!.res as object)).toEqual(['statusCode']);
});

it('writes no request line above info', async () => {
  expect(await requestLines('warn')).toEqual([]);
});

it('logs the URL without the values of query parameters that may hold a secret', async () => {
  const query =
    'access_token=1%7Cleaked-a&per_page=2&token=leaked-b&API_KEY=leaked-c&filter%5Bapi-key%5D=leaked-d&key=leaked-e&search=Presse';
  const lines = await requestLines('info', `/image-formats?${query}`);
  expect(lines).toHaveLength(1);
  expect(lines[0]!.req).toMatchObject({
    url:
      `/api/v1/image-formats?access_token=${REDACTED}&per_page=2&token=${REDACTED}&API_KEY=${REDACTED}` +
      `&filter%5Bapi-key%5D=${REDACTED}&key=${REDACTED}&search=Presse`,
  });
  expect(JSON.stringify(lines)).not.toMatch(/leaked/);
});

describe('redactUrl', () => {
  it.each([
    ['/api/v1/products', '/api/v1/products'],
    ['/api/v1/products?search=Säge&page=2', '/api/v1/products?search=Säge&page=2'],
    ['/x?a=1&api_token=s&b', `/x?a=1&api_token=${REDACTED}&b`],
    [
      '/x?client_secret=s&password=p&X-Amz-Signature=s',
      `/x?client_secret=${REDACTED}&password=${REDACTED}&X-Amz-Signature=${REDACTED}`,
    ],
    ['/x?ids[]=1&access_token[]=s&monkey=1', `/x?ids[]=1&access_token[]=${REDACTED}&monkey=1`],
    ['/x?%FF=1&%E0token=s', `/x?%FF=1&%E0token=${REDACTED}`],
    ['/x?token', '/x?token'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
