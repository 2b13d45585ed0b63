/**
 * The `render` job on the sample snapshot (real files in a temp MEDIA_ROOT): rows with real sizes and
 * content-addressed files, nothing rendered twice, a changed format re-renders only that format, an
 * inactive format's renditions go, a corrupt original or one over the pixel limit fails its own job only
 * (and its preview is unrenderable), and the outbox and fan-out
 * that connect renders and syncs (without a render ↔ sync loop: a render's row queues no render).
 */
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import sharp from 'sharp';
import { planChanges } from '../../indexer/fanout';
import { allRenderRequests, runPreview, runRender } from '../../indexer/jobs/render';
import { syncOutbox } from '../../indexer/jobs/sync';
import type { RenderRequest } from '../../src/jobs/render-queue';
import { addOutbox, clearOutbox, outbox, silentLogger, TEST_DEFINITIONS } from './harness';
import { startStack, type Stack } from '../support/stack';
import { pixelBomb } from '../support/images';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
});
afterAll(async () => {
  await stack?.stop();
});

interface Row {
  format_key: string;
  file_path: string;
  mime_type: string;
  width: number;
  height: number;
  size: string;
  created_at: Date;
}

const rows = async (column: 'media_id' | 'upload_id', id: number): Promise<Record<string, Row>> => {
  const list = (await stack.database.db('renditions').where(column, id).orderBy('format_key')) as Row[];
  return Object.fromEntries(list.map((r) => [r.format_key, r]));
};
const sizes = (r: Record<string, Row>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, `${v.width}x${v.height} ${v.mime_type}`]));

