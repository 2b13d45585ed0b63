/**
 * GET /content/media/{media}/preview and /download over HTTP on the sample snapshot (docs/api/content-media.md):
 * no backlog render has run, so every preview is rendered on the fly by a `preview` job of the render
 * worker (running in-process on this file's Redis prefix) that the API waits for, stored with its
 * `renditions` row and served from storage afterwards; a wait that runs out or a Redis that does not answer
 * is a 503 and loses no job; downloads are the originals, byte for byte, as attachments under their real
 * names.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runRender } from '../../indexer/jobs/render';
import { Worker } from 'bullmq';
import { redisConnection } from '../../src/jobs/connection';
import { PREVIEW_JOB_OPTIONS, previewJobId } from '../../src/jobs/render-queue';
import { SIZES_5001 } from '../support/images';
import { startStack, type Stack } from '../support/stack';
import { SAMPLE_SNAPSHOT } from '../support/snapshot';
import { authHeaders, bearer } from '../support/tokens';

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack({ renderWorker: true });
  token = await bearer(stack.database.db, 'media');
});
afterAll(async () => {
  await stack?.stop();
});

const call = (p: string, init: RequestInit = {}) =>
  stack.api.get(p, { ...init, headers: { ...authHeaders(token), ...(init.headers as object) } });
const preview = (id: number | string, format?: string) =>
  call(`/content/media/${id}/preview${format === undefined ? '' : `?format=${format}`}`);
const sample = (file: string) => readFile(path.join(SAMPLE_SNAPSHOT, 'files', file));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const db = () => stack.database.db;
const renditionRows = (id: number) =>
  db()('renditions').where({ media_id: id }).orderBy('format_key').select('format_key', 'file_path', 'id');
const outboxRows = async (id: number) =>
  Number(
    (
      await db()('index_outbox')
        .where({ entity: 'media_renditions', entity_id: String(id) })
        .count({ n: '*' })
    )[0]!.n,
  );

/** The body of a 200 image response with its real size; checks the length and cache headers. */
async function image(res: Response, type: string) {
  expect(res.status).toBe(200);
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('content-length')).toBe(String(body.length));
  expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  const meta = await sharp(body).metadata();
  return { body, size: `${meta.width}x${meta.height}`, format: meta.format, alpha: meta.hasAlpha };
}

