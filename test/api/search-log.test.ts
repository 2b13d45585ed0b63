/**
 * The anonymous search log over HTTP against the real app, Postgres, Redis and Meilisearch on the sample
 * snapshot (docs/api/search-log.md): one row per search on each of the four searchable lists with exactly
 * the documented fields, nothing without `search`, nothing identifying, the `X-Search-Session` rule, the
 * query normalization (only the words Meilisearch used), the anonymous per-day client key, the
 * `suggestible` mark, the 30-per-minute cap per client (an IPv6 /64 is one) and its Redis keys.
 *
 * Requests come from 127.0.0.1, a trusted proxy under TRUST_PROXY=loopback (set here), so
 * `X-Forwarded-For` sets the client IP; each test uses addresses of its own so the cap only bites where it
 * is tested.
 */
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { createSearchCap } from '../../src/search-log/cap';
import { isSuggestible, MAX_QUERY_LENGTH } from '../../src/search-log/row';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

interface LogRow {
  id: number;
  query: string;
  endpoint: string;
  filters: Record<string, unknown>;
  result_count: number;
  session_id: string | null;
  client_key: string | null;
  suggestible: boolean;
  created_at: Date;
}

const COLUMNS = [
  'client_key',
  'created_at',
  'endpoint',
  'filters',
  'id',
  'query',
  'result_count',
  'session_id',
  'suggestible',
];
const CLIENT_KEY = /^[0-9a-f]{16}$/;
const DAY = 24 * 60 * 60 * 1000;

let stack: Stack;
let token: string;
let redis: Redis;

beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: 'loopback' } });
  token = await bearer(stack.database.db, 'content');
  redis = new Redis(stack.config.redisUrl);
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});
beforeEach(async () => {
  await stack.api.deps.searchLog.flush();
  await stack.database.db('search_log').del();
});

const rows = () => stack.database.db<LogRow>('search_log').orderBy('id');

/** GET `path` as client `ip` (with `headers`), expecting 200; returns the body's `meta.total`. */
async function search(path: string, ip: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await stack.api.get(path, {
    headers: { Accept: 'application/json', 'X-Forwarded-For': ip, ...headers },
  });
  const body = (await res.json()) as { meta: { total: number } };
  expect([path, res.status]).toEqual([path, 200]);
  return body.meta.total;
}

/** Waits for the cap checks under way and writes the buffer; nothing may stay buffered. */
async function flush(): Promise<void> {
  expect(await stack.api.deps.searchLog.flush()).toBe(0);
}

