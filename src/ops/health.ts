/**
 * Health endpoints for load balancers and orchestrators (README "Operations"):
 * - `GET /up`: the process is alive and its event loop answers. No dependency is asked, so a Postgres or
 *   Meilisearch outage never makes an orchestrator restart healthy API processes (as Laravel's `/up`).
 * - `GET /ready`: Postgres, Redis and Meilisearch answer within a short timeout each and every live index
 *   exists. 200 `{ status: 'ok', checks }`; otherwise 503 `{ status: 'unavailable', failed, checks }` where
 *   `failed` names the checks that failed and `checks.<name>` says why (schemas: schema.ts).
 *
 * Both are mounted outside `/api`, so neither is rate-limited nor written to the request log.
 */
import { causeChain } from '../causes';
import { Router, type RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { Meilisearch } from 'meilisearch';
import type { AppConfig } from '../../config/env';
import { INDEX_NAMES, indexUid } from '../search/indexes';
import type { NotReadyBody, ReadyBody, ReadyCheck, UpBody } from './schema';

/** Milliseconds each readiness check may take before it counts as failed. */
export const READY_TIMEOUT_MS = 1000;

export type { ReadyCheck };

export interface HealthDeps {
  config: Pick<AppConfig, 'meiliUrl' | 'meiliMasterKey' | 'meiliIndexPrefix'>;
  db: Knex;
  /** the rate limiter's connection: no offline queue, so a Redis outage fails the ping at once */
  redis: Redis;
}

/** `GET /up`: 200 `{ status: 'up' }` while the process runs; asks no dependency. */
export const up: RequestHandler = (_req, res) => {
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
  checks: Record<ReadyCheck, string>;
  failed: ReadyCheck[];
}

/**
 * Runs every readiness check in parallel, each within `timeoutMs`; `indexes` is only checked when
 * Meilisearch answered (otherwise it says so and is not counted as failed on its own).
 */
export async function checkReadiness(deps: HealthDeps, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const { config } = deps;
  // A client of its own: the app's has no request timeout (a hanging Meilisearch would hang the probe).
  const meili = config.meiliUrl
    ? new Meilisearch({ host: config.meiliUrl, apiKey: config.meiliMasterKey, timeout: timeoutMs })
    : undefined;
  const run = async (check: () => Promise<unknown>): Promise<string> => {
    try {
      await withTimeout(check(), timeoutMs);
      return 'ok';
    } catch (error) {
      return reasonOf(error);
    }
  };
  const [postgres, redis, meilisearch] = await Promise.all([
    run(() => deps.db.raw('select 1')),
    run(() => deps.redis.ping()),
    run(async () => {
      if (!meili) throw new Error('MEILI_URL is not set');
      await meili.health();
    }),
  ]);
  const checks: Record<ReadyCheck, string> = { postgres, redis, meilisearch, indexes: 'ok' };
  const failed: ReadyCheck[] = (['postgres', 'redis', 'meilisearch'] as const).filter(
    (name) => checks[name] !== 'ok',
  );
  if (meilisearch !== 'ok') {
    checks.indexes = 'not checked: Meilisearch is unavailable';
    return { checks, failed };
  }
  checks.indexes = await run(async () => {
    const uids = INDEX_NAMES.map((name) => indexUid(config.meiliIndexPrefix, name));
    const found = await Promise.all(
      uids.map((uid) =>
        meili!.getIndex(uid).then(
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
  return { checks, failed };
}

/** The router of `/up` and `/ready` (mount it at the root, before the request log and the limiter). */
export function healthRouter(deps: HealthDeps): Router {
  const router = Router();
  router.get('/up', up);
  router.get('/ready', async (_req, res) => {
    const { checks, failed } = await checkReadiness(deps);
    res.set('Cache-Control', 'no-store');
    if (failed.length === 0) res.json({ status: 'ok', checks } satisfies ReadyBody);
    else res.status(503).json({ status: 'unavailable', failed, checks } satisfies NotReadyBody);
  });
  return router;
}
