/**
 * What clients read through Varnish against what Postgres holds, on the small catalog's stack of the
 * freshness measurement (bench/api/freshness.ts `startFreshStack`: the real worker purging Varnish).
 *
 * - Staleness under imports: readers fetch a few products' details and one list of them through Varnish
 *   back to back while a loop of imports renames all of them (each import a new version number in their
 *   German names), each import committed in this process and followed by a sync request to the worker,
 *   as `catalog:import` does. An answer is behind when it shows a version older than the newest one
 *   committed when it arrived; how far behind is the time since the first newer version committed. One
 *   more client reads the API itself, as a control: what the pipeline (import, sync) costs without Varnish.
 * - `valid_until`: a public medium gets a `valid_until` a few seconds ahead (and an outbox row, so the
 *   worker reindexes it and purges its tags); readers fetch its detail and a list of it through Varnish
 *   until a few seconds after, and every answer to a request sent after `valid_until` must lack it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config/env';
import { importSnapshot } from '../../src/import';
import { createIndexQueue, enqueueSync } from '../../src/jobs/index-queue';
import { percentile, renameableProducts, type FreshStack } from '../api/freshness';
import { mediaDetailIds } from '../api/catalog';
import { seededRandom } from '../api/unique';
import type { StalenessCounts, StalenessResult, ValidUntilResult } from './types';

/** `X-Varnish` holds the request's id, and on a hit also the id of the request that stored the object. */
const isHit = (res: Response) => (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

/** What one group of readers got: answers, hits, failures, and how far behind each late answer was (ms). */
interface Tally {
  answers: number;
  hits: number;
  failed: number;
  lags: number[];
}

const tallyOf = (): Tally => ({ answers: 0, hits: 0, failed: 0, lags: [] });

/** A tally as reported: the late answers' count, those over 1 s, and their lag's p50, p99 and max. */
function summary(t: Tally): StalenessCounts {
  return {
    answers: t.answers,
    hits: t.hits,
    failed: t.failed,
    behind: t.lags.length,
    behindOver1s: t.lags.filter((ms) => ms > 1000).length,
    lagP50Ms: t.lags.length ? percentile(t.lags, 50) : 0,
    lagP99Ms: t.lags.length ? percentile(t.lags, 99) : 0,
    lagMaxMs: Math.max(0, ...t.lags),
  };
}

/** The German names of a detail (`{ data }`) or list (`{ data: [] }`) answer. */
function namesOf(body: unknown): string[] {
  const data = (body as { data?: unknown }).data;
  const items = (Array.isArray(data) ? data : [data]) as ({ names?: { de?: string } } | undefined)[];
  return items.map((item) => item?.names?.de ?? '');
}

/**
 * Measures staleness under imports (see the file comment): `products` products, `readers` concurrent
 * readers, imports back to back (a seeded pause of 0-0.5 s between them) for `seconds`.
 */
export async function measureStaleness(
  stack: FreshStack,
  options: { seconds: number; products?: number; readers?: number; log: (m: string) => void },
): Promise<StalenessResult> {
  const chosen = renameableProducts(stack.lines, options.products ?? 5);
  const readers = options.readers ?? 8;
  const marker = ` Stand ${process.pid}-`;
  const ids = chosen.map((c) => `ids[]=${c.product.id}`).join('&');
  const paths = [
    ...chosen.map((c) => `/api/v1/products/${c.product.slug}`),
    `/api/v1/products?${ids}&per_page=${chosen.length}`,
  ];
  /** performance.now() of each version's COMMIT; version 0 is the catalog as imported. */
  const committedAt: number[] = [-Infinity];
  const versionOf = (name: string) => {
    const at = name.lastIndexOf(marker);
    return at < 0 ? 0 : Number(name.slice(at + marker.length));
  };
  const edge = tallyOf();
  const control = tallyOf();
  let reading = true;

  const read = async (origin: string, tally: Tally, first: number) => {
    for (let i = first; reading; i++) {
      const p = paths[i % paths.length]!;
      try {
        const res = await fetch(`${origin}${p}`, { signal: AbortSignal.timeout(5000) });
        const text = await res.text();
        const arrived = performance.now();
        const names = res.status === 200 ? namesOf(JSON.parse(text)) : [];
        if (names.length !== (p.includes('?') ? chosen.length : 1)) {
          tally.failed += 1;
          continue;
        }
        tally.answers += 1;
        if (isHit(res)) tally.hits += 1;
        const shown = Math.min(...names.map(versionOf));
        // The first version newer than the one shown that had committed before the answer arrived.
        const newer = committedAt[shown + 1];
        if (newer !== undefined && newer < arrived) tally.lags.push(arrived - newer);
      } catch {
        tally.failed += 1;
      }
    }
  };

  const queue = createIndexQueue(loadConfig(stack.env));
  queue.on('error', () => undefined); // a failed enqueue throws below
  // The control reads the API itself, one client: how far behind the answers are without Varnish.
  const readersDone = [
    ...Array.from({ length: readers }, (_, r) => read(stack.origin, edge, r)),
    read(stack.api.origin, control, 0),
  ];
  const random = seededRandom(15);
  const started = performance.now();
  try {
    while (performance.now() - started < options.seconds * 1000) {
      const version = committedAt.length;
      for (const { index, product } of chosen) {
        const name = `${product.names.de}${marker}${version}`;
        stack.lines[index] = JSON.stringify({ ...product, names: { ...product.names, de: name } });
      }
      await writeFile(path.join(stack.work, 'products.ndjson'), stack.lines.join('\n'));
      let at = 0;
      const summary = await importSnapshot(stack.db, stack.work, {
        mode: 'full',
        mediaRoot: stack.mediaRoot,
        onProgress: (message) => {
          if (message.startsWith('committed')) at = performance.now();
        },
      });
      if (!at || summary.changes === 0) throw new Error(`staleness: import ${version} changed nothing`);
      committedAt.push(at);
      await enqueueSync(queue);
      await sleep(Math.round(random() * 500));
    }
    // The last import's changes reach the readers too before they stop.
    await sleep(1500);
  } finally {
    reading = false;
    await Promise.all(readersDone);
    await queue.close().catch(() => undefined);
    for (const { index, product } of chosen) stack.lines[index] = JSON.stringify(product);
  }
  const [through, alone] = [summary(edge), summary(control)];
  options.log(
    `  staleness: ${committedAt.length - 1} imports; through Varnish ${through.answers} answers ` +
      `(${through.hits} hits), ${through.behind} behind, ${through.behindOver1s} over 1 s, max ` +
      `${Math.round(through.lagMaxMs)} ms; the API alone ${alone.answers} answers, ${alone.behind} behind, ` +
      `${alone.behindOver1s} over 1 s, max ${Math.round(alone.lagMaxMs)} ms`,
  );
  return {
    products: chosen.length,
    paths: paths.length,
    readers,
    seconds: (performance.now() - started) / 1000,
    imports: committedAt.length - 1,
    ...through,
    apiAlone: alone,
  };
}

/**
 * Measures `valid_until` (see the file comment): the medium expires `aheadSec` after it is set, readers
 * (`readers`, concurrent) go on until `afterSec` past it. Requests are judged by when they were sent: an
 * answer in flight at the instant was right when it was asked for.
 */
export async function measureValidUntil(
  stack: FreshStack,
  options: { aheadSec?: number; afterSec?: number; readers?: number; log: (m: string) => void },
): Promise<ValidUntilResult> {
  const [aheadSec, afterSec, readers] = [options.aheadSec ?? 5, options.afterSec ?? 3, options.readers ?? 4];
  // The last public image: no earlier measurement read it, so no cache holds it yet.
  const ids = await mediaDetailIds(stack.db, 1000);
  const medium = ids.filter((id) => id !== ids[0]).at(-1) ?? ids[0]!;
  const paths = [`/api/v1/media/${medium}`, `/api/v1/media?ids[]=${medium}`];
  const validUntil = Date.now() + aheadSec * 1000;
  await stack
    .db('media')
    .where({ id: medium })
    .update({ valid_until: new Date(validUntil) });
  // As an import would: the worker reindexes the medium (its valid_until_ts) and purges its tags.
  await stack.db('index_outbox').insert({ entity: 'media', entity_id: String(medium), action: 'upsert' });
  const queue = createIndexQueue(loadConfig(stack.env));
  queue.on('error', () => undefined);
  try {
    await enqueueSync(queue);
  } finally {
    await queue.close().catch(() => undefined);
  }
  const end = validUntil + afterSec * 1000;
  const result = { before: 0, after: 0, gone: 0, failed: 0, lastAfterMs: 0 };
  const read = async (first: number) => {
    for (let i = first; Date.now() < end; i++) {
      const p = paths[i % paths.length]!;
      const sent = Date.now();
      try {
        const res = await fetch(`${stack.origin}${p}`, { signal: AbortSignal.timeout(5000) });
        const text = await res.text();
        const arrived = Date.now();
        const data = res.status === 200 ? (JSON.parse(text) as { data?: unknown }).data : undefined;
        const carries = [data ?? []].flat().some((m) => (m as { id?: number }).id === medium);
        if (sent < validUntil) {
          if (carries) result.before += 1;
        } else if (carries) {
          result.after += 1;
          result.lastAfterMs = Math.max(result.lastAfterMs, arrived - validUntil);
        } else if (res.status === 404 || res.status === 200) result.gone += 1;
        else result.failed += 1;
      } catch {
        if (sent >= validUntil) result.failed += 1;
      }
      await sleep(5);
    }
  };
  await Promise.all(Array.from({ length: readers }, (_, r) => read(r)));
  options.log(
    `  valid_until: medium ${medium}, ${result.before} answers with it before, ${result.after} after ` +
      `(${result.gone} without it, ${result.failed} failed)`,
  );
  return { medium, paths, ...result };
}
