/**
 * The JSON bodies of `GET /up` and `GET /ready` (health.ts), typed for the handlers and documented in the
 * OpenAPI document (src/openapi/document.ts). Strict: the contract test notices an undocumented field.
 */
import { z } from '../openapi/zod';

const checkNames = ['postgres', 'redis', 'meilisearch', 'indexes'] as const;

export const ReadyCheckSchema = z.enum(checkNames).openapi('ReadyCheck', {
  description:
    'A readiness check: `postgres`, `redis`, `meilisearch` (answers within 1 s) or `indexes` (every live index exists).',
});

/** Said of every check: who reads why a check failed. */
const REASONS =
  'The reason is shown only when the server runs with `APP_ENV=local` or to a token with `*` or `ops:queues:write`; anyone else reads `failing`.';

const checkResult = (name: string) =>
  z.string().openapi({
    description: `\`ok\`, or why the ${name} check failed (an error code and message). ${REASONS}`,
  });

export const ReadyChecksSchema = z
  .strictObject({
    postgres: checkResult('Postgres'),
    redis: checkResult('Redis'),
    meilisearch: checkResult('Meilisearch'),
    indexes: z.string().openapi({
      description:
        '`ok`, `missing <uid>, ...`, why the check failed, or `not checked: Meilisearch is unavailable` (`failing` or `not checked` without the right to the reasons).',
    }),
    outbox: z.string().openapi({
      description:
        '`ok`, `stale: ...` when the oldest change not yet indexed is older than OUTBOX_STALE_SECONDS (the worker is down or behind: searches and lists show older data; the API stays ready), or why it could not be read (`stale`, `failing` or `not checked` without the right to the reasons).',
    }),
  })
  .openapi('ReadyChecks', {
    description: `The outcome of each readiness check. ${REASONS}`,
  });

export const UpSchema = z.strictObject({ status: z.literal('up') }).openapi('Up');

const warnings = z.array(z.literal('outbox')).min(1).optional().openapi({
  description:
    'Checks that found a problem which does not stop this API from answering: `outbox` (the search indexes lag behind Postgres).',
});

export const ReadySchema = z
  .strictObject({ status: z.literal('ok'), checks: ReadyChecksSchema, warnings })
  .openapi('Ready', { description: 'Every dependency answered and every live index exists.' });

export const NotReadySchema = z
  .strictObject({
    status: z.literal('unavailable'),
    failed: z.array(ReadyCheckSchema).min(1).openapi({
      description: 'The checks that failed (`indexes` is not counted when Meilisearch is down).',
    }),
    checks: ReadyChecksSchema,
    warnings,
  })
  .openapi('NotReady', { description: 'At least one check failed.' });

export type UpBody = z.infer<typeof UpSchema>;
export type ReadyCheck = z.infer<typeof ReadyCheckSchema>;
export type ReadyChecks = z.infer<typeof ReadyChecksSchema>;
export type ReadyBody = z.infer<typeof ReadySchema>;
export type NotReadyBody = z.infer<typeof NotReadySchema>;