describe('runRender', () => {
  it('renders every active format of 5001 with real sizes and content-addressed files', async () => {
    const result = await runRender(stack.indexer, { target: 'media', id: 5001 });
    expect(result.status).toBe('changed');
    expect(result.rendered).toEqual(['thumb', 'mini', 'tile', 'preview', 'hero', 'katalog']);
    const r = await rows('media_id', 5001);
    expect(sizes(r)).toEqual({
      thumb: '300x300 image/jpeg',
      mini: '120x120 image/jpeg',
      tile: '480x480 image/jpeg',
      preview: '800x600 image/jpeg',
      hero: '1440x1080 image/jpeg',
      katalog: '1200x900 image/jpeg',
    });
    for (const row of Object.values(r)) {
      expect(row.file_path).toMatch(/^renditions\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
      const data = await readFile(path.join(stack.mediaRoot, row.file_path));
      expect(Number(row.size)).toBe(data.length);
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height]).toEqual([row.width, row.height]);
    }
    // The render tells the sync to update the documents that show 5001.
    expect((await outbox(stack.database.db)).filter((o) => !o.processed).slice(-1)).toEqual([
      { entity: 'media_renditions', entity_id: '5001', processed: false, attempts: 0, last_error: null },
    ]);
  });

  it('renders nothing again when nothing changed, and writes no outbox row (no render-sync loop)', async () => {
    await clearOutbox(stack.database.db);
    const before = await rows('media_id', 5001);
    const result = await runRender(stack.indexer, { target: 'media', id: 5001 });
    expect(result).toEqual({ target: 'media', id: 5001, status: 'unchanged', rendered: [], removed: [] });
    expect(await rows('media_id', 5001)).toEqual(before);
    expect((await outbox(stack.database.db)).filter((o) => !o.processed)).toEqual([]);
  });

  it('auto-orients 5003 (EXIF 6), keeps 5009 small and transparent, renders uploads', async () => {
    await runRender(stack.indexer, { target: 'media', id: 5003 });
    await runRender(stack.indexer, { target: 'media', id: 5009 });
    await runRender(stack.indexer, { target: 'upload', id: 9002 });
    const r5003 = sizes(await rows('media_id', 5003));
    expect([r5003.preview, r5003.hero]).toEqual(['600x800 image/jpeg', '810x1080 image/jpeg']);
    const r5009 = await rows('media_id', 5009);
    expect(sizes(r5009)).toMatchObject({ preview: '400x400 image/webp', hero: '400x400 image/webp' });
    expect((await sharp(path.join(stack.mediaRoot, r5009.hero!.file_path)).metadata()).hasAlpha).toBe(true);
    expect(sizes(await rows('upload_id', 9002)).katalog).toBe('1200x900 image/webp');
  });

  it('gives SVG and PDF no renditions', async () => {
    for (const id of [5014, 5012, 5013]) {
      expect((await runRender(stack.indexer, { target: 'media', id })).status).toBe('no-file');
      expect(await rows('media_id', id)).toEqual({});
    }
  });

  it('re-renders only a changed format, and drops an inactive one with its file', async () => {
    const before = await rows('media_id', 5001);
    await stack.database.db('image_formats').where({ key: 'thumb' }).update({ width: 200, height: 150 });
    await stack.database.db('image_formats').where({ key: 'katalog' }).update({ is_active: false });
    const result = await runRender(stack.indexer, { target: 'media', id: 5001 });
    expect(result.rendered).toEqual(['thumb']);
    expect(result.removed).toEqual(['katalog']);
    const after = await rows('media_id', 5001);
    expect(sizes(after).thumb).toBe('200x150 image/jpeg');
    expect(after.katalog).toBeUndefined();
    for (const key of ['mini', 'tile', 'preview', 'hero']) expect(after[key]).toEqual(before[key]);
    await expect(stat(path.join(stack.mediaRoot, before.katalog!.file_path))).rejects.toThrow();
    await expect(stat(path.join(stack.mediaRoot, before.thumb!.file_path))).rejects.toThrow();
    await stack.database.db('image_formats').where({ key: 'thumb' }).update({ width: 300, height: 300 });
    await stack.database.db('image_formats').where({ key: 'katalog' }).update({ is_active: true });
  });

  it('fails a corrupt original for good, deletes its stale renditions, leaves others alone', async () => {
    const other = await rows('media_id', 5003);
    const medium = (await stack.database.db('media').where({ id: 5001 }).first('file_path')) as {
      file_path: string;
    };
    const original = path.join(stack.mediaRoot, medium.file_path);
    const bytes = await readFile(original);
    // The import stores a new file under a new hash; simulate that with a truncated copy.
    const corrupt = 'originals/00/' + '0'.repeat(64) + '.jpg';
    await mkdir(path.join(stack.mediaRoot, 'originals/00'), { recursive: true });
    await writeFile(path.join(stack.mediaRoot, corrupt), bytes.subarray(0, bytes.length / 2));
    await stack.database
      .db('media')
      .where({ id: 5001 })
      .update({ file_path: corrupt, file_sha256: '0'.repeat(64) });
    const run = runRender(stack.indexer, { target: 'media', id: 5001 });
    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run).rejects.toThrow(
      'media 5001 (image/jpeg): cannot decode jpeg image: VipsJpeg: premature end of JPEG image',
    );
    expect(await rows('media_id', 5001)).toEqual({});
    expect(await rows('media_id', 5003)).toEqual(other);
    await stack.database
      .db('media')
      .where({ id: 5001 })
      .update({ file_path: medium.file_path, file_sha256: null });
  });
});

