/**
 * Request limits (spec "Limits"; laravel-wire-conventions "Rate-limit headers"), counted in Redis with
 * rate-limiter-flexible so every API replica shares them:
 * - a request with a valid token counts against that token: `API_RATE_LIMIT_TOKEN` per minute;
 * - any other request (no token, or one that fails a check) against the client IP: `API_RATE_LIMIT_GUEST`;
 * - clients in `API_UNLIMITED_NETWORKS` (the IP as Express sees it under `TRUST_PROXY`) are not counted
 *   and get no rate-limit headers.
 *
 * Counted responses carry `X-RateLimit-Limit` and `X-RateLimit-Remaining` (after this request). Over the
 * limit: 429 `too_many_requests` with both (remaining 0), `Retry-After` (seconds) and `X-RateLimit-Reset`
 * (Unix seconds), as Laravel's throttle sends them. Windows are fixed: one minute from a key's first request.
 *
 * When Redis is unreachable the limits fail open: the request goes on without headers, and a warning is
 * logged at most once a minute. ioredis reconnects by itself, and counting resumes with it.
 */
import type { RequestHandler } from 'express';
import Redis from 'ioredis';
import type { Knex } from 'knex';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env';
import type { Logger } from '../logger';
import { tokenOf } from './auth';
import { ApiError } from './errors';
import { networkMatcher } from './networks';

const WINDOW_SECONDS = 60;

/**
 * The API's Redis connection for counters: commands fail at once while disconnected (no offline queue)
 * and time out after 500 ms, so a Redis outage never holds a request. ioredis keeps reconnecting; its
 * connection errors are logged at debug level only (the limiter's own warning says it once a minute).
 */
export function createLimiterRedis(config: Pick<AppConfig, 'redisUrl'>, logger: Logger): Redis {
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectionName: 'api-rate-limit',
  });
  redis.on('error', (error) => logger.debug({ err: error }, 'rate-limit Redis connection error'));
  return redis;
}

export interface RateLimitDeps {
  config: Pick<AppConfig, 'rateLimitToken' | 'rateLimitGuest' | 'unlimitedNetworks' | 'redisPrefix'>;
  db: Knex;
  redis: Redis;
  /** called when Redis fails a count (already throttled by the caller, see `throttledWarning`) */
  onRedisError: (error: unknown) => void;
}

/** Middleware enforcing the limits above; mount it before the routes. */
export function rateLimit(deps: RateLimitDeps): RequestHandler {
  const { config } = deps;
  const unlimited = networkMatcher(config.unlimitedNetworks);
  const limiter = (name: string, points: number) =>
    new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `${config.redisPrefix}:rate-limit:${name}`,
      points,
      duration: WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
    });
  const perToken = limiter('token', config.rateLimitToken);
  const perGuest = limiter('guest', config.rateLimitGuest);

  return async (req, res, next) => {
    // OPTIONS is answered by the router without middleware in Laravel: never counted.
    if (req.method === 'OPTIONS') return next();
    const ip = req.ip ?? '';
    if (unlimited(ip)) return next();
    // Postgres unreachable: the request is counted per IP instead of failing; a route that needs the token
    // answers 503 from its own check of the same lookup, a public list from Meilisearch still answers.
    const token = await tokenOf(req, deps.db).catch(() => undefined);
    const [counter, key] = token ? [perToken, String(token.id)] : [perGuest, ip];
    let result: RateLimiterRes;
    try {
      result = await counter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        deps.onRedisError(rejection); // fail open
        return next();
      }
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError(429, {
        code: 'too_many_requests',
        headers: {
          'X-RateLimit-Limit': String(counter.points),
          'X-RateLimit-Remaining': '0',
          'Retry-After': String(seconds),
          'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + seconds),
        },
      });
    }
    res.set('X-RateLimit-Limit', String(counter.points));
    res.set('X-RateLimit-Remaining', String(result.remainingPoints));
    next();
  };
}
