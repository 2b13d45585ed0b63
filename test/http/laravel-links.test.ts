/**
 * Our `links` and `meta` against a real Laravel. Every paginated route of the route table gets
 * a grid of URLs (page edge cases, per_page forms, encodings, array forms, empty, unknown and oddly named
 * parameters); the answers of our running app are compared, field by field and in key order, with what
 * `JsonResource::collection(Item::paginate($perPage)->withQueryString())` answers in the harness of
 * `../shared/laravel-ref/` (Laravel's own classes, its default TrimStrings and ConvertEmptyStringsToNull
 * middleware) for the same raw query, total and page size. One php process answers the whole grid.
 *
 * Needs `php` with Debian's php-laravel-framework (.ci/run installs both); the harness is found at
 * `../shared/laravel-ref` beside the repository, or at `LARAVEL_REF_DIR`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from '../../src/openapi/zod';
import { API_ROUTES } from '../../src/routes';
import { startStack, type Stack } from '../support/stack';
import { bearer } from '../support/tokens';

const REF_DIR = process.env.LARAVEL_REF_DIR ?? path.resolve(__dirname, '../../../shared/laravel-ref');
const PAGINATE = path.join(REF_DIR, 'paginate.php');

/** The routes whose 200 body is the pagination envelope (`paginatedSchema`). */
const PAGINATED = API_ROUTES.filter(
  (r) =>
    r.response !== 'file' &&
    r.response instanceof z.ZodObject &&
    ['data', 'links', 'meta'].every((key) => key in (r.response as z.ZodObject).shape),
);

/** `page` as clients send it, and as they should not. */
const PAGES = [
  '',
  'page=1',
  'page=2',
  'page=3',
  'page=8',
  'page=10',
  'page=14',
  'page=04',
  'page=+3',
  'page=%2B2',
  'page=%202%20',
  'page=%092%0A',
  'page=2%00',
  'page=%0C2',
  'page=0',
  'page=-1',
  'page=-0',
  'page=2.0',
  'page=1e1',
  'page=0x1A',
  'page=abc',
  'page=2abc',
  'page=',
  'page',
  'page[]=2',
  'page[a]=2',
  'page=2&page=3',
  'page=3&page[]=2',
  'page[]=2&page=3',
  '+page=2',
  '%20page=3',
  'page%00x=2',
  'page.=2',
  'page[=2',
  'page=99',
  'page=1000000',
  'page=9007199254740991',
  'page=99999999999999999999',
];

/** Other parameters: encodings, array forms, empty, unknown and oddly named ones, numeric keys. */
const QUERIES = [
  '',
  'search=Fr%C3%A4se+M%C3%A4hwerk',
  'search=a%20b%20%20c+',
  'taxons[]=produktbereich:pressen&taxons[]=produktbereich:frontlader',
  'taxons%5B%5D=produktbereich%3Apressen',
  'taxons[0]=a:b&taxons[2]=c:d&taxons[]=e:f',
  'taxons=produktbereich:pressen,produktbereich:frontlader',
  'ids[]=1&ids[]=2&ids=3',
  'ids=3&ids[]=1&ids[]=2',
  'n[x][y]=1&n[x][]=2&n[][z]=3&n[5]=4&n[]=5',
  'a[b]c=1&a[x][y=2&m[a]]=3&k[-3]=4&k[]=5',
  'foo=&bar=%20&baz&qux=%09&quux=%00',
  'search=&taxons=&manufacturer=&ids=&type=',
  'unknown=1&a.b=2&a%20c=3&+d=4&e[=5&f%00g=6',
  'd=1&x=2&d=3',
  "q=!'()*~:,;@$/?&r=%21%27%28%29%2A%7E",
  'x=%FF%FE&y=%zz&z=100%&w=%E2%82',
  '5=x&-3=y&07=z&0=w',
  'a[]=&a[]=x&a[]=%20',
  'emoji=%F0%9F%9A%9C&plus=a%2Bb&amp=a%26b%3Dc&hash=%23',
  'type=image&renderable=1&folder=ersatzteile&manufacturer=fendt',
  '&&x=1&&=2&%3D=3&[]=4&[a]=5',
];

/** Page sizes. */
const PER_PAGES = [
  '',
  'per_page=1',
  'per_page=2',
  'per_page=%203%20',
  'per_page=+2',
  'per_page=02',
  'per_page=500',
  'per_page=0',
  'per_page=abc',
  'per_page[]=2',
];

const join = (...parts: string[]) => parts.filter(Boolean).join('&');

/** The grid of raw query strings sent to each paginated route. */
function grid(): string[] {
  const queries = new Set<string>();
  PAGES.forEach((page, i) => {
    queries.add(join(page, 'per_page=1', QUERIES[i % QUERIES.length]!));
    queries.add(join(QUERIES[(i + 7) % QUERIES.length]!, page));
  });
  QUERIES.forEach((query, i) => {
    queries.add(join(query, 'page=2', 'per_page=1'));
    queries.add(join('per_page=2', PAGES[(i * 5) % PAGES.length]!, query));
  });
  PER_PAGES.forEach((perPage, i) => queries.add(join(perPage, PAGES[(i * 3) % PAGES.length]!)));
  queries.add(`${Array.from({ length: 1000 }, (_, i) => `v${i}=1`).join('&')}&page=3&per_page=1`);
  queries.add(`p${'[a]'.repeat(70)}=1&page=2&per_page=1`);
  return [...queries];
}

