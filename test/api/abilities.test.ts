/**
 * Every protected endpoint against every access profile (spec "Access profiles and abilities", and the
 * operators' `operator` and `ops:queues:write`): 200 where the profile grants the route's ability, 403
 * `forbidden` where it does not, 401 `unauthenticated` without a token (with and without
 * `Accept: application/json`). Tokens are made as `npm run token:create` makes them.
 */
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

let stack: Stack;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // The previews render in the worker's render worker (src/resources/content-media/render.ts).
  stack = await startStack({ renderWorker: true });
  const db = stack.database.db;
  tokens.content = await bearer(db, 'content');
  tokens.media = await bearer(db, 'media');
  tokens.full = await bearer(db, 'full');
  tokens.search = await bearer(db, ['search']);
  tokens.operator = await bearer(db, 'operator');
  // The operators' right alone: `*` grants it, it grants nothing of `*`.
  tokens.queues = await bearer(db, ['ops:queues:write']);
});
afterAll(async () => {
  await stack?.stop();
});

const ANY = ['/user', '/search/suggestions?q=rund'];
const CATALOG = [
  '/content/products',
  '/content/products/rp-125-f',
  '/content/articles',
  '/content/articles/E%2011-0455',
  '/content/taxonomies',
  '/content/taxonomies/produktbereich',
];
const MEDIA = [
  '/content/media',
  '/content/media/5001',
  '/content/media/5001/preview',
  '/content/media/ext:DAM-000184/preview?format=thumb',
  '/content/media/5001/download',
  '/content/media-folders',
];

/** The expected status of each profile on a route group. */
const EXPECTED: [string[], Record<string, number>][] = [
  [ANY, { content: 200, media: 200, full: 200, search: 200, operator: 200, queues: 200 }],
  [CATALOG, { content: 200, media: 403, full: 200, search: 403, operator: 200, queues: 403 }],
  [MEDIA, { content: 200, media: 200, full: 200, search: 403, operator: 200, queues: 403 }],
];

const cases = EXPECTED.flatMap(([paths, byProfile]) =>
  paths.flatMap((path) =>
    Object.entries(byProfile).map(([profile, status]) => [path, profile, status] as const),
  ),
);

it.each(cases)('%s with a %s token answers %i', async (path, profile, status) => {
  const res = await stack.api.get(path, {
    headers: { Accept: 'application/json', Authorization: tokens[profile]! },
  });
  expect(res.status).toBe(status);
  if (status === 403) {
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  } else {
    await res.arrayBuffer();
  }
});

it.each([...ANY, ...CATALOG, ...MEDIA])(
  '%s without a token answers 401 unauthenticated, with and without Accept',
  async (path) => {
    for (const headers of [{ Accept: 'application/json' }, {}] as Record<string, string>[]) {
      const res = await stack.api.get(path, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    }
  },
);
