/**
 * What each layer in front of a small JSON answer costs (BENCHMARKS.md "Hot paths, second pass"):
 * `npx tsx bench/middleware.ts [variant ...]` starts, for each variant, a bare Express 5 app in a child
 * process answering `GET /api/v1/media/5001` with a ~700-byte JSON body, and drives it with autocannon
 * (16 connections, 2 s warm-up, 5 s counted), two rounds. A variant is a `+`-joined list of layers:
 *
 * - `bare`: `res.json(body)` (stringify per request), nothing else;
 * - `bytes`: the body's bytes sent with `res.end` and the API's headers (ETag, Cache-Control, type, length);
 * - `helmet`: `helmet()` with its defaults, as src/app.ts mounted it before;
 * - `headers`: helmet's headers as src/app.ts sets them now, one precomputed block (src/http/security-headers.ts);
 * - `cors`: `cors()` and a request id header on `/api`;
 * - `routes`: 60 other routes (30 first segments, a list and a detail each) registered ahead of the
 *   answering one (the route table's size);
 * - `grouped`: the same 60 routes grouped by first path segment as src/http/router.ts does (one router per
 *   segment, picked by a Map lookup);
 * - `defprop`: an `Object.defineProperty` accessor on every request (what src/ops/metrics.ts did).
 *
 * Default variants: the layers stacked in that order, helmet and its precomputed block side by side, the
 * routes flat and grouped. Prints requests/s and the child's CPU µs per request (/proc, user + system,
 * which does not depend on how the cores are shared) per variant and round.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import { securityHeaders } from '../src/http/security-headers';
import { freePort } from '../tools/dev/free-port';

const PATH = '/api/v1/media/5001';
const DEFAULT_VARIANTS = [
  'bare',
  'bytes',
  'bytes+helmet',
  'bytes+headers',
  'bytes+helmet+cors',
  'bytes+helmet+cors+routes',
  'bytes+headers+cors+grouped',
  'bytes+helmet+cors+routes+defprop',
];

/** CPU seconds (user + system) of `pid`, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may contain spaces
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The child: an app with the layers of `variant` on `port`. */
function serve(port: number, variant: string): void {
  const layers = new Set(variant.split('+'));
  const formats = ['thumb', 'mini', 'tile', 'preview', 'hero', 'katalog'];
  const body = {
    data: {
      id: 5001,
      file_name: 'kreiselschwader-seite.jpg',
      alt: { de: 'Seitenansicht Mähwerk', en: 'Side view' },
      url: 'http://127.0.0.1/files/media/5001/original/kreiselschwader-seite.jpg',
      conversions: Object.fromEntries(
        formats.map((f) => [f, `http://127.0.0.1/files/media/5001/conversions/${f}.webp`]),
      ),
    },
  };
  const bytes = Buffer.from(JSON.stringify(body));
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (layers.has('helmet')) app.use(helmet());
  if (layers.has('headers')) app.use(securityHeaders());
  if (layers.has('cors')) {
    app.use('/api', cors(), (_req, res, next) => {
      res.setHeader('X-Request-Id', randomUUID());
      next();
    });
  }
  if (layers.has('defprop')) {
    app.use((req, _res, next) => {
      let route: unknown;
      Object.defineProperty(req, 'route', {
        configurable: true,
        enumerable: true,
        get: () => route,
        set: (value: unknown) => (route = value),
      });
      next();
    });
  }
  const router = express.Router();
  const groups = new Map<string, express.Router>();
  if (layers.has('routes') || layers.has('grouped')) {
    for (let i = 0; i < 60; i++) {
      // Two routes per first segment (a list and a detail), as in the route table.
      const segment = `thing${Math.floor(i / 2)}`;
      let target = router;
      if (layers.has('grouped')) {
        target = groups.get(segment) ?? express.Router();
        groups.set(segment, target);
      }
      target
        .route(i % 2 === 0 ? `/${segment}` : `/${segment}/:id`)
        .get((_req, res) => res.end())
        .all((_req, res) => res.end());
    }
  }
  const media = layers.has('grouped') ? express.Router() : router;
  if (layers.has('grouped')) {
    groups.set('media', media);
    router.use((req, res, next) => {
      const end = req.path.indexOf('/', 1);
      const group = groups.get(end === -1 ? req.path.slice(1) : req.path.slice(1, end));
      if (group) group(req, res, next);
      else next();
    });
  }
  media.route('/media/:media').get((_req, res) => {
    if (!layers.has('bytes')) {
      res.json(body);
      return;
    }
    res.setHeader('ETag', '"5Jq0yX1c2mW4n2g8bX6bY2Q0bQ9w7a2d1c3e5f7g9h0"');
    res.setHeader('Cache-Control', 'public, max-age=0');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', bytes.length);
    res.end(bytes);
  });
  app.use('/api/v1', router);
  app.listen(port, '127.0.0.1');
}

async function main(): Promise<void> {
  const variants = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_VARIANTS;
  for (let round = 1; round <= 2; round++) {
    for (const variant of variants) {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [...process.execArgv, __filename, '--serve', String(port), variant],
        {
          stdio: 'inherit',
        },
      );
      try {
        await sleep(1500);
        const url = `http://127.0.0.1:${port}${PATH}`;
        await autocannon({ url, connections: 16, duration: 2 });
        const cpu = cpuSeconds(child.pid!);
        const result = await autocannon({ url, connections: 16, duration: 5 });
        const us = ((cpuSeconds(child.pid!) - cpu) * 1e6) / result.requests.total;
        const failed = result.non2xx + result.errors;
        console.log(
          `round ${round}  ${variant.padEnd(36)} ${Math.round(result.requests.average).toLocaleString('en')} requests/s, ${us.toFixed(1)} µs CPU/request` +
            (failed ? ` (${failed} failed)` : ''),
        );
      } finally {
        child.kill();
      }
    }
  }
}

if (process.argv[2] === '--serve') serve(Number(process.argv[3]), process.argv[4] ?? 'bare');
else void main();
