/**
 * Renditions end to end through the real worker: the import's outbox is drained by scheduled syncs, which
 * queue render jobs; the renders record their changes, the next sync pushes them, and the public responses
 * show `conversions` whose URLs serve the files. An original over RENDER_MAX_PIXELS fails its job once,
 * with its reason, while the rest of the backlog renders. Nothing is called directly.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import type { RenderRequest } from '../../src/jobs/render-queue';
import { eventually as poll } from '../support/outage';
import { startStack, type Stack } from '../support/stack';
import { pixelBomb } from '../support/images';
import type { Data, Medium, Page } from '../support/types';

let stack: Stack;
let worker: IndexWorker;

beforeAll(async () => {
  stack = await startStack();
  worker = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.indexer.meili,
    logger: stack.indexer.logger,
    syncEveryMs: 250,
  });
});
afterAll(async () => {
  await worker?.queue.obliterate({ force: true });
  await worker?.close();
  await stack?.stop();
});

/** Polls until `done` (renders are slow on a loaded machine: up to 90 s). */
const eventually = <T>(read: () => Promise<T>, done: (value: T) => boolean) => poll(read, done, 90_000);

it('renders the imported images and shows their conversions in lists and details', async () => {
  const product = () =>
    stack.api
      .json<{ data: { id: number; images: Medium[] }[] }>('/products?ids=1002')
      .then((b) => b.data[0]!);
  const rendered = await eventually(product, (p) =>
    p.images.every((m) => Object.keys(m.conversions).length === 6),
  );
  expect(rendered.images.map((m) => m.id)).toEqual([5001, 5003, 5002]);
  for (const image of rendered.images) {
    expect(Object.keys(image.conversions).sort()).toEqual([
      'hero',
      'katalog',
      'mini',
      'preview',
      'thumb',
      'tile',
    ]);
    expect(image.thumb_url).toBe(image.conversions.thumb!.url);
  }
  const thumb = rendered.images[0]!.conversions.thumb!;
  const res = await stack.api.get(thumb.url.replace(stack.config.appUrl, stack.api.origin));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');

  const media = await eventually(
    () => stack.api.json<Page<Medium>>('/media?type=image').then((b) => b.data),
    (list) => list.every((m) => Object.keys(m.conversions).length === 6),
  );
  expect(media.map((m) => m.id)).toEqual([5009, 5005, 5003, 5001, 5002]);
  const svg = await stack.api.json<Data<Medium>>('/media/5014');
  expect(svg.data.conversions).toEqual({});
  // The system settles: every outbox row, also those the renders wrote, ends up processed.
  const pending = await eventually(
    async () =>
      Number((await stack.database.db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n),
    (n) => n === 0,
  );
  expect(pending).toBe(0);
});

it('fails an original over RENDER_MAX_PIXELS once, with its reason, while the rest of the backlog renders', async () => {
  const db = stack.database.db;
  // As an import of new files for 5005 (a 16,383 × 16,383 PNG) and 5002 (a photo) leaves them.
  const store = async (id: number, data: Buffer | string, ext: string, mimeType: string) => {
    const bytes = typeof data === 'string' ? undefined : data;
    const sha = createHash('sha256')
      .update(bytes ?? `${data}:${id}`)
      .digest('hex');
    const file = `originals/${sha.slice(0, 2)}/${sha}.${ext}`;
    await mkdir(path.join(stack.mediaRoot, path.dirname(file)), { recursive: true });
    if (bytes) await writeFile(path.join(stack.mediaRoot, file), bytes);
    else await copyFile(data as string, path.join(stack.mediaRoot, file));
    await db('media').where({ id }).update({ file_path: file, file_sha256: sha, mime_type: mimeType });
    await db('index_outbox').insert({ entity: 'media', entity_id: String(id), action: 'upsert' });
    return sha;
  };
  await store(5005, await pixelBomb(), 'png', 'image/png');
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  const photoSha = await store(5002, photo, 'jpg', 'image/jpeg');

  const renders = worker.renderQueue;
  const failedFor5005 = async () =>
    (await renders.getFailed()).filter(
      (j) =>
        j.name === 'render' &&
        (j.data as RenderRequest).target === 'media' &&
        (j.data as RenderRequest).id === 5005,
    );
  const failed = await eventually(failedFor5005, (jobs) => jobs.length > 0);
  expect(failed.map((j) => ({ reason: j.failedReason, attempts: j.attemptsMade }))).toEqual([
    {
      reason:
        'media 5005 (image/png): png image of 16383x16383 (268,402,689 pixels) is over the render limit of ' +
        '12,000,000 pixels (RENDER_MAX_PIXELS)',
      attempts: 1,
    },
  ]);
  // The other image of the same backlog renders from its new original.
  const rendered = await eventually(
    async () =>
      Number(
        (await db('renditions').where({ media_id: 5002, source_sha256: photoSha }).count({ n: '*' }))[0]!.n,
      ),
    (n) => n === 6,
  );
  expect(rendered).toBe(6);
  // No retry is waiting, none ran: still one failed job of one attempt.
  expect(await renders.getDelayedCount()).toBe(0);
  expect((await failedFor5005()).map((j) => j.attemptsMade)).toEqual([1]);
  // The medium shows no picture it no longer has (its stale renditions went).
  const medium = await eventually(
    () => stack.api.json<Data<Medium>>('/media/5005').then((b) => b.data),
    (m) => Object.keys(m.conversions).length === 0,
  );
  expect(medium.conversions).toEqual({});
  expect(await db('renditions').where({ media_id: 5005 })).toEqual([]);
});
