/**
 * What the request limiter adds to every counted request (src/http/rate-limit.ts): one `consume` of
 * rate-limiter-flexible on the configured Redis (REDIS_URL), measured alone so that the figure is not lost
 * in the noise of a whole API request. `benchRateLimit()` returns the latency of sequential consumes
 * (microseconds, over `requests` calls on 200 client keys) and the throughput with 16 in flight
 * (consumes/s over `seconds`). Keys live under a prefix of their own and are deleted afterwards.
 */
import { randomBytes } from 'node:crypto';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import pino from 'pino';
import { getConfig } from '../config/env';
import { createLimiterRedis } from '../src/http/rate-limit';
import { dropRedisKeys } from '../tools/support/redis';

export interface RateLimitBenchResult {
  requests: number;
  p50Us: number;
  p99Us: number;
  inFlight: number;
  perSecond: number;
}

/** Measures the limiter's Redis round trip; throws when Redis is not reachable within 5 s. */
export async function benchRateLimit(requests = 10_000, seconds = 5): Promise<RateLimitBenchResult> {
  const config = getConfig();
  const redis = createLimiterRedis(config, pino({ level: 'silent' }));
  const prefix = `bench_${randomBytes(4).toString('hex')}:rate-limit`;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Redis not reachable')), 5000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // The API's settings: a limit never reached here, one-minute windows, fail fast when not ready.
    const limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: prefix,
      points: 1e9,
      duration: 60,
      rejectIfRedisNotReady: true,
    });
    for (let i = 0; i < 1000; i++) await limiter.consume(`warm-${i % 200}`);
    const micros: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = process.hrtime.bigint();
      await limiter.consume(`203.0.113.${i % 200}`);
      micros.push(Number(process.hrtime.bigint() - start) / 1000);
    }
    micros.sort((a, b) => a - b);
    const at = (q: number) => Math.round(micros[Math.floor(q * (micros.length - 1))]!);

    const inFlight = 16;
    const until = Date.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async (_, c) => {
        while (Date.now() < until) {
          await limiter.consume(`client-${c}`);
          done++;
        }
      }),
    );
    return { requests, p50Us: at(0.5), p99Us: at(0.99), inFlight, perSecond: Math.round(done / seconds) };
  } finally {
    redis.disconnect();
    await dropRedisKeys(config.redisUrl, prefix);
  }
}

/** The result as a Markdown table for BENCHMARKS.md. */
export function rateLimitTable(r: RateLimitBenchResult): string {
  return [
    '| consumes | p50 | p99 | in flight | consumes/s |',
    '|---:|---:|---:|---:|---:|',
    `| ${r.requests} sequential | ${r.p50Us} µs | ${r.p99Us} µs | ${r.inFlight} | ${r.perSecond.toLocaleString('en-US')} |`,
  ].join('\n');
}
