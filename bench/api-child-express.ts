/**
 * The baseline of the API benchmark (bench/api/): a bare Express 5 app on 127.0.0.1:<port> (argv[2])
 * answering `GET /` with a fixed JSON body of about 1 KB and, when argv[3] names a JSON file
 * (`{ "<path>": <body>, ... }`, bodies captured from the API), each of those paths with its body, sent with
 * `res.json` (serialised per request, as the API does). No middleware: it shows what Node and Express
 * alone cost on this machine, the floor under every API case. `/same-headers<path>` sends the body of
 * `<path>` with the response headers the API sent with it (captured in the file too, `Date`, `Connection`,
 * `Keep-Alive` and `Content-Length` left to Node): the same bytes on the wire as the API's answer.
 * Unknown paths: 404. Exits 0 on SIGTERM or SIGINT.
 */
import { readFileSync } from 'node:fs';
import express from 'express';

// Shaped like a small list page so that serialisation is comparable to the API's, not an empty object.
const body = {
  data: Array.from({ length: 5 }, (_, i) => ({
    id: 1000 + i,
    slug: `kreiselschwader-ks-420-g${i}`,
    names: { de: `Kreiselschwader KS 420 G${i}`, en: `Rotary rake KS 420 G${i}` },
    ordernumber: `KS-420-${i}`,
    articles_count: 12 + i,
  })),
  meta: { current_page: 1, last_page: 1, per_page: 15, total: 5, path: 'http://127.0.0.1/api/v1/products' },
};

/** A captured answer: its body, and the headers the API sent with it (name, value pairs). */
interface Captured {
  body: unknown;
  headers?: [string, string][];
}

const captured = new Map<string, Captured>(
  process.argv[3]
    ? Object.entries(JSON.parse(readFileSync(process.argv[3], 'utf8')) as Record<string, Captured>)
    : [],
);
const SAME_HEADERS = '/same-headers';

const app = express();
app.disable('x-powered-by');
app.set('etag', false); // as in the API (src/app.ts)
app.get('/', (_req, res) => {
  res.json(body);
});
app.use((req, res) => {
  const withHeaders = req.originalUrl.startsWith(SAME_HEADERS);
  const found = captured.get(withHeaders ? req.originalUrl.slice(SAME_HEADERS.length) : req.originalUrl);
  if (found === undefined) {
    res.status(404).json({ error: 'not captured' });
    return;
  }
  // `setHeader`, not `res.set`: Express would add a charset to the captured Content-Type.
  if (withHeaders) for (const [name, value] of found.headers ?? []) res.setHeader(name, value);
  res.json(found.body);
});

const server = app.listen(Number(process.argv[2]), '127.0.0.1');
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
