/** Image files and rendition checks the render tests share. */
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Rendition } from '../../indexer/render/sharp';
import { BUILTIN_IMAGE_FORMATS } from '../../src/catalog/image-formats';
import type { RenderFormat } from '../../src/catalog/rendition-formats';

/**
 * A 16,383 × 16,383 white PNG: under 1 MB, 268 megapixels decoded (just under sharp's own limit);
 * generated once per machine into the temp folder. Returns its path.
 */
export async function pixelBomb(): Promise<string> {
  const file = path.join(os.tmpdir(), 'catalog-test-png-16383x16383.png');
  if (!existsSync(file)) {
    const data = await sharp({ create: { width: 16383, height: 16383, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    // Written under a name of this process, then renamed: parallel test files never read half a file.
    await writeFile(`${file}.${process.pid}`, data);
    await rename(`${file}.${process.pid}`, file);
  }
  return file;
}

/** The built-in formats (no quality of their own) and a custom `katalog` contain format at quality 90. */
export const FORMATS: RenderFormat[] = [
  ...BUILTIN_IMAGE_FORMATS.map((f) => ({
    key: f.key,
    width: f.width,
    height: f.height,
    fit: f.fit,
    quality: null,
  })),
  { key: 'katalog', width: 1200, height: 900, fit: 'contain', quality: 90 },
];

/** The rendition sizes of the sample's medium 5001 by format key. */
export const SIZES_5001: Record<string, string> = {
  thumb: '300x300',
  mini: '120x120',
  tile: '480x480',
  preview: '800x600',
  hero: '1440x1080',
  katalog: '1200x900',
};

/** Renditions by format key. */
export const byKey = (renditions: Rendition[]) => Object.fromEntries(renditions.map((r) => [r.key, r]));

/**
 * `"<width>x<height> <format>"` of each rendition as sharp reads its bytes, by format key; expects the
 * reported size to be the real one.
 */
export async function sizes(renditions: Rendition[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of renditions) {
    const meta = await sharp(r.data).metadata();
    expect([meta.width, meta.height]).toEqual([r.width, r.height]);
    out[r.key] = `${meta.width}x${meta.height} ${meta.format}`;
  }
  return out;
}
