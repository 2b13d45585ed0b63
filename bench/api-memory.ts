/**
 * The API's memory under a fixed load, A/B: `npx tsx bench/api-memory.ts <variant.json>...` (or
 * `--variants '<json array>'`). Each variant is `{ name, dist?, nodeArgs?, env?, limited? }`: a compiled
 * API (`dist`, default a fresh build of this tree into .data/bench/api-memory-dist) started with `nodeArgs`
 * (default the production flags, config/runtime.ts) and `env` added to the bench API's (bench/api/services.ts
 * `apiEnv`; `limited` counts loopback as a guest, as the bench's rate-limited child). Every variant gets
 * a fresh API process over the same services (the medium catalog database of `npm run bench -- --only api`,
 * one bundled Meilisearch with the product and media indexes) and the same requests in the same order,
 * counted rather than timed, at 16 connections: unique product and media searches and filtered lists
 * (`per_page` 1..100, pages 1..5), a Zipf mix of product searches, details and cached renditions.
 * Prints, per variant: RSS once it answered its first request (the fixed memory: modules, tables), RSS
 * before the load, peak RSS (VmHWM), RSS and /metrics heap after, and the API's
 * CPU time per request (utime + stime from /proc, so that a busy machine does not skew it).
 * Rounds (`--rounds n`, default 1) repeat the variants in alternation; `--scale` multiplies the counts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { API_NODE_FLAGS } from '../config/runtime';
import { createDb } from '../src/db/database';
import { freePort } from '../tools/dev/free-port';
import { roleKeyEnv, startBundledMeilisearch } from '../tools/dev/meilisearch';
import { eachLine, supervise } from '../tools/dev/supervise';
import {
  catalogSample,
  mediaDetailIds,
  mediaFilters,
  mediaVocabulary,
  productFilters,
  productVocabulary,
} from './api/catalog';
import { rssMb } from './api/cpu';
import { apiCounters, apiMemoryMb, metricsToken } from './api/metrics';
import { renderImages } from './api/renditions';
import { apiEnv, buildIndexes, ensureSnapshot, prepareDatabase, rateLimitedApiEnv } from './api/services';
import { listPath, seededRandom, zipfMix, zipfStream, type Template } from './api/unique';

const ROOT = path.resolve(__dirname, '..');
const CONNECTIONS = 16;
const PREFIX = 'api_memory_';

interface Variant {
  name: string;
  dist?: string;
  nodeArgs?: string[];
  env?: Record<string, string>;
  limited?: boolean;
}

/** utime + stime of `pid` in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Non-2xx answers so far (a busy machine's Meilisearch timeouts answer 503). */
let failures = 0;

/** Sends `paths` at CONNECTIONS at once, counting non-2xx answers in `failures`. */
async function drive(origin: string, paths: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++]!;
      const res = await fetch(`${origin}${p}`);
      await res.arrayBuffer();
      if (res.status < 200 || res.status > 299) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

