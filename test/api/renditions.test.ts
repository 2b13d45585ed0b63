/**
 * Renditions over HTTP on the sample snapshot: the worker's render job runs for every image, the indexes
 * are rebuilt, and the API shows `conversions`, `thumb_url` and `srcset` whose URLs download the real
 * rendition files (sizes read back with sharp), with immutable caching and the per-request visibility check.
 */
import http from 'node:http';
import sharp from 'sharp';
import { allRenderRequests, runRender } from '../../indexer/jobs/render';
import { SIZES_5001 } from '../support/images';
import { startStack, type Stack } from '../support/stack';
import type { Conversion, Data, Medium, Page } from '../support/types';

let stack: Stack;

async function renderAll(): Promise<void> {
  for (const request of await allRenderRequests(stack.database.db)) {
    await runRender(stack.indexer, request);
  }
  await stack.reindex();
}

beforeAll(async () => {
  stack = await startStack();
  await renderAll();
});
afterAll(async () => {
  await stack?.stop();
});

const local = (url: string) => url.replace(stack.config.appUrl, stack.api.origin);
const medium = async (id: number) => (await stack.api.json<Data<Medium>>(`/media/${id}`)).data;
const productImages = async (slug: string) =>
  (await stack.api.json<{ data: { images: Medium[] } }>(`/products/${slug}`)).data.images;

