/**
 * Degraded lists: while Meilisearch cannot answer, `/products` lists without `search` and
 * `facets` and `/media`, `/content/media` and `/articles` lists without `search` come from Postgres, byte
 * for byte the answer the index gives (same filters, order, page, total, links), marked
 * `X-Search-Degraded: 1` and counted in /metrics; a search still answers 503, as only the index can rank.
 */
import { type Stack, startStack, type TestApi, testMeili } from '../support/stack';
import { startTcpProxy, type TcpProxy } from '../support/outage';
import { bearer } from '../support/tokens';

let stack: Stack;
let api: TestApi;
let proxy: TcpProxy;
let token: string;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  const meili = new URL(testMeili().url);
  proxy = await startTcpProxy({ host: meili.hostname, port: Number(meili.port) });
  api = await stack.startApi(
    stack.configWith({
      MEILI_URL: `http://127.0.0.1:${proxy.port}`,
      API_RESULT_CACHE_MB: '0', // every answer below comes from the index or from Postgres, not memory
    }),
  );
  token = await bearer(stack.database.db, 'content');
  admin = await bearer(stack.database.db, 'full');
});
afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
});

const LISTS = [
  '/products',
  '/products?per_page=3&page=2',
  '/products?per_page=2&page=9',
  '/products?taxons=produktbereich:erntetechnik',
  '/products?taxons=ballenhandling',
  '/products?taxons=einsatzbereich:ballenhandling',
  '/products?taxons=produktbereich:rundballenpressen,einsatzbereich:heu-und-stroh',
  '/products?taxons=produktbereich:rundballenpressen,einsatzbereich:silage',
  '/products?taxons[]=produktbereich:frontlader&taxons[]=einsatzbereich:silage',
  '/products?taxons=produktbereich:schaufeln',
  '/products?taxons=produktbereich:gibt-es-nicht',
  '/products?manufacturer=fendt',
  '/products?manufacturer=eicher',
  '/products?ids=1003,1001&taxons=produktbereich:erntetechnik',
  '/content/products?manufacturer=deutz-fahr',
  '/media',
  '/media?per_page=3&page=2',
  '/media?type=image',
  '/media?renderable=1',
  '/media?renderable=0',
  '/media?ids[]=5001&ids[]=5004&ids[]=5013',
  '/media?folder=produktbilder-rundballenpressen',
  '/media?folder=gibt-es-nicht&type=document',
  '/content/media',
  '/content/media?per_page=4&page=2',
  '/content/media?folder=produktbilder',
  '/content/media?folder=haendlerbereich',
  '/content/media?folder=archiv',
  '/content/media?channel=print',
  '/content/media?channel=DEALER_PORTAL&type=image',
  '/content/media?renderable=0&per_page=100',
  '/content/media?ids=5001,5004,5013,5011',
  '/articles',
  '/articles?type=spare&per_page=4&page=2',
  '/articles?type=main',
  '/content/articles?per_page=100',
];

const body = async (path: string) => {
  const res = await api.get(path, { headers: { Authorization: token } });
  return { status: res.status, text: await res.text(), degraded: res.headers.get('x-search-degraded') };
};

it('answers product, media and article lists from Postgres exactly as from the index while Meilisearch is down', async () => {
  const fromIndex = new Map<string, string>();
  for (const path of LISTS) {
    const res = await body(path);
    expect([path, res.status, res.degraded]).toEqual([path, 200, null]);
    fromIndex.set(path, res.text);
  }
  proxy.setMode('refuse');
  for (const path of LISTS) {
    const res = await body(path);
    expect([path, res.status, res.degraded]).toEqual([path, 200, '1']);
    expect([path, JSON.parse(res.text)]).toEqual([path, JSON.parse(fromIndex.get(path)!)]);
  }
  // Operators see it in /metrics, by route.
  const metrics = await (await fetch(`${api.origin}/metrics`, { headers: { Authorization: admin } })).text();
  expect(metrics).toMatch(/api_degraded_responses_total\{route="\/api\/v1\/content\/media"\} 9\b/);
  // A search or facet counts need the index.
  expect((await body('/products?search=Presse')).status).toBe(503);
  expect((await body('/products?facets=1')).status).toBe(503);
  expect((await body('/media?search=Ansicht')).status).toBe(503);
  expect((await body('/articles?search=E 11')).status).toBe(503);
  proxy.setMode('forward');
});
