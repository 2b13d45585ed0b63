/**
 * Edge benchmark: the API behind a real Varnish (Debian's varnishd with deploy/varnish/default.vcl and
 * vmod xkey, tools/dev/varnish.ts: a free port, a working directory of its own, the VCL's backend pointed
 * at the API child). The API benchmark's pieces (bench/api/) start the services and drive the load.
 *
 * On the medium catalog (the API benchmark's database, reused; a Meilisearch of its own with the product
 * index):
 * - load (autocannon, half of `--duration` per case after a warm-up, each Varnish case next to its
 *   reference in alternating slices): the API benchmark's Zipf mix of product searches through Varnish
 *   against the API alone on the same sequence; `/products/{slug}` and `/media/{media}` through Varnish
 *   against the bare Express child sending the same bodies (bench/api-child-express.ts); Varnish's own
 *   hit, miss and pass counters (varnishstat) over each pair;
 * - grace (grace.ts): pages held past their `s-maxage` while the API child is stopped.
 *
 * On the small catalog in a database of its own (bench/api/freshness.ts `startFreshStack`, with the
 * worker purging this Varnish: `EDGE_PURGE_URLS`, `EDGE_TAG_HEADER=xkey`):
 * - freshness: `catalog:import` commit → visible in `/products?ids[]=` read through Varnish;
 * - staleness under a run of imports and a medium's `valid_until` (consistency.ts).
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../config/env';
import { API_NODE_FLAGS } from '../../config/runtime';
import { createDb } from '../../src/db/database';
import { freePort } from '../../tools/dev/free-port';
import { startBundledMeilisearch } from '../../tools/dev/meilisearch';
import { startVarnish, type TestVarnish } from '../../tools/dev/varnish';
import { detailPaths, templatePaths, type Vocabulary } from '../api/cases';
import { catalogSample, mediaDetailIds, productVocabulary } from '../api/catalog';
import type { CpuPids } from '../api/cpu';
import { measureFreshness, startFreshStack } from '../api/freshness';
import { freshnessChanges } from '../api/index';
import { runGroup } from '../api/load';
import { probe } from '../api/probe';
import {
  apiEnv,
  buildIndexes,
  ensureSnapshot,
  meiliDataDir,
  prepareDatabase,
  removeStaleMeiliDirs,
  SMALL_MEDIA_ROOT,
  startApi,
  startExpressWithBodiesOf,
  type Child,
} from '../api/services';
import type { BenchRequest, CaseSpec, Hits } from '../api/types';
import { templates, zipfMix, zipfStream } from '../api/unique';
import { measureStaleness, measureValidUntil } from './consistency';
import { measureGrace } from './grace';
import { EDGE_CASE } from './report';
import type { EdgeBenchOptions, EdgeBenchResult, EdgeCase, VarnishCounts } from './types';

export { edgeTable } from './report';
export type { EdgeBenchOptions, EdgeBenchResult } from './types';

const PRODUCTS = '/api/v1/products';
/** The small catalog's database of this bench, made afresh each run (the freshness case keeps its own). */
const EDGE_DATABASE = 'catalog_bench_edge_small';
const EDGE_MEDIA_ROOT = path.join(path.dirname(SMALL_MEDIA_ROOT), 'media-edge-small');

