/**
 * CPU per process during a case, from /proc (Linux): the two API children (limits off and on for
 * loopback), Meilisearch, the Express baseline, the static file server, Varnish (the edge bench), this
 * process (autocannon), the Postgres backends of the benchmark database, and the rest of the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DATABASE } from './services';
import type { CpuShare } from './types';

/** CPU seconds (user + system) of a process from /proc, 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may contain spaces
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and its direct children (varnishd's manager and its cache worker), 0 when gone. */
function treeCpuSeconds(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone
  }
  return children.reduce((sum, child) => sum + cpuSeconds(child), cpuSeconds(pid));
}

/**
 * CPU seconds of each Postgres backend serving the benchmark database, by pid. Backends are told apart by
 * their process title (`postgres: 15/main: postgres catalog_bench_api_medium 127.0.0.1(...)`): summing
 * every `postgres` process instead would count other people's backends, and one that exits during a case
 * would take its CPU seconds out of the sum.
 */
function postgresBackends(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes(` ${DATABASE} `)) out.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** Busy CPU seconds of the whole machine (all cores), from the first line of /proc/stat. */
function machineCpuSeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
}

/** The pids of the benchmark's server processes (`varnish`: varnishd's manager, the edge bench only). */
export type CpuPids = Record<'api' | 'limitedApi' | 'meilisearch' | 'express' | 'static', number> & {
  varnish?: number;
};

/** Cumulative CPU seconds at one moment. */
export interface CpuSample {
  api: number;
  limitedApi: number;
  meilisearch: number;
  express: number;
  static: number;
  varnish: number;
  bench: number;
  /** By backend pid. */
  postgres: Map<number, number>;
  machine: number;
}

/** The CPU seconds used so far by each of the benchmark's processes and by the machine. */
export function cpuSample(pids: CpuPids): CpuSample {
  const own = process.cpuUsage();
  return {
    api: cpuSeconds(pids.api),
    limitedApi: cpuSeconds(pids.limitedApi),
    meilisearch: cpuSeconds(pids.meilisearch),
    express: cpuSeconds(pids.express),
    static: cpuSeconds(pids.static),
    varnish: pids.varnish === undefined ? 0 : treeCpuSeconds(pids.varnish),
    bench: (own.user + own.system) / 1e6,
    postgres: postgresBackends(),
    machine: machineCpuSeconds(),
  };
}

/** CPU between two samples `seconds` apart, in % of one core (rounded, never below 0). */
export function cpuShare(before: CpuSample, after: CpuSample, seconds: number): CpuShare {
  let postgres = 0;
  // A backend that connected during the case counts from 0.
  for (const [pid, cpu] of after.postgres) postgres += cpu - (before.postgres.get(pid) ?? 0);
  const delta = {
    api: after.api - before.api,
    limitedApi: after.limitedApi - before.limitedApi,
    meilisearch: after.meilisearch - before.meilisearch,
    express: after.express - before.express,
    static: after.static - before.static,
    varnish: after.varnish - before.varnish,
    bench: after.bench - before.bench,
    postgres,
  };
  const ours = Object.values(delta).reduce((sum, seconds) => sum + seconds, 0);
  const pct = (cpuSeconds: number) => Math.max(0, Math.round((cpuSeconds / seconds) * 100));
  return {
    api: pct(delta.api),
    limitedApi: pct(delta.limitedApi),
    meilisearch: pct(delta.meilisearch),
    postgres: pct(delta.postgres),
    bench: pct(delta.bench),
    express: pct(delta.express),
    static: pct(delta.static),
    varnish: pct(delta.varnish),
    other: pct(after.machine - before.machine - ours),
  };
}

/**
 * Resident set of a process from /proc/<pid>/status, in MB: `current` (VmRSS) and `peak` (VmHWM, the
 * highest since the process started). 0 when the process is gone.
 */
export function rssMb(pid: number): { current: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { current: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { current: 0, peak: 0 };
  }
}
