/**
 * Health endpoints for load balancers and orchestrators (docs/operations.md):
 * - `GET /up`: the process is alive and its event loop answers. No dependency is asked, so a Postgres or
 *   Meilisearch outage never makes an orchestrator restart healthy API processes (as Laravel's `/up`).
 * - `GET /ready`: Postgres, Redis and Meilisearch answer within a short timeout each and every live index
 *   exists. 200 `{ status: 'ok', checks }`; otherwise 503 `{ status: 'unavailable', failed, checks }` where
 *   `failed` names the checks that failed and `checks.<name>` says why (schemas: schema.ts). An index
 *   outbox whose oldest pending row is older than OUTBOX_STALE_SECONDS adds `warnings: ['outbox']` and
 *   `checks.outbox: 'stale: ...'` without making the API unready (it still answers, with older data).
 *   Why a check failed (error texts name roles, hosts and ports) is shown only with `APP_ENV=local` or
 *   to a token with `*` or `ops:queues:write`; anyone else reads `ok`, `failing`, `stale` or `not checked`
 *   per check, and the failures are logged (at most once a minute) for the operators.
 *
 * Both are mounted outside `/api` (no request log) and counted by the request limits (src/ops/index.ts).
 * Any method but GET, HEAD and OPTIONS is 405 with `Allow`, as on the API.
 */
import { causeChain } from '../causes';
import { Router, type Request } from 'express';
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../../config/env';
import { abilitiesOf, canAny, tokenOf } from '../http/auth';
import { RETRY_AFTER_S } from '../http/errors';
import { get, type Handler } from '../http/router';
import { throttledWarning, type Logger } from '../logger';
import { INDEX_NAMES, indexUid } from '../search/indexes';
import { apiSearchKey } from '../search/keys';
import { OPS_READ } from '../tokens/tokens';
import { outboxBacklog } from './metrics';
import type { NotReadyBody, ReadyBody, ReadyCheck, ReadyChecks, UpBody } from './schema';

/** Milliseconds each readiness check may take before it counts as failed. */
export const READY_TIMEOUT_MS = 1000;

export type { ReadyCheck };

export interface HealthDeps {
  config: Pick<
    AppConfig,
    'meiliUrl' | 'meiliMasterKey' | 'meiliSearchKey' | 'meiliIndexPrefix' | 'outboxStaleSeconds' | 'appEnv'
  >;
  db: Knex;
  /** the rate limiter's connection: no offline queue, so a Redis outage fails the ping at once */
  redis: Redis;
  /** where the reasons of failed checks go (anonymous callers no longer see them) */
  logger?: Logger;
}

/** `GET /up`: 200 `{ status: 'up' }` while the process runs; asks no dependency. */
export const up: Handler = (_req, res) => {
  res.set('Cache-Control', 'no-store').json({ status: 'up' } satisfies UpBody);
};

/** Resolves with `promise`, or rejects after `ms` milliseconds. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A short reason for a failed check: the first error code in the cause chain and the messages, never a
 * stack or a secret. (Duck-typed: errors from Node's fetch are not `instanceof Error` in every realm.)
 */
function reasonOf(error: unknown): string {
  const messages: string[] = [];
  let code: string | undefined;
  for (const { message, code: own } of causeChain(error)) {
    if (typeof message === 'string' && message !== '') messages.push(message);
    if (code === undefined && typeof own === 'string') code = own;
  }
  const text = messages.length > 0 ? messages.join(': ') : String(error);
  return code === undefined ? text : `${code}: ${text}`;
}

/** The outcome of the readiness checks: `'ok'` or why a check failed, and the names of those that failed. */
export interface Readiness {
  checks: ReadyChecks;
  failed: ReadyCheck[];
  /** `outbox` when the indexes lag behind Postgres by more than OUTBOX_STALE_SECONDS (not a failure) */
  warnings: 'outbox'[];
}

/**
 * The outbox check: `ok`, or `stale: ...` when the oldest pending row is older than `staleSeconds` (the
 * worker is down, stuck or far behind). Throws what Postgres throws.
 */
async function outboxCheck(db: Knex, staleSeconds: number): Promise<string> {
  const { pending, age } = await outboxBacklog(db);
  if (age <= staleSeconds) return 'ok';
  return `stale: ${pending} changes not indexed yet, the oldest ${Math.round(age)} s old (more than ${staleSeconds} s): is the index worker running?`;
}

/**
 * Runs every readiness check in parallel, each within `timeoutMs`; `indexes` is only checked when
 * Meilisearch answered (otherwise it says so and is not counted as failed on its own).
 */
