/**
 * HEIC (HEVC-coded HEIF) through the renderer on committed fixtures (test/fixtures/heic/README.md): sharp
 * reads their header but has no HEVC decoder, heic-decode decodes them. Each is 640x480: left half red,
 * right half blue, a green square in the top-left corner.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  OversizeInputError,
  renderFormats,
  RenderInputError,
  type Rendition,
} from '../../indexer/render/sharp';
import { byKey, FORMATS, sizes } from '../support/images';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'heic', name);

/** RGBA of the pixel (x, y) of an encoded rendition. */
async function pixel(r: Rendition, x: number, y: number) {
  const { data, info } = await sharp(r.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

const RED = [220, 20, 20];
const BLUE = [20, 20, 220];
const GREEN = [0, 200, 0];
/** JPEG/WebP round trip: each channel within 25 of the source colour. */
const near = (px: number[], rgb: number[]) => rgb.every((v, c) => Math.abs(px[c]! - v) <= 25);

describe('renderFormats on HEIC', () => {
  it('is HEVC-coded HEIF that sharp alone cannot decode', async () => {
    const input = readFileSync(fixture('red-blue.heic'));
    const meta = await sharp(input).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(['heif', 'hevc', 640, 480]);
    await expect(sharp(input).raw().toBuffer()).rejects.toThrow(/HEVC/);
  });

  it('renders exact crops, bounded max and letterboxed contain as JPEG, colours in place', async () => {
    const renditions = await renderFormats(fixture('red-blue.heic'), FORMATS); // a path, as the job does
    expect(await sizes(renditions)).toEqual({
      thumb: '300x300 jpeg',
      mini: '120x120 jpeg',
      tile: '480x480 jpeg',
      preview: '640x480 jpeg',
      hero: '640x480 jpeg',
      katalog: '1200x900 jpeg',
    });
    const { preview, thumb } = byKey(renditions);
    expect(preview!.mimeType).toBe('image/jpeg');
    expect(near(await pixel(preview!, 20, 20), GREEN)).toBe(true);
    expect(near(await pixel(preview!, 160, 300), RED)).toBe(true);
    expect(near(await pixel(preview!, 480, 240), BLUE)).toBe(true);
    // The centre crop of 480x480 out of 640x480 keeps red on the left and blue on the right.
    expect(near(await pixel(thumb!, 20, 150), RED)).toBe(true);
    expect(near(await pixel(thumb!, 280, 150), BLUE)).toBe(true);
  });

  it('applies the irot rotation (90° anticlockwise: 480x640, blue on top, green bottom-left)', async () => {
    const input = readFileSync(fixture('red-blue-irot90.heic'));
    const r = byKey(await renderFormats(input, FORMATS));
    expect([r.thumb!.width, r.thumb!.height]).toEqual([300, 300]);
    expect([r.preview!.width, r.preview!.height]).toEqual([480, 640]);
    expect([r.hero!.width, r.hero!.height]).toEqual([480, 640]);
    expect(near(await pixel(r.hero!, 240, 100), BLUE)).toBe(true);
    expect(near(await pixel(r.hero!, 240, 400), RED)).toBe(true);
    expect(near(await pixel(r.hero!, 20, 620), GREEN)).toBe(true);
  });

  it('keeps the alpha channel: WebP, the left half transparent', async () => {
    const input = readFileSync(fixture('alpha.heic'));
    const renditions = await renderFormats(input, FORMATS);
    expect(await sizes(renditions)).toEqual({
      thumb: '300x300 webp',
      mini: '120x120 webp',
      tile: '480x480 webp',
      preview: '640x480 webp',
      hero: '640x480 webp',
      katalog: '1200x900 webp',
    });
    const { preview } = byKey(renditions);
    expect(preview!.mimeType).toBe('image/webp');
    expect((await pixel(preview!, 160, 300))[3]).toBe(0);
    const green = await pixel(preview!, 20, 20);
    expect(near(green, GREEN) && green[3] === 255).toBe(true);
    const blue = await pixel(preview!, 480, 240);
    expect(near(blue, BLUE) && blue[3] === 255).toBe(true);
  });

  it('refuses a HEIC over the pixel limit on its header (libheif decodes whole), renders it at the limit', async () => {
    const input = readFileSync(fixture('red-blue.heic')); // 640x480
    await expect(renderFormats(input, FORMATS, { maxPixels: 640 * 480 - 1 })).rejects.toThrow(
      new OversizeInputError(
        'heif image of 640x480 (307,200 pixels) is over the render limit of 307,199 pixels (RENDER_MAX_PIXELS)',
      ),
    );
    expect(await renderFormats(input, FORMATS, { maxPixels: 640 * 480 })).toHaveLength(FORMATS.length);
  });

  it("fails a truncated HEIC with RenderInputError and libheif's reason", async () => {
    const input = readFileSync(fixture('red-blue.heic'));
    await expect(renderFormats(input.subarray(0, 1000), FORMATS)).rejects.toThrow(
      new RenderInputError(
        'cannot decode HEIC image: HEVC data cannot be decoded: Invalid input: Unexpected end of file: ' +
          'Extent in iloc box references data outside of file bounds (points to file position 359)',
      ),
    );
  });
});
