/**
 * Who a client is and how much it may do (spec "Limits"; laravel-wire-conventions "Rate-limit headers").
 *
 * The client is its address as Express sees it under `TRUST_PROXY` (`req.ip`). `networkMatcher` matches an
 * address against IP ranges (`API_UNLIMITED_NETWORKS`) with Node's BlockList, an IPv4-mapped IPv6 address
 * (`::ffff:10.1.2.3`, what a dual-stack socket reports for an IPv4 client) as the IPv4 address it carries;
 * `clientBucket` is the address a client is counted by, here and in the search log's cap.
 *
 * The request limits are counted in Redis with rate-limiter-flexible so every API replica shares them:
 * - a request with a valid token counts against that token: `API_RATE_LIMIT_TOKEN` per minute;
 * - any other request (no token, or one that fails a check) against the client address: `API_RATE_LIMIT_GUEST`,
 *   an IPv6 client counted by its /64 (`clientBucket`);
 * - clients in `API_UNLIMITED_NETWORKS` (the IP as Express sees it under `TRUST_PROXY`) are not counted
 *   and get no rate-limit headers, unless the request came through a proxy the API does not trust (see
 *   `untrustedForwarder`): then the address Express sees is that proxy's, not an own server's, and the
 *   request is counted as a guest by it. The first such request of an internal proxy logs a warning.
 *
 * Counted responses carry `X-RateLimit-Limit` and `X-RateLimit-Remaining` (after this request). Over the
 * limit: 429 `too_many_requests` with both (remaining 0), `Retry-After` (seconds) and `X-RateLimit-Reset`
 * (Unix seconds), as Laravel's throttle sends them. Windows are fixed: one minute from a key's first request.
 *
 * When Redis is unreachable the limits fail open: the request goes on without headers, and a warning is
 * logged at most once a minute. ioredis reconnects by itself, and counting resumes with it.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import Redis from 'ioredis';
import type { Knex } from 'knex';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env';
import type { Logger } from '../logger';
import { tokenOf } from './auth';
import { ApiError } from './errors';

/** A predicate: is `ip` inside one of `ranges` (CIDRs or bare addresses, validated by config/env.ts)? */
export function networkMatcher(ranges: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1]! : ip;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    if (isIPv6(address)) return list.check(address, 'ipv6');
    return false;
  };
}

/**
 * Is `ip` an address no public client has: private (RFC 1918, unique-local `fc00::/7`), shared
 * (`100.64.0.0/10`, carrier-grade NAT), loopback or link-local? Where a proxy of one's own would live.
 */
export const internalAddress = networkMatcher([
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1',
  'fc00::/7',
  'fe80::/10',
]);

/**
 * The address a client is counted by (rate limits, the search log's per-IP cap and client key): an IPv4
 * address as it is (also when IPv4-mapped), an IPv6 address as its /64 network (`2001:db8:1:2::/64`),
 * since one subscriber gets a whole /64 and could otherwise take 2^64 limits. Anything else ('' when the
 * socket is gone) is returned unchanged. Linear in the address's length.
 */
export function clientBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const zone = ip.indexOf('%');
  const groups = expandIPv6(zone === -1 ? ip : ip.slice(0, zone));
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (`::1.2.3.4`) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16).toString(16));
}

const WINDOW_SECONDS = 60;
/** Distinct untrusted-proxy warnings per process: enough for a balancer's nodes, bounded for any traffic. */
const MAX_WARNINGS = 16;

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

/** A proxy that forwarded a request in a way Express does not believe (see `untrustedForwarder`). */
export interface UntrustedForwarder {
  /** the proxy's address: what Express takes for the client (`req.ip`) */
  address: string;
  /** the header that says it forwarded someone else's request */
  header: 'X-Forwarded-For' | 'Forwarded' | 'X-Real-IP';
}

/**
 * The proxy through which `req` reached the API without the API knowing its client, or undefined when
 * `req.ip` is a client's own address (no forwarding header, or only trusted hops in front of it):
 * - `X-Forwarded-For` walked from the socket as Express walks it under `trust proxy` (proxy-addr): the
 *   first hop `TRUST_PROXY` does not trust, if it still has forwarded addresses beyond it;
 * - otherwise `Forwarded` or `X-Real-IP`, which Express never reads: the socket peer, trusted or not.
 * Linear in the header's length; stops at the first untrusted hop.
 */
export function untrustedForwarder(req: Request): UntrustedForwarder | undefined {
  const trust = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const peer = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  if (header !== undefined) {
    const forwarded = (Array.isArray(header) ? header.join(',') : header)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (forwarded.length > 0) {
      const chain = [peer, ...forwarded.reverse()];
      for (let hop = 0; hop < chain.length - 1; hop++) {
        if (!trust(chain[hop]!, hop)) return { address: chain[hop]!, header: 'X-Forwarded-For' };
      }
      return undefined;
    }
  }
  if (req.headers.forwarded !== undefined) return { address: peer, header: 'Forwarded' };
  if (req.headers['x-real-ip'] !== undefined) return { address: peer, header: 'X-Real-IP' };
  return undefined;
}

