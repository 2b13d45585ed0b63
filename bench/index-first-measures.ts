/**
 * The measurements of bench/index-first.ts: the worker's RSS per phase and at its peak, CPU seconds of a
 * process, a timed `reindex all` job, and freshness (import COMMIT to visible in `/products`).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { importSnapshot } from '../src/import';
import { enqueueReindex, enqueueSync, type IndexQueue } from '../src/jobs/index-queue';
import { percentile, renameableProducts } from './api/freshness';
import { seededRandom } from './api/unique';

const DATA = path.join(__dirname, '..', '.data', 'bench');
/** The medium snapshot (bench/api/services.ts `ensureSnapshot` generates it). */
export const SNAPSHOT = path.join(DATA, 'snapshot-medium-seed1');

export type Phase = 'import' | 'reindex' | 'backlog';

/**
 * Samples the RSS of process `pid` every 250 ms and keeps the highest value per phase (`phase` is what the
 * bench is doing now).
 */
export function rssSampler(pid: number) {
  const peaks: Record<Phase, number> = { import: 0, reindex: 0, backlog: 0 };
  let phase: Phase = 'import';
  const timer = setInterval(() => {
    readFile(`/proc/${pid}/status`, 'utf8').then(
      (status) => {
        const mb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
        peaks[phase] = Math.max(peaks[phase], mb);
      },
      () => undefined,
    );
  }, 250);
  return {
    peaks,
    set(next: Phase) {
      phase = next;
    },
    stop: () => clearInterval(timer),
  };
}

/** Peak resident set of process `pid` in MB (VmHWM), 0 when it is gone. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : 0;
}

/** CPU seconds (user + system, all threads) of process `pid`; 0 when it is gone. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** The node process of a `node --import tsx` child (tsx may run the script in a grandchild). */
export async function scriptPid(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const first = children.trim().split(/\s+/).filter(Boolean)[0];
  return first ? scriptPid(Number(first)) : pid;
}

export const count = async (db: Knex, table: string, where?: (q: Knex.QueryBuilder) => void) => {
  const query = db(table);
  where?.(query);
  return Number((await query.count({ n: '*' }))[0]!.n);
};

/** Runs a `reindex all` job on the worker; returns the job's own seconds (processedOn → finishedOn). */
export async function timedReindex(queue: IndexQueue): Promise<number> {
  const job = await enqueueReindex(queue, 'all');
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    await sleep(200);
    const state = await job.getState();
    if (state === 'failed')
      throw new Error(`the reindex failed: ${(await queue.getJob(job.id!))?.failedReason}`);
    if (state === 'completed') break;
    if (Date.now() > deadline) throw new Error('the reindex took over 15 minutes');
  }
  const done = (await queue.getJob(job.id!))!;
  return (done.finishedOn! - done.processedOn!) / 1000;
}

export interface Freshness {
  changes: number;
  latenciesMs: number[];
  p50: number;
  p95: number;
  max: number;
}

/**
 * `changes` renames of one product (a partial import of its line, then a sync asked for as
 * `npm run catalog:import` does), each from its COMMIT to the first answer of `origin`'s
 * `/api/v1/products?ids[]=` with the new name (polled every 20 ms); a seeded 0-1 s pause between them.
 */
export async function measureFreshness(options: {
  db: Knex;
  queue: IndexQueue;
  origin: string;
  mediaRoot: string;
  changes: number;
  label: string;
}): Promise<Freshness> {
  const { db, queue } = options;
  const lines = (await readFile(path.join(SNAPSHOT, 'products.ndjson'), 'utf8')).split('\n');
  const [{ product }] = renameableProducts(lines, 1) as [ReturnType<typeof renameableProducts>[0]];
  const work = path.join(DATA, `index-first-change-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    await writeFile(path.join(work, 'manifest.json'), await readFile(path.join(SNAPSHOT, 'manifest.json')));
    const random = seededRandom(25);
    const latenciesMs: number[] = [];
    for (let i = 1; i <= options.changes; i++) {
      const name = `${product.names.de} Vorrang ${process.pid}-${options.label}-${i}`;
      await writeFile(
        path.join(work, 'products.ndjson'),
        `${JSON.stringify({ ...product, names: { ...product.names, de: name } })}\n`,
      );
      let committed = 0;
      await importSnapshot(db, work, {
        mode: 'partial',
        mediaRoot: options.mediaRoot,
        onProgress: (m) => {
          if (m.startsWith('committed')) committed = performance.now();
        },
      });
      if (!committed) throw new Error(`index-first: change ${i} committed nothing`);
      await enqueueSync(queue);
      for (;;) {
        const res = await fetch(`${options.origin}/api/v1/products?ids[]=${product.id}`);
        const body = (await res.json()) as { data?: { names?: { de?: string } }[] };
        if (body.data?.[0]?.names?.de === name) break;
        if (performance.now() - committed > 30_000) throw new Error(`change ${i} not visible after 30 s`);
        await sleep(20);
      }
      latenciesMs.push(performance.now() - committed);
      await sleep(Math.round(random() * 1000));
    }
    return {
      changes: options.changes,
      latenciesMs: latenciesMs.map(Math.round),
      p50: Math.round(percentile(latenciesMs, 50)),
      p95: Math.round(percentile(latenciesMs, 95)),
      max: Math.round(Math.max(...latenciesMs)),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
