/**
 * Grace: Varnish keeps answering the pages it holds while the API is down. An API child of its own whose
 * answers live `ttlSec` (EDGE_MAX_AGE) behind a Varnish of its own: the pages are read once through it,
 * the TTL passes, the API child is stopped, and then the pages are read again and again for `seconds`.
 * The shipped VCL serves a stale object up to 10 s while the /up probe still calls the API healthy (it
 * takes two failed probes of three, 2 s apart, to call it sick) and up to `beresp.grace` (1 hour) after, so
 * a read of more than about 12 s covers both rules.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../tools/dev/free-port';
import { startVarnish } from '../../tools/dev/varnish';
import { startApi } from '../api/services';
import type { GraceResult } from './types';

/**
 * Measures grace (see the file comment) with an API child made from `env` (the bench's API environment)
 * on pages `paths` (public, never searches: those are passed); `uncached` is a page never read before the
 * stop. Stops what it started; throws when a page does not answer 200 before the stop.
 */
export async function measureGrace(options: {
  env: Record<string, string>;
  paths: string[];
  uncached: string;
  seconds: number;
  ttlSec?: number;
  log: (m: string) => void;
}): Promise<GraceResult> {
  const ttlSec = options.ttlSec ?? 1;
  const port = await freePort();
  const api = await startApi(
    {
      ...options.env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      EDGE_MAX_AGE: String(ttlSec),
    },
    port,
  );
  const varnish = await startVarnish(api.origin).catch(async (error: unknown) => {
    await api.server.stop();
    throw error;
  });
  try {
    const filled = new Map<string, string>();
    for (const path of options.paths) {
      const res = await fetch(`${varnish.origin}${path}`);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`grace: ${path} answered ${res.status} through Varnish`);
      filled.set(path, body);
    }
    await sleep(ttlSec * 1000 + 500); // every page now past its s-maxage
    await api.server.stop();
    options.log(`  grace: the API child stopped; reading ${filled.size} pages for ${options.seconds} s...`);
    const failed: Record<string, number> = {};
    let [answers, ok, maxAgeSec] = [0, 0, 0];
    const started = performance.now();
    while (performance.now() - started < options.seconds * 1000) {
      for (const [path, body] of filled) {
        answers += 1;
        try {
          const res = await fetch(`${varnish.origin}${path}`, { signal: AbortSignal.timeout(5000) });
          const text = await res.text();
          if (res.status === 200 && text === body) ok += 1;
          else failed[String(res.status)] = (failed[String(res.status)] ?? 0) + 1;
          maxAgeSec = Math.max(maxAgeSec, Number(res.headers.get('age') ?? 0));
        } catch {
          failed['0'] = (failed['0'] ?? 0) + 1;
        }
      }
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    const uncached = await fetch(`${varnish.origin}${options.uncached}`);
    await uncached.arrayBuffer();
    return {
      pages: filled.size,
      ttlSec,
      seconds,
      answers,
      ok,
      failed,
      maxAgeSec,
      uncachedStatus: uncached.status,
    };
  } finally {
    await varnish.stop();
    await api.server.stop();
  }
}