describe('what is logged', () => {
  it('writes one row per search on each of the four endpoints, with exactly the documented fields', async () => {
    const auth = { Authorization: token };
    const before = new Date();
    const totals = [
      await search(
        '/products?search=%20%20Schlepper%20%20Frontlader%20&taxons=produktbereich:frontlader,einsatzbereich:silage' +
          '&manufacturer=fendt&ids=1006,x,1007&facets=1&page=2&per_page=1',
        '203.0.113.1',
        { 'X-Search-Session': 'sess-0001.ab_C' },
      ),
      await search(
        '/media?search=Prospekt&type=datasheet&renderable=0&ids[]=5013&folder=prospekte&per_page=5&type2=x',
        '203.0.113.1',
      ),
      await search('/content/products?search=Ballengreifer&taxons=ballenhandling', '203.0.113.1', auth),
      await search('/content/media?search=Prospekt&channel=Print&type=bogus', '203.0.113.1', auth),
    ];
    await flush();
    const after = new Date();

    const logged = await rows();
    // one client, one day: one key for all four
    const clientKey = logged[0]!.client_key;
    expect(clientKey).toMatch(CLIENT_KEY);
    expect(logged.map(({ id: _id, created_at: _at, client_key: _key, ...rest }) => rest)).toEqual([
      {
        query: 'Schlepper Frontlader',
        endpoint: 'products',
        filters: {
          taxons: ['produktbereich:frontlader', 'einsatzbereich:silage'],
          manufacturer: 'fendt',
          ids: [1006, 1007],
        },
        result_count: totals[0],
        session_id: 'sess-0001.ab_C',
        suggestible: true,
      },
      {
        query: 'Prospekt',
        endpoint: 'media',
        filters: { type: 'datasheet', renderable: false, ids: [5013], folder: 'prospekte' },
        result_count: totals[1],
        session_id: null,
        suggestible: true,
      },
      {
        query: 'Ballengreifer',
        endpoint: 'content/products',
        filters: { taxons: ['ballenhandling'] },
        result_count: totals[2],
        session_id: null,
        suggestible: true,
      },
      {
        query: 'Prospekt',
        endpoint: 'content/media',
        filters: { channel: 'print' },
        result_count: totals[3],
        session_id: null,
        suggestible: true,
      },
    ]);
    expect(totals[2]).toBeGreaterThan(0);
    expect(totals[3]).toBeGreaterThan(0);
    for (const row of logged) {
      expect(Object.keys(row).sort()).toEqual(COLUMNS);
      expect(row.client_key).toBe(clientKey);
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(row.created_at.getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
    }
  });

  it('writes nothing for lists, details and other endpoints without a search', async () => {
    const auth = { Authorization: token, Accept: 'application/json' };
    for (const path of [
      '/products',
      '/products?search=',
      '/products?search=%20%20%20',
      '/products?search[]=Frontlader',
      '/products?taxons=produktbereich:frontlader',
      '/media?type=image',
      '/media?search=',
    ]) {
      await search(path, '203.0.113.2');
    }
    for (const path of ['/content/products', '/content/media', '/content/media?folder=archiv']) {
      await search(path, '203.0.113.2', auth);
    }
    expect((await stack.api.get('/products/frontlader')).status).toBe(200);
    expect((await stack.api.get('/articles?search=100')).status).toBe(200);
    expect((await stack.api.get('/search/suggestions?q=Frontl', { headers: auth })).status).toBe(200);
    await flush();
    expect(await rows()).toEqual([]);
  });

  it('stores nothing that identifies the client: no IP, token, user or user agent', async () => {
    const ip = '198.51.100.77';
    const agent = 'UniqueAgent/9.9 (search-log-test)';
    const [, secret] = token.replace('Bearer ', '').split('|');
    await search('/content/products?search=Frontlader', ip, {
      Authorization: token,
      'User-Agent': agent,
      'X-Search-Session': 'anonymous-session-1',
    });
    await search('/products?search=Frontlader', ip, { 'User-Agent': agent });
    await flush();
    const logged = await rows();
    expect(logged).toHaveLength(2);
    const text = JSON.stringify(logged);
    for (const secretPart of [ip, agent, 'UniqueAgent', token, secret!, 'cms-integration@example.com']) {
      expect(text).not.toContain(secretPart);
    }
    const columns = await stack.database.db('search_log').columnInfo();
    expect(Object.keys(columns).sort()).toEqual(COLUMNS);
    // the client key is a keyed hash: neither the address nor its plain hash
    const plain = createHash('sha256').update(ip).digest('hex');
    expect(logged[0]!.client_key).toMatch(CLIENT_KEY);
    expect(plain).not.toContain(logged[0]!.client_key);
  });

  it('keeps X-Search-Session only when it is 8 to 64 characters of [A-Za-z0-9._-]', async () => {
    const cases: [string, string | null][] = [
      ['abcdefgh', 'abcdefgh'],
      ['A1.b2_C3-d4', 'A1.b2_C3-d4'],
      ['x'.repeat(64), 'x'.repeat(64)],
      ['abcdefg', null], // 7
      ['y'.repeat(65), null],
      ['abc defgh', null],
      ['abcdefgh!', null],
      ['abcdefgh/', null],
      ['%C3%A4bcdefgh', null],
      ['', null],
    ];
    for (const [i, [header]] of cases.entries()) {
      await search(`/products?search=session${i}`, '203.0.113.3', { 'X-Search-Session': header });
    }
    await search('/products?search=session-none', '203.0.113.3');
    await flush();
    const byQuery = new Map((await rows()).map((r) => [r.query, r.session_id]));
    expect(cases.map(([header], i) => [header, byQuery.get(`session${i}`)])).toEqual(cases);
    expect(byQuery.get('session-none')).toBeNull();
  });

  it('normalizes the query: trimmed, whitespace collapsed, NFC, at most 200 characters; casing kept', async () => {
    const long = 'Ä'.repeat(MAX_QUERY_LENGTH + 50);
    for (const raw of [
      '  Scheiben\t\tMÄHWERK \n ',
      'Ma\u0308hwerk', // decomposed ä
      'null%00byte',
      long,
    ]) {
      await search(`/products?search=${encodeURIComponent(raw).replace('%2500', '%00')}`, '203.0.113.4');
    }
    await flush();
    expect((await rows()).map((r) => r.query)).toEqual([
      'Scheiben MÄHWERK',
      'Mähwerk',
      'null byte',
      'Ä'.repeat(MAX_QUERY_LENGTH),
    ]);
  });
});

describe('the cap: 30 logged searches per minute per client IP', () => {
  it('does not log the 31st search of one IP within a minute, but still answers it; another IP is logged', async () => {
    const capped = stack.api.deps.searchLog.counters.capped;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await stack.api.get(`/products?search=cap-a-${i}`, {
        headers: { 'X-Forwarded-For': '203.0.113.50' },
      });
      statuses.push(res.status);
    }
    await search('/products?search=cap-b', '203.0.113.51');
    await search('/media?search=cap-b', '2001:db8::51');
    await flush();
    expect(statuses).toEqual(Array(31).fill(200));
    const queries = (await rows()).map((r) => r.query);
    expect(queries.filter((q) => q.startsWith('cap-a-'))).toEqual(
      Array.from({ length: 30 }, (_, i) => `cap-a-${i}`),
    );
    expect(queries.filter((q) => q === 'cap-b')).toHaveLength(2);
    expect(stack.api.deps.searchLog.counters.capped).toBe(capped + 1);
  });

  it('checks concurrent searches together and still logs exactly 30 per IP', async () => {
    const counters = stack.api.deps.searchLog.counters;
    const capped = counters.capped;
    await Promise.all([
      ...Array.from({ length: 35 }, (_, i) => search(`/products?search=burst-a-${i}`, '203.0.113.70')),
      ...Array.from({ length: 3 }, (_, i) => search(`/media?search=burst-b-${i}`, '203.0.113.71')),
    ]);
    await flush();
    const queries = (await rows()).map((r) => r.query);
    expect(queries.filter((q) => q.startsWith('burst-a-'))).toHaveLength(30);
    expect(queries.filter((q) => q.startsWith('burst-b-'))).toHaveLength(3);
    expect(counters.capped).toBe(capped + 5);

    // One transaction for many searches: of a client's searches the first ones are within the cap.
    const cap = stack.api.deps.searchLog.cap;
    const [x, y] = await Promise.all(['203.0.113.72', '203.0.113.73'].map((ip) => cap.clientKey(ip)));
    expect(await cap.allowMany([...Array<string>(31).fill(y!), x!, x!])).toEqual([
      ...Array<boolean>(30).fill(true),
      false,
      true,
      true,
    ]);
    expect(await cap.allowMany([y!, x!])).toEqual([false, true]);
    expect(await redis.get(await cap.counterKey('203.0.113.73'))).toBe('32');
  });

  it('counts the addresses of one IPv6 /64 as one client; another /64 is another client', async () => {
    const capped = stack.api.deps.searchLog.counters.capped;
    // 31 addresses of one /64 (one subscriber's network): one cap, the 31st search not logged
    for (let i = 1; i <= 31; i++) {
      await search(`/products?search=net64-a-${i}`, `2001:db8:64:1:${i.toString(16)}::${i}`);
    }
    await search('/products?search=net64-b', '2001:db8:64:2::1');
    await flush();
    const logged = await rows();
    expect(logged.filter((r) => r.query.startsWith('net64-a-'))).toHaveLength(30);
    expect(logged.filter((r) => r.query === 'net64-b')).toHaveLength(1);
    expect(stack.api.deps.searchLog.counters.capped).toBe(capped + 1);
    expect(new Set(logged.filter((r) => r.query.startsWith('net64-a-')).map((r) => r.client_key)).size).toBe(
      1,
    );
  });

  it('counts under an HMAC of the IP with a daily key: the address is in no Redis key or value', async () => {
    const ip = '203.0.113.60';
    await search('/products?search=keys', ip);
    await flush();
    const prefix = `${stack.config.redisPrefix}:search-log:`;
    const keys = await redis.keys(`${prefix}*`);
    const counterKey = await stack.api.deps.searchLog.cap.counterKey(ip);
    expect(keys).toContain(counterKey);
    expect(await redis.get(counterKey)).toBe('1');
    const ttl = await redis.ttl(counterKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    const day = new Date().toISOString().slice(0, 10);
    const dayKey = `${prefix}hmac-key:${day}`;
    expect(keys).toContain(dayKey);
    expect(Buffer.from((await redis.get(dayKey))!, 'base64')).toHaveLength(32);
    const dayTtl = await redis.ttl(dayKey);
    expect(dayTtl).toBeGreaterThan(24 * 60 * 60);
    expect(dayTtl).toBeLessThanOrEqual(2 * 24 * 60 * 60);

    const plain = createHash('sha256').update(ip).digest();
    for (const key of keys) {
      expect(key).not.toContain(ip);
      expect(key).not.toContain(plain.toString('hex'));
      expect(key).not.toContain(plain.toString('base64url'));
      expect(await redis.get(key)).not.toContain(ip);
    }
    expect(keys.every((k) => k === dayKey || k.startsWith(`${prefix}cap:`))).toBe(true);
  });

  it('rotates the key with the UTC day: the same IP hashes differently tomorrow', async () => {
    const ip = '203.0.113.61';
    const prefix = stack.config.redisPrefix;
    const today = createSearchCap({ redis, prefix });
    const tomorrow = createSearchCap({ redis, prefix, now: () => Date.now() + 24 * 60 * 60 * 1000 });
    expect(await today.counterKey(ip)).toBe(await stack.api.deps.searchLog.cap.counterKey(ip));
    expect(await tomorrow.counterKey(ip)).not.toBe(await today.counterKey(ip));
  });
});

describe('only the words Meilisearch used', () => {
  it('logs the first ten words and nothing after them, normalized', async () => {
    const words = 'Frontlader FL 45 P Komfort Frontlader FL 45 P Komfort';
    const total = await search(
      `/products?search=${encodeURIComponent(`  ${words}  https://spam.example/kaufen 0171 1234567 x@y.de`)}`,
      '203.0.113.90',
    );
    expect(total).toBeGreaterThan(0);
    await flush();
    expect((await rows()).map((r) => [r.query, r.result_count, r.suggestible])).toEqual([
      [words, total, true],
    ]);
  });

  it('marks texts with a URL, an e-mail address or a phone number as never suggestible', async () => {
    const cases: [string, boolean][] = [
      ['Frontlader www.beispiel.example', false],
      ['Frontlader https://x.example', false],
      ['Frontlader kaufen-hier.example/angebot', false],
      ['Frontlader billig.com', false],
      ['Frontlader info@beispiel.de', false],
      ['Frontlader 0171 1234567', false],
      ['Frontlader +49 89 12345', false],
      ['Frontlader 030/123-456-78', false],
      // the catalog's order numbers in every spelling stay suggestible
      ['100.125.01', true],
      ['E 11-0455', true],
      ['K12345-67', true],
      ['10012501', true],
      ['100 125 01', true],
      ['Frontlader FL 45 P', true],
    ];
    for (const [text] of cases) {
      await search(`/products?search=${encodeURIComponent(text)}`, '203.0.113.91');
    }
    await flush();
    const logged = new Map((await rows()).map((r) => [r.query, r.suggestible]));
    expect(cases.map(([text]) => [text, logged.get(text)])).toEqual(cases);
  });
  it('decides in linear time, also on hostile texts far longer than any logged query', () => {
    const n = 200_000;
    for (const text of [
      'a.'.repeat(n),
      `${'a'.repeat(n)}.${'b'.repeat(n)}`,
      'www'.repeat(n),
      '1 '.repeat(n).replace(/1 1 1 1 /g, '1 x '),
      '@'.repeat(n),
      '-.'.repeat(n),
    ]) {
      const start = performance.now();
      isSuggestible(text);
      expect(performance.now() - start).toBeLessThan(500);
    }
  });
});

describe('the anonymous per-day client key', () => {
  it('is one keyed hash per client and UTC day: not the address, another one tomorrow', async () => {
    const tomorrow = await stack.startApi(stack.config, { searchLog: { now: () => Date.now() + DAY } });
    try {
      const [a, b] = ['203.0.113.95', '203.0.113.96'];
      await search('/products?search=key-a-1', a, { 'X-Search-Session': 'session-key-1' });
      await search('/products?search=key-a-2', a, { 'X-Search-Session': 'session-key-2' });
      await search('/products?search=key-b', b);
      await search('/products?search=key-v6-1', '2001:db8:95:1::1');
      await search('/products?search=key-v6-2', '2001:db8:95:1:ffff::2');
      const res = await tomorrow.get('/products?search=key-a-tomorrow', {
        headers: { Accept: 'application/json', 'X-Forwarded-For': a },
      });
      expect(res.status).toBe(200);
      await flush();
      expect(await tomorrow.deps.searchLog.flush()).toBe(0);
      const key = new Map((await rows()).map((r) => [r.query, r.client_key!]));
      for (const value of key.values()) {
        expect(value).toMatch(CLIENT_KEY);
        expect(value).not.toContain(a);
      }
      expect(key.get('key-a-2')).toBe(key.get('key-a-1')); // another X-Search-Session, the same client
      expect(key.get('key-b')).not.toBe(key.get('key-a-1'));
      expect(key.get('key-v6-2')).toBe(key.get('key-v6-1')); // one /64
      expect(key.get('key-a-tomorrow')).not.toBe(key.get('key-a-1'));
      // the cap's day key in Redis, the same address: the client key the log stored
      expect(await stack.api.deps.searchLog.cap.clientKey(a)).toBe(key.get('key-a-1'));
      expect(await tomorrow.deps.searchLog.cap.clientKey(a)).toBe(key.get('key-a-tomorrow'));
    } finally {
      await tomorrow.close();
    }
  });
});
