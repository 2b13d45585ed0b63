/**
 * API benchmark: the real API, started as its own process over the medium catalog, driven by
 * autocannon from this process, next to two baselines measured in the same run: raw Meilisearch answering
 * the same search requests the API sends it, and a bare Express JSON endpoint. This file runs the steps in
 * order; each step lives in its own file of this folder.
 *
 * Services, all of their own (services.ts):
 * - Postgres: database `catalog_bench_api_medium` on the DATABASE_URL server with the medium snapshot
 *   (seed 1, generated into .data/bench once) and its files in .data/bench/media-api-medium. Both are kept
 *   between runs: a `COMMENT ON DATABASE` marker (a hash of the migrations and the snapshot's files) written
 *   after a successful import says the database holds exactly this catalog, so later runs skip the import.
 * - Meilisearch: the bundled server on a free port with a fresh data dir under .data/bench (removed at the
 *   end), indexes built in-process with the indexer's own `runReindex(ctx, 'all')`, which is timed.
 * - The API (compiled into .data/bench/dist, as production runs it), the Express baseline
 *   (bench/api-child-express.ts) and the static file server baseline (bench/api-child-static.ts, `express.static` over the benchmark's
 *   MEDIA_ROOT) as child processes, so that autocannon does not share their event loop. Unique index and
 *   Redis prefixes. The API runs twice over the same services: with loopback an unlimited network (every
 *   case but one), and with loopback counted against a guest limit no run reaches (Redis, see
 *   src/http/rate-limit.ts).
 * - Renditions: 20 public JPEG images rendered with the worker's render job in-process before the
 *   reindex (kept in the database and MEDIA_ROOT; later runs find them current).
 *
 * - The Express baseline also serves the detail bodies the API sent (captured just before the cases), so
 *   that the detail cases compare the API with Express sending the same JSON.
 *
 * Cases (catalog.ts, cases.ts, unique.ts; 16 connections, 20 s each after a 3 s warm-up; each
 * API case followed by its reference, back to back):
 * - unique requests the result cache cannot answer: `/products?search=`, `/media?search=`, `/products`
 *   filtered by `taxons`/`manufacturer`, `/media` by `type`/`folder`: templates (searches from the
 *   catalog's names, filters that occur) × `per_page` 1..100 (not the default) × `page` 1..5, shuffled
 *   with a fixed seed, one stream per case shared by its connections, warm-up included, so no request
 *   repeats (counted: load.ts); raw Meilisearch replays the Meilisearch request the probe caught for each
 *   template with `page`/`hitsPerPage` set (checked against probed variants); the product search also on
 *   the API child that counts request limits;
 * - a Zipf mix of product searches (the top 10 ≈ 56 % of requests, seeded), API with its result cache on
 *   (default size) vs raw Meilisearch on the same sequence; Meilisearch calls per API response from the
 *   API's /metrics (a token with ability `*` made for the run and deleted after);
 * - `/products/{slug}` and `/media/{media}` vs the bare Express child sending the same bodies; the bare
 *   Express ~1 KB floor; a cached rendition vs the static file server;
 * - freshness (freshness.ts): the small catalog in a database of its own, the real worker and an API
 *   child; import commit → visible in `/products`, through catalog:import and through importSnapshot alone;
 * - the API child's RSS after each case and its peak (VmHWM, cpu.ts), its heap after the load (/metrics).
 *
 * Every case is checked before it is measured: a few of its requests (unique cases: variants kept out of
 * their stream) must answer 2xx and find what the probe found. Latencies (load.ts) are the 2xx response
 * times with sub-millisecond resolution; CPU per process in cpu.ts; targets and tables in report.ts.
 */
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/env';
import { createDb } from '../../src/db/database';
import { freePort } from '../../tools/dev/free-port';
import { startBundledMeilisearch, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import {
  buildPlans,
  CASE,
  caseSpecs,
  detailPaths,
  detailQueryCounts,
  templatePaths,
  type Plans,
  type Vocabulary,
} from './cases';
import {
  catalogSample,
  mediaDetailIds,
  mediaFilters,
  mediaVocabulary,
  productFilters,
  productVocabulary,
  type CatalogSample,
} from './catalog';
import { API_NODE_FLAGS } from '../../config/runtime';
import { rssMb, type CpuPids } from './cpu';
import { benchFreshness } from './freshness';
import { runGroup } from './load';
import { profileCase } from './profile';
import { apiCounters, apiMemoryMb, metricsToken } from './metrics';
import { probe, type Probed } from './probe';
import { caseRow, checkTargets } from './report';
import {
  apiEnv,
  buildIndexes,
  type BuiltIndexes,
  type Child,
  ensureSnapshot,
  meiliDataDir,
  prepareDatabase,
  rateLimitedApiEnv,
  removeStaleMeiliDirs,
  startApi,
  startExpressWithBodiesOf,
  startStatic,
} from './services';
import { renderImages, renditionFiles, type RenditionFile } from './renditions';
import { derivationSample } from './unique';
import type {
  ApiBenchOptions,
  ApiBenchResult,
  CaseResult,
  FreshnessResult,
  ProfileResult,
  RenditionSetup,
} from './types';

export { apiSections, apiTable, freshnessTable } from './report';
export type {
  ApiBenchOptions,
  ApiBenchResult,
  CaseResult,
  CpuShare,
  DetailQueryCount,
  RenditionSetup,
  TargetCheck,
} from './types';

/**
 * Templates per kind: enough variants (× per_page × page) that no 20 s case runs out at a few thousand
 * requests/s; a quarter in runs of under 10 s per case (the smoke run probes fewer).
 */
const VOCABULARY = { productSearches: 300, mediaSearches: 200, productFilters: 150, mediaFilters: 100 };

/** Renames per freshness variant: 20, or 3 in a smoke run (under 10 s per case). */
export function freshnessChanges(durationSec: number): number {
  return durationSec >= 10 ? 20 : 3;
}

/**
 * Freshness alone (`npm run bench -- --only freshness`): its own bundled Meilisearch, the small catalog,
 * the worker and an API child (bench/api/freshness.ts), both variants. Stops what it started.
 */
export async function benchFreshnessOnly(options: {
  serverUrl: string;
  durationSec: number;
  log: (m: string) => void;
}): Promise<FreshnessResult[]> {
  await removeStaleMeiliDirs();
  const meiliDir = meiliDataDir();
  const removeMeiliDir = () => rmSync(meiliDir, { recursive: true, force: true });
  process.on('exit', removeMeiliDir);
  const meili = await startBundledMeilisearch({ dataDir: meiliDir });
  try {
    return await benchFreshness({
      serverUrl: options.serverUrl,
      meili,
      changes: freshnessChanges(options.durationSec),
      log: options.log,
    });
  } finally {
    await meili.stop().catch(() => undefined);
    await rm(meiliDir, { recursive: true, force: true });
    process.off('exit', removeMeiliDir);
  }
}

/**
 * Runs the API benchmark on the medium catalog (see the file comment) and returns its measurements.
 * Stops what it started (children, Meilisearch and its data dir) also when it fails; keeps the database.
 * Throws when a service does not start or a request fails its check before its case.
 */
export async function benchApi(options: ApiBenchOptions): Promise<ApiBenchResult> {
  const log = options.log ?? (() => undefined);
  const run = {
    durationSec: options.durationSec ?? 20,
    connections: options.connections ?? 16,
    warmupSec: options.warmupSec ?? 3,
  };
  const stops: (() => Promise<void>)[] = [];
  await removeStaleMeiliDirs();
  const meiliDir = meiliDataDir();
  // Ctrl-C: the supervised children are killed by their exit hook; this removes the data dir too.
  const removeMeiliDir = () => rmSync(meiliDir, { recursive: true, force: true });
  process.on('exit', removeMeiliDir);
  const bodiesFile = path.join(os.tmpdir(), `bench-api-bodies-${process.pid}.json`);
  try {
    await ensureSnapshot(log);
    const { url: databaseUrl, importMs } = await prepareDatabase(options.serverUrl, log);
    if (importMs !== null) log(`imported in ${(importMs / 1000).toFixed(1)} s`);

    const meili: BundledMeilisearch = await startBundledMeilisearch({ dataDir: meiliDir });
    stops.push(async () => {
      await meili.stop();
      await rm(meiliDir, { recursive: true, force: true });
    });
    const [apiPort, limitedPort, expressPort, staticPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const env = await apiEnv(databaseUrl, meili, apiPort);
    const config = loadConfig(env);

    const db = createDb(databaseUrl, 4);
    stops.push(() => db.destroy());
    const sample: CatalogSample = await catalogSample(db);
    const scale = (n: number) => (run.durationSec >= 10 ? n : Math.ceil(n / 4));
    const vocabulary: Vocabulary = {
      productSearches: await productVocabulary(db, scale(VOCABULARY.productSearches)),
      mediaSearches: await mediaVocabulary(db, scale(VOCABULARY.mediaSearches)),
      productFilters: await productFilters(db, scale(VOCABULARY.productFilters)),
      mediaFilters: await mediaFilters(db, scale(VOCABULARY.mediaFilters)),
      mediaDetailIds: await mediaDetailIds(db, 10),
    };
    const { products, articles, media } = sample.catalog;
    log(`rendering ${sample.media.images.length} public JPEG images with the render job...`);
    const renditions: RenditionSetup = await renderImages(db, config, sample.media.images);
    log(
      `  ${renditions.rendered} rendered, ${renditions.images - renditions.rendered} already current, ` +
        `${(renditions.renderMs / 1000).toFixed(1)} s (formats ${renditions.formats.join(', ')})`,
    );
    log(`building the indexes (${products} products, ${articles} articles, ${media} media)...`);
    // No case reads /articles: the smoke run skips its index (a third of the reindex), a real run times all.
    const indexes: BuiltIndexes = await buildIndexes(
      db,
      config,
      log,
      run.durationSec >= 10 ? undefined : ['products', 'media'],
    );
    // Both API children run with production's heap flags (config/runtime.ts): without them the
    // rate-limited child's peak RSS measured V8's defaults, not the API. BENCH_API_NODE_ARGS
    // (space-separated, `none` for V8's defaults) replaces them for experiments.
    const given = process.env.BENCH_API_NODE_ARGS;
    const apiNodeArgs =
      given === undefined ? [...API_NODE_FLAGS] : given.split(' ').filter((a) => a && a !== 'none');
    log(`API child node flags: ${apiNodeArgs.join(' ') || "none (V8's defaults)"}`);
    const api: Child = await startApi(env, apiPort, apiNodeArgs);
    stops.push(() => api.server.stop());
    const limitedApi: Child = await startApi(rateLimitedApiEnv(env, limitedPort), limitedPort, apiNodeArgs);
    stops.push(() => limitedApi.server.stop());
    const statics: Child = await startStatic(staticPort);
    stops.push(() => statics.server.stop());
    const files: RenditionFile[] = await renditionFiles(
      api.origin,
      db,
      sample.media.images,
      renditions.formats,
    );
    const token = await metricsToken(db);
    stops.push(token.revoke);

    log('probing the requests in-process (SQL statements, Meilisearch requests)...');
    const details = detailPaths(sample, vocabulary);
    const probed: Map<string, Probed> = await probe(config, [
      ...details.products,
      ...details.media,
      ...files.map((f) => f.url),
    ]);
    const templateList = templatePaths(vocabulary);
    const started = Date.now();
    for (const [p, found] of await probe(config, templateList, { warm: false })) probed.set(p, found);
    log(`  ${templateList.length} templates in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const plans: Plans = buildPlans(vocabulary, probed);
    for (const [name, pool] of Object.entries(plans)) {
      if ('variants' in pool)
        log(`  ${name}: ${pool.templates.length} templates, ${pool.variants.length} variants`);
    }
    // The raw requests of the unique cases are derived from their template's: checked on a few variants.
    const derivations = [plans.productSearch, plans.mediaSearch, plans.productFilter, plans.mediaFilter].map(
      (pool) => derivationSample(pool),
    );
    const derived = await probe(
      config,
      derivations.flatMap((d) => d.paths),
      { warm: false },
    );
    for (const d of derivations) d.verify(derived);
    const detailQueries = detailQueryCounts(sample.details, probed);
    for (const d of detailQueries) log(`GET /products/${d.slug}: ${d.queries} SQL queries`);

    // The bare Express reference sends the detail bodies the API sends (captured now).
    const express: Child = await startExpressWithBodiesOf(
      api.origin,
      [...details.products, ...details.media],
      expressPort,
      bodiesFile,
    );
    stops.push(() => express.server.stop());

    // The API child before the load: started, its lexicon read, a few lists and the details answered.
    const apiRssBeforeMb = rssMb(api.pid).current;
    log(`API RSS before the load: ${apiRssBeforeMb} MB`);
    const pids: CpuPids = {
      api: api.pid,
      limitedApi: limitedApi.pid,
      meilisearch: meili.pid,
      express: express.pid,
      static: statics.pid,
    };
    const cases = caseSpecs({
      plans,
      probed,
      details,
      origins: {
        api: api.origin,
        limitedApi: limitedApi.origin,
        meilisearch: meili.url,
        express: express.origin,
        static: statics.origin,
      },
      counters: {
        api: () => apiCounters(api.origin, token.plain),
        limitedApi: () => apiCounters(limitedApi.origin, token.plain),
      },
      files,
      diagnose: options.diagnose ?? false,
    });

    // An API case and its reference alternate in slices (4 rounds in a real run), so that other work on
    // the machine falls on both alike.
    const rounds = run.durationSec >= 10 ? 4 : 1;
    const results: CaseResult[] = [];
    for (let i = 0; i < cases.length;) {
      const group = cases[i]!.group;
      let j = i + 1;
      while (group !== undefined && j < cases.length && cases[j]!.group === group) j += 1;
      const specs = cases.slice(i, j);
      log(
        `${specs.map((s) => s.name).join(' | ')}: ${specs[0]!.connections ?? run.connections} connections, ` +
          `${run.warmupSec} s warm-up + ${run.durationSec} s each` +
          (specs.length > 1 ? ` in ${rounds} alternating slices...` : '...'),
      );
      for (const result of await runGroup(specs, run, pids, specs.length > 1 ? rounds : 1)) {
        results.push(result);
        log(`  ${caseRow(result)}`);
      }
      i = j;
    }
    let profiles: ProfileResult[] | undefined;
    if (options.profile) {
      profiles = [];
      for (const name of [CASE.productSearch, CASE.productDetail, CASE.mediaDetail]) {
        const spec = cases.find((c) => c.name === name)!;
        const seconds = Math.min(10, run.durationSec);
        log(`profiling the API under "${name}" for ${seconds} s (a fresh API child with --cpu-prof)...`);
        profiles.push(await profileCase(spec, env, await freePort(), seconds, pids));
      }
    }
    const apiMemory = await apiMemoryMb(api.origin, token.plain);
    log(`API memory after the load (its /metrics): ${JSON.stringify(apiMemory)} MB`);
    const apiPeakRssMb = rssMb(api.pid).peak;
    const limitedApiPeakRssMb = rssMb(limitedApi.pid).peak;
    log(`API peak RSS ${apiPeakRssMb} MB (rate-limited child ${limitedApiPeakRssMb} MB)`);
    if (api.tail.length) log(`API output (last lines):\n  ${api.tail.join('\n  ')}`);
    if (limitedApi.tail.length) {
      log(`rate-limited API output (last lines):\n  ${limitedApi.tail.join('\n  ')}`);
    }

    let freshness: FreshnessResult[] | undefined;
    if (options.freshness ?? true) {
      freshness = await benchFreshness({
        serverUrl: options.serverUrl,
        meili,
        changes: freshnessChanges(run.durationSec),
        log,
      });
    }

    const summary = (name: string, pool: Plans['productSearch']) => ({
      name,
      templates: pool.templates.length,
      variants: pool.variants.length,
    });
    const partial = {
      date: new Date().toISOString().slice(0, 10),
      cores: os.cpus().length,
      ...run,
      catalog: sample.catalog,
      importMs,
      reindex: indexes.reindex,
      reindexMs: indexes.reindexMs,
      pools: [
        summary('/products?search=', plans.productSearch),
        summary('/media?search=', plans.mediaSearch),
        summary('/products filtered', plans.productFilter),
        summary('/media filtered', plans.mediaFilter),
      ],
      zipf: {
        queries: plans.zipf.templates.length,
        exponent: plans.zipf.exponent,
        top10Share: plans.zipf.top10Share,
        top: plans.zipf.templates.slice(0, 10).map((t) => t.params.search!),
      },
      renditions,
      detailQueries,
      cases: results,
      apiRssBeforeMb,
      apiMemory,
      apiPeakRssMb,
      limitedApiPeakRssMb,
      freshness,
      profiles,
    };
    const { ratios, targets } = checkTargets(partial);
    return { ...partial, ratios, targets };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(bodiesFile, { force: true });
    process.off('exit', removeMeiliDir);
  }
}
