/**
 * Postgres access: the knex instance, database creation and migrations, and which of its errors mean
 * "Postgres cannot serve now" (`isPostgresUnavailable`: the app answers those 503, not 500).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { causeChain } from '../causes';

// Postgres `date` columns stay 'YYYY-MM-DD' strings instead of becoming local-midnight Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// bigint counts and sizes fit easily in a JS number here (bytes, row counts).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** The migrations beside this module: `migrations/*.ts` from the sources, `dist/migrations/*.js` compiled. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

/**
 * Knex migration source over `dir` that names every migration `<name>.ts`, whether it loads
 * `<name>.ts` (the sources, under tsx or jest) or `<name>.js` (`npm run build` output): databases record
 * the `.ts` names in knex_migrations (as knex's own directory source did when everything ran with tsx),
 * so the compiled migrator sees them as applied and the sources see what the compiled one applied.
 * Declaration files and source maps are not migrations; a name with both a `.ts` and a `.js` file is an
 * error (a build written into the sources).
 */
export class MigrationFiles implements Knex.MigrationSource<string> {
  constructor(readonly dir: string) {}

  /** The files of the migrations, ordered by name (their timestamp prefix). */
  async getMigrations(): Promise<string[]> {
    const files = (await readdir(this.dir)).filter((file) => /^[^.].*(?<!\.d)\.(ts|js)$/.test(file));
    const byName = new Map<string, string>();
    for (const file of files) {
      const name = this.getMigrationName(file);
      const other = byName.get(name);
      if (other) throw new Error(`Migration ${name} exists twice in ${this.dir}: ${other} and ${file}`);
      byName.set(name, file);
    }
    return [...byName.keys()].sort().map((name) => byName.get(name)!);
  }

  /** `20261121000000_catalog_schema.ts` for both `…_catalog_schema.ts` and `…_catalog_schema.js`. */
  getMigrationName(file: string): string {
    return `${file.replace(/\.(ts|js)$/, '')}.ts`;
  }

  /** The migration module (`up`, `down`, optional `config`). */
  async getMigration(file: string): Promise<Knex.Migration> {
    // require, not import(): jest's module registry (the tests) and tsx's CommonJS hook load `.ts` this way.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path.join(this.dir, file)) as Knex.Migration;
  }
}

/** Deadlines of a request-serving pool (the API's): every wait on Postgres ends. */
export interface DbDeadlines {
  /** ms a statement may run (Postgres `statement_timeout`: error 57014 after it) */
  statementTimeoutMs: number;
  /** ms to get a connection from the pool, opening one included (KnexTimeoutError after it) */
  acquireTimeoutMs: number;
}

/** The API's deadlines from its configuration (PG_STATEMENT_TIMEOUT_MS, PG_ACQUIRE_TIMEOUT_MS). */
export function apiDbDeadlines(config: {
  pgStatementTimeoutMs: number;
  pgAcquireTimeoutMs: number;
}): DbDeadlines {
  return { statementTimeoutMs: config.pgStatementTimeoutMs, acquireTimeoutMs: config.pgAcquireTimeoutMs };
}

/**
 * A knex instance on `databaseUrl` (pool of `poolMax` connections, default 10). With `deadlines`, each
 * statement and each wait for a connection is bounded and JIT compilation is off (the API); without,
 * statements run as long as they take (imports, migrations, the worker).
 */
export function createDb(databaseUrl: string, poolMax = 10, deadlines?: DbDeadlines): Knex {
  return knexFactory({
    client: 'pg',
    connection: deadlines
      ? {
          connectionString: databaseUrl,
          statement_timeout: deadlines.statementTimeoutMs,
          connectionTimeoutMillis: deadlines.acquireTimeoutMs,
          // Short queries only: Postgres' JIT compiles a plan whose estimated cost passes jit_above_cost,
          // and compiling took a large share of the degraded category list's time (EXPLAIN ANALYZE).
          options: '-c jit=off',
        }
      : databaseUrl,
    ...(deadlines ? { acquireConnectionTimeout: deadlines.acquireTimeoutMs } : {}),
    pool: { min: 0, max: poolMax },
    migrations: { migrationSource: new MigrationFiles(MIGRATIONS_DIR), tableName: 'knex_migrations' },
    log: { warn: warnUnlessAcquireError },
  });
}

/**
 * knex's warnings, on standard error, less "Acquire connection error": that error also reaches the caller,
 * which reports it (a 503, a command's one line), and knex would print it with its stack on standard output.
 */
function warnUnlessAcquireError(message: string): void {
  if (!message.startsWith('Acquire connection error')) console.warn(message);
}

/**
 * SQLSTATEs that say Postgres cannot serve this process now, whatever the query: the login refused
 * (class 28: wrong password, unknown role; 3D000: no such database), too many connections (53300), the
 * server starting, shutting down or terminating sessions (57P01 to 57P03), a statement past
 * `statement_timeout` (57014), and the connection exceptions of class 08.
 */
const UNAVAILABLE_SQLSTATES = new Set(['3D000', '53300', '57P01', '57P02', '57P03', '57014']);
const UNAVAILABLE_CLASSES = new Set(['08', '28']);

/** Node socket errors of a server that cannot be reached (refused, reset, silent, unknown host). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * True when `error` (from a knex or node-postgres call) says Postgres is unreachable or refuses this
 * process, so that a retry later may succeed (503), rather than that the query is wrong (500): the
 * SQLSTATEs above, a socket error, knex's pool acquire timeout (`KnexTimeoutError`) or a connection
 * closed under it. Looks through the whole cause chain.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  return [...causeChain(error)].some(({ code, name, message }) => {
    if (name === 'KnexTimeoutError') return true;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true;
    }
    // node-postgres, a pooled connection whose backend was terminated or a connect past its timeout (no
    // SQLSTATE: the socket closed; `timeout expired` is its own connect deadline, which races knex's
    // acquire deadline of the same length); knex puts the SQL in front of the message (`<sql> - ...`).
    return (
      typeof message === 'string' &&
      /(^|- )(Connection terminated( unexpectedly| due to connection timeout)?|timeout expired)$/.test(
        message,
      )
    );
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
