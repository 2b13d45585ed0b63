/**
 * CPU per request of the lists the result cache misses, `/products` filtered (`taxons`, `manufacturer`),
 * `/media` filtered (`type`, `folder`), `/products?search=` and `/media?search=`, measured as CPU time of the API process (/proc, user + system) over a fixed
 * number of requests, so it does not depend on how the machine's cores are shared:
 * `npx tsx bench/list-cpu.ts [--requests N] [--rounds R] [--only <case>] [--cpu-prof-dir <dir>]
 * [--baseline <other checkout>]...` (`--only`: the cases whose name holds it, e.g. `/media?search=`;
 * `--cpu-prof-dir`: V8 CPU profiles of this checkout's API, written when it stops; `--floor`: the searches
 * also through a bare Node hop to Meilisearch, bench/proxy-floor-child.ts, the floor of any API).
 *
 * It imports the small catalog (seed 1) into a database of its own, starts a bundled Meilisearch, builds
 * the indexes, starts the API (src/server.ts under tsx, limits off for loopback) and, with each
 * `--baseline`, the API of another checkout (the code before a change) on the same database, indexes,
 * Redis prefix and APP_URL, measured in the same rounds. `--medium`: the medium catalog of `npm run bench`
 * instead (its database, imported on the first run and kept; the product and media indexes only), whose
 * pages are the targets' size. Every request is a filter template
 * (bench/api/catalog.ts), a product search of a word of a product name or a media search of the bench's
 * media vocabulary, with a `per_page` and
 * `page` not sent before to that process, so none is answered from its result cache; prints µs of CPU per
 * request and SQL statements per request per case and round.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { loadConfig } from '../config/env';
import { API_NODE_FLAGS } from '../config/runtime';
import { createDb, withDatabase } from '../src/db/database';
import { startBundledMeilisearch } from '../tools/dev/meilisearch';
import { freePort } from '../tools/dev/free-port';
import { mediaFilters, mediaVocabulary, productFilters } from './api/catalog';
import {
  apiEnv,
  buildIndexes,
  DATABASE as MEDIUM_DATABASE,
  ensureSnapshot,
  prepareDatabase,
  prepareSmallDatabase,
} from './api/services';
import { listPath, seededRandom } from './api/unique';
import { argValue, cpuSeconds, startCheckoutApi, transactions, type CheckoutApi } from './checkout-api';

const SMALL_DATABASE = 'catalog_bench_list_cpu';
const medium = process.argv.includes('--medium');
const DATABASE = medium ? MEDIUM_DATABASE : SMALL_DATABASE;

/** CPU seconds of `pid`, user space and kernel together. */
function cpuTotal(pid: number): number {
  const { user, system } = cpuSeconds(pid);
  return user + system;
}

/** The API of checkout `root` with production's heap flags: the young generation decides much of a miss's collections. */
function startServer(root: string, env: Record<string, string>, port: number): Promise<CheckoutApi> {
  return startCheckoutApi(root, env, port, API_NODE_FLAGS);
}

/**
 * Unique paths of `templates` on `endpoint`: each template with every `per_page` from 1 to 100 and its
 * first five pages that have items (as the bench's unique cases), shuffled with a fixed seed, the first `n`.
 */
async function uniquePaths(
  origin: string,
  endpoint: string,
  templates: Record<string, string>[],
  n: number,
): Promise<string[]> {
  const lists: string[][] = [];
  for (const params of templates) {
    const res = await fetch(`${origin}${listPath(endpoint, { ...params, per_page: 1 })}`);
    const total = ((await res.json()) as { meta: { total: number } }).meta.total;
    if (total === 0) continue;
    const paths: string[] = [];
    for (let perPage = 1; perPage <= 100; perPage++) {
      for (let page = 1; page <= 5 && (page - 1) * perPage < total; page++) {
        paths.push(listPath(endpoint, { ...params, per_page: perPage, page }));
      }
    }
    lists.push(paths);
  }
  const out: string[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) {
    for (const l of lists) if (i < l.length) out.push(l[i]!);
  }
  // Shuffled (seeded), so that each slice of n holds pages of every size, as the bench's unique cases.
  const random = seededRandom(1401);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, n);
}

/**
 * µs of CPU of `server` per request over `paths` (each once), and SQL statements per request; `queries`:
 * the database's transactions before (the last measure's), which this one advances.
 */
async function measure(db: Knex, server: CheckoutApi, paths: string[], queries: { n: number }) {
  const before = cpuTotal(server.pid);
  // Each connection would go through a `requests` list from its start (the same paths eight times): one
  // request whose path each send takes from the shared list sends every path exactly once.
  let next = 0;
  const requests = [
    {
      method: 'GET' as const,
      setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length]! }),
    },
  ];
  const result = await autocannon({ url: server.origin, connections: 8, amount: paths.length, requests });
  const after = cpuTotal(server.pid);
  const now = await transactions(db, DATABASE, 11_000);
  const sql = now - queries.n - 1;
  queries.n = now;
  const failed = result.non2xx + result.errors;
  if (failed) throw new Error(`${failed} of ${paths.length} requests failed`);
  return { us: ((after - before) * 1e6) / paths.length, sql: sql / paths.length };
}

