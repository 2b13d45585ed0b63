/**
 * GET /search/suggestions over HTTP against real Postgres and Meilisearch, on the shared sample snapshot
 * plus `search_log` rows inserted here (docs/api/search-suggestions.md lists the rules checked).
 */
import { Index } from 'meilisearch';
import { popularSearchesQuery } from '../../src/resources/search-suggestions/query';
import { isSuggestible } from '../../src/search-log/row';
import { type Stack, startStack, type TestApi, testMeiliClient } from '../support/stack';
import { bearer } from '../support/tokens';
import type { ErrorBody, Suggestion } from '../support/types';

let stack: Stack;
let token: string;

const DAY = 24 * 60 * 60 * 1000;

/**
 * Logged searches of `query`, one per entry of `clients` (a `client_key`; null: a row logged before
 * client keys), each with an X-Search-Session of its own (sessions count for nothing).
 */
function logRows(
  query: string,
  clients: (string | null)[],
  options: { resultCount?: number; endpoint?: string; daysAgo?: number; suggestible?: boolean } = {},
) {
  return clients.map((client, i) => ({
    query,
    endpoint: options.endpoint ?? 'products',
    filters: JSON.stringify({}),
    result_count: options.resultCount ?? 4,
    session_id: `session-${query.length}-${i}`,
    client_key: client,
    suggestible: options.suggestible ?? isSuggestible(query),
    created_at: new Date(Date.now() - (options.daysAgo ?? 1) * DAY),
  }));
}

beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: 'loopback' } });
  token = await bearer(stack.database.db, 'content');
  await stack.database.db('search_log').insert([
    // shown: 5 clients, two spellings grouped case-insensitively; client d's six searches count once
    ...logRows('rundballenpresse garn', ['a', 'b', 'c', 'f']),
    ...logRows('Rundballenpresse Garn', ['d', 'd', 'd', 'd', 'd', 'd']),
    // shown: exactly at the thresholds (3 clients, 2 of them on one day)
    ...logRows('rundballenpresse netz', ['a', 'b', 'b', 'b']),
    ...logRows('rundballenpresse netz', ['e'], { daysAgo: 5 }),
    // hidden: one client, however often and with however many sessions
    ...logRows('rundballen gebraucht', ['c', 'c', 'c', 'c', 'c', 'c']),
    // hidden: 3 clients, but each on another day (as one address on three days)
    ...logRows('rundballer preis', ['a'], { daysAgo: 1 }),
    ...logRows('rundballer preis', ['g'], { daysAgo: 2 }),
    ...logRows('rundballer preis', ['h'], { daysAgo: 3 }),
    // hidden: 2 clients only
    ...logRows('rundballen profi', ['a', 'b', 'a', 'b', 'a', 'b']),
    // hidden: found nothing
    ...logRows('rundumleuchte', ['a', 'b', 'c'], { resultCount: 0 }),
    // hidden: only 2 of its 4 clients found something
    ...logRows('rundballen netz', ['c', 'd'], { resultCount: 0 }),
    ...logRows('rundballen netz', ['a', 'b']),
    // hidden: older than 90 days
    ...logRows('rundballenwickler', ['a', 'b', 'c'], { daysAgo: 91 }),
    // hidden: not the product search
    ...logRows('rundfunk', ['a', 'b', 'c'], { endpoint: 'media' }),
    // hidden: logged before client keys
    ...logRows('rundballen', [null, null, null, null]),
    // hidden: marked unsuggestible by the logger
    ...logRows('rundballen angebot', ['a', 'b', 'c'], { suggestible: false }),
    // hidden: a phone number, though marked suggestible (a row logged under an older rule)
    ...logRows('rundballen 0171 1234567', ['a', 'b', 'c'], { suggestible: true }),
    // hidden as a query: the same text as product 1001's name
    ...logRows('rundballenpressen', ['a', 'b', 'c', 'd']),
    // shown
    ...logRows('frontlader fl 45', ['a', 'b', 'c']),
    // 25 popular searches for the limit cases
    ...Array.from({ length: 25 }, (_, i) =>
      logRows(`zz suche ${String(i).padStart(2, '0')}`, ['a', 'b', 'c']),
    ).flat(),
  ]);
});
afterAll(async () => {
  await stack?.stop();
});

const get = (query: string, authorization: string | undefined = token, api: TestApi = stack.api) =>
  api.get(`/search/suggestions${query}`, {
    headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
  });

