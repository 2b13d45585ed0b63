/**
 * The file-serving baseline of the API benchmark (bench/api/): a bare Express 5 app serving a directory
 * (argv: port, root) with `express.static`, the same `send` module the API's file routes use, without
 * their database lookups (visibility, rendition row) or extra headers. On 127.0.0.1:<port>. Shows what
 * serving a small file costs on this machine. Exits 0 on SIGTERM or SIGINT.
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/ready', (_req, res) => {
  res.send('ok');
});
app.use(express.static(process.argv[3]!, { index: false, dotfiles: 'deny' }));

const server = app.listen(Number(process.argv[2]), '127.0.0.1');
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