async function main(): Promise<void> {
  const amount = Number(argValue('--requests', '3000'));
  const rounds = Number(argValue('--rounds', '3'));
  // Each `--baseline <checkout>` is measured beside this one.
  const baselines = process.argv.flatMap((a, i) => (a === '--baseline' ? [process.argv[i + 1]!] : []));
  const serverUrl = loadConfig().databaseUrl;
  const mediaRoot = path.join(tmpdir(), 'list-cpu-media');
  const meiliDir = path.join(tmpdir(), `list-cpu-meili-${process.pid}`);
  process.on('exit', () => rmSync(meiliDir, { recursive: true, force: true }));
  if (medium) await ensureSnapshot(console.log);
  const url = medium
    ? (await prepareDatabase(serverUrl, console.log)).url
    : await prepareSmallDatabase(serverUrl, DATABASE, mediaRoot, console.log);
  const db = createDb(withDatabase(serverUrl, DATABASE), 1);
  const meili = await startBundledMeilisearch({ dataDir: meiliDir });
  const servers: [string, CheckoutApi][] = [];
  try {
    const port = await freePort();
    // The medium catalog's media root is apiEnv's.
    const env = { ...(await apiEnv(url, meili, port)), ...(medium ? {} : { MEDIA_ROOT: mediaRoot }) };
    const indexes = medium ? (['products', 'media'] as const) : undefined;
    await buildIndexes(db, loadConfig({ ...process.env, ...env }), console.log, indexes);
    const root = path.resolve(__dirname, '..');
    // Same APP_URL for both: the stored list forms are made for it.
    for (const [i, root] of baselines.entries()) {
      servers.push([`baseline ${i + 1}`, await startServer(root, env, await freePort())]);
    }
    // `--cpu-prof-dir <dir>`: CPU profiles of this checkout's API, written when it stops.
    const profileDir = argValue('--cpu-prof-dir', '');
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
    servers.push(['this', await startCheckoutApi(root, env, port, [...API_NODE_FLAGS, ...profile])]);
    // `--floor`: a bare Node hop to Meilisearch on the searches (bench/proxy-floor-child.ts), measured beside.
    if (process.argv.includes('--floor')) {
      const floorPort = await freePort();
      servers.push([
        'bare hop',
        await startCheckoutApi(
          root,
          { ...env, PORT: String(floorPort) },
          floorPort,
          API_NODE_FLAGS,
          'bench/proxy-floor-child.ts',
        ),
      ]);
    }
    const origin = servers[0]![1].origin;
    const products = await productFilters(db, 400);
    const media = await mediaFilters(db, 400);
    const total = amount * (rounds + 1);
    const { rows } = await db.raw<{ rows: { word: string }[] }>(
      `SELECT DISTINCT w AS word FROM products, regexp_split_to_table(names->>'de', '\\s+') AS w
        WHERE is_active AND w ~ '^[[:alpha:]]{4,}$' ORDER BY 1`,
    );
    const searches = rows.map((r) => ({ search: r.word }));
    const cases: [string, string[]][] = [
      ['/products filtered', await uniquePaths(origin, '/api/v1/products', products, total)],
      ['/media filtered', await uniquePaths(origin, '/api/v1/media', media, total)],
      ['/products?search=', await uniquePaths(origin, '/api/v1/products', searches, total)],
      [
        '/media?search=',
        await uniquePaths(
          origin,
          '/api/v1/media',
          (await mediaVocabulary(db, 400)).map((v) => ({ search: v.text })),
          total,
        ),
      ],
    ];
    const only = argValue('--only', '');
    if (only) cases.splice(0, cases.length, ...cases.filter(([name]) => name.includes(only)));
    for (const [name, paths] of cases) {
      if (paths.length < total)
        throw new Error(`${name}: only ${paths.length} unique paths, ${total} needed`);
    }
    const results = new Map<string, number[]>();
    const queries = { n: await transactions(db, DATABASE, 11_000) };
    for (let round = 0; round <= rounds; round++) {
      for (const [name, paths] of cases) {
        const slice = paths.slice(round * amount, (round + 1) * amount);
        for (const [which, server] of servers) {
          // The bare hop answers the searches only (a filter would need the API's filter strings).
          if (which === 'bare hop' && !name.includes('search=')) continue;
          const r = await measure(db, server, slice, queries);
          if (round === 0) continue; // warm-up
          const label = `${which} API ${name}`;
          results.set(label, [...(results.get(label) ?? []), r.us]);
          console.log(
            `round ${round}  ${label.padEnd(34)} ${r.us.toFixed(1)} µs CPU/request, ${r.sql.toFixed(2)} SQL/request`,
          );
        }
      }
    }
    console.log('median (least):');
    for (const [label, xs] of results) {
      const sorted = [...xs].sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(34)} ${sorted[Math.floor(xs.length / 2)]!.toFixed(1)} µs (${sorted[0]!.toFixed(1)} µs)`,
      );
    }
  } finally {
    for (const [, s] of servers) await s.server.stop();
    await meili.stop();
    await db.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
