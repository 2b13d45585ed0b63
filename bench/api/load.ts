/**
 * Measures one case: checks each of its requests once, warms up, then drives it with autocannon from this
 * process and returns requests/s, 2xx latency percentiles (sub-millisecond), failures and CPU per process.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuSample, cpuShare, rssMb, type CpuPids } from './cpu';
import type {
  ApiBenchOptions,
  ApiCounters,
  BenchRequest,
  CaseResult,
  CaseSpec,
  CpuShare,
  RequestStream,
} from './types';

/** How long a case waits for the server to finish requests cut off by the end of a load run. */
const DRAIN_MS = 500;

/** A 52-bit FNV-1a style hash of `text` (told-apart keys for bodies without keeping them). */
function hash52(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}

/** What a stream case built: every request's key (method, path, body hash), and how many were built. */
interface StreamTally {
  keys: Set<string>;
  built: number;
}

/**
 * Sends every request of a case once: each must answer 2xx, carry its `expectHeader` and pass the case's
 * check (a file: exactly 200 with `expectBytes` body bytes), or this throws.
 */
async function checkCase(spec: CaseSpec): Promise<void> {
  for (const request of spec.requests) {
    const res = await fetch(`${spec.origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (request.expectBytes !== undefined) {
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200 || bytes !== request.expectBytes) {
        throw new Error(
          `${spec.name}: ${request.method} ${request.path} answered ${res.status} with ${bytes} bytes, ` +
            `expected 200 with ${request.expectBytes}`,
        );
      }
      continue;
    }
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      throw new Error(
        `${spec.name}: ${request.method} ${request.path} answered ${res.status}: ${text.slice(0, 300)}`,
      );
    }
    if (request.expectHeader !== undefined && !res.headers.has(request.expectHeader)) {
      throw new Error(
        `${spec.name}: ${request.method} ${request.path} answered without ${request.expectHeader}`,
      );
    }
    spec.check?.(JSON.parse(text), request);
  }
}

/** Whether `raw` (header names as the server wrote them) has a header `name`, in any case. */
function hasHeader(raw: Record<string, unknown> | undefined, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(raw ?? {}).some((key) => key.toLowerCase() === lower);
}

/**
 * The case's requests as autocannon sends them: a request with `expectHeader` or `expectBytes` gets an
 * `onResponse` that counts every response without that header, and for a file every response other than
 * 200 with `Content-Length` = `expectBytes` (autocannon completes a response only after `Content-Length`
 * body bytes, so a match means the whole file arrived).
 */
function withChecks(
  requests: BenchRequest[],
  counts: { mismatches: number; fileBytes: number; files: number },
): autocannon.Request[] {
  return requests.map(({ expectBytes, expectHeader, ...request }) => {
    if (expectBytes === undefined && expectHeader === undefined) return request;
    return {
      ...request,
      onResponse: (status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
        // Raw header names, as the server wrote them (Express: `Content-Length`).
        const raw = headers as Record<string, string | string[] | undefined> | undefined;
        if (expectHeader !== undefined && !hasHeader(raw, expectHeader)) {
          counts.mismatches += 1;
          return;
        }
        if (expectBytes === undefined) return;
        const length = Number(raw?.['content-length'] ?? raw?.['Content-Length']);
        if (status !== 200 || length !== expectBytes) counts.mismatches += 1;
        else {
          counts.fileBytes += length;
          counts.files += 1;
        }
      },
    };
  });
}

/** `list` rotated to start at `offset`. */
function rotate<T>(list: T[], offset: number): T[] {
  const k = offset % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

/** One autocannon run; latencies are collected from 'response' events (fractional milliseconds). */
async function cannon(
  spec: CaseSpec,
  connections: number,
  durationSec: number,
  stream?: { next: () => BenchRequest; tally: StreamTally },
): Promise<{
  result: autocannon.Result;
  latencies: number[];
  counts: { mismatches: number; fileBytes: number; files: number };
}> {
  const latencies: number[] = [];
  const counts = { mismatches: 0, fileBytes: 0, files: 0 };
  const requests = withChecks(spec.requests, counts);
  // A stream case: every connection builds each request from the case's one stream when it sends it.
  const streamed = (): autocannon.Request[] => [
    {
      method: 'GET',
      setupRequest: (req) => {
        const next = stream!.next();
        stream!.tally.built += 1;
        stream!.tally.keys.add(`${next.method} ${next.path} ${next.body ? hash52(next.body) : ''}`);
        return {
          ...req,
          method: next.method,
          path: next.path,
          headers: { ...req.headers, ...next.headers },
          body: next.body ?? '',
        };
      },
    },
  ];
  let client = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections,
        duration: durationSec,
        requests: stream ? streamed() : requests,
        // Without this every connection would send the same request at the same moment.
        setupClient: (c) => c.setRequests(stream ? streamed() : rotate(requests, client++ * 7)),
      },
      (error: unknown, res) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  return { result, latencies, counts };
}

/** The `p`th percentile (nearest rank) of ascending `sorted`, NaN when empty. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A case of a group while it runs: its stream and what its slices measured so far. */
interface Running {
  spec: CaseSpec;
  connections: number;
  source: RequestStream | undefined;
  tally: StreamTally;
  stream: { next: () => BenchRequest; tally: StreamTally } | undefined;
  latencies: number[];
  responses: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  counts: { mismatches: number; fileBytes: number; files: number };
  /** CPU % × seconds, per process */
  cpu: Record<keyof CpuShare, number>;
  countersBefore?: ApiCounters;
}

/**
 * Runs a group of cases measured side by side: each is checked (every request once, see `checkCase`;
 * throws on a non-2xx or a failed check) and warmed up (`warmupSec` of unmeasured load) in turn, then
 * `rounds` rounds each give every case one slice of `durationSec / rounds` seconds in the group's order,
 * so that what else runs on the machine falls on all of them alike. A stream case draws from one stream
 * through check, warm-up and all its slices. Latencies in milliseconds, CPU in % of one core over the
 * case's slices (weighted by their length).
 */
export async function runGroup(
  specs: CaseSpec[],
  options: Required<Pick<ApiBenchOptions, 'connections' | 'durationSec' | 'warmupSec'>>,
  pids: CpuPids,
  rounds = 1,
): Promise<CaseResult[]> {
  const running: Running[] = [];
  for (const spec of specs) {
    await checkCase(spec);
    const source = spec.stream?.();
    const tally: StreamTally = { keys: new Set(), built: 0 };
    running.push({
      spec,
      connections: spec.connections ?? options.connections,
      source,
      tally,
      stream: source && { next: () => source.next(), tally },
      latencies: [],
      responses: 0,
      seconds: 0,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      counts: { mismatches: 0, fileBytes: 0, files: 0 },
      cpu: {
        api: 0,
        limitedApi: 0,
        meilisearch: 0,
        postgres: 0,
        bench: 0,
        express: 0,
        static: 0,
        varnish: 0,
        other: 0,
      },
    });
  }
  for (const r of running) {
    if (options.warmupSec > 0) await cannon(r.spec, r.connections, options.warmupSec, r.stream);
  }
  const counted = running.some((r) => r.spec.counters);
  // Requests the warm-up left in flight (autocannon closes their connections) still finish their work in
  // the server: let them, so that their Meilisearch calls are not counted in the measured period.
  if (counted && options.warmupSec > 0) await sleep(DRAIN_MS);
  for (const r of running) r.countersBefore = await r.spec.counters?.();
  const slice = options.durationSec / rounds;
  for (let round = 0; round < rounds; round++) {
    for (const r of running) {
      const before = cpuSample(pids);
      const { result, latencies, counts } = await cannon(r.spec, r.connections, slice, r.stream);
      const after = cpuSample(pids);
      for (const ms of latencies) r.latencies.push(ms);
      r.responses += result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
      r.seconds += result.duration;
      r.non2xx += result.non2xx;
      r.errors += result.errors;
      r.timeouts += result.timeouts;
      r.counts.mismatches += counts.mismatches;
      r.counts.fileBytes += counts.fileBytes;
      r.counts.files += counts.files;
      const share = cpuShare(before, after, result.duration);
      for (const key of Object.keys(r.cpu) as (keyof CpuShare)[]) r.cpu[key] += share[key] * result.duration;
    }
  }
  if (counted) await sleep(DRAIN_MS);
  const results: CaseResult[] = [];
  for (const r of running) {
    const countersAfter = await r.spec.counters?.();
    const pid = r.spec.server === 'meilisearch' ? undefined : pids[r.spec.server];
    const sorted = Float64Array.from(r.latencies).sort();
    const cpu = Object.fromEntries(
      Object.entries(r.cpu).map(([key, v]) => [key, Math.round(v / Math.max(r.seconds, 1e-9))]),
    ) as unknown as CpuShare;
    results.push({
      name: r.spec.name,
      sql: r.spec.sql,
      server: r.spec.server,
      variants: r.spec.requests.length,
      responses: r.responses,
      rps: r.responses / r.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      non2xx: r.non2xx,
      mismatches: r.counts.mismatches,
      meanBytes: r.counts.files > 0 ? r.counts.fileBytes / r.counts.files : undefined,
      errors: r.errors,
      timeouts: r.timeouts,
      cpu,
      connections: r.connections,
      ...(r.source
        ? {
            built: r.tally.built,
            distinct: r.tally.keys.size,
            repeated: r.source.unique ? r.tally.built - r.tally.keys.size : undefined,
          }
        : {}),
      // Per response autocannon received; the at most `connections` requests cut off at the end of each
      // slice did their Meilisearch calls too (under 1 % at 20 s and 100 requests/s).
      cacheHitRate: cacheHitRate(r.countersBefore, countersAfter),
      meiliPerResponse:
        r.countersBefore && countersAfter
          ? (countersAfter.meili - r.countersBefore.meili) / Math.max(1, r.responses)
          : undefined,
      rssMb: pid === undefined ? undefined : rssMb(pid).current,
    });
  }
  return results;
}

/** The result cache's hit rate between two readings of its counters; undefined without lookups. */
function cacheHitRate(before?: ApiCounters, after?: ApiCounters): number | undefined {
  if (!before || !after) return undefined;
  const hits = after.cacheHits - before.cacheHits;
  const lookups = hits + after.cacheMisses - before.cacheMisses + after.cacheBypassed - before.cacheBypassed;
  return lookups > 0 ? hits / lookups : undefined;
}

/** One case alone: `runGroup` of it, one slice. */
export async function runCase(
  spec: CaseSpec,
  options: Required<Pick<ApiBenchOptions, 'connections' | 'durationSec' | 'warmupSec'>>,
  pids: CpuPids,
): Promise<CaseResult> {
  return (await runGroup([spec], options, pids, 1))[0]!;
}
