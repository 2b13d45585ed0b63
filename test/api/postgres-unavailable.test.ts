/**
 * A Postgres that refuses the API (unknown role, missing database, too many connections, a closed port)
 * is a dependency that is down, not a bug: 503 `service_unavailable` with `Retry-After`, never a 500, on
 * a public detail and on the token check alike (src/db/database.ts `isPostgresUnavailable`, src/app.ts);
 * `/ready` is 503 with `Retry-After` too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUnavailable, withDatabase } from '../../src/db/database';
import { RETRY_AFTER_S } from '../../src/http/errors';
import { freePort } from '../../tools/dev/free-port';
import { SERVER_URL } from '../support/database';
import { startStack, type Stack } from '../support/stack';

/** A role that exists and may log in, but never has a connection left (53300). */
const FULL_ROLE = `catalog_test_full_${randomBytes(4).toString('hex')}`;

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(SERVER_URL, 'postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

let stack: Stack;

beforeAll(async () => {
  await asAdmin(`CREATE ROLE ${FULL_ROLE} LOGIN CONNECTION LIMIT 0`);
  // Only for its prefixes: every API of this file points DATABASE_URL at a Postgres that refuses it.
  stack = await startStack({ catalog: 'empty', api: false });
});
afterAll(async () => {
  await stack?.stop();
  await asAdmin(`DROP ROLE IF EXISTS ${FULL_ROLE}`);
});

/** `SERVER_URL` with its user (no password) and database replaced. */
function serverAs(user: string, database: string): string {
  const url = new URL(withDatabase(SERVER_URL, database));
  url.username = user;
  url.password = '';
  return url.toString();
}

describe.each([
  ['a role that does not exist (28000)', () => serverAs('nosuchrole', 'catalog')],
  ['a database that does not exist (3D000)', () => withDatabase(SERVER_URL, 'catalog_test_nosuchdb')],
  ['a role without a connection left (53300)', () => serverAs(FULL_ROLE, 'postgres')],
  ['a port that refuses connections', async () => `postgres://postgres@127.0.0.1:${await freePort()}/x`],
])('DATABASE_URL with %s', (_name, databaseUrl) => {
  it('answers a detail, the token check and /ready 503 with Retry-After', async () => {
    const api = await stack.startApi(stack.configWith({ DATABASE_URL: await databaseUrl() }));
    try {
      for (const [path, init] of [
        ['/products/rp-125-f', undefined],
        ['/user', { headers: { Authorization: 'Bearer 1|some-secret' } }],
      ] as const) {
        const res = await api.get(path, init);
        const body = (await res.json()) as { error: { code: string } };
        expect([path, res.status, body.error.code, res.headers.get('retry-after')]).toEqual([
          path,
          503,
          'service_unavailable',
          String(RETRY_AFTER_S),
        ]);
      }
      const ready = await api.get(`${api.origin}/ready`);
      const body = (await ready.json()) as { failed: string[] };
      expect([ready.status, body.failed.includes('postgres'), ready.headers.get('retry-after')]).toEqual([
        503,
        true,
        String(RETRY_AFTER_S),
      ]);
    } finally {
      await api.close();
    }
  });
});

describe('isPostgresUnavailable', () => {
  const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

  it.each(['28P01', '28000', '3D000', '53300', '57P01', '57P03', '57014', '08006', '08001', 'ECONNREFUSED'])(
    'is true for %s, also as the cause of another error',
    (code) => {
      expect(isPostgresUnavailable(pgError(code))).toBe(true);
      expect(isPostgresUnavailable(new Error('wrapped', { cause: pgError(code) }))).toBe(true);
    },
  );

  it('is true for a pool acquire timeout and a terminated connection', () => {
    expect(
      isPostgresUnavailable(
        Object.assign(new Error('Knex: Timeout acquiring'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe(true);
    expect(isPostgresUnavailable(new Error('select 1 - Connection terminated unexpectedly'))).toBe(true);
    expect(isPostgresUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    // node-postgres's own connect deadline, which races knex's acquire deadline of the same length
    expect(isPostgresUnavailable(new Error('timeout expired'))).toBe(true);
    expect(isPostgresUnavailable(new Error('the render timeout expired'))).toBe(false);
  });

  it.each(['42P01', '42703', '22P02', '23505', '42501'])(
    'is false for %s (a wrong query or data)',
    (code) => {
      expect(isPostgresUnavailable(pgError(code))).toBe(false);
    },
  );
});
