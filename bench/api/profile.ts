/**
 * Where the API's CPU goes under one case (`--profile`): a third API child over the same services, started
 * with `--cpu-prof`, driven by the case for its duration, stopped with SIGTERM (the server exits 0 and node
 * writes the profile), then the profile's samples summed by function (self time) and by module (the
 * package under node_modules, node's internals, or the project file).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CpuPids } from './cpu';
import { runCase } from './load';
import { startApi } from './services';
import type { CaseSpec, ProfileResult } from './types';

const ROOT = path.resolve(__dirname, '..', '..');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  /** microseconds of the monotonic clock (process.hrtime) */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The module a script URL belongs to: `undici`, `node:internal`, `src/search/result-cache.ts`, ... */
function moduleOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node: internals';
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return path.relative(ROOT, file);
}

/**
 * The top `n` of a profile by self time, counting only samples from `fromUs` (monotonic microseconds) on
 * and leaving out idle time: functions and modules by self time, and functions by total time (self plus
 * what they called: which middleware or handler a request's time is spent under), each in % of the busy
 * samples.
 */
function summarize(
  profile: CpuProfile,
  n: number,
  fromUs: number,
): Pick<ProfileResult, 'functions' | 'modules' | 'inclusive'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Each node's module and function name, once. Line numbers are of the code tsx compiled (one line per
  // module), not of the sources: left out.
  const moduleById = new Map(profile.nodes.map((node) => [node.id, moduleOf(node.callFrame.url)]));
  const keyById = new Map(
    profile.nodes.map((node) => [
      node.id,
      `${node.callFrame.functionName || '(anonymous)'} (${moduleById.get(node.id)!})`,
    ]),
  );
  const fn = new Map<string, number>();
  const mod = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    const node = byId.get(id);
    if (!node || at < fromUs || node.callFrame.functionName === '(idle)') return;
    total += dt;
    const key = keyById.get(id)!;
    const where = moduleById.get(id)!;
    fn.set(key, (fn.get(key) ?? 0) + dt);
    mod.set(where, (mod.get(where) ?? 0) + dt);
    // Every function on the sample's stack once (recursion and Express's re-entrant `next` counted once).
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      onStack.add(keyById.get(at)!);
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  });
  const top = (map: Map<string, number>, count = n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, t]) => ({ name, percent: (t / Math.max(1, total)) * 100 }));
  // Total time: the frames every request passes through (root, event loop, parser) are near 100 % and say
  // nothing; the listing starts below them.
  const below = new Map([...inclusive].filter(([, t]) => t / Math.max(1, total) < 0.9));
  return { functions: top(fn), modules: top(mod), inclusive: top(below, 2 * n) };
}

/**
 * Profiles `spec` (an API case; its origin is replaced by the profiled child's) on a fresh API child with
 * `env` on `port`: 3 s of the case first (start-up, JIT, lexicon: left out of the summary), then
 * `durationSec` counted. A stream case draws from one stream through both. Returns the top entries of the
 * busy samples, and the counted run's requests/s (slowed by the profiler).
 */
export async function profileCase(
  spec: CaseSpec,
  env: Record<string, string>,
  port: number,
  durationSec: number,
  pids: CpuPids,
): Promise<ProfileResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-profile-'));
  try {
    // The measured child's APP_URL (a replica of one deployment): the stored list forms are made for it, and
    // a child with another APP_URL would serialize every page instead (the fallback, not the path measured).
    const child = await startApi({ ...env, PORT: String(port) }, port, [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
    ]);
    const stream = spec.stream?.();
    const profiled: CaseSpec = {
      ...spec,
      origin: child.origin,
      counters: undefined,
      stream: stream && (() => stream),
    };
    let rps: number;
    let fromUs: number;
    try {
      await runCase(profiled, { connections: 16, durationSec: 3, warmupSec: 0 }, { ...pids, api: child.pid });
      fromUs = Number(process.hrtime.bigint() / 1000n);
      const result = await runCase(
        { ...profiled, requests: profiled.requests.slice(0, 1) },
        { connections: 16, durationSec, warmupSec: 0 },
        { ...pids, api: child.pid },
      );
      rps = result.rps;
    } finally {
      await child.server.stop();
    }
    const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the profiled API child wrote no .cpuprofile');
    const text = await readFile(path.join(dir, file), 'utf8');
    // BENCH_KEEP_PROFILES=1 keeps each case's profile for a look with a call tree (Chrome DevTools).
    if (process.env.BENCH_KEEP_PROFILES === '1') {
      const kept = path.join(ROOT, '.data', 'bench', 'profiles', 'api');
      await mkdir(kept, { recursive: true });
      await writeFile(path.join(kept, `${spec.name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`), text);
    }
    const profile = JSON.parse(text) as CpuProfile;
    return { name: spec.name, rps, ...summarize(profile, 12, fromUs) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
