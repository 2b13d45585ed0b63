/**
 * Meilisearch keys by role (src/search/keys.ts, src/cli/meili-keys.ts): `npm run meili:keys` creates the
 * search and admin keys of a prefix once and finds them again; the API's client holds the search key and
 * Meilisearch refuses its writes; the admin key stays inside its prefix; in production the API refuses to
 * start with the master key, or without the search key.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig, type AppConfig } from '../../config/env';
import { checkReadiness } from '../../src/ops/health';
import { createApiMeiliClient, createMeiliClient } from '../../src/search/indexes';
import { adminKey, apiSearchKey, ROLE_ACTIONS, roleKeyUid } from '../../src/search/keys';
import { childEnv, runTs, type CommandRun } from '../support/command';
import { dropIndexes, type Stack, startStack, testMeili, testMeiliClient } from '../support/stack';
import { createLimiterRedis } from '../../src/http/rate-limit';
import { createLogger } from '../../src/logger';

jest.setTimeout(60_000);

/** Runs a TypeScript entry point as the npm script runs its compiled twin, with `env` only. */
function run(file: string, args: string[], env: Record<string, string>): Promise<CommandRun> {
  return runTs(file, args, childEnv({ LOG_LEVEL: 'silent', ...env }));
}

/** `KEY=value` lines of standard output as an object. */
const envLines = (stdout: string): Record<string, string> =>
  Object.fromEntries(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('npm run meili:keys', () => {
  const master = testMeiliClient();
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  const keysOf = (extra: string[] = []) =>
    run('src/cli/meili-keys.ts', extra, {
      MEILI_URL: testMeili().url,
      MEILI_MASTER_KEY: testMeili().key,
      MEILI_INDEX_PREFIX: prefix,
    });

  afterAll(async () => {
    for (const role of ['search', 'admin'] as const) {
      await master.deleteKey(roleKeyUid(role, prefix)).catch(() => undefined);
    }
    await dropIndexes(master, prefix);
  });

  it('creates both keys scoped to the prefix once, then finds them again', async () => {
    const first = await keysOf();
    expect(first.code).toBe(0);
    const printed = envLines(first.stdout);
    expect(Object.keys(printed)).toEqual(['MEILI_SEARCH_KEY', 'MEILI_ADMIN_KEY']);
    expect(first.stderr).toMatch(/^MEILI_SEARCH_KEY: search key .* created$/m);

    const search = await master.getKey(roleKeyUid('search', prefix));
    expect(search).toMatchObject({
      key: printed.MEILI_SEARCH_KEY,
      actions: ['search'],
      indexes: [`${prefix}*`],
    });
    expect(search.expiresAt).toBeNull();
    const admin = await master.getKey(roleKeyUid('admin', prefix));
    expect(admin.key).toBe(printed.MEILI_ADMIN_KEY);
    expect([...admin.actions].sort()).toEqual([...ROLE_ACTIONS.admin].sort());
    expect(admin.indexes).toEqual([`${prefix}*`]);

    const again = await keysOf();
    expect(again).toMatchObject({ code: 0, stdout: '' });
    expect(again.stderr).toMatch(/^MEILI_ADMIN_KEY: admin key .* exists \(--print shows it again\)$/m);
    expect(envLines((await keysOf(['--print'])).stdout)).toEqual(printed);
    const ours = (await master.getKeys({ limit: 1000 })).results.filter((k) => k.indexes[0] === `${prefix}*`);
    expect(ours).toHaveLength(2);
  });

  it('recreates a key whose actions differ, with the same value', async () => {
    const uid = roleKeyUid('admin', prefix);
    const before = (await keysOf(['--print'])).stdout;
    await master.deleteKey(uid);
    await master.createKey({ uid, actions: ['*'], indexes: ['*'], expiresAt: null });
    const fixed = await keysOf();
    expect(fixed.code).toBe(0);
    expect(fixed.stderr).toContain('recreated with these actions, same value');
    expect(envLines(fixed.stdout)).toEqual({ MEILI_ADMIN_KEY: envLines(before).MEILI_ADMIN_KEY });
    expect((await master.getKey(uid)).indexes).toEqual([`${prefix}*`]);
  });

  it('refuses a key that is not the master key, in one line', async () => {
    const refused = await run('src/cli/meili-keys.ts', [], {
      MEILI_URL: testMeili().url,
      MEILI_MASTER_KEY: testMeili().adminKey,
      MEILI_INDEX_PREFIX: prefix,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^meili:keys: Meilisearch at \S+ refused MEILI_MASTER_KEY \(invalid_api_key\)/,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the role keys of a test run', () => {
  let stack: Stack;
  let config: AppConfig;
  const master = testMeiliClient();

  beforeAll(async () => {
    stack = await startStack({ catalog: 'empty', api: false });
    config = stack.config;
    const uid = `${config.meiliIndexPrefix}products`;
    await master.createIndex(uid, { primaryKey: 'id' }).waitTask();
    await master
      .index(uid)
      .addDocuments([{ id: 1, name: 'Kreiselmäher' }])
      .waitTask();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('gives the API a client that searches but may not write, list keys or read other indexes', async () => {
    const { meili, close } = createApiMeiliClient(config);
    try {
      const index = meili.index(`${config.meiliIndexPrefix}products`);
      expect((await index.search('Kreiselmäher')).hits).toEqual([{ id: 1, name: 'Kreiselmäher' }]);
      const refusals = await Promise.all([
        index.addDocuments([{ id: 2, name: 'Schwader' }]).then(() => 'written', causeOf),
        index.deleteAllDocuments().then(() => 'deleted', causeOf),
        index.updateSettings({ searchableAttributes: ['id'] }).then(() => 'changed', causeOf),
        meili.createIndex(`${config.meiliIndexPrefix}more`).then(() => 'created', causeOf),
        meili.getKeys().then(() => 'listed', causeOf),
        meili
          .index('other_products')
          .search('')
          .then(() => 'searched', causeOf),
        index.getStats().then(() => 'read', causeOf),
      ]);
      expect(refusals).toEqual(Array(7).fill({ status: 403, code: 'invalid_api_key' }));
    } finally {
      await close();
    }
  });

  it('lets /ready check the live indexes with the search key alone', async () => {
    const logger = createLogger(config, 'test');
    const redis = createLimiterRedis(config, logger);
    try {
      const deps = { config, db: stack.database.db, redis };
      const readiness = await checkReadiness(deps, 5000);
      expect(readiness.checks.meilisearch).toBe('ok');
      const missing = ['articles', 'media'].map((name) => `${config.meiliIndexPrefix}${name}`);
      expect(readiness.checks.indexes).toBe(`missing ${missing.join(', ')}`);
      for (const uid of missing) await master.createIndex(uid).waitTask();
      expect((await checkReadiness(deps, 5000)).checks.indexes).toBe('ok');
    } finally {
      redis.disconnect();
    }
  });

  it('gives the worker a client that writes inside the prefix only', async () => {
    const meili = createMeiliClient(config);
    const refused = await meili.createIndex('other_products').then(
      () => 'created',
      (error: { response?: Response; cause?: { code?: string } }) => ({
        status: error.response?.status,
        code: error.cause?.code,
      }),
    );
    expect(refused).toEqual({ status: 403, code: 'invalid_api_key' });
    const created = await meili.createIndex(`${config.meiliIndexPrefix}articles__build_1`).waitTask();
    expect(created.status).toBe('succeeded');
  });
});

/** The status and Meilisearch error code of a refused call of the API's client. */
function causeOf(error: { cause?: { status?: number; code?: string } }): { status?: number; code?: string } {
  return { status: error.cause?.status, code: error.cause?.code };
}

describe('which key each process holds', () => {
  const env = { MEILI_URL: 'http://127.0.0.1:7700' };

  it('refuses the master key, or no search key, for the API in production', () => {
    const only = loadConfig({ ...env, MEILI_MASTER_KEY: 'master-key-0123456789' });
    expect(() => apiSearchKey(only)).toThrow(ConfigError);
    expect(() => apiSearchKey(only)).toThrow(/^Invalid configuration: MEILI_SEARCH_KEY is not set: /);
    const both = loadConfig({ ...env, MEILI_MASTER_KEY: 'master-key-0123456789', MEILI_SEARCH_KEY: 's' });
    expect(() => apiSearchKey(both)).toThrow(/^Invalid configuration: MEILI_MASTER_KEY is set, but the API/);
    expect(apiSearchKey(loadConfig({ ...env, MEILI_SEARCH_KEY: 's', MEILI_ADMIN_KEY: 'a' }))).toBe('s');
    expect(() => adminKey(only)).toThrow(/^Invalid configuration: MEILI_ADMIN_KEY is not set: /);
    expect(adminKey(loadConfig({ ...env, MEILI_ADMIN_KEY: 'a' }))).toBe('a');
  });

  it('falls back to the master key locally when a role key is unset', () => {
    const local = loadConfig({ ...env, APP_ENV: 'local', MEILI_MASTER_KEY: 'master-key-0123456789' });
    expect(apiSearchKey(local)).toBe('master-key-0123456789');
    expect(adminKey(local)).toBe('master-key-0123456789');
    const own = loadConfig({ ...env, APP_ENV: 'local', MEILI_MASTER_KEY: 'm', MEILI_SEARCH_KEY: 's' });
    expect(apiSearchKey(own)).toBe('s');
  });

  it('stops the API process in production with only the master key: one line, exit 1', async () => {
    const started = await run('src/server.ts', [], {
      HOST: '127.0.0.1',
      PORT: '9',
      APP_ENV: 'production',
      MEILI_URL: testMeili().url,
      MEILI_MASTER_KEY: testMeili().key,
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toMatch(
      /^Invalid configuration: MEILI_SEARCH_KEY is not set: .*npm run meili:keys\)\n$/,
    );
    expect(started.stderr).not.toContain(testMeili().key);
  });
});
