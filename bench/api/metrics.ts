/**
 * What the API child's `/metrics` (prom-client, bearer token with ability `*`) tells the benchmark: the
 * requests it answered under `/api/v1` and the Meilisearch calls it made. Their ratio during a case says
 * how many answers the result cache gave without Meilisearch; the cache's own counters
 * (`api_result_cache_requests_total` by result) give its hit rate.
 */
import type { Knex } from 'knex';
import { createToken } from '../../src/tokens/tokens';
import type { ApiCounters, ApiMemory } from './types';

/**
 * A token with ability `*` for the first user of the benchmark database, to read /metrics; `revoke`
 * deletes it. Throws when the database has no user.
 */
export async function metricsToken(db: Knex): Promise<{ plain: string; revoke: () => Promise<void> }> {
  const user = (await db('users').first('email').orderBy('id')) as { email: string } | undefined;
  if (!user) throw new Error('the benchmark database has no user to hold a /metrics token');
  const token = await createToken(db, { email: user.email, abilities: ['*'], name: 'bench /metrics' });
  return {
    plain: token.plain,
    revoke: async () => {
      await db('personal_access_tokens').where({ id: token.id }).delete();
    },
  };
}

/** The counters of the API at `origin` now, read from its /metrics with `token`. Throws on a non-200. */
export async function apiCounters(origin: string, token: string): Promise<ApiCounters> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  const counters: ApiCounters = { requests: 0, meili: 0, cacheHits: 0, cacheMisses: 0, cacheBypassed: 0 };
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const [, name, labels, value] = m;
    const n = Number(value);
    if (name === 'http_requests_total' && /route="\/api\/v1[/"]/.test(labels!)) counters.requests += n;
    if (name === 'meilisearch_request_duration_seconds_count') counters.meili += n;
    // The result cache's own counters (src/ops/metrics.ts), when the API exports them.
    if (name === 'api_result_cache_requests_total') {
      if (labels!.includes('result="hit"')) counters.cacheHits += n;
      if (labels!.includes('result="miss"')) counters.cacheMisses += n;
      if (labels!.includes('result="bypassed"')) counters.cacheBypassed += n;
    }
  }
  return counters;
}

/**
 * Memory of the API at `origin` now, in MB, from prom-client's process metrics on its /metrics: resident
 * set, V8 heap used and total, external memory (buffers). Throws on a non-200.
 */
export async function apiMemoryMb(origin: string, token: string): Promise<ApiMemory> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  const value = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    return m ? Math.round(Number(m[1]) / 2 ** 20) : NaN;
  };
  return {
    rss: value('process_resident_memory_bytes'),
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}
