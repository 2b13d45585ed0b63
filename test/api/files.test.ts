/**
 * GET /files/<media|uploads>/<id>/<hash>/<name> over HTTP on the sample snapshot (files imported into a
 * temp MEDIA_ROOT): exact bytes and headers, 304 and Range, visibility checked per request, and no way to
 * read anything but a public record's own file.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { originalUrl } from '../../src/media/urls';
import type { MediumRecord } from '../../src/catalog/records';
import { startStack, type Stack } from '../support/stack';
import { SAMPLE_SNAPSHOT, removeDir, tempDir } from '../support/snapshot';
import type { Page, Product } from '../support/types';

let stack: Stack;
let outside: string;
const SECRET = 'outside-media-root-secret';

beforeAll(async () => {
  stack = await startStack();
  // A file next to MEDIA_ROOT that no URL and no stored path may ever reach.
  outside = await tempDir('outside-');
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
});
afterAll(async () => {
  await stack?.stop();
  if (outside) await removeDir(outside);
});

const sample = (file: string) => readFile(path.join(SAMPLE_SNAPSHOT, 'files', file));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The APP_URL of a public URL replaced by the test server's origin. */
const local = (url: string) => url.replace(stack.config.appUrl, stack.api.origin);

async function productImages(id: number) {
  const page = await stack.api.json<Page<Product>>(`/products?ids[]=${id}`);
  return page.data[0]!.images;
}

/** The public URL the row of `table` would have (built from the database, whatever its visibility). */
async function urlOf(table: 'media' | 'product_uploads', id: number): Promise<string> {
  const row = (await stack.database.db(table).where({ id }).first()) as Record<string, unknown>;
  const url = originalUrl(stack.api.origin, {
    ...row,
    id,
    source: table === 'media' ? 'media' : 'upload',
  } as unknown as MediumRecord);
  if (!url) throw new Error(`${table} ${id} has no file`);
  return url;
}

/** GET through the test API, so the response is checked against the OpenAPI document too. */
const fetchFile = (url: string, init?: RequestInit) => stack.api.get(url, { redirect: 'manual', ...init });

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string } };
  expect(body.error.code).toBe('not_found');
  expect(res.headers.get('etag')).toBeNull();
  expect(res.headers.get('content-disposition')).toBeNull();
}

