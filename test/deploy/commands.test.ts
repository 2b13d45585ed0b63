/**
 * Every operator's and analyst's npm script on a fresh clone, as a newcomer meets it: a copy of the working
 * tree as git sees it (no dist/, no .data/, first without node_modules/, then with a link to the
 * repository's), run with `npm run -s` against a database that does not exist, or a Postgres, Redis and
 * Meilisearch that nothing answers. Each either builds what it needs (dist/ on the first run) or exits 1
 * with one line on standard error that says what to run or set: never a stack trace.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withDatabase } from '../../src/db/database';
import { ROOT, runCommand, type CommandRun } from '../support/command';
import { SERVER_URL } from '../support/database';

/** Addresses where nothing listens: port 2 refuses at once (and is not one of the ports fetch refuses to try). */
const NOWHERE = {
  postgres: 'postgres://postgres@127.0.0.1:2/catalog',
  redis: 'redis://127.0.0.1:2',
  meili: 'http://127.0.0.1:2',
};
const MISSING_DB = withDatabase(SERVER_URL, `catalog_missing_${process.pid}`);

let clone: string;

beforeAll(() => {
  clone = mkdtempSync(path.join(os.tmpdir(), 'fresh-clone-'));
  // tracked and new (not ignored) files as they are in the working tree: what the next commit holds
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(clone, file));
  }
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

/** `npm run -s <script> -- <args>` in the clone, with only the given services' addresses. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CommandRun> {
  return runCommand(
    'npm',
    ['--prefix', clone, 'run', '-s', script, ...(args.length ? ['--', ...args] : [])],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      REDIS_URL: NOWHERE.redis,
      MEILI_URL: NOWHERE.meili,
      MEILI_SEARCH_KEY: 'search-key',
      MEILI_ADMIN_KEY: 'admin-key',
      ...env,
    },
  );
}

/** No stack frame in either output (knex, for one, prints on standard output). */
function expectNoStack(run: CommandRun): void {
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m);
}

/** Exit 1 and standard error one line matching `line`. */
function expectOneLine(run: CommandRun, line: RegExp): void {
  expectNoStack(run);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: expect.stringMatching(line) });
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
}

const NO_DATABASE = new RegExp(
  `database "catalog_missing_${process.pid}" does not exist: run \`npm run db:migrate\` first`,
);
const NO_POSTGRES =
  /cannot reach Postgres at 127\.0\.0\.1:2 \(ECONNREFUSED\): is it running\? \(`npm run setup` starts the local one, or set DATABASE_URL\)\n$/;

describe('on a fresh clone without node_modules/', () => {
  it.each([['token:list'], ['start'], ['demo'], ['bench'], ['test'], ['lint'], ['walk']])(
    'npm run %s says to run npm run setup',
    async (script) => {
      const run = await npmRun(script, [], { DATABASE_URL: MISSING_DB });
      expectOneLine(run, new RegExp(`^${script}: node_modules/ is missing: run \`npm run setup\` first\n$`));
    },
  );
});

describe('on a fresh clone with node_modules/', () => {
  beforeAll(() => symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules')));

  it('the first command that runs dist/ builds it, then says that Postgres does not answer', async () => {
    const run = await npmRun('db:migrate', [], { DATABASE_URL: NOWHERE.postgres });
    expectNoStack(run);
    expect(run.stderr.split('\n')[0]).toBe('db:migrate: dist/ is missing: running `npm run build` first');
    expect(run.stderr.split('\n').slice(1).join('\n')).toMatch(
      new RegExp(`^db:migrate failed: ${NO_POSTGRES.source}`),
    );
    expect(run.code).toBe(1);
    expect(existsSync(path.join(clone, 'dist/src/cli/db-migrate.js'))).toBe(true);
  }, 180_000);

  const missingDatabase: [string, string[], RegExp][] = [
    ['start', [], /^start: /],
    ['worker', [], /^worker: /],
    ['catalog:import', ['.'], /^catalog:import failed: /],
    ['search-report', [], /^search-report: /],
    ['token:create', ['--email', 'a@example.org'], /^token:create failed: /],
    ['token:list', [], /^token:list failed: /],
    ['token:revoke', ['1'], /^token:revoke failed: /],
  ];
  it.each(missingDatabase)(
    'npm run %s %j with a database that does not exist',
    async (script, args, prefix) => {
      const run = await npmRun(script, args, { DATABASE_URL: MISSING_DB });
      expectOneLine(run, new RegExp(`${prefix.source}${NO_DATABASE.source}`));
    },
  );

  it.each(missingDatabase)('npm run %s %j with Postgres out of reach', async (script, args, prefix) => {
    const run = await npmRun(script, args, { DATABASE_URL: NOWHERE.postgres });
    expectOneLine(run, new RegExp(`${prefix.source}${NO_POSTGRES.source}`));
  });

  it('npm run reindex with Redis out of reach', async () => {
    const run = await npmRun('reindex', ['all'], { DATABASE_URL: MISSING_DB });
    expectOneLine(
      run,
      /^reindex failed: cannot reach Redis at 127\.0\.0\.1:2 \(no answer within 10 s\): is it running\? \(`npm run setup` starts the local one, or set REDIS_URL\)\n$/,
    );
  });

  it('npm run meili:keys with Meilisearch out of reach', async () => {
    const run = await npmRun('meili:keys', [], {
      DATABASE_URL: MISSING_DB,
      MEILI_MASTER_KEY: 'k'.repeat(16),
    });
    expectOneLine(
      run,
      /^meili:keys: cannot reach Meilisearch at 127\.0\.0\.1:2 \(ECONNREFUSED\): is it running\? \(`npm run meili` runs a local one, or set MEILI_URL\)\n$/,
    );
  });

  it('npm run demo with Meilisearch out of reach', async () => {
    const run = await npmRun('demo', [], { DATABASE_URL: NOWHERE.postgres });
    expectOneLine(run, /^demo failed: Meilisearch at MEILI_URL=http:\/\/127\.0\.0\.1:2 does not answer/);
  });

  it('npm run catalog:generate with a bad flag', async () => {
    const run = await npmRun('catalog:generate', ['--scale', 'tiny'], {});
    expectOneLine(run, /^catalog:generate: --out <dir> is required\n$/);
  });

  // These generate the tiny catalog before they open the database: progress lines, then one error line.
  it.each([
    ['relevance', ['--catalog', 'kitchen']],
    ['chaos', ['--short']],
    ['bench', ['--only', 'import', '--import-scales', 'tiny']],
  ])(
    'npm run %s %j with Postgres out of reach',
    async (script, args) => {
      const run = await npmRun(script, args, { DATABASE_URL: NOWHERE.postgres });
      expectNoStack(run);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines.slice(0, -1).every((line) => /generating the tiny catalog/.test(line))).toBe(true);
      expect(`${lines.at(-1)}\n`).toMatch(new RegExp(`^${script} failed: ${NO_POSTGRES.source}`));
      expect(run.code).toBe(1);
    },
    120_000,
  );
});
