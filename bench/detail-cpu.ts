/**
 * CPU per request of the cached details against bare Express sending the same bodies, measured as CPU time
 * of each server process (/proc, user + system) over a fixed number of requests, so it does not depend on
 * how the machine's cores are shared: `npx tsx bench/detail-cpu.ts [--requests N] [--rounds R] [--profile]`.
 *
 * It imports the small catalog (seed 1) into a database of its own, starts the API (src/server.ts, limits
 * off for loopback, LOG_LEVEL `warn` as bench/api/ runs it, or `--log-level info` for the request log) and
 * bench/api-child-express.ts with the API's own bodies, warms each path list up, then drives each server
 * with autocannon (16 connections) for N requests per round and prints µs of CPU per request per case and
 * round. With `--profile` the API runs under `--cpu-prof` (written to .data/bench/profiles/detail-cpu).
 * With `--baseline` the API of another checkout (the code before a change) runs beside it, measured in
 * the same rounds. `Express+headers` is the bare Express child sending the API's response headers too. Meilisearch is not started: the details are answered from Postgres and the result cache.
 */
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { loadConfig } from '../config/env';
import { createDb, withDatabase } from '../src/db/database';
import { freePort } from '../tools/dev/free-port';
import { mediaDetailIds } from './api/catalog';
import { prepareSmallDatabase, startApi, startExpressWithBodiesOf, type Child } from './api/services';
import { argValue, cpuSeconds, startCheckoutApi, transactions, type CheckoutApi } from './checkout-api';

const DATABASE = 'catalog_bench_detail_cpu';

/** µs of CPU per request, all of it and the part spent in the kernel. */
interface PerRequest {
  total: number;
  system: number;
  sql: number;
}

/**
 * Another checkout's API (`<root>/src/server.ts`, e.g. the code before a change, with its own node_modules
 * link) on a free port, ready: measured in the same run as this one.
 */
async function startBaseline(
  root: string,
  env: (port: number) => Record<string, string>,
): Promise<CheckoutApi> {
  const port = await freePort();
  return startCheckoutApi(root, env(port), port);
}

/**
 * µs of CPU of `pid` per request over `amount` requests cycling through `paths`, and the SQL statements per
 * request (transactions of the benchmark database, less this function's own).
 */
async function cpuPerRequest(
  db: Knex,
  origin: string,
  pid: number,
  paths: string[],
  amount: number,
): Promise<PerRequest> {
  const requests = paths.map((p) => ({ method: 'GET' as const, path: p }));
  const queries = await transactions(db, DATABASE, 1500);
  const before = cpuSeconds(pid);
  const result = await autocannon({ url: origin, connections: 16, amount, requests });
  const after = cpuSeconds(pid);
  const sql = (await transactions(db, DATABASE, 1500)) - queries - 1;
  const failed = result.non2xx + result.errors;
  if (failed) throw new Error(`${failed} of ${amount} requests failed`);
  const system = ((after.system - before.system) * 1e6) / amount;
  return { total: ((after.user - before.user) * 1e6) / amount + system, system, sql: sql / amount };
}