/** Downloads a conversion and returns its real size, format and alpha. */
async function download(c: Conversion, type: string) {
  const res = await stack.api.get(local(c.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, alpha: meta.hasAlpha };
}

const ACTIVE = ['thumb', 'mini', 'tile', 'preview', 'hero', 'katalog'];

describe('conversions of product images', () => {
  it('product 1002 images carry the 6 active formats (not social) with the formats target sizes', async () => {
    const images = await productImages('rp-125-f');
    expect(images.map((i) => i.id)).toEqual([5001, 5003, 5002]);
    for (const image of images) {
      expect(Object.keys(image.conversions)).toEqual(ACTIVE);
      expect(image.conversions.thumb).toMatchObject({ width: 300, height: 300, fit: 'crop' });
      expect(image.conversions.preview).toMatchObject({ width: 800, height: 800, fit: 'max' });
      expect(image.conversions.hero).toMatchObject({ width: 1920, height: 1080, fit: 'max' });
      expect(image.conversions.katalog).toMatchObject({ width: 1200, height: 900, fit: 'contain' });
      expect(image.thumb_url).toBe(image.conversions.thumb!.url);
      const c = image.conversions;
      expect(image.srcset).toBe(
        [
          `${c.mini!.url} 120w`,
          `${c.thumb!.url} 300w`,
          `${c.tile!.url} 480w`,
          `${c.preview!.url} 800w`,
          `${c.katalog!.url} 1200w`,
          `${c.hero!.url} 1920w`,
        ].join(', '),
      );
    }
    // The list (from the products index) shows the same conversions as the detail (from Postgres).
    const list = await stack.api.json<{ data: { id: number; images: Medium[] }[] }>('/products?ids[]=1002');
    expect(list.data[0]!.images).toEqual(images);
  });

  it('downloads: crop formats exact, max within bounds, katalog letterboxed to exactly 1200x900', async () => {
    const [m5001, m5003] = await productImages('rp-125-f');
    const sizes = async (m: Medium) => {
      const out: Record<string, string> = {};
      for (const key of ACTIVE) {
        const s = await download(m.conversions[key]!, 'image/jpeg');
        out[key] = `${s.width}x${s.height}`;
      }
      return out;
    };
    expect(await sizes(m5001!)).toEqual(SIZES_5001);
    // 5003: stored 1200x900 with EXIF orientation 6, so portrait renditions.
    expect(await sizes(m5003!)).toMatchObject({ preview: '600x800', hero: '810x1080', thumb: '300x300' });
  });

  it('5009 (PNG 400x400 with alpha): never enlarged, alpha kept', async () => {
    const m = await medium(5009);
    expect(Object.keys(m.conversions)).toEqual(ACTIVE);
    for (const key of ['preview', 'hero']) {
      expect(await download(m.conversions[key]!, 'image/webp')).toEqual({
        width: 400,
        height: 400,
        format: 'webp',
        alpha: true,
      });
    }
    expect(await download(m.conversions.tile!, 'image/webp')).toMatchObject({ width: 480, height: 480 });
  });

  it('the media list (from the media index) shows the same conversions as the detail', async () => {
    const list = await stack.api.json<Page<Medium>>('/media?ids[]=5009&ids[]=5001');
    expect(list.data.map((m) => m.id).sort()).toEqual([5001, 5009]);
    for (const m of list.data) expect(m).toEqual(await medium(m.id));
  });

  it('SVG 5014, PDF 5012 and the file-less brochure 5013 have no conversions', async () => {
    for (const id of [5014, 5012, 5013]) {
      expect(await medium(id)).toMatchObject({ conversions: {}, thumb_url: null, srcset: null });
    }
  });

  it('uploads of 1008 carry conversions too', async () => {
    const images = await productImages('ballenzange-bz-150');
    expect(images.map((i) => i.id)).toEqual([9002, 9001]);
    expect(Object.keys(images[0]!.conversions)).toEqual(ACTIVE);
    expect(await download(images[0]!.conversions.katalog!, 'image/webp')).toMatchObject({
      width: 1200,
      height: 900,
      alpha: true,
    });
  });
});

describe('rendition URLs', () => {
  it('are cached immutably with the rendition id as ETag, and answer 304', async () => {
    const { thumb } = (await medium(5001)).conversions;
    const res = await stack.api.get(local(thumb!.url));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(thumb!.url).toContain(`/${etag.slice(1, 33)}/thumb/RP125F_Seitenansicht_2023.jpg`);
    // A raw request: fetch adds `Cache-Control: no-cache` to conditional requests, which forbids a 304.
    const status = await new Promise<number>((resolve, reject) => {
      const target = new URL(local(thumb!.url));
      http
        .get(target, { headers: { 'If-None-Match': etag } }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('are 404 with a wrong hash, format or name, and when the asset stops being public', async () => {
    const url = local((await medium(5001)).conversions.thumb!.url);
    const [head, hash, , name] = url.match(/^(.*\/media\/5001)\/([0-9a-f]{32})\/thumb\/(.*)$/)!.slice(1);
    const wrong = [
      `${head}/${'0'.repeat(32)}/thumb/${name}`,
      `${head}/${hash}/mini/${name}`,
      `${head}/${hash}/social/${name}`,
      `${head}/${hash}/thumb/other.jpg`,
      `${head}/${hash}/..%2F..%2Fthumb/${name}`,
    ];
    for (const u of wrong) expect((await stack.api.get(u)).status).toBe(404);
    expect((await fetch(url)).status).toBe(200);
    await stack.database
      .db('media')
      .where({ id: 5001 })
      .update({ valid_until: new Date(Date.now() - 1000) });
    expect((await fetch(url)).status).toBe(404);
    await stack.database.db('media').where({ id: 5001 }).update({ valid_until: null });
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('a changed format', () => {
  it('re-renders only that format, and the API shows its new size', async () => {
    const db = stack.database.db;
    const before = await db('renditions').where({ media_id: 5001 }).orderBy('format_key');
    await db('image_formats').where({ key: 'tile' }).update({ width: 400, height: 200 });
    const result = await runRender(stack.indexer, { target: 'media', id: 5001 });
    expect(result.rendered).toEqual(['tile']);
    const after = await db('renditions').where({ media_id: 5001 }).orderBy('format_key');
    for (const [i, row] of after.entries()) {
      if (row.format_key === 'tile') expect(row.file_path).not.toBe(before[i].file_path);
      else expect(row).toEqual(before[i]);
    }
    await stack.reindex();
    const { tile } = (await medium(5001)).conversions;
    expect(tile).toMatchObject({ width: 400, height: 200, fit: 'crop' });
    expect(await download(tile!, 'image/jpeg')).toMatchObject({ width: 400, height: 200 });
  });
});