/** A request with the path sent exactly as given (fetch would normalise `..` and `//`). */
function rawGet(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(stack.api.origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: target, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('latin1'),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /files: originals of public records', () => {
  it('serves the image of product 1002 (medium 5001) byte for byte with its headers', async () => {
    const image = (await productImages(1002)).find((m) => m.id === 5001)!;
    expect(image.url).toMatch(
      /^http:\/\/api\.test\/files\/media\/5001\/[0-9a-f]{32}\/RP125F_Seitenansicht_2023\.jpg$/,
    );
    const expected = await sample('media/rp-125-f-seitenansicht.jpg');

    const res = await fetchFile(local(image.url!), { headers: { Origin: 'https://www.example.com' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(expected.length));
    expect(res.headers.get('etag')).toBe(`"${sha256(expected)}"`);
    expect(Date.parse(res.headers.get('last-modified')!)).not.toBeNaN();
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="RP125F_Seitenansicht_2023.jpg"; filename*=UTF-8''RP125F_Seitenansicht_2023.jpg`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-request-id')).toBeNull();
  });

  it('serves the upload of product 1007 (9003) byte for byte', async () => {
    const [image] = await productImages(1007);
    expect(image!.id).toBe(9003);
    expect(image!.url).toMatch(/\/files\/uploads\/9003\/[0-9a-f]{32}\/FL45P_Komfort\.jpg$/);
    const res = await fetchFile(local(image!.url!));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const expected = await sample('uploads/fl-45-p-komfort.jpg');
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${sha256(expected)}"`);
  });

  // Raw requests: fetch adds `Cache-Control: no-cache` to conditional requests, which forbids a 304.
  it('answers 304 to a matching If-None-Match or If-Modified-Since, 200 to another ETag', async () => {
    const url = await urlOf('media', 5001);
    const first = await fetchFile(url);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    const target = new URL(url).pathname;
    const cached = await rawGet(target, { 'If-None-Match': etag });
    expect(cached.status).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect((await rawGet(target, { 'If-None-Match': `"0000", ${etag}` })).status).toBe(304);
    expect((await rawGet(target, { 'If-None-Match': `W/${etag}` })).status).toBe(304);
    expect((await rawGet(target, { 'If-Modified-Since': lastModified })).status).toBe(304);
    const other = await rawGet(target, { 'If-None-Match': '"0000"', 'If-Modified-Since': lastModified });
    expect(other.status).toBe(200);
    expect(other.body.length).toBe(37923);
  });

  it('answers a Range with 206 and Content-Range, an unsatisfiable one with 416', async () => {
    const url = await urlOf('media', 5001);
    const expected = await sample('media/rp-125-f-seitenansicht.jpg');
    const res = await fetchFile(url, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${expected.length}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(100);
    expect(body.equals(expected.subarray(0, 100))).toBe(true);

    const tail = await fetchFile(url, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(expected.subarray(-10))).toBe(true);

    const beyond = await fetchFile(url, { headers: { Range: `bytes=${expected.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${expected.length}`);
  });

  it('answers HEAD with the headers and no body', async () => {
    const url = await urlOf('media', 5001);
    const res = await fetchFile(url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe('37923');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await res.text()).toBe('');
  });

  it('serves the PDF 5012 under its name with spaces and an en dash', async () => {
    const url = await urlOf('media', 5012);
    const row = (await stack.database.db('media').where({ id: 5012 }).first('file_name')) as {
      file_name: string;
    };
    expect(row.file_name).toMatch(/ .*–/);
    expect(url.endsWith(`/${encodeURIComponent(row.file_name)}`)).toBe(true);
    const res = await fetchFile(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(row.file_name)}`);
    expect(disposition).toContain('%E2%80%93'); // the en dash in UTF-8
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; /); // ASCII fallback
    const expected = await sample('media/datenblatt-rp-125-f.pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
  });

  it('serves the SVG 5014 sandboxed, so scripts in it cannot run', async () => {
    const res = await fetchFile(await urlOf('media', 5014));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(await sample('media/hofmeister-logo.svg'))).toBe(true);
  });

  it('answers other methods with 405 and Allow, and CORS preflights', async () => {
    const url = await urlOf('media', 5001);
    const post = await fetchFile(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    const preflight = await fetchFile(url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://www.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('GET /files: what is not public or not exact is 404', () => {
  it.each([
    [5004, 'released for print only'],
    [5008, 'expired'],
    [5011, 'trashed'],
    [5015, 'in an inactive folder'],
    [5016, 'in a role-restricted folder'],
    [5006, 'a draft'],
    [5010, 'blocked'],
  ])('medium %i (%s) is 404 with its exact URL, although its file exists', async (id) => {
    const row = (await stack.database.db('media').where({ id }).first('file_path')) as { file_path: string };
    await expect(readFile(path.join(stack.mediaRoot, row.file_path))).resolves.toBeInstanceOf(Buffer);
    await expectNotFound(await fetchFile(await urlOf('media', id)));
  });

  it('is 404 for a wrong hash, a wrong name, a wrong kind or a malformed id', async () => {
    const url = await urlOf('media', 5001);
    const [, hash, name] = /\/([0-9a-f]{32})\/([^/]+)$/.exec(url)!;
    const base = `${stack.api.origin}/files`;
    const otherHash = hash!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const bad of [
      `${base}/media/5001/${otherHash}/${name}`,
      `${base}/media/5001/${hash!.toUpperCase()}/${name}`,
      `${base}/media/5001/${hash!.slice(0, 31)}/${name}`,
      `${base}/media/5001/${hash}/other.jpg`,
      `${base}/media/5001/${hash}/${name!.toLowerCase()}`,
      `${base}/media/5001/${hash}/${name}/`,
      `${base}/uploads/5001/${hash}/${name}`,
      `${base}/MEDIA/5001/${hash}/${name}`,
      `${base}/other/5001/${hash}/${name}`,
      `${base}/media/05001/${hash}/${name}`,
      `${base}/media/5001.0/${hash}/${name}`,
      `${base}/media/99999999999/${hash}/${name}`,
      `${base}/media/5001/${hash}`,
      `${base}/media/5013/${hash}/${name}`, // 5013 has no file
    ]) {
      await expectNotFound(await fetchFile(bad));
    }
  });

  it('reads nothing outside MEDIA_ROOT, whatever the path', async () => {
    const url = new URL(await urlOf('media', 5001));
    const prefix = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
    const secret = path.join(outside, 'secret.txt');
    const up = path.relative(stack.mediaRoot, secret);
    for (const target of [
      `${prefix}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `${prefix}/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `${prefix}/..%5C..%5C..%5Cetc%5Cpasswd`,
      `${prefix}/${encodeURIComponent(up)}`,
      `${prefix}/../../../../etc/passwd`,
      `${prefix}/%2Fetc%2Fpasswd`,
      `${prefix}/${encodeURIComponent(secret)}`,
      `${prefix}/RP125F_Seitenansicht_2023.jpg%00.txt`,
      `${prefix}/%00`,
      `/files/media/..%2F..%2F..%2Fetc/${url.pathname.split('/')[4]}/passwd`,
      `/files/../../../etc/passwd`,
      `/files/media/5001/../../../../etc/passwd`,
      `//etc/passwd`,
      `/files//etc/passwd`,
      `/files/media/5001/${url.pathname.split('/')[4]}/RP125F_Seitenansicht_2023.jpg/../../../../../../etc/passwd`,
    ]) {
      const res = await rawGet(target);
      expect([target, res.status]).toEqual([target, 404]);
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('never serves a stored path that leaves MEDIA_ROOT, and a missing file is 404', async () => {
    const db = stack.database.db;
    const { file_path: original } = (await db('media').where({ id: 5002 }).first('file_path')) as {
      file_path: string;
    };
    const url = await urlOf('media', 5002);
    try {
      for (const stored of [
        path.relative(stack.mediaRoot, path.join(outside, 'secret.txt')),
        path.join(outside, 'secret.txt'),
        `originals/../../${path.basename(outside)}/secret.txt`,
        'originals/00/missing.webp',
        'originals',
      ]) {
        await db('media').where({ id: 5002 }).update({ file_path: stored });
        const res = await fetchFile(url);
        const body = await res.text();
        expect([stored, res.status]).toEqual([stored, 404]);
        expect(body).not.toContain(SECRET);
      }
    } finally {
      await db('media').where({ id: 5002 }).update({ file_path: original });
    }
    expect((await fetchFile(url)).status).toBe(200);
  });

  it('hides the uploads of an inactive product', async () => {
    const url = await urlOf('product_uploads', 9001);
    expect((await fetchFile(url)).status).toBe(200);
    await stack.database.db('products').where({ id: 1008 }).update({ is_active: false });
    try {
      await expectNotFound(await fetchFile(url));
    } finally {
      await stack.database.db('products').where({ id: 1008 }).update({ is_active: true });
    }
  });

  it('hides a medium once its valid_until passes, without any reindex', async () => {
    const db = stack.database.db;
    const url = await urlOf('media', 5009);
    try {
      await db.raw(`UPDATE media SET valid_until = now() + interval '1.5 seconds' WHERE id = 5009`);
      const before = await fetchFile(url);
      expect(before.status).toBe(200);
      await before.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await expectNotFound(await fetchFile(url));
    } finally {
      await db('media').where({ id: 5009 }).update({ valid_until: '2035-12-31T23:59:59+01:00' });
    }
    expect((await fetchFile(url)).status).toBe(200);
  });

  it('serves the medium again after a hidden folder is reactivated, and hides it when deactivated', async () => {
    const db = stack.database.db;
    const url = await urlOf('media', 5001); // folder 402, child of 401
    await db('media_folders').where({ id: 401 }).update({ is_active: false });
    try {
      await expectNotFound(await fetchFile(url));
    } finally {
      await db('media_folders').where({ id: 401 }).update({ is_active: true });
    }
    expect((await fetchFile(url)).status).toBe(200);
  });
});

describe('GET /files: shapes first, the folder walk last', () => {
  /** The SQL and bindings of every query the API's pool runs while `run` runs. */
  async function queriesDuring(run: () => Promise<unknown>): Promise<{ sql: string; bindings: unknown[] }[]> {
    const queries: { sql: string; bindings: unknown[] }[] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) =>
      queries.push({ sql: q.sql, bindings: q.bindings ?? [] });
    stack.api.deps.db.on('query', onQuery);
    try {
      await run();
    } finally {
      stack.api.deps.db.off('query', onQuery);
    }
    return queries;
  }

  /** How often the recursive part of `query` ran (EXPLAIN ANALYZE: 0 when it was never executed). */
  async function recursions(query: { sql: string; bindings: unknown[] }): Promise<number> {
    const result = await stack.database.db.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(
      // The event's SQL numbers its bindings ($1, $2, ... in order); knex.raw takes `?`.
      `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql.replace(/\$\d+/g, '?')}`,
      query.bindings as readonly string[],
    );
    let loops = 0;
    const visit = (node: Record<string, unknown>) => {
      if (node['Node Type'] === 'Recursive Union') loops += node['Actual Loops'] as number;
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    visit((result.rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return loops;
  }

  it('answers a malformed path 404 without asking Postgres', async () => {
    const url = new URL(await urlOf('media', 5001));
    const [, , , , hash, name] = url.pathname.split('/');
    const base = `${stack.api.origin}/files`;
    const malformed = [
      `${base}/media/0/${hash}/${name}`,
      `${base}/media/05001/${hash}/${name}`,
      `${base}/media/2147483648/${hash}/${name}`,
      `${base}/media/5001/${hash!.slice(1)}/${name}`,
      `${base}/media/5001/${hash!.toUpperCase()}/${name}`,
      `${base}/uploads/9003/${'g'.repeat(32)}/${name}`,
      `${base}/media/5001/${hash}/thumb.jpg/${name}`, // a format is letters, digits, '_' and '-'
      `${base}/media/5001/${hash}/${'x'.repeat(65)}/${name}`,
      `${base}/media/5001/${hash}/thumb/RP125F_Seitenansicht_2023`, // a rendition's name has an extension
      `${base}/media/5001/${hash}/thumb/RP125F_Seitenansicht_2023.JPG`,
      `${base}/media/5001/${hash}/thumb/..%2F..%2Fetc%2Fpasswd.jpg`,
      `${base}/media/5001/${hash}/thumb/.jpg%2F`,
      `${base}/media/5001/${hash}/%00`,
      `${base}/media/5001/${hash}/thumb/a.jpg/extra`,
      `${base}/other/5001/${hash}/${name}`,
    ];
    const queries = await queriesDuring(async () => {
      for (const bad of malformed) await expectNotFound(await fetchFile(bad));
    });
    expect(queries).toEqual([]);
  });

  it('compares the hash and name of an original before walking the folder tree', async () => {
    const url = await urlOf('media', 5001); // in folder 402, child of 401
    const [, hash, name] = /\/([0-9a-f]{32})\/([^/]+)$/.exec(url)!;
    const otherHash = hash!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const forged of [url.replace(hash!, otherHash), url.replace(name!, 'other.jpg')]) {
      const queries = await queriesDuring(async () => expectNotFound(await fetchFile(forged)));
      expect(queries).toHaveLength(1);
      expect(await recursions(queries[0]!)).toBe(0);
    }
    // The same probe sees the walk for the real URL.
    const queries = await queriesDuring(async () => (await fetchFile(url)).arrayBuffer());
    expect(queries).toHaveLength(1);
    expect(await recursions(queries[0]!)).toBeGreaterThan(0);
  });

  it("looks a rendition up by its hash before the owner's visibility", async () => {
    const url = new URL(await urlOf('media', 5001));
    const [, , , , , name] = url.pathname.split('/');
    const forged = `${stack.api.origin}/files/media/5001/${'0'.repeat(32)}/thumb/${name}`;
    const queries = await queriesDuring(async () => expectNotFound(await fetchFile(forged)));
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).not.toMatch(/recursive/i);
  });
});