async function main(): Promise<void> {
  const amount = Number(argValue('--requests', '20000'));
  const rounds = Number(argValue('--rounds', '3'));
  const logLevel = argValue('--log-level', 'warn');
  const profile = process.argv.includes('--profile');
  const serverUrl = loadConfig().databaseUrl;
  const mediaRoot = path.join(tmpdir(), 'detail-cpu-media');
  const url = await prepareSmallDatabase(serverUrl, DATABASE, mediaRoot, console.log);
  const db = createDb(withDatabase(serverUrl, DATABASE), 1);
  const media = (await mediaDetailIds(db, 10)).map((id) => `/api/v1/media/${id}`);
  const { rows } = await db.raw<{ rows: { slug: string }[] }>(
    'SELECT slug FROM products WHERE is_active ORDER BY id LIMIT 20',
  );
  const products = rows.map((r) => `/api/v1/products/${r.slug}`);

  const profileDir = path.resolve(__dirname, '..', '.data', 'bench', 'profiles', 'detail-cpu');
  if (profile) {
    await rm(profileDir, { recursive: true, force: true });
    await mkdir(profileDir, { recursive: true });
  }
  const apiEnv = (port: number): Record<string, string> => ({
    DATABASE_URL: url,
    MEILI_URL: 'http://127.0.0.1:1',
    MEILI_SEARCH_KEY: 'unused',
    MEILI_INDEX_PREFIX: 'detail_cpu_',
    REDIS_PREFIX: `detail_cpu_${process.pid}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'production',
    APP_DEBUG: 'false',
    LOG_LEVEL: logLevel,
    MEDIA_ROOT: mediaRoot,
    API_UNLIMITED_NETWORKS: '127.0.0.0/8,::1/128',
  });
  const apiPort = await freePort();
  const api = await startApi(
    apiEnv(apiPort),
    apiPort,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const baselineRoot = argValue('--baseline', '');
  const baseline = baselineRoot ? await startBaseline(baselineRoot, apiEnv) : undefined;
  let express: Child | undefined;
  try {
    express = await startExpressWithBodiesOf(
      api.origin,
      [...media, ...products],
      await freePort(),
      path.join(tmpdir(), `detail-cpu-bodies-${process.pid}.json`),
    );
    type Case = [string, Pick<Child, 'origin' | 'pid'>, string[]];
    const cases: Case[] = [
      ...(baseline ? [['baseline API /media/{media}', baseline, media] as Case] : []),
      ['API /media/{media}', api, media],
      ['Express /media/{media}', express, media],
      ['Express+headers /media/{media}', express, media.map((p) => `/same-headers${p}`)],
      ...(baseline ? [['baseline API /products/{slug}', baseline, products] as Case] : []),
      ['API /products/{slug}', api, products],
      ['Express /products/{slug}', express, products],
    ];
    const only = argValue('--only', '');
    const chosen = cases.filter(([name]) => name.includes(only));
    for (const [, child, paths] of chosen) await cpuPerRequest(db, child.origin, child.pid, paths, 5000);
    const results = new Map<string, PerRequest[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const [name, child, paths] of chosen) {
        const us = await cpuPerRequest(db, child.origin, child.pid, paths, amount);
        results.set(name, [...(results.get(name) ?? []), us]);
        console.log(
          `round ${round}  ${name.padEnd(26)} ${us.total.toFixed(1)} µs CPU/request (kernel ${us.system.toFixed(1)}), ${us.sql.toFixed(2)} SQL/request`,
        );
      }
    }
    const median = (xs: PerRequest[]) =>
      [...xs].map((x) => x.total).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Contention only adds CPU time (cache misses, switches): the least of the rounds is the nearest to
    // the cost on a quiet machine.
    const least = (xs: PerRequest[]) => Math.min(...xs.map((x) => x.total));
    console.log('median (least):');
    for (const [name, xs] of results) {
      console.log(`  ${name.padEnd(30)} ${median(xs).toFixed(1)} µs (${least(xs).toFixed(1)} µs)`);
    }
    for (const kind of ['/media/{media}', '/products/{slug}']) {
      for (const reference of ['Express', 'Express+headers']) {
        for (const which of ['baseline API', 'API']) {
          const express = results.get(`${reference} ${kind}`);
          const own = results.get(`${which} ${kind}`);
          if (!express || !own) continue;
          const ratio = median(express) / median(own);
          const leastRatio = least(express) / least(own);
          console.log(
            `  ${`${which} ${kind}`.padEnd(30)} ${reference}/API CPU ratio ${ratio.toFixed(2)}× (least: ${leastRatio.toFixed(2)}×)`,
          );
        }
      }
    }
  } finally {
    await express?.server.stop();
    await baseline?.server.stop();
    await api.server.stop();
    await db.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
