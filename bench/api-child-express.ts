/**
 * The baseline of the API benchmark (bench/api/): a bare Express 5 app answering `GET /` with a fixed
 * JSON body of about 1 KB, on 127.0.0.1:<port> (argv). No middleware: it shows what Node and Express alone cost on
 * this machine, the floor under every API case. Exits 0 on SIGTERM or SIGINT.
 */
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

const app = express();
app.disable('x-powered-by');
app.set('etag', false); // as in the API (src/app.ts)
app.get('/', (_req, res) => {
  res.json(body);
});

const server = app.listen(Number(process.argv[2]), '127.0.0.1');
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