describe('GET /content/media/{media}/preview', () => {
  it('renders each active format on the fly when no rendition exists yet, and stores it', async () => {
    expect(await renditionRows(5001)).toEqual([]);
    const outboxBefore = await outboxRows(5001);
    for (const [format, size] of Object.entries(SIZES_5001)) {
      const res = await preview(5001, format);
      const got = await image(res, 'image/jpeg');
      expect([format, got.size]).toEqual([format, size]);
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="RP125F_Seitenansicht_2023.jpg"; filename*=UTF-8''RP125F_Seitenansicht_2023.jpg`,
      );
    }
    const rows = await renditionRows(5001);
    expect(rows.map((r) => r.format_key)).toEqual(['hero', 'katalog', 'mini', 'preview', 'thumb', 'tile']);
    // One outbox row per render: the worker's next sync puts the new conversions into the documents.
    expect(await outboxRows(5001)).toBe(outboxBefore + 6);
    for (const row of rows) expect(row.file_path).toMatch(/^renditions\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
  });

  it('uses the format preview by default (also for an empty or list-valued format)', async () => {
    for (const res of [
      await preview(5001),
      await preview(5001, ''),
      await call('/content/media/5001/preview?format[]=thumb'),
    ]) {
      expect((await image(res, 'image/jpeg')).size).toBe('800x600');
    }
    expect((await image(await preview('ext:DAM-000184'), 'image/jpeg')).size).toBe('800x600');
  });

  it('serves the stored rendition afterwards without rendering again, with its id as ETag', async () => {
    const row = (await renditionRows(5001)).find((r) => r.format_key === 'thumb')!;
    const file = path.join(stack.mediaRoot, row.file_path);
    const original = await readFile(file);
    // A marker in place of the stored file: what comes back is what is stored.
    const marker = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    await writeFile(file, marker);
    try {
      const outbox = await outboxRows(5001);
      const res = await preview(5001, 'thumb');
      const got = await image(res, 'image/jpeg');
      expect(got.body.equals(marker)).toBe(true);
      expect(res.headers.get('etag')).toBe(`"${row.file_path.slice(14, 78)}"`);
      expect(await outboxRows(5001)).toBe(outbox);
      expect((await renditionRows(5001)).find((r) => r.format_key === 'thumb')).toEqual(row);
    } finally {
      await writeFile(file, original);
    }
  });

  it('auto-orients (5003), never enlarges and keeps alpha (5009), also for media that are not public', async () => {
    expect((await image(await preview(5003, 'preview'), 'image/jpeg')).size).toBe('600x800');
    expect((await image(await preview(5003, 'hero'), 'image/jpeg')).size).toBe('810x1080');
    for (const format of ['preview', 'hero']) {
      expect(await image(await preview(5009, format), 'image/webp')).toMatchObject({
        size: '400x400',
        format: 'webp',
        alpha: true,
      });
    }
    expect((await image(await preview(5009, 'katalog'), 'image/webp')).size).toBe('1200x900');
    expect((await image(await preview(5004, 'thumb'), 'image/jpeg')).size).toBe('300x300'); // print only
    expect((await image(await preview(5016, 'mini'), 'image/jpeg')).size).toBe('120x120'); // haendler folder
    expect((await image(await preview(5002, 'tile'), 'image/jpeg')).size).toBe('480x480'); // WebP original
  });

  it('renders concurrent requests for the same rendition once, into one intact file', async () => {
    expect(await renditionRows(5005)).toEqual([]);
    const outbox = await outboxRows(5005);
    const responses = await Promise.all(Array.from({ length: 6 }, () => preview(5005, 'hero')));
    const bodies = await Promise.all(responses.map((r) => image(r, 'image/jpeg')));
    for (const b of bodies) {
      expect(b.size).toBe('810x1080');
      expect(b.body.equals(bodies[0]!.body)).toBe(true);
    }
    const rows = await renditionRows(5005);
    expect(rows.map((r) => r.format_key)).toEqual(['hero']);
    expect(await outboxRows(5005)).toBe(outbox + 1);
    const stored = await readFile(path.join(stack.mediaRoot, rows[0]!.file_path));
    expect(stored.equals(bodies[0]!.body)).toBe(true);
    const dir = path.join(stack.mediaRoot, path.dirname(rows[0]!.file_path));
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('renders in the worker, at most RENDER_CONCURRENCY images at once; the others wait and are served too', async () => {
    // Media the other tests do not look at again; without their previews, each request below renders.
    const ids = [5002, 5003, 5009, 5016];
    await db()('renditions').whereIn('media_id', ids).whereIn('format_key', ['preview', 'hero']).delete();
    // The decode slots' use, looked at every millisecond (a render holds its slot for tens of them).
    const { slots } = stack.renderWorker!;
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, slots.busy)), 1);
    try {
      const pairs = [...ids.map((id) => [id, 'preview'] as const), [5002, 'hero'] as const];
      const responses = await Promise.all(pairs.map(([id, format]) => preview(id, format)));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      await Promise.all(responses.map((r) => r.arrayBuffer()));
    } finally {
      clearInterval(watch);
    }
    // Five renders were asked for at once: two rendered together, never more.
    expect(stack.config.renderConcurrency).toBe(2);
    expect(peak).toBe(2);
    // Done previews leave no job behind (their file and row are the result).
    expect(await stack.renderWorker!.queue.getJobCounts('completed', 'failed', 'prioritized')).toEqual({
      completed: 0,
      failed: 0,
      prioritized: 0,
    });
  });

  it('leaves the other formats to the worker, which reuses what the API rendered', async () => {
    const before = await renditionRows(5005);
    const result = await runRender(stack.indexer, { target: 'media', id: 5005 });
    expect(result.rendered).toEqual(['thumb', 'mini', 'tile', 'preview', 'katalog']);
    const after = await renditionRows(5005);
    expect(after.find((r) => r.format_key === 'hero')).toEqual(before[0]);
    expect(after).toHaveLength(6);
  });

  it('renders again when the stored rendition is out of date (format changed, file gone)', async () => {
    await db()('image_formats').where({ key: 'tile' }).update({ width: 400, height: 200 });
    try {
      expect((await image(await preview(5001, 'tile'), 'image/jpeg')).size).toBe('400x200');
    } finally {
      await db()('image_formats').where({ key: 'tile' }).update({ width: 480, height: 480 });
    }
    expect((await image(await preview(5001, 'tile'), 'image/jpeg')).size).toBe('480x480');
    const row = (await renditionRows(5001)).find((r) => r.format_key === 'mini')!;
    await rm(path.join(stack.mediaRoot, row.file_path));
    expect((await image(await preview(5001, 'mini'), 'image/jpeg')).size).toBe('120x120');
  });

  it('answers 404 for an unknown or inactive format, a medium without a renderable file, or a hidden one', async () => {
    const cases: [number | string, string | undefined][] = [
      [5001, 'gibt-es-nicht'],
      [5001, 'social'], // inactive
      [5001, 'Thumb'],
      [5001, '..%2Fthumb'],
      [5012, undefined], // PDF
      [5012, 'thumb'],
      [5014, undefined], // SVG
      [5013, undefined], // no file
      [5006, undefined], // draft
      [5008, undefined], // expired
      [5015, undefined], // inactive folder
      ['abc', undefined],
    ];
    for (const [id, format] of cases) {
      const res = await preview(id, format);
      expect([id, format, res.status]).toEqual([id, format, 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect(await renditionRows(5012)).toEqual([]);
    expect(await renditionRows(5006)).toEqual([]);
  });

  it('answers 404 when the original cannot be decoded, and stores nothing', async () => {
    const { file_path: file } = await db()('media').where({ id: 5016 }).first('file_path');
    const absolute = path.join(stack.mediaRoot, file as string);
    const original = await readFile(absolute);
    const before = await renditionRows(5016);
    await writeFile(absolute, original.subarray(0, 60)); // a truncated PNG
    try {
      const res = await preview(5016, 'hero');
      expect(res.status).toBe(404);
      expect(await renditionRows(5016)).toEqual(before);
    } finally {
      await writeFile(absolute, original);
    }
  });

  it('shows the renditions made on the fly as conversions after the sync, public URLs only for public media', async () => {
    await stack.reindex();
    const list = (await (await call('/content/media?ids[]=5001&ids[]=5004')).json()) as {
      data: { id: number; conversions: Record<string, { url: string }>; url: string | null }[];
    };
    const [m5004, m5001] = list.data;
    expect(m5001!.id).toBe(5001);
    expect(Object.keys(m5001!.conversions)).toEqual(['thumb', 'mini', 'tile', 'preview', 'hero', 'katalog']);
    const res = await stack.api.get(
      m5001!.conversions.thumb!.url.replace(stack.config.appUrl, stack.api.origin),
    );
    expect(res.status).toBe(200);
    expect(m5004!.id).toBe(5004);
    expect(m5004!.conversions).toEqual({});
    expect(m5004!.url).toBeNull();
    expect((await renditionRows(5004)).map((r) => r.format_key)).toEqual(['thumb']);
  });
});

describe('GET /content/media/{media}/preview while the worker is slow or Redis is down', () => {
  it('answers 503 with Retry-After when the render takes longer than PREVIEW_TIMEOUT_MS, and the job still runs', async () => {
    const worker = stack.renderWorker!.worker;
    const impatient = await stack.startApi({ ...stack.config, previewTimeoutMs: 300 });
    await worker.pause();
    try {
      expect(await renditionRows(5004)).toEqual([expect.objectContaining({ format_key: 'thumb' })]);
      const started = Date.now();
      const res = await impatient.get('/content/media/5004/preview?format=hero', {
        headers: authHeaders(token),
      });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const body = (await res.json()) as { error: { code: string; status: number } };
      expect(body.error).toMatchObject({ code: 'service_unavailable', status: 503 });
      // The job waits for the worker; nothing was rendered yet.
      const job = await stack.renderWorker!.queue.getJob(previewJobId({ mediumId: 5004, format: 'hero' }));
      expect(await job?.getState()).toBe('prioritized');
      expect((await renditionRows(5004)).map((r) => r.format_key)).toEqual(['thumb']);
    } finally {
      worker.resume();
      await impatient.close();
    }
    // The worker finishes the job by itself; the next request is served from storage, no second render.
    const deadline = Date.now() + 30_000;
    while ((await renditionRows(5004)).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outbox = await outboxRows(5004);
    expect((await image(await preview(5004, 'hero'), 'image/jpeg')).size).toBe('1440x1080');
    expect((await renditionRows(5004)).map((r) => r.format_key)).toEqual(['hero', 'thumb']);
    expect(await outboxRows(5004)).toBe(outbox);
  });

  it('answers 503 at once when Redis does not answer, and still serves stored renditions', async () => {
    // A port nobody listens on: the queue's producer connection never becomes ready.
    const offline = await stack.startApi({ ...stack.config, redisUrl: 'redis://127.0.0.1:9' });
    try {
      const started = Date.now();
      const res = await offline.get('/content/media/5004/preview?format=mini', {
        headers: authHeaders(token),
      });
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
      const stored = await offline.get('/content/media/5004/preview?format=thumb', {
        headers: authHeaders(token),
      });
      expect((await image(stored, 'image/jpeg')).size).toBe('300x300');
    } finally {
      await offline.close();
    }
  });

  it('renders again when a failed preview job of an earlier request is kept under the same id', async () => {
    const queue = stack.renderWorker!.queue;
    const id = previewJobId({ mediumId: 5004, format: 'tile' });
    const worker = stack.renderWorker!.worker;
    await worker.pause();
    // A worker that fails what it takes, as a crashed render would leave the job: failed, kept.
    const failing = new Worker('render', () => Promise.reject(new Error('worker crashed')), {
      connection: redisConnection(stack.config, 'worker'),
      prefix: stack.config.redisPrefix,
    });
    try {
      await queue.add('preview', { mediumId: 5004, format: 'tile' }, { ...PREVIEW_JOB_OPTIONS, jobId: id });
      const deadline = Date.now() + 10_000;
      while ((await (await queue.getJob(id))?.getState()) !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await failing.close();
      worker.resume();
    }
    expect(await (await queue.getJob(id))?.getState()).toBe('failed');
    expect((await image(await preview(5004, 'tile'), 'image/jpeg')).size).toBe('480x480');
    expect(await queue.getJob(id)).toBeUndefined(); // the new job ran and was removed when done
  });
});

describe('GET /content/media/{media}/download', () => {
  it('sends the original byte for byte as an attachment under its real name', async () => {
    const expected = await sample('media/rp-125-f-seitenansicht.jpg');
    const res = await call('/content/media/5001/download');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(expected.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="RP125F_Seitenansicht_2023.jpg"; filename*=UTF-8''RP125F_Seitenansicht_2023.jpg`,
    );
    expect(res.headers.get('etag')).toBe(`"${sha256(expected)}"`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('x-request-id')).toBeNull();
  });

  it('names the PDF 5012 with its en dash (RFC 5987) and an ASCII fallback', async () => {
    const expected = await sample('media/datenblatt-rp-125-f.pdf');
    const res = await call('/content/media/ext:DAM-DOC-0042/download');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(expected.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Datenblatt RP 125 F _ 2024.pdf"; filename*=UTF-8''Datenblatt%20RP%20125%20F%20%E2%80%93%202024.pdf`,
    );
  });

  it('sends media that are not public (5004 print only, 5016 haendler folder) and the SVG sandboxed', async () => {
    for (const [id, file, type] of [
      [5004, 'media/rp-160-v-profi-prospekt.jpg', 'image/jpeg'],
      [5016, 'media/haendleraktion-fl-45-p.png', 'image/png'],
      [5014, 'media/hofmeister-logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await call(`/content/media/${id}/download`);
      expect([id, res.status, res.headers.get('content-type')]).toEqual([id, 200, type]);
      expect(Buffer.from(await res.arrayBuffer()).equals(await sample(file))).toBe(true);
    }
    const svg = await call('/content/media/5014/download');
    expect(svg.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(svg.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hofmeister_logo_rgb\.svg"/,
    );
  });

  it('answers HEAD and Range like the public file URLs', async () => {
    const head = await call('/content/media/5001/download', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;/);
    const range = await call('/content/media/5001/download', { headers: { Range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).length).toBe(10);
  });

  it('answers 404 without a file (5013) and for media the CMS does not see', async () => {
    for (const id of ['5013', '5006', '5008', '5010', '5011', '5015', 'ext:DAM-000232', 'abc']) {
      const res = await call(`/content/media/${id}/download`);
      expect([id, res.status]).toEqual([id, 404]);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });
});
