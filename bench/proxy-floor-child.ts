/**
 * The floor of any API in front of Meilisearch, for bench/list-cpu.ts `--floor`: a bare Node HTTP server
 * that turns `GET /api/v1/{products,media}?search=&per_page=&page=` into one Meilisearch search of the
 * same text, page and size (the stored list forms and the key, over a keep-alive undici pool, as the API
 * asks) and sends Meilisearch's answer back as it came. No parameter checks, no German rewrite, no cache,
 * no page links, no logging: what is left is the HTTP hop itself (parse, a request out, an answer in, a
 * response out). Environment: PORT, MEILI_URL, MEILI_SEARCH_KEY, MEILI_INDEX_PREFIX.
 */
import http from 'node:http';
import { Pool } from 'undici';

const env = process.env;
const meili = new URL(env.MEILI_URL!);
const pool = new Pool(meili.origin, { connections: null, keepAliveTimeout: 30_000 });
const headers = {
  'content-type': 'application/json',
  'accept-encoding': 'identity',
  ...(env.MEILI_SEARCH_KEY ? { authorization: `Bearer ${env.MEILI_SEARCH_KEY}` } : {}),
};
const prefix = env.MEILI_INDEX_PREFIX ?? '';

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  const index =
    url.pathname === '/api/v1/media' ? 'media' : url.pathname === '/api/v1/products' ? 'products' : null;
  if (req.url === '/up' || index === null) {
    res.writeHead(req.url === '/up' ? 200 : 404).end();
    return;
  }
  const body = JSON.stringify({
    q: url.searchParams.get('search') ?? '',
    matchingStrategy: 'all',
    attributesToRetrieve: ['_list', '_list_key', 'id'],
    page: Number(url.searchParams.get('page') ?? 1),
    hitsPerPage: Number(url.searchParams.get('per_page') ?? 15),
  });
  pool
    .request({
      origin: meili.origin,
      path: `/indexes/${prefix}${index}/search`,
      method: 'POST',
      headers,
      body,
    })
    .then(async ({ statusCode, body: answer }) => {
      const bytes = Buffer.from(await answer.arrayBuffer());
      res.writeHead(statusCode, { 'content-type': 'application/json', 'content-length': bytes.length });
      res.end(bytes);
    })
    .catch(() => res.writeHead(502).end());
});
server.listen(Number(env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.close();
});