interface Envelope {
  data: unknown[];
  links: Record<string, unknown>;
  meta: Record<string, unknown> & { total: number; per_page: number };
}
interface Case {
  route: string;
  url: string;
  status: number;
  ours: Envelope;
}
interface HarnessResult {
  status: number;
  body: Envelope | null;
  raw: string;
}

/** Runs paginate.php once over `cases` (its batch mode); rejects with php's output when it fails. */
function laravel(cases: { url: string; total: number; perPage: number }[]): Promise<HarnessResult[]> {
  return new Promise((resolve, reject) => {
    const php = spawn('php', [PAGINATE], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    php.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    php.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    php.on('error', reject);
    php.on('close', (code) => {
      if (code !== 0) reject(new Error(`php ${PAGINATE} exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as HarnessResult[]);
    });
    php.stdin.end(JSON.stringify(cases));
  });
}

/** Where `ours` and `theirs` differ: a value, or the keys or their order (`at` is the field path). */
function differences(ours: unknown, theirs: unknown, at: string, out: string[]): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    if (ours.length !== theirs.length) out.push(`${at}: ${ours.length} entries, Laravel ${theirs.length}`);
    else ours.forEach((v, i) => differences(v, theirs[i], `${at}[${i}]`, out));
  } else if (isObject(ours) && isObject(theirs)) {
    const [a, b] = [Object.keys(ours), Object.keys(theirs)];
    if (a.join() !== b.join()) out.push(`${at}: keys ${a.join(',')}, Laravel ${b.join(',')}`);
    else for (const key of a) differences(ours[key], theirs[key], `${at}.${key}`, out);
  } else if (ours !== theirs) {
    out.push(`${at}: ${JSON.stringify(ours)}, Laravel ${JSON.stringify(theirs)}`);
  }
  return out;
}

let stack: Stack;
const cases: Case[] = [];
let answers: HarnessResult[] = [];

beforeAll(async () => {
  const php = spawnSync('php', ['--version']);
  if (php.error || php.status !== 0)
    throw new Error(
      'php is missing: apt-get install -y php-cli php-laravel-framework php-sqlite3 (.ci/run installs them)',
    );
  if (!existsSync(PAGINATE))
    throw new Error(`the Laravel harness is missing: no ${PAGINATE} (set LARAVEL_REF_DIR to its folder)`);

  stack = await startStack();
  const token = await bearer(stack.database.db, 'full');
  const queries = grid();
  for (const r of PAGINATED) {
    const headers = { Accept: 'application/json', ...(r.auth === 'public' ? {} : { Authorization: token }) };
    for (let i = 0; i < queries.length; i += 8) {
      await Promise.all(
        queries.slice(i, i + 8).map(async (query) => {
          const url = `${stack.api.origin}/api/v1${r.path}?${query}`;
          // What goes over the wire (fetch percent-encodes a few characters, e.g. `'`) is what Laravel gets.
          const sent = new URL(url).search.replace(/^\?/, '');
          const res = await stack.api.get(url, { headers });
          cases.push({
            route: r.path,
            url: `${stack.config.apiBaseUrl}${r.path}?${sent}`,
            status: res.status,
            ours: (await res.json()) as Envelope,
          });
        }),
      );
    }
  }
  answers = await laravel(
    cases.map((c) => ({ url: c.url, total: c.ours.meta.total, perPage: c.ours.meta.per_page })),
  );
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

it('covers every paginated route of the table with the whole grid', () => {
  expect(PAGINATED.map((r) => r.path)).toEqual(
    expect.arrayContaining([
      '/products',
      '/articles',
      '/tractor-models',
      '/media',
      '/content/products',
      '/content/articles',
      '/content/media',
    ]),
  );
  expect(cases.length).toBe(PAGINATED.length * grid().length);
  expect(cases.filter((c) => c.status !== 200).map((c) => `${c.status} ${c.url}`)).toEqual([]);
  expect(answers.filter((a) => a.status !== 200).map((a) => a.raw.slice(0, 300))).toEqual([]);
});

describe.each(PAGINATED.map((r) => r.path))('%s', (route) => {
  it("has Laravel's links and meta for every URL of the grid", () => {
    const found: string[] = [];
    cases.forEach((c, i) => {
      if (c.route !== route) return;
      const theirs = answers[i]!.body!;
      const diff = differences(
        { count: c.ours.data.length, links: c.ours.links, meta: c.ours.meta },
        { count: theirs.data.length, links: theirs.links, meta: theirs.meta },
        'body',
        [],
      );
      if (diff.length) found.push(`${c.url}\n    ${diff.slice(0, 4).join('\n    ')}`);
    });
    expect(found).toEqual([]);
  });
});
