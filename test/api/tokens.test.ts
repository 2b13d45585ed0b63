/**
 * The token commands as an administrator runs them (`npm run token:*` → src/cli/token.ts), and the tokens
 * they make against the running API: shown once, stored as a SHA-256 hash, profiles and abilities,
 * revocation, clear errors with exit code 1.
 */
import { createHash } from 'node:crypto';
import { runTs, type CommandRun } from '../support/command';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** `npm run token:<args>` on the stack's database. */
const token = (...args: string[]): Promise<CommandRun> => runTs('src/cli/token.ts', args, stack.childEnv());

const status = async (path: string, plain: string) =>
  (await stack.api.get(path, { headers: { Authorization: `Bearer ${plain}` } })).status;

it('creates a Sanctum-style token, prints it alone on the last line and stores only its hash', async () => {
  const created = await token('create', '--email', 'CMS-Integration@example.com', '--name', 'website');
  expect(created.code).toBe(0);
  const plain = created.stdout.trim().split('\n').at(-1)!;
  expect(plain).toMatch(/^\d+\|[A-Za-z0-9]{40}[0-9a-f]{8}$/);
  const [id, secret] = plain.split('|') as [string, string];
  const row = await stack.database
    .db('personal_access_tokens')
    .first()
    .where({ id: Number(id) });
  expect(row).toMatchObject({
    user_id: 2,
    name: 'website',
    abilities: ['content:catalog:read', 'content:media:read'],
  });
  expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  expect(JSON.stringify(row)).not.toContain(secret);
  expect(await status('/user', plain)).toBe(200);
  expect(await status('/content/products', plain)).toBe(200);

  const listed = await token('list');
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain('website');
  expect(listed.stdout).not.toContain(secret);

  expect((await token('revoke', id)).code).toBe(0);
  expect(await status('/user', plain)).toBe(401);
});

it('gives the media profile no catalog access and full access to `*`', async () => {
  const media = (await token('create', '--email', 'cms-integration@example.com', '--profile', 'media'))
    .stdout;
  const mediaToken = media.trim().split('\n').at(-1)!;
  expect(await status('/content/products', mediaToken)).toBe(403);
  expect(await status('/user', mediaToken)).toBe(200);
  const full = (await token('create', '--email', 'petra.schuster@example.com', '--profile', 'full')).stdout;
  expect(await status('/content/products', full.trim().split('\n').at(-1)!)).toBe(200);
});

it('gives the operator profile `*` and ops:queues:write, which only a token with it by name carries', async () => {
  const abilitiesOf = async (...args: string[]) => {
    const created = await token('create', '--email', 'cms-integration@example.com', ...args);
    expect(created.code).toBe(0);
    const id = Number(created.stdout.trim().split('\n').at(-1)!.split('|')[0]);
    return (
      (await stack.database.db('personal_access_tokens').first('abilities').where({ id })) as {
        abilities: string[];
      }
    ).abilities;
  };
  expect(await abilitiesOf('--profile', 'operator')).toEqual(['*', 'ops:queues:write']);
  expect(await abilitiesOf('--profile', 'full')).toEqual(['*']);
  expect(await abilitiesOf('--abilities', 'ops:queues:write')).toEqual(['ops:queues:write']);
});

it('stores no token without its abilities: the column has no default (never `["*"]`)', async () => {
  const db = stack.database.db;
  const column = await db('information_schema.columns')
    .first('column_default', 'is_nullable')
    .where({ table_name: 'personal_access_tokens', column_name: 'abilities' });
  expect(column).toEqual({ column_default: null, is_nullable: 'NO' });
  await expect(
    db('personal_access_tokens').insert({ user_id: 2, name: 'no abilities', token_hash: 'f'.repeat(64) }),
  ).rejects.toMatchObject({ code: '23502' }); // not_null_violation
  expect(await db('personal_access_tokens').first('id').where({ name: 'no abilities' })).toBeUndefined();
});

it('refuses an unknown e-mail, ability, profile or token id with one line and exit code 1', async () => {
  for (const args of [
    ['create', '--email', 'nobody@example.com'],
    ['create', '--email', 'cms-integration@example.com', '--abilities', 'content:catalog:write'],
    ['create', '--email', 'cms-integration@example.com', '--profile', 'admin'],
    ['create', '--email', 'cms-integration@example.com', '--profile', 'toString'], // an Object.prototype key
    ['create'],
    ['revoke', '999999'],
    ['revoke', 'abc'],
  ]) {
    const result = await token(...args);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^token:\w+ failed: /);
    if (args.includes('--profile')) expect(result.stderr).toMatch(/unknown profile/);
  }
});