async function suggest(query: string, api: TestApi = stack.api): Promise<Suggestion[]> {
  const res = await get(query, token, api);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${query}: ${res.status} ${text}`);
  const body = JSON.parse(text) as { data: Suggestion[] };
  expect(Object.keys(body)).toEqual(['data']);
  return body.data;
}

/** `type:text` per suggestion, the product id appended for catalog suggestions. */
const brief = (data: Suggestion[]) =>
  data.map((s) => `${s.type}:${s.text}${s.product ? ` #${s.product.id}` : ''}`);

describe('authentication', () => {
  it('answers 401 unauthenticated without a token and with a bad one, before validating q', async () => {
    for (const header of [undefined, 'Bearer 999999|nope', `${token.slice(0, -1)}x`]) {
      for (const query of ['?q=rund', '']) {
        const res = await get(query, header ?? '');
        expect(res.status).toBe(401);
        expect(((await res.json()) as ErrorBody).error.code).toBe('unauthenticated');
      }
    }
  });

  it('accepts a valid token of every profile, and one with only the ability search', async () => {
    const db = stack.database.db;
    for (const auth of [
      await bearer(db, 'content'),
      await bearer(db, 'media'),
      await bearer(db, 'full'),
      await bearer(db, ['search']),
    ]) {
      const res = await get('?q=front', auth);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(4);
    }
  });
});

describe('validation of q', () => {
  const cases: [string, string][] = [
    ['', 'The q field is required.'],
    ['?q=', 'The q field is required.'],
    ['?q=%20%20%20', 'The q field is required.'],
    ['?limit=5', 'The q field is required.'],
    ['?q=r', 'The q field must be at least 2 characters.'],
    ['?q=%20r%20', 'The q field must be at least 2 characters.'],
    ['?q=%C3%A4', 'The q field must be at least 2 characters.'], // one character, two bytes
    ['?q[]=rund', 'The q field must be a string.'],
    [`?q=${'a'.repeat(101)}`, 'The q field must not be greater than 100 characters.'],
  ];
  it.each(cases)('%s is 422 validation_failed: %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body).toEqual({
      message: 'The given data was invalid.',
      error: {
        code: 'validation_failed',
        message: 'The given data was invalid.',
        status: 422,
        request_id: expect.any(String),
        details: { fields: { q: [message] } },
      },
      errors: { q: [message] },
    });
  });

  it('takes 2 and 100 characters, and the trimmed value', async () => {
    expect(await suggest('?q=fl')).toHaveLength(2);
    expect(await suggest(`?q=${'a'.repeat(100)}`)).toEqual([]);
    expect(brief(await suggest('?q=%20%20front%20'))).toEqual(brief(await suggest('?q=front')));
  });
});

describe('product names', () => {
  it('completes the last word in the German names, with the product to go to', async () => {
    const data = await suggest('?q=front');
    // '-' excludes nothing here either (popular searches are matched as typed: not compared)
    const products = (list: typeof data) => brief(list).filter((entry) => entry.startsWith('product:'));
    expect(products(await suggest('?q=-front'))).toEqual(products(data));
    expect(data).toEqual([
      {
        text: 'Frontlader',
        type: 'product',
        product: {
          id: 1005,
          slug: 'frontlader',
          name: 'Frontlader',
          ordernumber: null,
          product_page_url: null,
        },
      },
      {
        text: 'Frontlader FL 45 P',
        type: 'product',
        product: {
          id: 1006,
          slug: 'fl-45-p',
          name: 'Frontlader FL 45 P',
          ordernumber: '200.045',
          product_page_url: expect.any(String),
        },
      },
      {
        text: 'Frontlader FL 45 P Komfort',
        type: 'product',
        product: expect.objectContaining({ id: 1007, slug: 'fl-45-p-komfort', ordernumber: '200.046' }),
      },
      { text: 'frontlader fl 45', type: 'query', product: null },
    ]);
    expect(Object.keys(data[0]!)).toEqual(['text', 'type', 'product']);
  });

  it('finds the round balers (rund), with the popular searches above the threshold after them', async () => {
    expect(brief(await suggest('?q=rund'))).toEqual([
      'product:Rundballenpressen #1001',
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
      'product:Variable Rundballenpresse RP 160 V Profi #1003',
      'query:rundballenpresse garn',
      'query:rundballenpresse netz',
    ]);
  });

  it('needs every word, the last as a prefix, and applies synonyms', async () => {
    expect(brief(await suggest('?q=frontlader%20fl%2045%20p%20k'))).toEqual([
      'product:Frontlader FL 45 P Komfort #1007',
    ]);
    expect(brief(await suggest('?q=rp%201'))).toEqual([
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
      'product:Variable Rundballenpresse RP 160 V Profi #1003',
    ]);
    const synonyms = await suggest('?q=Schlepperfrontlader');
    expect(synonyms.map((s) => s.product?.id).sort()).toEqual([1005, 1006, 1007]);
  });

  it('does not search keywords: Ballenzange is no completion of rund', async () => {
    const ids = (await suggest('?q=rund')).map((s) => s.product?.id);
    expect(ids).not.toContain(1008); // its keyword is "Rundballen"
    expect(brief(await suggest('?q=ballen'))).toEqual(['product:Ballenzange BZ 150 #1008']);
  });

  it('never suggests the inactive product 1004 (RPW 125 F Combi, 100.126)', async () => {
    for (const q of ['rpw', 'combi', 'press-wickel', '100.126', '100126']) {
      expect(await suggest(`?q=${encodeURIComponent(q)}`)).toEqual([]);
    }
    const all = await Promise.all(['10', '100', 'rund', 'rp', 'wickel'].map((q) => suggest(`?q=${q}`)));
    expect(all.flat().map((s) => s.product?.id)).not.toContain(1004);
  });
});

describe('order numbers', () => {
  it('completes order numbers as written, by order number, before names', async () => {
    expect(await suggest('?q=100')).toEqual([
      {
        text: '100.125',
        type: 'ordernumber',
        product: {
          id: 1002,
          slug: 'rp-125-f',
          name: 'Festkammer-Rundballenpresse RP 125 F',
          ordernumber: '100.125',
          product_page_url: expect.any(String),
        },
      },
      {
        text: '100.160',
        type: 'ordernumber',
        product: expect.objectContaining({ id: 1003, slug: 'rp-160-v-profi', ordernumber: '100.160' }),
      },
    ]);
    expect(brief(await suggest('?q=200.04'))).toEqual([
      'ordernumber:200.045 #1006',
      'ordernumber:200.046 #1007',
    ]);
    expect(brief(await suggest('?q=20'))).toEqual([
      'ordernumber:200.045 #1006',
      'ordernumber:200.046 #1007',
      'ordernumber:200.915 #1008',
    ]);
  });

  it('completes order numbers typed without or with other separators', async () => {
    expect(brief(await suggest('?q=10012'))).toEqual(['ordernumber:100.125 #1002']);
    expect(brief(await suggest('?q=100%2016'))).toEqual(['ordernumber:100.160 #1003']);
    expect(brief(await suggest('?q=200-9'))).toEqual(['ordernumber:200.915 #1008']);
  });

  it('completes only a prefix of the whole number: 125 is the name RP 125 F, not 100.125', async () => {
    expect(brief(await suggest('?q=125'))).toEqual(['product:Festkammer-Rundballenpresse RP 125 F #1002']);
  });
});

describe('popular searches', () => {
  it('shows only suggestible searches that found something, from 3 clients (2 on one day) in 90 days, by clients', async () => {
    const queries = (await suggest('?q=rundb')).filter((s) => s.type === 'query').map((s) => s.text);
    // hidden: rundballen gebraucht (1 client), rundballer preis (3 clients on 3 days), rundballen profi
    // (2 clients), rundballen netz (2 with results), rundballenwickler (91 days), rundballen (no client
    // key), rundballen angebot (not suggestible), rundballen 0171 1234567 (a phone number),
    // rundballenpressen (a product name)
    expect(queries).toEqual(['rundballenpresse garn', 'rundballenpresse netz']);
    const queriesOf = async (q: string) => (await suggest(`?q=${q}`)).filter((s) => s.type === 'query');
    expect(await queriesOf('rundu')).toEqual([]); // rundumleuchte found nothing
    expect(await queriesOf('rundf')).toEqual([]); // rundfunk was a media search
  });

  it('matches the start of the whole query, case-insensitively', async () => {
    const queriesOf = async (q: string) =>
      (await suggest(`?q=${q}`)).filter((s) => s.type === 'query').map((s) => s.text);
    expect(await queriesOf('RUNDBALLENPRESSE%20G')).toEqual(['rundballenpresse garn']);
    expect(await queriesOf('Rundballenpresse%20%20%20n')).toEqual(['rundballenpresse netz']);
    expect(await queriesOf('garn')).toEqual([]);
  });

  it('treats LIKE wildcards in q literally', async () => {
    for (const q of ['r%', 'r_', '%%', '__', 'r\\', '\\%']) {
      const data = await suggest(`?q=${encodeURIComponent(q)}`);
      expect(data.filter((s) => s.type === 'query')).toEqual([]);
    }
  });

  it('drops a popular search with the text of a product suggestion (case-insensitive)', async () => {
    // 1002 and 1003 come with one typo (Rundballenpresse); the logged search is 1001's name
    expect(brief(await suggest('?q=rundballenpressen'))).toEqual([
      'product:Rundballenpressen #1001',
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
      'product:Variable Rundballenpresse RP 160 V Profi #1003',
    ]);
  });
});

describe('limit', () => {
  const texts = async (query: string) => (await suggest(query)).map((s) => s.text);
  const zz = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `zz suche ${String(from + i).padStart(2, '0')}`);

  it('is 10 by default, at most 20, at least 1; an invalid value is the default', async () => {
    expect(await texts('?q=zz')).toEqual(zz(0, 10));
    expect(await texts('?q=zz&limit=15')).toEqual(zz(0, 15));
    expect(await texts('?q=zz&limit=20')).toEqual(zz(0, 20));
    expect(await texts('?q=zz&limit=21')).toEqual(zz(0, 20));
    expect(await texts('?q=zz&limit=1000000000000000000000')).toEqual(zz(0, 20));
    expect(await texts('?q=zz&limit=0')).toEqual(zz(0, 1));
    expect(await texts('?q=zz&limit=-5')).toEqual(zz(0, 1));
    for (const invalid of ['abc', '5.5', '', '1e3']) {
      expect(await texts(`?q=zz&limit=${invalid}`)).toEqual(zz(0, 10));
    }
    expect(await texts('?q=zz&limit[]=3')).toEqual(zz(0, 10));
  });

  it('keeps up to a third of the places for popular searches', async () => {
    expect(brief(await suggest('?q=rund&limit=3'))).toEqual([
      'product:Rundballenpressen #1001',
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
      'query:rundballenpresse garn',
    ]);
    expect(brief(await suggest('?q=rund&limit=6'))).toEqual([
      'product:Rundballenpressen #1001',
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
      'product:Variable Rundballenpresse RP 160 V Profi #1003',
      'query:rundballenpresse garn',
      'query:rundballenpresse netz',
    ]);
    expect(brief(await suggest('?q=rund&limit=2'))).toEqual([
      'product:Rundballenpressen #1001',
      'product:Festkammer-Rundballenpresse RP 125 F #1002',
    ]);
    expect(brief(await suggest('?q=front&limit=1'))).toEqual(['product:Frontlader #1005']);
  });
});

describe('cost', () => {
  it('asks Meilisearch twice and Postgres once (besides the token check) whatever the input', async () => {
    const searches = jest.spyOn(Index.prototype, 'search');
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => sql.push(q.sql);
    stack.api.deps.db.on('query', onQuery);
    try {
      for (const q of ['rund', '100', 'zz', 'nothing-here']) {
        searches.mockClear();
        sql.length = 0;
        await suggest(`?q=${q}&limit=20`);
        expect(searches).toHaveBeenCalledTimes(2);
        expect(sql.filter((s) => s.includes('search_log'))).toHaveLength(1);
        expect(sql.filter((s) => !s.includes('personal_access_tokens'))).toHaveLength(1);
      }
    } finally {
      stack.api.deps.db.off('query', onQuery);
      searches.mockRestore();
    }
  });

  it('looks popular searches up through the prefix index', async () => {
    const db = stack.database.db;
    const plan = await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { sql, bindings } = popularSearchesQuery(trx, 'rund', 10).toSQL();
      const { rows } = await trx.raw(`EXPLAIN ${sql}`, bindings);
      return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('search_log_query_prefix');
    expect(plan).toMatch(/lower\(query\) ~>=~ 'rund'::text/);
  });
});

describe('server language', () => {
  let english: TestApi;
  let italian: TestApi;
  beforeAll(async () => {
    english = await stack.startApi({ ...stack.config, serverLanguage: 'en' });
    italian = await stack.startApi({ ...stack.config, serverLanguage: 'it' });
  });
  afterAll(async () => {
    await english?.close();
    await italian?.close();
  });

  it('matches and shows names in the server language, German where a translation is missing', async () => {
    expect(brief(await suggest('?q=front%20load', english))).toEqual([
      'product:Front loaders #1005',
      'product:Front loader FL 45 P #1006',
      'product:Front loader FL 45 P Comfort #1007',
    ]);
    // 1008 has only a German name: found and shown in German
    expect(brief(await suggest('?q=ballenz', english))).toEqual(['product:Ballenzange BZ 150 #1008']);
    const [first] = await suggest('?q=100.12', english);
    expect(first!.product!.name).toBe('Fixed-chamber round baler RP 125 F');
  });

  it('falls back to the German names when no product has a name in the server language', async () => {
    expect(brief(await suggest('?q=front', italian))).toEqual(brief(await suggest('?q=front')));
  });

  it('answers an empty products index with popular searches only', async () => {
    const prefix = `${stack.config.meiliIndexPrefix}empty_`;
    const meili = testMeiliClient(); // reads settings, which the worker's admin key may not
    const settings = await meili.index(`${stack.config.meiliIndexPrefix}products`).getSettings();
    await meili.createIndex(`${prefix}products`, { primaryKey: 'id' }).waitTask();
    await meili.index(`${prefix}products`).updateSettings(settings).waitTask();
    const empty = await stack.startApi({ ...stack.config, meiliIndexPrefix: prefix });
    try {
      expect(brief(await suggest('?q=rund', empty))).toEqual([
        'query:rundballenpresse garn',
        'query:rundballenpressen', // 4 clients, netz 3
        'query:rundballenpresse netz',
      ]);
    } finally {
      await empty.close();
    }
  });
});

describe('clients, not sessions: the search log written by the app', () => {
  /** GET /products?search=`text` as client `ip` with `session`; resolves with the total. */
  async function searchAs(text: string, ip: string, session?: string): Promise<number> {
    const res = await stack.api.get(`/products?search=${encodeURIComponent(text)}`, {
      headers: {
        Accept: 'application/json',
        'X-Forwarded-For': ip,
        ...(session ? { 'X-Search-Session': session } : {}),
      },
    });
    const body = (await res.json()) as { meta: { total: number } };
    expect([text, res.status]).toEqual([text, 200]);
    return body.meta.total;
  }
  const queriesOf = async (q: string) =>
    (await suggest(`?q=${encodeURIComponent(q)}`)).filter((s) => s.type === 'query').map((s) => s.text);
  const flushLog = async () => expect(await stack.api.deps.searchLog.flush()).toBe(0);

  it('refuses the three-request attack: one client, three sessions, ten matching words and a spam tail', async () => {
    const words = 'Komfort Frontlader FL 45 P Komfort Frontlader FL 45 P';
    const text = `${words} https://spam.example/kaufen 0171 1234567`;
    for (const session of ['attack-session-1', 'attack-session-2', 'attack-session-3']) {
      expect(await searchAs(text, '198.51.100.30', session)).toBeGreaterThan(0);
    }
    await flushLog();
    const logged = await stack.database
      .db('search_log')
      .where('query', 'like', 'Komfort Frontlader%')
      .pluck('query');
    expect(logged).toEqual([words, words, words]); // the tail Meilisearch ignored is not kept
    expect(await queriesOf('komfort')).toEqual([]);
  });

  it('never suggests a text with a URL, an e-mail address or a phone number, however many clients searched it', async () => {
    // texts that find a product (Meilisearch splits them into words the product has)
    const spam = [
      'Komfort Frontlader frontlader.co',
      'Komfort Frontlader frontlader@komfort.co',
      'Komfort Frontlader +45 200 046',
    ];
    for (const [i, ip] of ['198.51.100.31', '198.51.100.32', '2001:db8:31::1', '2001:db8:32::1'].entries()) {
      for (const text of spam) expect(await searchAs(text, ip, `spam-session-${i}`)).toBeGreaterThan(0);
    }
    await flushLog();
    expect(await queriesOf('komfort')).toEqual([]);
  });

  it('suggests a search of three clients on one day; the addresses of one IPv6 /64 are one client', async () => {
    const text = '45 P Komfort Frontlader';
    // three addresses, one /64: one client
    for (const ip of ['2001:db8:45:1::1', '2001:db8:45:1::2', '2001:db8:45:1:ffff::3']) {
      expect(await searchAs(text, ip)).toBeGreaterThan(0);
    }
    await flushLog();
    expect(await queriesOf('45 p')).toEqual([]);
    await searchAs(text, '198.51.100.45');
    await flushLog();
    expect(await queriesOf('45 p')).toEqual([]); // two clients
    await searchAs(text, '2001:db8:45:2::1');
    await flushLog();
    expect(await queriesOf('45 p')).toEqual([text]);
  });
});