export async function checkReadiness(deps: HealthDeps, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const { config } = deps;
  // A client of its own: the app's has no request timeout (a hanging Meilisearch would hang the probe).
  const meili = config.meiliUrl
    ? new Meilisearch({ host: config.meiliUrl, apiKey: apiSearchKey(config), timeout: timeoutMs })
    : undefined;
  const run = async (check: () => Promise<unknown>): Promise<string> => {
    try {
      await withTimeout(check(), timeoutMs);
      return 'ok';
    } catch (error) {
      return reasonOf(error);
    }
  };
  let outbox = 'ok';
  const [postgres, redis, meilisearch] = await Promise.all([
    run(async () => {
      await deps.db.raw('select 1');
      // Postgres answered: how far behind the indexes are (a report, not a readiness condition).
      outbox = await withTimeout(outboxCheck(deps.db, config.outboxStaleSeconds), timeoutMs).catch(reasonOf);
    }),
    run(() => deps.redis.ping()),
    run(async () => {
      if (!meili) throw new Error('MEILI_URL is not set');
      await meili.health();
    }),
  ]);
  if (postgres !== 'ok') outbox = 'not checked: Postgres is unavailable';
  const checks: ReadyChecks = { postgres, redis, meilisearch, indexes: 'ok', outbox };
  const failed: ReadyCheck[] = (['postgres', 'redis', 'meilisearch'] as const).filter(
    (name) => checks[name] !== 'ok',
  );
  const warnings: 'outbox'[] = outbox.startsWith('stale') ? ['outbox'] : [];
  if (meilisearch !== 'ok') {
    checks.indexes = 'not checked: Meilisearch is unavailable';
    return { checks, failed, warnings };
  }
  checks.indexes = await run(async () => {
    const uids = INDEX_NAMES.map((name) => indexUid(config.meiliIndexPrefix, name));
    // An empty search, not GET /indexes/:uid: the API's key may only search, and this proves it can.
    const found = await Promise.all(
      uids.map((uid) =>
        meili!
          .index(uid)
          .search('', { limit: 0, attributesToRetrieve: [] })
          .then(
            () => true,
            (error: unknown) => {
              if ((error as { cause?: { code?: unknown } }).cause?.code === 'index_not_found') return false;
              throw error;
            },
          ),
      ),
    );
    const missing = uids.filter((_uid, i) => !found[i]);
    if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}`);
  });
  if (checks.indexes !== 'ok') failed.push('indexes');
  return { checks, failed, warnings };
}

const NOT_CHECKED = 'not checked';

/**
 * What a caller without the right to the details reads of each check: `ok`, `failing`, `stale` (the
 * outbox) or `not checked`, never an error text.
 */
export function withoutReasons(checks: ReadyChecks): ReadyChecks {
  const summary = (value: string): string => {
    if (value === 'ok') return value;
    if (value.startsWith('stale: ')) return 'stale';
    return value.startsWith(`${NOT_CHECKED}: `) ? NOT_CHECKED : 'failing';
  };
  return {
    postgres: summary(checks.postgres),
    redis: summary(checks.redis),
    meilisearch: summary(checks.meilisearch),
    indexes: summary(checks.indexes),
    outbox: summary(checks.outbox),
  };
}

/**
 * True when the caller may read why checks failed: the app runs locally, or the request carries a token
 * with `*` or `ops:queues:write`. A token that cannot be checked in time (Postgres down) counts as none.
 */
async function seesReasons(deps: HealthDeps, req: Request, timeoutMs: number): Promise<boolean> {
  if (deps.config.appEnv === 'local') return true;
  if (req.get('authorization') === undefined) return false;
  const row = await withTimeout(tokenOf(req, deps.db), timeoutMs).catch(() => undefined);
  return row !== undefined && canAny(abilitiesOf(row), OPS_READ);
}

/**
 * The router of `/up` and `/ready` (mount it at the root, before the request log): GET and HEAD, 200 with
 * `Allow` for OPTIONS, 405 `method_not_allowed` for any other method.
 */
export function healthRouter(deps: HealthDeps): Router {
  const router = Router();
  const logFailure = deps.logger
    ? throttledWarning(deps.logger, 'not ready: a readiness check failed')
    : () => undefined;
  get(router, '/up', up);
  get(router, '/ready', async (req, res) => {
    const [readiness, detailed] = await Promise.all([
      checkReadiness(deps),
      seesReasons(deps, req, READY_TIMEOUT_MS),
    ]);
    const { failed, warnings } = readiness;
    if (failed.length > 0) logFailure({ failed, checks: readiness.checks });
    const checks = detailed ? readiness.checks : withoutReasons(readiness.checks);
    const warned = warnings.length > 0 ? { warnings } : {};
    res.set('Cache-Control', 'no-store');
    if (failed.length === 0) res.json({ status: 'ok', checks, ...warned } satisfies ReadyBody);
    // As every 503 of the service, it says when to ask again.
    else
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_S))
        .json({ status: 'unavailable', failed, checks, ...warned } satisfies NotReadyBody);
  });
  return router;
}
