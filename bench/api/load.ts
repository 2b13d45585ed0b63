/**
 * Measures one case: checks each of its requests once, warms up, then drives it with autocannon from this
 * process and returns requests/s, 2xx latency percentiles (sub-millisecond), failures and CPU per process.
 */
import autocannon from 'autocannon';
import { cpuSample, cpuShare, type CpuPids } from './cpu';
import type { ApiBenchOptions, CaseResult, CaseSpec } from './types';

/** Sends every request of a case once: each must answer 2xx and pass the case's check, or this throws. */
async function checkCase(spec: CaseSpec): Promise<void> {
  for (const request of spec.requests) {
    const res = await fetch(`${spec.origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      throw new Error(
        `${spec.name}: ${request.method} ${request.path} answered ${res.status}: ${text.slice(0, 300)}`,
      );
    }
    spec.check?.(JSON.parse(text), request);
  }
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
): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  let client = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections,
        duration: durationSec,
        requests: spec.requests,
        // Without this every connection would send the same request at the same moment.
        setupClient: (c) => c.setRequests(rotate(spec.requests, client++ * 7)),
      },
      (error: unknown, res) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  return { result, latencies };
}

/** The `p`th percentile (nearest rank) of ascending `sorted`, NaN when empty. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs one case: every request once (see `checkCase`; throws on a non-2xx or a failed check), `warmupSec`
 * of unmeasured load, then `durationSec` measured with the case's connections (default: the run's).
 * Latencies in milliseconds, CPU in % of one core over the measured period.
 */
export async function runCase(
  spec: CaseSpec,
  options: Required<Pick<ApiBenchOptions, 'connections' | 'durationSec' | 'warmupSec'>>,
  pids: CpuPids,
): Promise<CaseResult> {
  const connections = spec.connections ?? options.connections;
  await checkCase(spec);
  if (options.warmupSec > 0) await cannon(spec, connections, options.warmupSec);
  const before = cpuSample(pids);
  const { result, latencies } = await cannon(spec, connections, options.durationSec);
  const after = cpuSample(pids);
  const sorted = Float64Array.from(latencies).sort();
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    name: spec.name,
    sql: spec.sql,
    server: spec.server,
    variants: spec.requests.length,
    responses,
    rps: responses / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuShare(before, after, result.duration),
    connections,
  };
}