/** Varnish's hit, miss and pass counters so far (`varnishstat -1` on its working directory). */
async function varnishCounts(varnish: TestVarnish): Promise<VarnishCounts> {
  const { stdout } = await promisify(execFile)('varnishstat', [
    '-n',
    varnish.workDir,
    '-1',
    '-f',
    'MAIN.cache_hit',
    '-f',
    'MAIN.cache_miss',
    '-f',
    'MAIN.s_pass',
  ]);
  const value = (name: string) => Number(new RegExp(`^MAIN\\.${name}\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? 0);
  return { hits: value('cache_hit'), misses: value('cache_miss'), passes: value('s_pass') };
}

/** A check that a list answer found something. */
function foundSome(body: unknown, request: BenchRequest): void {
  const b = body as Hits;
  if ((b.meta?.total ?? 0) === 0 || (b.data ?? []).length === 0) {
    throw new Error(`${request.method} ${request.path}: found nothing`);
  }
}

/**
 * Runs the edge benchmark (see the file comment). Stops what it started, also when it fails; keeps the
 * medium database and leaves the small one (made afresh by the next run). Throws when a service does not
 * start or a request fails its check.
 */
export async function benchEdge(options: EdgeBenchOptions): Promise<EdgeBenchResult> {
  const { log, durationSec } = options;
  const short = durationSec < 10;
  const run = {
    durationSec: durationSec / 2,
    connections: options.connections,
    warmupSec: options.warmupSec,
  };
  // What the medium catalog's part started, stopped when it is done; then the rest (Meilisearch last).
  const mediumStops: (() => Promise<void>)[] = [];
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async (list: (() => Promise<void>)[]) => {
    for (const stop of list.reverse()) await stop().catch(() => undefined);
    list.length = 0;
  };
  await removeStaleMeiliDirs();
  const meiliDir = meiliDataDir();
  const removeMeiliDir = () => rmSync(meiliDir, { recursive: true, force: true });
  process.on('exit', removeMeiliDir);
  const bodiesFile = path.join(os.tmpdir(), `bench-edge-bodies-${process.pid}.json`);
  try {
    await ensureSnapshot(log);
    const { url: databaseUrl } = await prepareDatabase(options.serverUrl, log);
    const meili = await startBundledMeilisearch({ dataDir: meiliDir });
    stops.push(async () => {
      await meili.stop();
      await rm(meiliDir, { recursive: true, force: true });
    });
    const [apiPort, expressPort] = [await freePort(), await freePort()];
    const env = await apiEnv(databaseUrl, meili, apiPort);
    const config = loadConfig(env);
    const db = createDb(databaseUrl, 4);
    mediumStops.push(() => db.destroy());
    const sample = await catalogSample(db);
    const vocabulary: Vocabulary = {
      productSearches: await productVocabulary(db, short ? 75 : 300),
      mediaSearches: [],
      productFilters: [],
      mediaFilters: [],
      mediaDetailIds: await mediaDetailIds(db, 10),
    };
    // The Zipf mix searches products; the details read Postgres.
    await buildIndexes(db, config, log, ['products']);
    const api: Child = await startApi(env, apiPort, [...API_NODE_FLAGS]);
    mediumStops.push(() => api.server.stop());
    const varnish = await startVarnish(api.origin);
    mediumStops.push(() => varnish.stop());

    log('probing the Zipf mix searches in-process...');
    const probed = await probe(config, templatePaths(vocabulary), { warm: false });
    const zipf = zipfMix(
      templates(
        PRODUCTS,
        vocabulary.productSearches.map((s) => ({ search: s.text })),
        probed,
      ),
      14,
    );
    const details = detailPaths(sample, vocabulary);
    const express: Child = await startExpressWithBodiesOf(
      api.origin,
      [...details.products, ...details.media],
      expressPort,
      bodiesFile,
    );
    mediumStops.push(() => express.server.stop());

    const top = zipf.templates.slice(0, 10).map((t): BenchRequest => ({ method: 'GET', path: t.path }));
    const pair = (
      group: string,
      edge: Omit<CaseSpec, 'group' | 'server' | 'origin'>,
      reference: Omit<CaseSpec, 'group'>,
    ): CaseSpec[] => [
      { ...edge, group, server: 'varnish', origin: varnish.origin },
      { ...reference, group },
    ];
    const detailRequests = (paths: string[]) => paths.map((p): BenchRequest => ({ method: 'GET', path: p }));
    const groups: CaseSpec[][] = [
      pair(
        'zipf',
        { name: EDGE_CASE.zipf, requests: top, check: foundSome, stream: () => zipfStream(zipf, false) },
        {
          name: EDGE_CASE.apiZipf,
          server: 'api',
          origin: api.origin,
          requests: top,
          check: foundSome,
          stream: () => zipfStream(zipf, false),
        },
      ),
      pair(
        'products',
        { name: EDGE_CASE.productDetail, requests: detailRequests(details.products) },
        {
          name: EDGE_CASE.expressProductDetail,
          server: 'express',
          origin: express.origin,
          requests: detailRequests(details.products),
        },
      ),
      pair(
        'media',
        { name: EDGE_CASE.mediaDetail, requests: detailRequests(details.media) },
        {
          name: EDGE_CASE.expressMediaDetail,
          server: 'express',
          origin: express.origin,
          requests: detailRequests(details.media),
        },
      ),
    ];
    const pids: CpuPids = {
      api: api.pid,
      limitedApi: 0,
      meilisearch: meili.pid,
      express: express.pid,
      static: 0,
      varnish: varnish.pid,
    };
    const rounds = short ? 1 : 4;
    const cases: EdgeCase[] = [];
    for (const specs of groups) {
      log(
        `${specs.map((s) => s.name).join(' | ')}: ${run.connections} connections, ${run.warmupSec} s warm-up + ` +
          `${run.durationSec} s each in ${rounds} alternating slices...`,
      );
      const before = await varnishCounts(varnish);
      const measured = await runGroup(specs, run, pids, rounds);
      const after = await varnishCounts(varnish);
      for (const r of measured) {
        const varnishDelta =
          r.server === 'varnish'
            ? {
                hits: after.hits - before.hits,
                misses: after.misses - before.misses,
                passes: after.passes - before.passes,
              }
            : undefined;
        cases.push({ ...r, varnish: varnishDelta });
        log(
          `  ${r.name}: ${Math.round(r.rps)} requests/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms` +
            (varnishDelta ? `, Varnish ${JSON.stringify(varnishDelta)}` : ''),
        );
      }
    }

    log('grace: pages past their s-maxage while the API is stopped...');
    const grace = await measureGrace({
      env,
      paths: [...details.products, ...details.media, PRODUCTS, '/api/v1/image-formats'],
      uncached: `${PRODUCTS}?per_page=7`,
      seconds: short ? 4 : 14,
      log,
    });
    log(`  ${grace.ok} of ${grace.answers} answers 200 from grace over ${grace.seconds.toFixed(1)} s`);
    // The medium catalog's part is done; the small catalog's reuses only Meilisearch.
    await stopAll(mediumStops);

    const stack = await startFreshStack({
      serverUrl: options.serverUrl,
      meili,
      log,
      database: EDGE_DATABASE,
      mediaRoot: EDGE_MEDIA_ROOT,
      front: async (apiOrigin) => {
        const edge = await startVarnish(apiOrigin);
        return {
          origin: edge.origin,
          env: { EDGE_PURGE_URLS: edge.origin, EDGE_TAG_HEADER: 'xkey' },
          stop: edge.stop,
        };
      },
    });
    stops.push(stack.stop);
    log('freshness through Varnish (catalog:import, the worker purging)...');
    const [freshness] = await measureFreshness(stack, {
      changes: freshnessChanges(durationSec),
      variants: ['cli'],
      log,
    });
    log(`staleness: readers through Varnish while imports run for ${durationSec / 2} s...`);
    const staleness = await measureStaleness(stack, { seconds: durationSec / 2, log });
    log('valid_until: a medium expiring while it is read through Varnish...');
    const validUntil = await measureValidUntil(stack, { log });
    return {
      durationSec: run.durationSec,
      connections: run.connections,
      catalog: sample.catalog,
      zipf: { queries: zipf.templates.length, top10Share: zipf.top10Share },
      cases,
      grace,
      freshness: freshness!,
      staleness,
      validUntil,
    };
  } finally {
    await stopAll(mediumStops);
    await stopAll(stops);
    await rm(bodiesFile, { force: true });
    process.off('exit', removeMeiliDir);
  }
}