/**
 * Warns once per proxy address and header (at most `MAX_WARNINGS` of them in a process) that the clients
 * behind a proxy share its limit. Only proxies at internal addresses (private, loopback, link-local or in
 * `unlimited`) are named: a public peer sending `X-Forwarded-For` is an ordinary client or someone else's
 * proxy, and advice to trust it would let it choose any client address.
 */
function untrustedProxyWarning(
  logger: Logger,
  unlimited: (ip: string) => boolean,
): (forwarder: UntrustedForwarder) => void {
  const warned = new Set<string>();
  return ({ address, header }) => {
    const key = `${header} ${address}`;
    if (warned.has(key) || warned.size >= MAX_WARNINGS) return;
    if (!internalAddress(address) && !unlimited(address)) return;
    warned.add(key);
    logger.warn(
      { peer: address, header },
      header === 'X-Forwarded-For'
        ? `requests carry X-Forwarded-For from ${address} which TRUST_PROXY does not trust: every client behind it shares one limit; set TRUST_PROXY`
        : `requests from ${address} carry ${header} but no X-Forwarded-For, the only one the API reads: every client behind it shares one limit; let the proxy send X-Forwarded-For and set TRUST_PROXY`,
    );
  };
}

/** How many addresses `remembered` keeps the answer for before it starts afresh. */
const REMEMBERED_ADDRESSES = 1024;

/**
 * `matches` with its answers kept for the last addresses asked (at most `REMEMBERED_ADDRESSES`, then
 * forgotten at once): a client sends many requests, and its address is checked against the ranges once.
 */
function remembered(matches: (ip: string) => boolean): (ip: string) => boolean {
  const known = new Map<string, boolean>();
  return (ip) => {
    let answer = known.get(ip);
    if (answer === undefined) {
      if (known.size >= REMEMBERED_ADDRESSES) known.clear();
      answer = matches(ip);
      known.set(ip, answer);
    }
    return answer;
  };
}

export interface RateLimitDeps {
  config: Pick<AppConfig, 'rateLimitToken' | 'rateLimitGuest' | 'unlimitedNetworks' | 'redisPrefix'>;
  db: Knex;
  redis: Redis;
  logger: Logger;
  /** called when Redis fails a count (already throttled by the caller, see `throttledWarning`) */
  onRedisError: (error: unknown) => void;
}

/**
 * The limits as middleware; `before(handler)` is the limits and then `handler` in one middleware (one
 * Express layer less on every request of the routes it guards).
 */
export type RateLimit = RequestHandler & { before: (handler: RequestHandler) => RequestHandler };

/** Middleware enforcing the limits above; mount it before the routes. */
export function rateLimit(deps: RateLimitDeps): RateLimit {
  const { config } = deps;
  const unlimited = remembered(networkMatcher(config.unlimitedNetworks));
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
  const warnUntrustedProxy = untrustedProxyWarning(deps.logger, unlimited);

  // The counted path (a token lookup, a Redis round trip), then `then` or `next`.
  const counted = async (
    req: Request,
    res: Response,
    next: NextFunction,
    ip: string,
    then: RequestHandler | undefined,
  ): Promise<unknown> => {
    // Postgres unreachable: the request is counted per IP instead of failing; a route that needs the token
    // answers 503 from its own check of the same lookup, a public list from Meilisearch still answers.
    const token = await tokenOf(req, deps.db).catch(() => undefined);
    const [counter, key] = token ? [perToken, String(token.id)] : [perGuest, clientBucket(ip)];
    let result: RateLimiterRes;
    try {
      result = await counter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        deps.onRedisError(rejection); // fail open
        return then ? then(req, res, next) : next();
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
    return then ? then(req, res, next) : next();
  };
  // Synchronous for the requests that are not counted (no promise, no extra tick).
  const limited =
    (then?: RequestHandler): RequestHandler =>
    (req, res, next) => {
      // OPTIONS is answered by the router without middleware in Laravel: never counted.
      if (req.method === 'OPTIONS') return then ? then(req, res, next) : next();
      // Without `X-Forwarded-For` Express's `req.ip` is the socket's peer whatever `trust proxy` says:
      // read it directly, without proxy-addr's walk over the (absent) header.
      const ip = (req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : req.ip) ?? '';
      const forwarder = untrustedForwarder(req);
      if (forwarder) warnUntrustedProxy(forwarder);
      // Behind an untrusted proxy `ip` is the proxy's address, whoever the client is: never an own server.
      if (!forwarder && unlimited(ip)) return then ? then(req, res, next) : next();
      return counted(req, res, next, ip, then);
    };
  return Object.assign(limited(), { before: (handler: RequestHandler) => limited(handler) });
}
