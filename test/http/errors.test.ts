/**
 * The error shape and request ids of the spec ("Errors", "Request id") over real HTTP on a small app.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { ApiError, errorHandler, notFound, RETRY_AFTER_S, type ErrorBody } from '../../src/http/errors';
import { requestId } from '../../src/logger';

/** The parsed body of an error response. */
const json = async (res: Response) => (await res.json()) as ErrorBody;

function app(debug: boolean) {
  const a = express();
  a.use(requestId);
  a.get('/ok', (_req, res) => {
    res.json({ data: [] });
  });
  a.get('/missing', () => {
    throw new ApiError(404);
  });
  a.get('/invalid', () => {
    throw ApiError.validation({ per_page: ['The per page field must be an integer.'] });
  });
  a.get('/bug', () => {
    throw new TypeError('cannot read x of undefined');
  });
  a.get('/down', () => {
    throw new ApiError(503);
  });
  a.get('/not-ready', () => {
    throw new ApiError(503, { headers: { 'Retry-After': '7' } });
  });
  a.all('/only-get', () => {
    throw new ApiError(405, { headers: { Allow: 'GET, HEAD' } });
  });
  a.use(notFound);
  a.use(errorHandler({ debug }));
  return a;
}

const servers: Server[] = [];
async function start(debug: boolean): Promise<string> {
  const server = app(debug).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

let base: string;
let debugBase: string;
beforeAll(async () => {
  base = await start(false);
  debugBase = await start(true);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

it('answers an unknown path with the JSON error body, without Accept, and the request id header', async () => {
  const res = await fetch(`${base}/nowhere`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await json(res);
  expect(body).toEqual({
    message: 'Not found.',
    error: {
      code: 'not_found',
      message: 'Not found.',
      status: 404,
      request_id: res.headers.get('x-request-id'),
    },
  });
  expect(body.error.request_id).toMatch(UUID);
});

it('takes over a valid client request id and replaces an invalid one', async () => {
  const taken = await fetch(`${base}/missing`, { headers: { 'X-Request-Id': 'cms-render.42_a' } });
  expect(taken.headers.get('x-request-id')).toBe('cms-render.42_a');
  expect((await json(taken)).error.request_id).toBe('cms-render.42_a');
  for (const bad of ['short', 'x'.repeat(65), 'has space here', 'ümlaut-id-123']) {
    const res = await fetch(`${base}/missing`, { headers: { 'X-Request-Id': encodeURI(bad) } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  }
});

it('sends no X-Request-Id and no error field on success', async () => {
  const res = await fetch(`${base}/ok`, { headers: { 'X-Request-Id': 'abcdefgh' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBeNull();
  expect(await res.json()).toEqual({ data: [] });
});

it('lists validation errors in error.details.fields and errors', async () => {
  const res = await fetch(`${base}/invalid`);
  expect(res.status).toBe(422);
  const body = await json(res);
  const fields = { per_page: ['The per page field must be an integer.'] };
  expect(body.error).toMatchObject({ code: 'validation_failed', status: 422, details: { fields } });
  expect(body.errors).toEqual(fields);
});

it('answers a wrong method with 405 and Allow', async () => {
  const res = await fetch(`${base}/only-get`, { method: 'POST' });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, HEAD');
  expect((await json(res)).error.code).toBe('method_not_allowed');
});

it('hides what failed in a 500 unless debug mode is on', async () => {
  const hidden = await json(await fetch(`${base}/bug`));
  expect(hidden.error).toEqual({
    code: 'server_error',
    message: 'Server error.',
    status: 500,
    request_id: expect.stringMatching(UUID),
  });
  expect(JSON.stringify(hidden)).not.toContain('undefined');
  const shown = await json(await fetch(`${debugBase}/bug`));
  expect(shown.error.debug).toEqual({ exception: 'TypeError', message: 'cannot read x of undefined' });
  const notDebugged = await json(await fetch(`${debugBase}/missing`));
  expect(notDebugged.error.debug).toBeUndefined();
});

it("sends Retry-After with every 503: the error's own, else RETRY_AFTER_S", async () => {
  const down = await fetch(`${base}/down`);
  expect([down.status, (await json(down)).error.code]).toEqual([503, 'service_unavailable']);
  expect(down.headers.get('retry-after')).toBe(String(RETRY_AFTER_S));
  const notReady = await fetch(`${base}/not-ready`);
  expect([notReady.status, notReady.headers.get('retry-after')]).toEqual([503, '7']);
  expect((await fetch(`${base}/missing`)).headers.get('retry-after')).toBeNull();
});
