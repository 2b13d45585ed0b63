/**
 * Bearer tokens on the protected endpoints built so far (/user, /content/products): 401 for a missing,
 * malformed, unknown or revoked token with and without Accept, 403 without the ability, the same data as
 * the public endpoints with it. Tokens are inserted as `token:create` will store them: SHA-256 of the secret.
 */
import { createHash } from 'node:crypto';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
const secret = (c: string) => c.repeat(40) + '0badc0de';
const tokens: Record<string, string> = {};

async function insertToken(name: string, abilities: string[], revoked = false): Promise<string> {
  const plain = secret(name[0]!);
  const [row] = await stack.database
    .db('personal_access_tokens')
    .insert({
      user_id: 2,
      name,
      token_hash: createHash('sha256').update(plain).digest('hex'),
      abilities: JSON.stringify(abilities),
      revoked_at: revoked ? new Date() : null,
    })
    .returning('id');
  return `${(row as { id: number }).id}|${plain}`;
}

beforeAll(async () => {
  stack = await startStack();
  tokens.content = await insertToken('content', ['content:catalog:read', 'content:media:read']);
  tokens.media = await insertToken('media', ['content:media:read']);
  tokens.full = await insertToken('full', ['*']);
  tokens.revoked = await insertToken('revoked', ['*'], true);
});
afterAll(async () => {
  await stack?.stop();
});

const call = (path: string, token?: string, accept = true) =>
  stack.api.get(path, {
    headers: {
      ...(token === undefined ? {} : { Authorization: token }),
      ...(accept ? { Accept: 'application/json' } : {}),
    },
  });

it.each(['/user', '/content/products', '/content/products/rp-125-f'])(
  '%s answers 401 unauthenticated for every kind of bad token, with and without Accept',
  async (path) => {
    const [id] = tokens.full!.split('|');
    const bad = [
      undefined,
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `Bearer ${tokens.full!.slice(0, -1)}x`, // wrong secret
      `Bearer 999999|${secret('f')}`, // unknown id
      `Bearer ${id}|`, // empty secret
      `Bearer x${tokens.full}`, // malformed id
      `Bearer ${tokens.revoked}`,
    ];
    for (const header of bad) {
      for (const accept of [true, false]) {
        const res = await call(path, header, accept);
        expect(res.status).toBe(401);
        const body = (await res.json()) as { error: { code: string; request_id: string } };
        expect(body.error.code).toBe('unauthenticated');
        // Cross-origin code can read the error (and its request id) too.
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
      }
    }
  },
);

it('takes the older token form without `<id>|` (the secret alone, looked up by its hash), unless revoked', async () => {
  const bare = (token: string) => `Bearer ${token.slice(token.indexOf('|') + 1)}`;
  expect((await call('/user', bare(tokens.full!))).status).toBe(200);
  expect((await call('/content/products', bare(tokens.content!))).status).toBe(200);
  expect((await call('/content/products', bare(tokens.media!))).status).toBe(403);
  expect((await call('/user', bare(tokens.revoked!))).status).toBe(401);
  expect((await call('/user', `Bearer ${secret('z')}`)).status).toBe(401); // no such hash
});

it('answers 403 forbidden for a valid token without the ability', async () => {
  const res = await call('/content/products', `Bearer ${tokens.media}`);
  expect(res.status).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
});

it('serves /content/products with the same data as /products, links under /content', async () => {
  const pub = await stack.api.json<{ data: unknown[]; links: { first: string } }>('/products?per_page=3');
  for (const token of [tokens.content, tokens.full]) {
    const res = await call('/content/products?per_page=3', `Bearer ${token}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown[]; links: { first: string } };
    expect(body.data).toEqual(pub.data);
    expect(body.links.first).toBe('http://api.test/api/v1/content/products?per_page=3&page=1');
  }
  const detail = await call('/content/products/rp-125-f', `Bearer ${tokens.content}`);
  expect(detail.status).toBe(200);
  expect((await call('/content/products/rpw-125-f-combi', `Bearer ${tokens.content}`)).status).toBe(404);
});

it('returns the user of any valid token, without permissions, and records last use', async () => {
  const res = await call('/user', `Bearer ${tokens.media}`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: Record<string, unknown> };
  expect(Object.keys(data)).toEqual(['id', 'name', 'email', 'email_verified_at', 'created_at', 'updated_at']);
  expect(data).toMatchObject({ id: 2, email_verified_at: null });
  const id = Number(tokens.media!.split('|')[0]);
  let used: unknown = null;
  for (let i = 0; i < 50 && !used; i++) {
    used = (await stack.database.db('personal_access_tokens').first('last_used_at').where({ id }))
      ?.last_used_at;
    if (!used) await new Promise((r) => setTimeout(r, 20));
  }
  expect(used).toBeInstanceOf(Date);
});

it('answers a wrong method with 405 before looking at the token', async () => {
  const res = await stack.api.get('/content/products', { method: 'POST' });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, HEAD');
});
