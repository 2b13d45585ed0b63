/**
 * Every wait on a dependency ends ("Bounded waits"): with Postgres hanging or a statement
 * blocked, the API's Postgres answers end at PG_ACQUIRE_TIMEOUT_MS / PG_STATEMENT_TIMEOUT_MS with 503
 * `service_unavailable`; with Meilisearch hanging, a search ends at MEILI_TIMEOUT_MS with 503. Every such
 * 503 says when to retry (`Retry-After`: Meilisearch's breaker probe time, RETRY_AFTER_S for Postgres).
 */
import { RETRY_AFTER_S } from '../../src/http/errors';
import { type Stack, startStack, type TestApi, testMeili } from '../support/stack';
import { startTcpProxy, type TcpProxy } from '../support/outage';

let stack: Stack;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await stack?.stop();
});

/** An API on the stack's data whose Postgres or Meilisearch goes through a proxy the test controls. */
async function apiThrough(
  which: 'postgres' | 'meilisearch',
  env: Record<string, string>,
): Promise<{ api: TestApi; proxy: TcpProxy }> {
  const target = new URL(which === 'postgres' ? stack.database.url : testMeili().url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  const via = new URL(target);
  via.host = `127.0.0.1:${proxy.port}`;
  const api = await stack.startApi(
    stack.configWith({
      ...(which === 'postgres' ? { DATABASE_URL: via.toString() } : { MEILI_URL: via.origin }),
      ...env,
    }),
  );
  closers.push(
    () => proxy.close(),
    () => api.close(),
  );
  return { api, proxy };
}

const timed = async (api: TestApi, path: string) => {
  const started = Date.now();
  const res = await api.get(path);
  const body = (await res.json()) as { error?: { code: string } };
  const retryAfter = res.headers.get('retry-after');
  return { status: res.status, code: body.error?.code, retryAfter, ms: Date.now() - started };
};

it('answers 503 within the acquire deadline while Postgres hangs', async () => {
  const { api, proxy } = await apiThrough('postgres', { PG_ACQUIRE_TIMEOUT_MS: '800' });
  expect((await timed(api, '/products/rp-125-f')).status).toBe(200);
  proxy.setMode('hang');
  const hung = await timed(api, '/manufacturers'); // not cached: asks Postgres
  expect([hung.status, hung.code, hung.retryAfter]).toEqual([
    503,
    'service_unavailable',
    String(RETRY_AFTER_S),
  ]);
  expect(hung.ms).toBeLessThan(3000);
  proxy.setMode('forward');
  expect((await timed(api, '/manufacturers')).status).toBe(200);
});

it('answers a public search carrying a token while Postgres hangs (the limiter counts it per IP)', async () => {
  const { api, proxy } = await apiThrough('postgres', {
    PG_ACQUIRE_TIMEOUT_MS: '800',
    API_UNLIMITED_NETWORKS: '', // the limiter looks the token up
  });
  const withToken = { headers: { Authorization: 'Bearer 1|not-checked-before-postgres-answers' } };
  expect((await api.get('/products?search=Frontlader', withToken)).status).toBe(200);
  proxy.setMode('hang');
  const res = await api.get('/products?search=Frontlader&per_page=3', withToken); // Meilisearch alone
  expect(res.status).toBe(200);
  expect(res.headers.get('x-ratelimit-limit')).not.toBeNull(); // counted (per IP)
  const user = await api.get('/user', withToken); // needs the token: its own check fails
  expect(user.status).toBe(503);
  proxy.setMode('forward');
});

it('answers 503 when a statement passes PG_STATEMENT_TIMEOUT_MS', async () => {
  const api = await stack.startApi(stack.configWith({ PG_STATEMENT_TIMEOUT_MS: '300' }));
  closers.push(() => api.close());
  const trx = await stack.database.db.transaction();
  try {
    await trx.raw('LOCK TABLE manufacturers IN ACCESS EXCLUSIVE MODE'); // every read of it waits
    const blocked = await timed(api, '/manufacturers');
    expect([blocked.status, blocked.code, blocked.retryAfter]).toEqual([
      503,
      'service_unavailable',
      String(RETRY_AFTER_S),
    ]);
    expect(blocked.ms).toBeLessThan(2000);
  } finally {
    await trx.rollback();
  }
  expect((await timed(api, '/manufacturers')).status).toBe(200);
});

it("answers 503 within MEILI_TIMEOUT_MS while Meilisearch hangs, with the breaker's Retry-After", async () => {
  const { api, proxy } = await apiThrough('meilisearch', {
    MEILI_TIMEOUT_MS: '700',
    MEILI_BREAKER_HALF_OPEN_MS: '4500',
  });
  expect((await timed(api, '/products?search=Presse')).status).toBe(200);
  proxy.setMode('hang');
  const hung = await timed(api, '/products?search=Mähwerk'); // not cached: asks Meilisearch
  // The breaker is still closed (one failure): the client waits as long as an open breaker would make it.
  expect([hung.status, hung.code, hung.retryAfter]).toEqual([503, 'service_unavailable', '5']);
  expect(hung.ms).toBeLessThan(2500);
  proxy.setMode('forward');
  expect((await timed(api, '/products?search=Mähwerk')).status).toBe(200);
});

it('opens the circuit breaker after repeated Meilisearch failures: fast 503 with Retry-After, then a probe', async () => {
  const { api, proxy } = await apiThrough('meilisearch', {
    MEILI_TIMEOUT_MS: '300',
    MEILI_BREAKER_THRESHOLD: '3',
    MEILI_BREAKER_HALF_OPEN_MS: '1500',
  });
  proxy.setMode('hang');
  for (const word of ['Presse', 'Mähwerk', 'Lader']) {
    const slow = await timed(api, `/products?search=${word}`); // each waits for its deadline
    expect([slow.status, slow.ms >= 250, slow.retryAfter]).toEqual([503, true, '2']);
  }
  const res = await api.get('/products?search=Zinken');
  const fast = { status: res.status, retryAfter: res.headers.get('retry-after') };
  expect(fast).toEqual({ status: 503, retryAfter: '2' });
  proxy.setMode('forward');
  // Still open: no request reaches Meilisearch until the half-open time has passed.
  expect((await timed(api, '/products?search=Walze')).status).toBe(503);
  await new Promise((resolve) => setTimeout(resolve, 1600));
  expect((await timed(api, '/products?search=Walze')).status).toBe(200); // the probe closes it
  expect((await timed(api, '/products?search=Schwader')).status).toBe(200);
});

it('fails fast while the half-open probe waits for a stalled Meilisearch: no request queues behind it', async () => {
  const { api, proxy } = await apiThrough('meilisearch', {
    MEILI_TIMEOUT_MS: '1500',
    MEILI_BREAKER_THRESHOLD: '1',
    MEILI_BREAKER_HALF_OPEN_MS: '200',
  });
  proxy.setMode('hang');
  expect((await timed(api, '/products?search=Presse')).status).toBe(503); // opens the breaker
  await new Promise((resolve) => setTimeout(resolve, 300));
  const probe = timed(api, '/products?search=Mähwerk'); // half-open: this one waits for its deadline
  await new Promise((resolve) => setTimeout(resolve, 100));
  const during = await Promise.all([
    timed(api, '/products?search=Lader'),
    timed(api, '/products?taxons=produktbereich:erntetechnik'), // a list: from Postgres
  ]);
  expect(during.map((r) => [r.status, r.ms < 700])).toEqual([
    [503, true],
    [200, true],
  ]);
  expect((await probe).status).toBe(503);
  proxy.setMode('forward');
});
