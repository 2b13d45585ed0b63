/**
 * The sharp adapter on real images generated with sharp: exact crop sizes, bounds of max, letterboxed
 * contain, EXIF orientation, alpha kept, every input type, clear errors for corrupt input, and the pixel
 * limit (refused on the header, or shrunk on load).
 */
import sharp from 'sharp';
import { formatSignature, isRenderable, type RenderFormat } from '../../src/catalog/rendition-formats';
import {
  OversizeInputError,
  reducedSize,
  renderFormats,
  RenderInputError,
  UnsupportedInputError,
} from '../../indexer/render/sharp';
import { byKey, FORMATS, pixelBomb, sizes } from '../support/images';

const solid = (width: number, height: number, channels: 3 | 4 = 3, alpha = 1) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 60, b: 30, alpha } } });

/** An 800 × 600 JPEG of gaussian noise (compresses badly, so quality shows in the size). */
const noisyJpeg = () =>
  sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

describe('renderFormats', () => {
  it('crops exactly, fits max inside without enlarging, letterboxes contain (landscape JPEG)', async () => {
    const input = await solid(1600, 1200).jpeg().toBuffer();
    expect(await sizes(await renderFormats(input, FORMATS))).toEqual({
      thumb: '300x300 jpeg',
      mini: '120x120 jpeg',
      tile: '480x480 jpeg',
      preview: '800x600 jpeg',
      hero: '1440x1080 jpeg',
      katalog: '1200x900 jpeg',
    });
  });

  it('never enlarges max; crop still fills its box; contain pads a small image to the exact box', async () => {
    const input = await solid(200, 100).jpeg().toBuffer();
    const r = byKey(await renderFormats(input, FORMATS));
    expect([r.preview!.width, r.preview!.height]).toEqual([200, 100]);
    expect([r.hero!.width, r.hero!.height]).toEqual([200, 100]);
    expect([r.tile!.width, r.tile!.height]).toEqual([480, 480]);
    expect([r.katalog!.width, r.katalog!.height]).toEqual([1200, 900]);
    // The padding is white in a JPEG, the image itself stays in the middle.
    const { data, info } = await sharp(r.katalog!.data).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(px(5, 5).every((v) => v > 245)).toBe(true);
    expect(px(600, 450)[0]).toBeGreaterThan(150);
    expect(px(600, 450)[1]).toBeLessThan(100);
  });

  it.each([
    ['JPEG', () => solid(1600, 1200).jpeg().toBuffer()],
    ['PNG', () => solid(1600, 1200).png().toBuffer()],
    ['WebP', () => solid(1600, 1200).webp().toBuffer()],
    ['AVIF', () => solid(1600, 1200).avif().toBuffer()],
    ['TIFF', () => solid(1600, 1200).tiff().toBuffer()],
    ['GIF', () => solid(1600, 1200).gif().toBuffer()],
  ])('turns a %s original into the web formats, exact crop sizes and bounded max', async (_type, make) => {
    expect(await sizes(await renderFormats(await make(), FORMATS))).toEqual({
      thumb: '300x300 jpeg',
      mini: '120x120 jpeg',
      tile: '480x480 jpeg',
      preview: '800x600 jpeg',
      hero: '1440x1080 jpeg',
      katalog: '1200x900 jpeg',
    });
  });

  it('applies EXIF orientation 6 (stored 1200x900, shown 900x1200) and strips the metadata', async () => {
    const input = await solid(1200, 900).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const renditions = await renderFormats(input, FORMATS);
    const out = await sizes(renditions);
    expect(out.preview).toBe('600x800 jpeg');
    expect(out.hero).toBe('810x1080 jpeg');
    const meta = await sharp(byKey(renditions).hero!.data).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('keeps transparency (WebP with alpha) and never enlarges a 400x400 PNG', async () => {
    // A transparent square with an opaque disc in the middle.
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="120" fill="#2a6"/></svg>',
    );
    const input = await sharp(disc).png().toBuffer();
    expect((await sharp(input).metadata()).hasAlpha).toBe(true);
    const renditions = await renderFormats(input, FORMATS);
    expect(await sizes(renditions)).toEqual({
      thumb: '300x300 webp',
      mini: '120x120 webp',
      tile: '480x480 webp',
      preview: '400x400 webp',
      hero: '400x400 webp',
      katalog: '1200x900 webp',
    });
    for (const r of renditions) {
      expect(r.mimeType).toBe('image/webp');
      const { data, info } = await sharp(r.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[3]).toBe(0); // the top-left corner is still transparent
    }
  });

  it('renders an opaque image with an alpha channel as JPEG', async () => {
    const input = await solid(300, 200, 4, 1).png().toBuffer();
    const [thumb] = await renderFormats(input, FORMATS.slice(0, 1));
    expect(thumb!.mimeType).toBe('image/jpeg');
  });

  it.each([
    ['PNG', (s: sharp.Sharp) => s.png()],
    ['WebP', (s: sharp.Sharp) => s.webp()],
    ['AVIF', (s: sharp.Sharp) => s.avif()],
    ['GIF', (s: sharp.Sharp) => s.gif()],
    ['TIFF', (s: sharp.Sharp) => s.tiff()],
  ])('renders %s input', async (_name, encode) => {
    const input = await encode(solid(1000, 500)).toBuffer();
    const out = await sizes(await renderFormats(input, FORMATS));
    expect(out.thumb).toBe('300x300 jpeg');
    expect(out.preview).toBe('800x400 jpeg');
  });

  it('takes the first frame of an animated GIF (red), not the stacked frames (blue)', async () => {
    const [w, h] = [40, 30];
    const pixels = Buffer.alloc(w * h * 3 * 3);
    for (let i = 0; i < pixels.length; i += 3) pixels[i < w * h * 3 ? i : i + 2] = 255;
    const gif = await sharp(pixels, { raw: { width: w, height: h * 3, channels: 3, pageHeight: h } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBeGreaterThan(1);
    const r = byKey(await renderFormats(gif, FORMATS));
    expect([r.preview!.width, r.preview!.height]).toEqual([40, 30]);
    const { data } = await sharp(r.preview!.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('uses the quality of the format', async () => {
    const input = await noisyJpeg();
    const format = (quality: number): RenderFormat => ({
      key: 'q',
      width: 800,
      height: 600,
      fit: 'max',
      quality,
    });
    const [low] = await renderFormats(input, [format(30)]);
    const [high] = await renderFormats(input, [format(95)]);
    expect(high!.data.length).toBeGreaterThan(low!.data.length * 1.5);
    expect(low!.signature).not.toBe(high!.signature);
  });

  it('fails a truncated or corrupt file with RenderInputError and renders nothing', async () => {
    const input = await noisyJpeg();
    await expect(renderFormats(input.subarray(0, input.length / 2), FORMATS)).rejects.toThrow(
      new RenderInputError('cannot decode jpeg image: VipsJpeg: premature end of JPEG image'),
    );
    await expect(renderFormats(Buffer.from('not an image at all'), FORMATS)).rejects.toBeInstanceOf(
      RenderInputError,
    );
  });

  it('refuses SVG (no renditions), whatever the record says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"/>');
    await expect(renderFormats(svg, FORMATS)).rejects.toBeInstanceOf(UnsupportedInputError);
  });
});

describe('the decode reduced to what the formats need', () => {
  /** No size: the whole image re-encoded, which makes the decode whole (the reference). */
  const FULL: RenderFormat = { key: 'full', width: null, height: null, fit: 'max', quality: null };
  /** Formats that need at most 800 × 600 of a 1200 × 900 image: thumb, mini, tile, preview, a contain. */
  const SMALL: RenderFormat[] = [
    ...FORMATS.slice(0, 4),
    { key: 'card', width: 640, height: 400, fit: 'contain', quality: 90 },
  ];
  /** A 1200 × 900 photo-like image (blurred noise): 2.25 times the pixels `SMALL` needs. */
  const photo = (channels: 3 | 4 = 3) =>
    sharp({
      create: {
        width: 1200,
        height: 900,
        channels,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    }).blur(1.5);
  /** Mean absolute difference of two renditions' pixels, in 0-255 steps. */
  const difference = async (a: Buffer, b: Buffer) => {
    const [x, y] = await Promise.all([a, b].map((data) => sharp(data).raw().toBuffer()));
    let sum = 0;
    for (let i = 0; i < x!.length; i += 1) sum += Math.abs(x![i]! - y![i]!);
    return sum / x!.length;
  };

  it('decodes to the most any format needs per side, or whole when that saves little', () => {
    const size = (width: number, height: number) => ({ width, height });
    expect(reducedSize(size(4000, 3000), FORMATS)).toEqual(size(1440, 1080)); // hero
    expect(reducedSize(size(3000, 4000), FORMATS)).toEqual(size(810, 1080)); // hero, portrait
    expect(reducedSize(size(1200, 900), SMALL)).toEqual(size(800, 600));
    expect(reducedSize(size(4000, 1000), SMALL)).toEqual(size(1920, 480)); // tile's cover
    expect(reducedSize(size(1600, 1200), FORMATS)).toEqual(size(1600, 1200)); // under 1.5 times the pixels
    expect(reducedSize(size(4000, 3000), [...FORMATS, FULL])).toEqual(size(4000, 3000));
    const wide: RenderFormat = { key: 'wide', width: 5000, height: 100, fit: 'crop', quality: null };
    expect(reducedSize(size(4000, 3000), [wide])).toEqual(size(4000, 3000)); // a crop that enlarges
  });

  it.each(['jpeg', 'webp', 'png', 'tiff'] as const)(
    'renders a large %s at the same sizes, and nearly the same pixels, as from the whole decode',
    async (type) => {
      const input = await photo().toFormat(type).toBuffer();
      const reduced = await renderFormats(input, SMALL);
      expect(await sizes(reduced)).toEqual({
        thumb: '300x300 jpeg',
        mini: '120x120 jpeg',
        tile: '480x480 jpeg',
        preview: '800x600 jpeg',
        card: '640x400 jpeg',
      });
      const whole = byKey(await renderFormats(input, [...SMALL, FULL]));
      for (const r of reduced) expect(await difference(r.data, whole[r.key]!.data)).toBeLessThan(2);
    },
  );

  it('reduces an EXIF-rotated JPEG in its oriented shape', async () => {
    const input = await photo().withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const out = await sizes(await renderFormats(input, SMALL));
    expect(out.preview).toBe('600x800 jpeg');
    expect(out.tile).toBe('480x480 jpeg');
    expect(out.card).toBe('640x400 jpeg');
  });

  it('judges transparency on every pixel: one translucent pixel of a large PNG makes WebP', async () => {
    const { data, info } = await photo(4).raw().toBuffer({ resolveWithObject: true });
    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    data[(500 * info.width + 700) * 4 + 3] = 254;
    const input = await sharp(data, { raw: info }).png().toBuffer();
    const renditions = await renderFormats(input, SMALL);
    expect(renditions.map((r) => r.mimeType)).toEqual(SMALL.map(() => 'image/webp'));
    expect(byKey(renditions).preview!.width).toBe(800);
  });

  it('fails a truncated large JPEG with RenderInputError, as a whole decode does', async () => {
    const input = await photo().jpeg().toBuffer();
    await expect(renderFormats(input.subarray(0, input.length / 2), SMALL)).rejects.toThrow(
      new RenderInputError('cannot decode jpeg image: VipsJpeg: premature end of JPEG image'),
    );
  });
});

describe('the pixel limit', () => {
  /** No size: the decoded image re-encoded, so its size shows what was decoded. */
  const FULL: RenderFormat = { key: 'full', width: null, height: null, fit: 'max', quality: null };
  const photo = (width: number, height: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    });

  it('refuses a 16,383 × 16,383 PNG of under 1 MB on its header, at the default limit', async () => {
    const bomb = await pixelBomb();
    const started = Date.now();
    await expect(renderFormats(bomb, FORMATS)).rejects.toThrow(
      new OversizeInputError(
        'png image of 16383x16383 (268,402,689 pixels) is over the render limit of 12,000,000 pixels (RENDER_MAX_PIXELS)',
      ),
    );
    // Nothing was decoded (a decode of 268 megapixels takes seconds and over 1 GB).
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses PNG, GIF and TIFF one pixel over the limit, renders them at it', async () => {
    for (const type of ['png', 'gif', 'tiff'] as const) {
      const at = await solid(1000, 750).toFormat(type).toBuffer();
      const [full] = await renderFormats(at, [FULL], { maxPixels: 750_000 });
      expect([full!.width, full!.height]).toEqual([1000, 750]);
      await expect(renderFormats(at, [FULL], { maxPixels: 749_999 })).rejects.toThrow(
        new OversizeInputError(
          `${type} image of 1000x750 (750,000 pixels) is over the render limit of 749,999 pixels (RENDER_MAX_PIXELS)`,
        ),
      );
    }
  });

  it('shrinks a JPEG or WebP over the limit on load and renders every format from it', async () => {
    for (const type of ['jpeg', 'webp'] as const) {
      const input = await photo(2000, 1500).toFormat(type).toBuffer();
      const r = byKey(await renderFormats(input, [...FORMATS, FULL], { maxPixels: 300_000 }));
      expect([r.full!.width, r.full!.height]).toEqual([632, 474]); // within 0.3 megapixels, same shape
      expect([r.thumb!.width, r.thumb!.height]).toEqual([300, 300]);
      expect([r.preview!.width, r.preview!.height]).toEqual([632, 474]); // never enlarged past the decode
    }
  });

  it('shrinks an EXIF-rotated JPEG to the oriented shape', async () => {
    const input = await photo(2000, 1500).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const [full] = await renderFormats(input, [FULL], { maxPixels: 300_000 });
    expect([full!.width, full!.height]).toEqual([474, 632]);
  });

  it('refuses a JPEG that even 1/8 of its sides would not bring under the limit', async () => {
    const input = await photo(2000, 1500).jpeg().toBuffer();
    await expect(renderFormats(input, [FULL], { maxPixels: 46_874 })).rejects.toBeInstanceOf(
      OversizeInputError,
    );
    const [full] = await renderFormats(input, [FULL], { maxPixels: 46_875 }); // 3 megapixels ÷ 64
    expect(full!.width * full!.height).toBeLessThanOrEqual(46_875);
  });
});

describe('formats', () => {
  it('renders only raster image types', () => {
    for (const t of [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/avif',
      'image/gif',
      'image/tiff',
      'image/heic',
    ])
      expect(isRenderable(t)).toBe(true);
    for (const t of ['image/svg+xml', 'application/pdf', 'video/mp4', null])
      expect(isRenderable(t)).toBe(false);
  });

  it('signs fit, size and quality (null quality = the default)', () => {
    const f: RenderFormat = { key: 'x', width: 300, height: 300, fit: 'crop', quality: null };
    expect(formatSignature(f)).toBe('v1:crop:300x300:q82');
    expect(formatSignature({ ...f, width: null })).toBe('v1:crop:-x300:q82');
  });
});
