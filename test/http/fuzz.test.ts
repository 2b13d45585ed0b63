/**
 * Hostile input, property-based (fast-check): for every route of the route table, path and query
 * values made of arbitrary code units (NUL, lone surrogates sent as their invalid UTF-8 bytes, `%zz`, a
 * lone `%`, overlong UTF-8, quotes and filter syntax), 10,000-character values, arrays and nested arrays
 * where scalars belong, and unknown parameters. Whatever the input: never a 5xx, every error in the spec's
 * error shape, and a filter never widens a list (its total is at most the unfiltered total).
 * `FUZZ_RUNS` and `FUZZ_SEED` run it longer or on other inputs (CI: 400 runs, a fixed seed).
 */
import fc from 'fast-check';
import { API_ROUTES } from '../../src/routes';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
let token: string;
/** The total of each list route without any query, keyed by the route's path. */
const unfiltered = new Map<string, number>();

/** Path parameters filled in with values that name something in the sample catalog. */
const EXISTING: Record<string, string> = {
  slug: 'rp-125-f',
  media: '5001',
  orderNumber: 'E 11',
};

const urlOf = (path: string, fill: (name: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => fill(name));

beforeAll(async () => {
  // Loopback is unlimited: the fuzzer's hundreds of requests never meet a rate limit (429). A render
  // worker makes the previews asked for, so a valid preview URL answers 200, not 503 while it waits.
  stack = await startStack({ env: { API_UNLIMITED_NETWORKS: '127.0.0.0/8,::1/128' }, renderWorker: true });
  token = await bearer(stack.database.db, 'full');
  for (const r of API_ROUTES) {
    if (/\{\w+\}/.test(r.path)) continue;
    const res = await get(r.path);
    const total = ((await res.json().catch(() => ({}))) as { meta?: { total?: unknown } }).meta?.total;
    if (res.status === 200 && typeof total === 'number') unfiltered.set(r.path, total);
  }
});
afterAll(async () => {
  await stack?.stop();
});

function get(pathAndQuery: string): Promise<Response> {
  return fetch(`${stack.api.origin}/api/v1${pathAndQuery}`, {
    headers: { Authorization: token, Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
}

/**
 * One UTF-16 code unit as it goes on the wire: percent-encoded UTF-8, and a lone surrogate as the three
 * bytes UTF-8 forbids for it (`%ED%A0%80`), which no decoder accepts.
 */
function wire(units: number[]): string {
  let out = '';
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    const next = units[i + 1];
    if (unit >= 0xd800 && unit <= 0xdbff && next !== undefined && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(String.fromCharCode(unit, next));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(String.fromCharCode(unit));
    }
  }
  return out;
}

/** Raw wire pieces that are not valid percent-encoded UTF-8, or that are filter and query syntax. */
const RAW = [
  '%00',
  '%zz',
  '%',
  '%2',
  '%C0%AF', // overlong '/'
  '%FF%FE',
  '%E2%80%AE', // right-to-left override
  '%0D%0A',
  "'",
  '%27',
  '%22',
  '%5C',
  '%26',
  '%3D',
  '%2C',
  ':',
  '+',
  '%20OR%20public%20%3D%20false',
];

/** A value as sent on the wire (already encoded). */
const value: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...RAW),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map(wire),
      ),
      {
        maxLength: 8,
      },
    )
    .map((parts) => parts.join('')),
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '99999999999999999999',
    '1e3',
    'NaN',
    'true',
    'fendt',
    'produktbereich:erntetechnik',
  ),
  fc.constant('a'.repeat(10_000)),
);

/** One query parameter `name` in one of the forms PHP's parser knows: scalar, list, indexed, nested. */
const param = (name: string): fc.Arbitrary<string> =>
  fc.oneof(
    value.map((v) => `${name}=${v}`),
    fc.array(value, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => `${name}[]=${v}`).join('&')),
    fc.tuple(value, value).map(([k, v]) => `${name}[${k}]=${v}`),
    value.map((v) => `${name}[a][]=${v}`),
    fc.constant(name),
  );

/** A request to one route of the table: hostile path values, a few of its own parameters and unknown ones. */
const request = fc.constantFrom(...API_ROUTES).chain((r) => {
  const names = Object.keys(r.query?.in.shape ?? {}).map((n) => n.replace(/\[\]$/, ''));
  const own =
    names.length > 0 ? fc.subarray(names).chain((ns) => fc.tuple(...ns.map(param))) : fc.constant([]);
  return fc.record({
    route: fc.constant(r.path),
    path: fc.oneof(
      fc.constant(urlOf(r.path, (name) => EXISTING[name] ?? 'x')),
      fc
        .array(value, { minLength: 3, maxLength: 3 })
        .map(([a, b, c]) => urlOf(r.path, (name) => ({ slug: a, media: b })[name] ?? c!)),
    ),
    query: fc.tuple(own, fc.array(param('zz'), { maxLength: 1 })).map(([a, b]) => [...a, ...b].join('&')),
  });
});

it('never answers 5xx, always in the error shape, and no filter widens a list', async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async ({ route, path, query }) => {
      const url = query ? `${path}?${query}` : path;
      const res = await get(url);
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${route}: GET ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`;
      if (res.status >= 500) throw new Error(`5xx: ${where}`);
      if (res.status >= 400) {
        const body = JSON.parse(text) as {
          error?: { code?: unknown; status?: unknown; request_id?: unknown };
        };
        if (typeof body.error?.code !== 'string' || body.error.status !== res.status)
          throw new Error(`not the error shape: ${where}`);
      }
      const total = unfiltered.get(route);
      if (res.status === 200 && total !== undefined && path === route) {
        const found = (JSON.parse(text) as { meta: { total: number } }).meta.total;
        if (found > total) throw new Error(`a filter widened the list (${found} > ${total}): ${where}`);
      }
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 20261125) },
  );
  // The inputs reached the handlers (found things, named nothing, failed validation), not only the router.
  expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 404, 422]));
}, 240_000);