describe('runRender over the pixel limit', () => {
  it('fails a 16,383 × 16,383 PNG for good with its reason, deletes its stale renditions; its preview is unrenderable', async () => {
    await runRender(stack.indexer, { target: 'media', id: 5002 });
    const medium = (await stack.database
      .db('media')
      .where({ id: 5002 })
      .first('file_path', 'file_sha256', 'mime_type')) as {
      file_path: string;
      file_sha256: string;
      mime_type: string;
    };
    expect(Object.keys(await rows('media_id', 5002))).toHaveLength(6);
    const sha = 'b'.repeat(64);
    const bomb = `originals/bb/${sha}.png`;
    await mkdir(path.join(stack.mediaRoot, 'originals/bb'), { recursive: true });
    await copyFile(await pixelBomb(), path.join(stack.mediaRoot, bomb));
    await stack.database
      .db('media')
      .where({ id: 5002 })
      .update({ file_path: bomb, file_sha256: sha, mime_type: 'image/png' });

    const run = runRender(stack.indexer, { target: 'media', id: 5002 });
    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run).rejects.toThrow(
      'media 5002 (image/png): png image of 16383x16383 (268,402,689 pixels) is over the render limit of ' +
        '12,000,000 pixels (RENDER_MAX_PIXELS)',
    );
    expect(await rows('media_id', 5002)).toEqual({}); // none shows the former picture
    // The CMS preview's job says `unrenderable`, which the API answers with 404, as for a corrupt file.
    expect(await runPreview(stack.indexer, { mediumId: 5002, format: 'thumb' })).toEqual({
      status: 'unrenderable',
    });
    // The limit is the context's (the worker passes RENDER_MAX_PIXELS).
    await expect(
      runRender({ ...stack.indexer, maxPixels: 1_000_000 }, { target: 'media', id: 5002 }),
    ).rejects.toThrow('over the render limit of 1,000,000 pixels');
    await stack.database.db('media').where({ id: 5002 }).update(medium);
  });
});

describe('render planning', () => {
  it('queues renders for changed media and uploads, and for every image after a format change', async () => {
    const rowsOf = (...r: [string, string][]) =>
      r.map(([entity, entity_id], i) => ({ id: i + 1, entity, entity_id, action: 'upsert' as const }));
    const plan = await planChanges(
      stack.database.db,
      rowsOf(['media', '5002'], ['product_upload', '9001']),
      silentLogger,
    );
    expect(plan.renders).toEqual({ all: false, media: [5002], uploads: [9001] });
    // A render's own row updates the documents that show the image, but queues no render again.
    const rendered = await planChanges(
      stack.database.db,
      rowsOf(['media_renditions', '5001'], ['upload_renditions', '9002'], ['media', '5003']),
      silentLogger,
    );
    expect(rendered.renders).toEqual({ all: false, media: [5003], uploads: [] });
    expect(rendered.ids.media).toEqual([5001, 5003]);
    expect(rendered.ids.products).toEqual(
      expect.arrayContaining(
        (await stack.database.db('product_uploads').where({ id: 9002 }).pluck('product_id')) as number[],
      ),
    );
    const formats = await planChanges(stack.database.db, rowsOf(['image_format', 'thumb']), silentLogger);
    expect(formats.renders.all).toBe(true);
    const all = await allRenderRequests(stack.database.db);
    const media = all.filter((r) => r.target === 'media').map((r) => r.id);
    // raster images with a file (5012 PDF, 5013 without file, 5014 SVG are left out)
    expect(media).toEqual(expect.arrayContaining([5001, 5002, 5003, 5009]));
    expect(media).not.toContain(5012);
    expect(media).not.toContain(5014);
    expect(all.filter((r) => r.target === 'upload').map((r) => r.id)).toEqual([9001, 9002, 9003]);
  });

  it('the sync hands render requests to the queue of the worker', async () => {
    await clearOutbox(stack.database.db);
    const queued: RenderRequest[] = [];
    const ctx = {
      ...stack.indexer,
      jobs: {
        enqueueRenders: async (r: readonly RenderRequest[]) => queued.push(...r),
        requestSync: async () => 0,
      },
    };
    await addOutbox(stack.database.db, ['media', 5003], ['product_upload', 9003]);
    const result = await syncOutbox(ctx);
    expect(result.renders).toBe(2);
    expect(queued).toEqual([
      { target: 'media', id: 5003 },
      { target: 'upload', id: 9003 },
    ]);
  });
});
