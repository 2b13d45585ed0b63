/**
 * Postgres access: the knex instance, database creation and migrations.
 */
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// Postgres `date` columns stay 'YYYY-MM-DD' strings instead of becoming local-midnight Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// bigint counts and sizes fit easily in a JS number here (bytes, row counts).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/** A knex instance on `databaseUrl` (pool of `poolMax` connections, default 10). */
export function createDb(databaseUrl: string, poolMax = 10): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: poolMax },
    migrations: { directory: MIGRATIONS_DIR, loadExtensions: ['.ts', '.js'], tableName: 'knex_migrations' },
  });
}

/** The database name in a postgres URL, e.g. `catalog`. */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  return name;
}

/** `databaseUrl` with its database replaced by `name`. */
export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/**
 * Creates the database named in `databaseUrl` when it does not exist (optionally as a copy of `template`).
 * Returns true when it created it. Connects to the server's `postgres` database to do so.
 */
export async function ensureDatabase(databaseUrl: string, template?: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    const ident = pg.escapeIdentifier;
    await admin.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    return true;
  } finally {
    await admin.end();
  }
}

/** Drops the database named in `databaseUrl` if it exists (closing other sessions first). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Applies pending migrations; returns the names of those it ran. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
