/**
 * `node dist/src/cli/check-services.js [--for <command>] <postgres|redis>...`: whether the services a
 * long-running process needs answer, before `npm start` or `npm run worker` starts it (scripts/preflight.mjs
 * runs this). Postgres: the database of DATABASE_URL exists and is migrated; Redis: REDIS_URL answers PING;
 * each within 5 s. Exit 0 silently when all answer; else one line on standard error, prefixed with the
 * command's name (src/cli/exit.ts), and exit 1.
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { getConfig, type AppConfig } from '../../config/env';
import { createDb, databaseName } from '../db/database';
import { withDeadline } from '../jobs/connection';
import { exitWithError } from './exit';

/** How long each service may take to answer. */
const DEADLINE_MS = 5000;

const CHECKS: Record<string, (config: AppConfig) => Promise<void>> = {
  async postgres(config) {
    const db = createDb(config.databaseUrl, 1);
    try {
      const [, pending] = (await withDeadline(
        db.migrate.list(),
        DEADLINE_MS,
        'Postgres did not answer within 5 s (DATABASE_URL)',
      )) as [unknown[], unknown[]];
      if (pending.length > 0) {
        throw new Error(
          `the database ${databaseName(config.databaseUrl)} is not migrated: run \`npm run db:migrate\` first`,
        );
      }
    } finally {
      await db.destroy();
    }
  },
  async redis(config) {
    const redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined); // the rejected connect below reports it
    try {
      await withDeadline(redis.connect(), DEADLINE_MS, 'Redis did not answer within 5 s (REDIS_URL)');
      await redis.ping();
    } finally {
      redis.disconnect();
    }
  },
};

/** The services named on the command line, checked one after the other; throws on the first failure. */
async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !Object.hasOwn(CHECKS, name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`usage: check-services.js [--for <command>] <${Object.keys(CHECKS).join('|')}>...`);
  }
  const config = getConfig();
  for (const name of names) await CHECKS[name]!(config);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { for: { type: 'string' } } });
} catch (error) {
  exitWithError('check-services', error);
}
main(parsed.positionals).catch((error: unknown) =>
  exitWithError(parsed.values.for ?? 'check-services', error),
);
