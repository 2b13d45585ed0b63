/**
 * What the renderer tells about an original without a pass of sharp: the format from the first bytes
 * (the decode then starts at once) and transparency from the alpha bytes.
 */
import sharp from 'sharp';
import { hasTransparentPixel, readHead, release, sniff, storedSize } from '../../indexer/render/input';

const image = (channels: 3 | 4 = 3) =>
  sharp({ create: { width: 8, height: 8, channels, background: { r: 10, g: 20, b: 30, alpha: 1 } } });

describe('sniff', () => {
  it.each([
    ['jpeg', () => image().jpeg().toBuffer()],
    ['png', () => image().png().toBuffer()],
    ['webp', () => image().webp().toBuffer()],
    ['gif', () => image().gif().toBuffer()],
    ['tiff', () => image().tiff().toBuffer()],
  ] as const)('tells %s by its first bytes, as sharp does', async (format, make) => {
    const data = await make();
    expect((await sharp(data).metadata()).format).toBe(format);
    expect(sniff(await readHead(data))).toBe(format);
  });

  it('leaves HEIF, SVG and anything else to the header read (null)', async () => {
    expect(sniff(await readHead(await image().avif().toBuffer()))).toBeNull();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniff(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniff(Buffer.from([0xff, 0xd8]))).toBeNull(); // too short to be a JPEG
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });
});

describe('storedSize', () => {
  const sized = (width: number, height: number, channels: 3 | 4 = 3) =>
    sharp({ create: { width, height, channels, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } });

  it.each([
    ['jpeg', () => sized(301, 207).jpeg().toBuffer()],
    ['jpeg', () => sized(301, 207).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer()],
    ['png', () => sized(301, 207, 4).png().toBuffer()],
    ['gif', () => sized(301, 207).gif().toBuffer()],
    ['webp', () => sized(301, 207).webp().toBuffer()],
    ['webp', () => sized(301, 207).webp({ lossless: true }).toBuffer()],
    ['webp', () => sized(301, 207, 4).webp().toBuffer()], // VP8X: alpha
  ] as const)('reads the stored size of a %s from its first bytes, as sharp does', async (format, make) => {
    const data = await make();
    const meta = await sharp(data).metadata();
    expect(storedSize(await readHead(data), format)).toEqual({ width: meta.width, height: meta.height });
  });

  it('is null when the first bytes do not tell (TIFF, a JPEG cut before its frame header)', async () => {
    const tiff = await sized(30, 20).tiff().toBuffer();
    expect(storedSize(await readHead(tiff), 'tiff')).toBeNull();
    const jpeg = await sized(30, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(storedSize(jpeg.subarray(0, 40), 'jpeg')).toBeNull();
  });
});

describe('hasTransparentPixel', () => {
  it('agrees with sharp statistics: opaque, one pixel translucent, grey with alpha', async () => {
    const rgba = Buffer.alloc(16 * 16 * 4, 255);
    expect(hasTransparentPixel(rgba, 4)).toBe(false);
    const raw = { width: 16, height: 16, channels: 4 as const };
    expect((await sharp(rgba, { raw }).stats()).isOpaque).toBe(true);
    rgba[(16 * 16 - 1) * 4 + 3] = 254; // the last pixel's alpha
    expect(hasTransparentPixel(rgba, 4)).toBe(true);
    expect((await sharp(rgba, { raw }).stats()).isOpaque).toBe(false);
    rgba[(16 * 16 - 1) * 4 + 3] = 255;
    rgba[2] = 0; // a colour byte, not alpha
    expect(hasTransparentPixel(rgba, 4)).toBe(false);
    expect(hasTransparentPixel(Buffer.from([0, 255, 128, 255]), 2)).toBe(false);
    expect(hasTransparentPixel(Buffer.from([0, 255, 128, 0]), 2)).toBe(true);
  });
});

describe('release', () => {
  it('frees a buffer sharp made, and leaves a view into a larger one alone', async () => {
    const raw = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .raw()
      .toBuffer();
    expect(raw.length).toBe(192);
    release(raw);
    expect(raw.length).toBe(0);
    release(raw); // twice: nothing happens
    const whole = Buffer.alloc(16, 1);
    const part = whole.subarray(4, 8);
    release(part);
    expect([part.length, whole.length]).toEqual([4, 16]);
  });
});