/** `n` unique list paths: templates × per_page 1..100 × page 1..5 within the template's total, shuffled. */
function uniquePaths(endpoint: string, templates: Template[], n: number, seed: number): string[] {
  const all: string[] = [];
  for (const t of templates) {
    for (let perPage = 1; perPage <= 100; perPage++) {
      for (let page = 1; page <= 5 && (page - 1) * perPage < t.total; page++) {
        all.push(listPath(endpoint, { ...t.params, per_page: perPage, page }));
      }
    }
  }
  const random = seededRandom(seed);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      variants: { type: 'string' },
      rounds: { type: 'string', default: '1' },
      scale: { type: 'string', default: '1' },
    },
    allowPositionals: true,
  });
  const variants: Variant[] = values.variants
    ? (JSON.parse(values.variants) as Variant[])
    : positionals.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Variant);
  if (variants.length === 0) variants.push({ name: 'this tree' });
  const log = (m: string) => console.log(m);

  const defaultDist = path.join(ROOT, '.data', 'bench', 'api-memory-dist');
  if (variants.some((v) => !v.dist)) {
    log('building this tree...');
    execFileSync(process.execPath, ['scripts/build.mjs', '--out-dir', defaultDist], { cwd: ROOT });
  }
  await ensureSnapshot(log);
  const { url } = await prepareDatabase(loadConfig().databaseUrl, log);
  // Kept between runs (a fixed data dir, master key and prefixes): the indexes are built once.
  const meiliDir = path.join(ROOT, '.data', 'bench', 'meili-api-memory');
  const reuse = existsSync(path.join(meiliDir, 'built'));
  const meili = await startBundledMeilisearch({
    dataDir: meiliDir,
    masterKey: 'api-memory-bench-master-key',
  });
  const db = createDb(url, 4);
  const stops: (() => Promise<void>)[] = [];
  try {
    const port = await freePort();
    const env = {
      ...(await apiEnv(url, meili, port)),
      ...(await roleKeyEnv(meili, PREFIX)),
      MEILI_INDEX_PREFIX: PREFIX,
      REDIS_PREFIX: 'api_memory',
    };
    const config = loadConfig(env);
    const sample = await catalogSample(db);
    log('rendering the renditions, building the indexes...');
    const renditions = await renderImages(db, config, sample.media.images);
    if (!reuse) {
      await buildIndexes(db, config, log, ['products', 'media']);
      writeFileSync(path.join(meiliDir, 'built'), '');
    }
    const token = await metricsToken(db);
    stops.push(token.revoke);
    const productSearches = (await productVocabulary(db, 300)).map((s) => ({ search: s.text }));
    const mediaSearches = (await mediaVocabulary(db, 200)).map((s) => ({ search: s.text }));
    const pFilters = await productFilters(db, 150);
    const mFilters = await mediaFilters(db, 100);
    const mediaIds = await mediaDetailIds(db, 10);

    let port2 = port;
    const start = async (v: Variant) => {
      const vport = port2;
      port2 = await freePort();
      const base = v.limited ? rateLimitedApiEnv(env, vport) : { ...env, PORT: String(vport) };
      const childEnv = { ...process.env, ...base, ...v.env } as NodeJS.ProcessEnv;
      delete childEnv.MEILI_ADMIN_KEY;
      for (const [k, val] of Object.entries(v.env ?? {})) if (val === '') delete childEnv[k];
      const script = path.join(v.dist ?? defaultDist, 'src', 'server.js');
      const child = spawn(process.execPath, [...(v.nodeArgs ?? API_NODE_FLAGS), script], {
        cwd: ROOT,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const tail: string[] = [];
      eachLine(child.stdout!, (l) => tail.push(l));
      eachLine(child.stderr!, (l) => tail.push(l));
      const server = supervise(child, { graceMs: 5000 });
      const origin = `http://127.0.0.1:${vport}`;
      for (let i = 0; ; i++) {
        try {
          const res = await fetch(`${origin}/api/v1/taxonomies`);
          await res.arrayBuffer();
          if (res.status === 200) break;
        } catch {
          // not listening yet
        }
        if (i > 300 || server.done) throw new Error(`${v.name} did not start:\n${tail.join('\n')}`);
        await sleep(200);
      }
      // After the start's own reads (the German lexicon, read right after listening) have settled.
      await sleep(2000);
      return { origin, pid: child.pid!, server, tail, startRss: rssMb(child.pid!).current };
    };

    // Templates with their totals, read once from a first API process.
    const first = await start({ ...variants[0]!, name: 'probe' });
    const withTotals = async (endpoint: string, params: Record<string, string>[]) => {
      const out: Template[] = [];
      for (const p of params) {
        const res = await fetch(`${first.origin}${listPath(endpoint, p)}`);
        const body = (await res.json()) as { meta?: { total?: number } };
        const total = body.meta?.total ?? 0;
        if (total > 0)
          out.push({ params: p, path: listPath(endpoint, p), total, meili: { method: 'GET', path: '' } });
      }
      return out;
    };
    const P = '/api/v1/products';
    const M = '/api/v1/media';
    const pSearch = await withTotals(P, productSearches);
    const mSearch = await withTotals(M, mediaSearches);
    const pFilter = await withTotals(P, pFilters);
    const mFilter = await withTotals(M, mFilters);
    // The conversion URLs of the rendered images, from their details (read from Postgres).
    const files: string[] = [];
    for (const id of sample.media.images) {
      const res = await fetch(`${first.origin}${M}/${id}`);
      const body = (await res.json()) as { data?: { conversions?: Record<string, { url: string }> } };
      for (const c of Object.values(body.data?.conversions ?? {})) files.push(new URL(c.url).pathname);
    }
    log(`${files.length} rendition files (${renditions.formats.length} formats)`);
    await first.server.stop();

    // `--scale` multiplies every phase's count (a quick run: 0.4).
    const n = (count: number) => Math.round(count * Number(values.scale));
    const zipf = zipfStream(zipfMix(pSearch, 14), false);
    const zipfPaths = Array.from({ length: n(3000) }, () => zipf.next().path);
    const details = [
      ...[...sample.details.most, ...sample.details.fewest].map((d) => `${P}/${d.slug}`),
      ...mediaIds.map((id) => `${M}/${id}`),
    ];
    const phases: [string, string[]][] = [
      ['unique product searches', uniquePaths(P, pSearch, n(1500), 1401)],
      ['unique media searches', uniquePaths(M, mSearch, n(1500), 1402)],
      ['unique product filters', uniquePaths(P, pFilter, n(1000), 1403)],
      ['unique media filters', uniquePaths(M, mFilter, n(1000), 1404)],
      ['Zipf mix', zipfPaths],
      ['details', Array.from({ length: n(3000) }, (_, i) => details[i % details.length]!)],
      ['renditions', Array.from({ length: n(2000) }, (_, i) => files[i % files.length]!)],
    ];
    const total = phases.reduce((n, [, p]) => n + p.length, 0);
    log(`${total} requests per variant: ${phases.map(([n, p]) => `${n} ${p.length}`).join(', ')}`);

    const rounds = Number(values.rounds);
    for (let round = 1; round <= rounds; round++) {
      for (const v of variants) {
        const api = await start(v);
        // Details and lists answered once, the lexicon read (as the bench's "before the load").
        await drive(api.origin, details);
        await sleep(3000);
        const before = rssMb(api.pid).current;
        const cpu0 = cpuMs(api.pid);
        failures = 0;
        const t0 = Date.now();
        const after: string[] = [];
        let zipfHits = '';
        for (const [name, paths] of phases) {
          const c0 = name === 'Zipf mix' ? await apiCounters(api.origin, token.plain) : undefined;
          await drive(api.origin, paths);
          if (c0) {
            const c1 = await apiCounters(api.origin, token.plain);
            zipfHits = `Zipf mix: ${c1.cacheHits - c0.cacheHits} hits, ${c1.cacheMisses - c0.cacheMisses} misses`;
          }
          after.push(`${name} ${rssMb(api.pid).current}`);
        }
        const cpu = cpuMs(api.pid) - cpu0;
        const seconds = (Date.now() - t0) / 1000;
        const mem = await apiMemoryMb(api.origin, token.plain);
        const counters = await apiCounters(api.origin, token.plain);
        const peak = rssMb(api.pid).peak;
        log(
          `[${round}] ${v.name}: start ${api.startRss} MB, before ${before} MB, peak ${peak} MB, after RSS/heap used/total/external ` +
            `${mem.rss}/${mem.heapUsed}/${mem.heapTotal}/${mem.external} MB, CPU ${((cpu * 1000) / total).toFixed(0)} µs/request, ` +
            `${seconds.toFixed(0)} s, ${failures} non-2xx, cache hits ${counters.cacheHits} misses ${counters.cacheMisses} bypassed ${counters.cacheBypassed} (${zipfHits}); RSS after each phase: ${after.join(', ')}`,
        );
        await api.server.stop();
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.destroy();
    await meili.stop().catch(() => undefined);
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
