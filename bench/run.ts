/**
 * `npm run bench -- [--only api|freshness|edge|hostile|rate-limit|render|index-first|import] [--duration <s>] [--connections <n>]
 *   [--diagnose] [--profile] [--render-images <n>] [--render-scales small,medium] [--import-scales medium,large]
 *   [--write]`
 * runs the benchmarks and prints Markdown tables. With `--write` each area's tables also replace that area's
 * section of BENCHMARKS.md as soon as it is measured (bench/results-file.ts: areas `api`, `freshness`,
 * `memory`, `edge`, `hostile`, `rate-limit`, `render`, `index-first`, `import`), headed by the commit, the tree's state, the date,
 * Node, the cores and the load average; without it nothing is written, so that a smoke or partial run never
 * replaces the results, and a smoke run (`--duration` under 5 s) with `--write` is refused. All run by
 * default, the API first (about 11 minutes: full reindex, eighteen 23 s cases, freshness; the first run also
 * generates and imports the medium catalog, about a minute more; `--duration 2` is a smoke run of about 1.5
 * minutes), then the edge (about 4 minutes), then the hostile searches (about 1.5 minutes), renditions (under half a minute), index
 * work during a render backlog (about 6 minutes), then the import
 * (under a minute for `medium`). `--only freshness` runs the API benchmark's freshness measurement alone.
 *
 * - API (bench/api/): the API as its own process over the medium catalog, driven by autocannon: unique
 *   searches and filtered lists next to raw Meilisearch on the same requests, a Zipf mix of searches
 *   (result cache on) next to raw Meilisearch, details next to a bare Express process sending the same
 *   bodies, a cached rendition next to a bare static file server, the search once more with the request
 *   limits counted (a second API child); freshness (import commit → visible, with the real worker); the
 *   API's RSS; `--duration` seconds per case (default 20), `--connections` (default 16). Also the full
 *   reindex time and SQL queries per detail. `--diagnose` adds three single-connection cases,
 *   `--profile` a CPU profile of the API under the unique product search and the product and media details
 *   (BENCH_KEEP_PROFILES=1 keeps them in .data/bench/profiles/api).
 * - Edge (bench/edge/): the API behind a real Varnish (deploy/varnish/default.vcl): the Zipf mix through
 *   Varnish against the API alone and the details against the bare Express child, `--duration` ÷ 2 seconds
 *   per case; freshness through Varnish with the worker purging it; answers behind Postgres while imports
 *   run; a medium read past its `valid_until`; pages answered from grace with the API stopped.
 * - Hostile searches (bench/api/hostile.ts): the API over the small catalog under unique product searches at
 *   a fixed rate, alone, with as many more ordinary searches, and with clients sending 10,000-character and
 *   600-letter-word searches beside them: the API's event-loop delay (its /metrics) and the normal
 *   searches' p99, `--duration` seconds per phase.
 * - Rate limiter (bench/rate-limit.ts): one `consume` on Redis, the cost every counted request pays.
 * - Renditions (bench/render.ts, its own process so that its peak RSS is its own): `--render-images`
 *   renders (default 20) of generated 12-megapixel JPEGs into the five built-in formats, images/s; then
 *   the rendition backlog end to end (bench/render-pipeline.ts) for each catalog of `--render-scales`
 *   (default `small`; `small,medium`), next to plain sharp decoding each original once into every format and
 *   the renderer alone, on the same originals, with the ratios.
 * - Index work first (bench/index-first.ts, its own process): the medium catalog imported into a fresh
 *   database with the real worker running, a full reindex without renders and during the import's render
 *   backlog, freshness during the backlog, the worker's peak RSS through all of it.
 * - Import (bench/import.ts): the generated catalog of each scale (default `medium`; `large` takes several
 *   minutes to generate the first time and is cached in .data/bench), and with `large` also its 1,000,000
 *   articles alone.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { getConfig } from '../config/env';
import { exitWithError } from '../src/cli/exit';
import { apiSections, apiTable, benchApi, benchFreshnessOnly, freshnessTable } from './api';
import { benchHostile, hostileTable } from './api/hostile';
import { benchEdge, edgeTable } from './edge';
import { benchImport, importTable, type ImportBenchResult, type Scale } from './import';
import { benchRateLimit, rateLimitTable } from './rate-limit';
import type { RenderBenchResult } from './render';
import type { RenderPipelineResult } from './render-pipeline';
import { indexFirstTable, type IndexFirstResult } from './index-first';
import { checkMarkers, measurementStamp, runLine, writeResults, type Area } from './results-file';

const SCALES: Scale[] = ['tiny', 'small', 'medium', 'large'];

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got "${value}")`);
  return n;
}

/** bench/render.ts in a process of its own (its peak RSS is then the renderer's), with the worker's settings. */
async function benchRenderChild(images: number): Promise<RenderBenchResult> {
  const script = path.join(__dirname, 'render.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, `--images=${images}`],
    { cwd: path.join(__dirname, '..'), maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as RenderBenchResult;
}

/** bench/render-pipeline.ts in a process of its own (it starts Meilisearch and the worker itself). */
async function benchRenderPipelineChild(scale: string, limit?: number): Promise<RenderPipelineResult> {
  const script = path.join(__dirname, 'render-pipeline.ts');
  const args = ['--import', 'tsx', script, `--scale=${scale}`, ...(limit ? [`--limit=${limit}`] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: path.join(__dirname, '..'),
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as RenderPipelineResult;
}

/** bench/index-first.ts in a process of its own (it starts Meilisearch, the worker and the API itself). */
async function benchIndexFirstChild(): Promise<IndexFirstResult> {
  const script = path.join(__dirname, 'index-first.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: path.join(__dirname, '..'),
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as IndexFirstResult;
}

function renderPipelineTable(results: RenderPipelineResult[]): string {
  return [
    '| catalog | images × formats | plain sharp images/s | renderer alone images/s | pipeline images/s | ratio to plain | ratio to renderer | worker peak RSS | sync rounds | CPU s worker / Meilisearch / plain / renderer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.scale} | ${r.images} × ${r.formats} | ${r.plain.imagesPerSecond.toFixed(1)} | ${r.sharp.imagesPerSecond.toFixed(1)} | ` +
        `${r.pipeline.imagesPerSecond.toFixed(1)} | ${(r.ratio * 100).toFixed(0)} % | ${(r.ratioRenderer * 100).toFixed(0)} % | ` +
        `${r.pipeline.workerPeakRssMb} MB | ${r.pipeline.syncRounds} | ${r.pipeline.workerCpuSeconds.toFixed(1)} / ` +
        `${r.pipeline.meiliCpuSeconds.toFixed(1)} / ${r.plain.cpuSeconds.toFixed(1)} / ${r.sharp.cpuSeconds.toFixed(1)} |`,
    ),
  ].join('\n');
}

function renderTable(r: RenderBenchResult): string {
  return [
    '| source | renders | formats | time | images/s | peak RSS | sharp cache / concurrency |',
    '|---|---:|---|---:|---:|---:|---|',
    `| ${r.width}×${r.height} JPEG (${((r.width * r.height) / 1e6).toFixed(0)} MP) | ${r.images} | five built-in ` +
      `| ${r.seconds.toFixed(1)} s | ${r.imagesPerSecond.toFixed(2)} | ${r.peakRssMb} MB | ` +
      `${r.cacheMemoryMb} MB / ${r.concurrency} |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: '20' },
      connections: { type: 'string', default: '16' },
      diagnose: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'render-images': { type: 'string', default: '20' },
      'render-scales': { type: 'string', default: 'small' },
      'import-scales': { type: 'string', default: 'medium' },
      write: { type: 'boolean', default: false },
    },
  });
  if (
    values.only !== undefined &&
    !['api', 'freshness', 'edge', 'hostile', 'rate-limit', 'render', 'index-first', 'import'].includes(
      values.only,
    )
  ) {
    throw new Error(
      `--only must be api, freshness, edge, hostile, rate-limit, render, index-first or import (got "${values.only}")`,
    );
  }
  const renderImages = Math.round(positive('render-images', values['render-images']));
  const scales = values['import-scales'].split(',').map((s) => s.trim()) as Scale[];
  const unknown = scales.filter((s) => !SCALES.includes(s));
  if (unknown.length) throw new Error(`unknown scale ${unknown.join(', ')} (use ${SCALES.join(', ')})`);
  const durationSec = positive('duration', values.duration);
  const connections = Math.round(positive('connections', values.connections));
  const server = getConfig().databaseUrl; // its server; the benchmarks make databases of their own
  const log = (m: string) => console.error(m);

  const runs = (name: string) => values.only === undefined || values.only === name;
  // Each area is written as soon as it is measured, all with the stamp of the run's start.
  const stamp = measurementStamp();
  const run = runLine('bench');
  const write = (sections: { area: Area; markdown: string }[]): void => {
    if (!values.write) return;
    writeResults(
      sections.map((s) => ({ ...s, run })),
      stamp,
    );
    log(`BENCHMARKS.md: ${sections.map((s) => s.area).join(', ')} written`);
  };
  if (values.write) {
    const areas: Area[] = [
      ...(runs('api') ? (['api', 'freshness', 'memory'] as const) : []),
      ...(values.only === 'freshness' ? (['freshness'] as const) : []),
      ...(['edge', 'hostile', 'rate-limit', 'render', 'index-first', 'import'] as const).filter((a) =>
        runs(a),
      ),
    ];
    if (durationSec < 5 && areas.some((a) => a !== 'rate-limit' && a !== 'import')) {
      throw new Error('a smoke run (--duration under 5 s) does not replace the results: drop --write');
    }
    checkMarkers(areas);
  }
  if (runs('api')) {
    // Short runs get a shorter warm-up (none under 5 s), so that `--duration 2` stays a quick smoke test.
    const warmupSec = durationSec < 5 ? 0 : Math.min(3, Math.ceil(durationSec / 5));
    const result = await benchApi({
      serverUrl: server,
      durationSec,
      connections,
      warmupSec,
      diagnose: values.diagnose,
      profile: values.profile,
      log,
    });
    console.log(`\nAPI (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(apiTable(result));
    const sections = apiSections(result);
    write([
      { area: 'api', markdown: sections.api },
      { area: 'freshness', markdown: sections.freshness },
      { area: 'memory', markdown: sections.memory },
    ]);
  }
  if (values.only === 'freshness') {
    const fresh = freshnessTable(await benchFreshnessOnly({ serverUrl: server, durationSec, log }));
    console.log(`\nFreshness (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(fresh);
    write([{ area: 'freshness', markdown: fresh }]);
  }
  if (runs('edge')) {
    const edge = edgeTable(
      await benchEdge({
        serverUrl: server,
        durationSec,
        connections,
        warmupSec: durationSec < 5 ? 0 : 2,
        log,
      }),
    );
    console.log(`\nEdge (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(edge);
    write([{ area: 'edge', markdown: edge }]);
  }
  if (runs('hostile')) {
    const warmupSec = durationSec < 5 ? 0 : 3;
    const hostile = hostileTable(
      await benchHostile({ serverUrl: server, durationSec, connections, warmupSec, log }),
    );
    console.log(`\nHostile searches (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(hostile);
    write([{ area: 'hostile', markdown: hostile }]);
  }
  if (runs('rate-limit')) {
    log('rate limiter: one consume on Redis, sequential and 16 in flight...');
    const table = rateLimitTable(await benchRateLimit());
    console.log(`\nRate limiter (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(table);
    write([{ area: 'rate-limit', markdown: table }]);
  }
  if (runs('render')) {
    log(`renditions: ${renderImages} renders of 12-megapixel JPEGs into the five built-in formats...`);
    const render = renderTable(await benchRenderChild(renderImages));
    console.log(`\nRenditions (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    console.log(render);
    // The backlog end to end next to plain sharp and the renderer alone; a smoke run renders 40.
    const pipelines: RenderPipelineResult[] = [];
    for (const scale of values['render-scales'].split(',').map((s) => s.trim())) {
      log(`renditions end to end: the ${scale} catalog's images, pipeline next to plain sharp...`);
      pipelines.push(await benchRenderPipelineChild(scale, durationSec < 5 ? 40 : undefined));
    }
    console.log(`\nRenditions end to end (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
    const pipeline = renderPipelineTable(pipelines);
    console.log(pipeline);
    write([
      {
        area: 'render',
        markdown:
          `Renders alone (bench/render.ts, a process of its own):\n\n${render}\n\n` +
          `The rendition backlog end to end (bench/render-pipeline.ts), next to plain sharp decoding each ` +
          `original once into every format and the renderer alone, on the same originals:\n\n${pipeline}`,
      },
    ]);
  }
  if (runs('index-first')) {
    log(
      'index work first: the medium catalog imported, full reindexes and freshness during its render backlog...',
    );
    const table = indexFirstTable([await benchIndexFirstChild()]);
    console.log(
      `\nIndex work during a render backlog (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`,
    );
    console.log(table);
    write([{ area: 'index-first', markdown: table }]);
  }
  if (!runs('import')) return;

  const results: ImportBenchResult[] = [];
  for (const scale of scales) {
    results.push(await benchImport(scale, server, log));
    console.error(importTable(results.slice(-1)).split('\n').pop());
  }
  if (scales.includes('large')) {
    results.push(await benchImport('large', server, log, 'articles'));
  }
  console.log(`\nCatalog import (${new Date().toISOString().slice(0, 10)}, ${process.version})\n`);
  console.log(importTable(results));
  write([{ area: 'import', markdown: importTable(results) }]);
}

// Ctrl-C or a kill: exit through process.exit so that the 'exit' hooks stop the servers this run started
// (Meilisearch, the API, the Express baseline) and remove Meilisearch's data dir.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main()
  // Done: exit once the output is written. The Meilisearch client leaves the 10-minute timer of each
  // `waitForTask` of the reindex behind, which would otherwise keep a short run alive for that long.
  .then(() => process.stderr.write('', () => process.stdout.write('', () => process.exit(0))))
  .catch((error: unknown) => exitWithError('bench failed', error));
