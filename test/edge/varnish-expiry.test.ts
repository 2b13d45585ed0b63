/**
 * A medium's `valid_until` on the real Varnish (deploy/varnish/default.vcl): the answers showing it are
 * cached no longer than until that instant, so the first read after it gets what the API answers for an
 * expired medium (404 for its detail, lists and products without it) without any PURGE; a medium without
 * `valid_until` stays cached over the same seconds. Varnish's grace (serving an answer stale while it fetches
 * a new one) is what would outlive it: the API bounds it with `stale-while-revalidate`.
 */
import { syncOutbox } from '../../indexer/jobs/sync';
import { startStack, type Stack } from '../support/stack';
import { startVarnish, type TestVarnish } from '../support/varnish';

// Both public images of the sample; 5001 is shown by the product rp-125-f and the first media page.
const MEDIUM = 5001;
const PATHS = [`/media/${MEDIUM}`, '/media?per_page=50', '/products/rp-125-f'];

// Varnish counts an answer's TTL from when it received it, a few ms after the API floored its s-maxage
// to whole seconds, and checks it on its own clock: answers are compared with valid_until ± 1 s.
const TOLERANCE_MS = 1000;

let stack: Stack;
let varnish: TestVarnish;

beforeAll(async () => {
  // Answers live 300 s in Varnish unless their body expires earlier.
  stack = await startStack({
    env: { EDGE_MAX_AGE: '300', API_CACHE_MAX_AGE: '300', TRUST_PROXY: 'loopback' },
  });
  await syncOutbox(stack.indexer); // the import's rows, which the stack's reindex left in the outbox
  varnish = await startVarnish(stack.api.origin);
});
afterAll(async () => {
  await varnish?.stop();
  await stack?.stop();
});

interface EdgeAnswer {
  path: string;
  /** ms since epoch when the request was sent */
  sentAt: number;
  status: number;
  /** Varnish answered from its cache (X-Varnish holds the id of the request that stored the object too) */
  hit: boolean;
  /** the body shows MEDIUM */
  shows: boolean;
  /** the `s-maxage` of the answer, undefined without one */
  sMaxAge: number | undefined;
  /** its `stale-while-revalidate` (Varnish's grace), undefined without one */
  stale: number | undefined;
}

/** GET `path` of /api/v1 through Varnish. */
async function get(path: string): Promise<EdgeAnswer> {
  const sentAt = Date.now();
  const res = await fetch(`${varnish.origin}/api/v1${path}`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  const body = await res.text();
  const directive = (name: string) => {
    const value = new RegExp(`${name}=(\\d+)`).exec(res.headers.get('cache-control') ?? '')?.[1];
    return value === undefined ? undefined : Number(value);
  };
  return {
    path,
    sentAt,
    status: res.status,
    hit: (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2,
    // ids of products (1xxx) and articles (2xxx) never read as a medium's
    shows: new RegExp(`"id":${MEDIUM}[,}]`).test(body),
    sMaxAge: directive('s-maxage'),
    stale: directive('stale-while-revalidate'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads each of `paths` twice through Varnish: a MISS showing the medium, then a HIT showing it. */
async function cacheAll(paths: readonly string[]): Promise<EdgeAnswer[]> {
  const firsts: EdgeAnswer[] = [];
  for (const path of paths) {
    const first = await get(path);
    expect([path, first.status, first.hit, first.shows]).toEqual([path, 200, false, true]);
    const second = await get(path);
    expect([path, second.status, second.hit, second.shows]).toEqual([path, 200, true, true]);
    firsts.push(first);
  }
  return firsts;
}

it('keeps the answers showing a medium without valid_until as HITs over the seconds', async () => {
  const firsts = await cacheAll(PATHS);
  expect(firsts.map((a) => a.sMaxAge)).toEqual(PATHS.map(() => 300));
  const until = Date.now() + 4000 + TOLERANCE_MS;
  while (Date.now() < until) {
    for (const path of PATHS) {
      const answer = await get(path);
      expect([path, answer.status, answer.hit, answer.shows]).toEqual([path, 200, true, true]);
    }
    await sleep(250);
  }
  // the next test starts from an empty cache
  expect((await varnish.purge(`medium-${MEDIUM}`)).status).toBe(200);
});

it('stops serving a medium at its valid_until without a purge', async () => {
  const validUntil = Date.now() + 6000;
  await stack.database
    .db('media')
    .where('id', MEDIUM)
    .update({ valid_until: new Date(validUntil) });
  // The worker's sync of the one medium (Meilisearch and the API's caches); nothing purges Varnish here.
  await stack.database
    .db('index_outbox')
    .insert({ entity: 'media', entity_id: String(MEDIUM), action: 'upsert' });
  await syncOutbox(stack.indexer);
  // ms of life left: a whole second of s-maxage after the reads below, or this machine is too busy
  expect(validUntil - Date.now()).toBeGreaterThan(2000);

  // the media page of the first test was purged by the tag medium-5001, like the other two
  const firsts = await cacheAll(PATHS);
  for (const first of firsts) {
    // neither the cached life nor the stale one after it (grace) reaches past valid_until
    const life = first.sMaxAge! + first.stale!;
    expect([first.path, life <= (validUntil - first.sentAt) / 1000]).toEqual([first.path, true]);
    expect(first.sMaxAge).toBeGreaterThan(0);
  }

  // The product page is read all along; the detail and the list are left alone until after valid_until,
  // as for a first visitor then (any read between their TTL's end and valid_until would refresh them).
  const [detail, list, product] = PATHS as [string, string, string];
  const answers: EdgeAnswer[] = [];
  while (Date.now() < validUntil + TOLERANCE_MS) {
    answers.push(await get(product));
    await sleep(200);
  }
  for (let round = 0; round < 3; round += 1) {
    for (const path of PATHS) answers.push(await get(path));
    await sleep(200);
  }

  const after = answers.filter((a) => a.sentAt >= validUntil + TOLERANCE_MS);
  expect(after.filter((a) => a.shows)).toEqual([]);
  expect(after.map((a) => [a.path, a.status])).toEqual(
    after.map((a) => [a.path, a.path === detail ? 404 : 200]),
  );
  // the first reads of the quiet detail and list after valid_until reached the API
  expect(after.find((a) => a.path === detail)?.hit).toBe(false);
  expect(after.find((a) => a.path === list)?.hit).toBe(false);
  // answers sent well before valid_until still showed it
  const before = answers.filter((a) => a.sentAt < validUntil - TOLERANCE_MS);
  expect(before.length).toBeGreaterThan(0);
  expect(before.every((a) => a.status === 200 && a.shows)).toBe(true);
});
