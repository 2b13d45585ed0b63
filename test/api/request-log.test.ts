/**
 * The request log (src/app.ts): at LOG_LEVEL `info` one compact line per `/api` request, with its request
 * id, method, URL and status and never a header (a token must not reach the logs); above `info` no request
 * line at all (the middleware is not even mounted).
 */
import { startTestApi } from '../support/api';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { captureLogger, type LogLine } from '../support/logs';
import { testConfig } from '../support/stack';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

async function requestLines(level: 'info' | 'warn'): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const api = await startTestApi(testConfig(t.url), { logger: captureLogger(lines, level) });
  try {
    const res = await api.get('/image-formats', {
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
});

it('writes no request line above info', async () => {
  expect(await requestLines('warn')).toEqual([]);
});
