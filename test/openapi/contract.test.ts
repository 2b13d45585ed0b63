/**
 * The contract check itself (test/support/contract.ts): an undocumented field, a missing field, an
 * undocumented status and a missing required header are each reported; a conforming response is not.
 */
import { checkResponse, violations } from '../support/contract';

const url = 'http://127.0.0.1:1/api/v1/manufacturers/claas';
const manufacturer = { id: 1, slug: 'claas', short_name: 'CLAAS', names: { de: 'Claas' } };
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ETag: '"e"',
      'Cache-Control': 'public, max-age=0',
      ...headers,
    },
  });

afterEach(() => {
  violations.length = 0;
});

it('accepts a documented response', async () => {
  await checkResponse(url, undefined, json({ data: manufacturer }));
  expect(violations).toEqual([]);
});

it('reports an undocumented and a missing field', async () => {
  const { short_name: _, ...withoutShortName } = manufacturer;
  await checkResponse(url, undefined, json({ data: { ...withoutShortName, price: 1 } }));
  expect(violations).toEqual([
    "GET /api/v1/manufacturers/claas → 200: body/data must have required property 'short_name'",
    'GET /api/v1/manufacturers/claas → 200: body/data must NOT have additional properties (price)',
  ]);
});

it('reports an undocumented status and a missing required header', async () => {
  await checkResponse(url, undefined, json({}, 418));
  const error = {
    message: 'Method not allowed.',
    error: {
      code: 'method_not_allowed',
      message: 'Method not allowed.',
      status: 405,
      request_id: 'abcdefgh',
    },
  };
  await checkResponse(url, { method: 'POST' }, json(error, 405, { 'X-Request-Id': 'abcdefgh' }));
  expect(violations).toEqual([
    'GET /api/v1/manufacturers/claas → 418: status 418 is not documented for /manufacturers/{slug}',
    'POST /api/v1/manufacturers/claas → 405: header Allow is missing',
  ]);
});
