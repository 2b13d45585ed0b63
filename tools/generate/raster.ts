/**
 * Raster images for media and uploads: a diagonal gradient, a grid, a simple machine silhouette,
 * coloured corner markers (so crops and rotations are visible) and a label with record id, pixel size
 * and format in the lower left corner. Pixels are painted in JS and encoded once by sharp; the same job
 * always gives the same bytes.
 */
import sharp from 'sharp';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph, textWidth } from './font';
import { rngFor } from './random';

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff';

export interface RasterJob {
  kind: 'raster';
  /** Path under files/. */
  path: string;
  format: RasterFormat;
  /** Displayed size (after EXIF rotation). */
  width: number;
  height: number;
  alpha: boolean;
  /** Burnt-in label, e.g. "5000123". Size and format are appended. */
  label: string;
  seed: number;
  /** Store rotated by 90° with EXIF orientation 6, like a camera held upright. */
  exifRotate?: boolean;
}

type Rgb = readonly [number, number, number];

function hsv(h: number, s: number, v: number): Rgb {
  const f = (n: number): number => {
    const k = (n + h / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly channels: 3 | 4,
  ) {
    this.data = Buffer.alloc(width * height * channels);
  }

  rect(x0: number, y0: number, w: number, h: number, color: Rgb): void {
    const pattern = this.pattern(color);
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y0 + h)); y += 1)
      this.span(y, x0, x0 + w, pattern);
  }

  circle(cx: number, cy: number, r: number, color: Rgb): void {
    const pattern = this.pattern(color);
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(this.height, Math.ceil(cy + r)); y += 1) {
      const dx = Math.sqrt(Math.max(0, r * r - (y - cy) * (y - cy)));
      this.span(y, cx - dx, cx + dx, pattern);
    }
  }

  text(x0: number, y0: number, text: string, scale: number, color: Rgb): void {
    const pattern = this.pattern(color);
    [...text].forEach((ch, n) => {
      glyph(ch).forEach((row, gy) => {
        for (let gx = 0; gx < GLYPH_WIDTH; gx += 1) {
          if (row[gx] !== '1') continue;
          const x = x0 + (n * (GLYPH_WIDTH + 1) + gx) * scale;
          for (let dy = 0; dy < scale; dy += 1) this.span(y0 + gy * scale + dy, x, x + scale, pattern);
        }
      });
    });
  }

  private pattern(color: Rgb): Buffer {
    return Buffer.from(this.channels === 4 ? [...color, 255] : color);
  }

  /** Fills row y from x0 to x1 (clipped); Buffer.fill repeats the pixel pattern natively. */
  private span(y: number, x0: number, x1: number, pattern: Buffer): void {
    const xs = Math.max(0, Math.round(x0));
    const xe = Math.min(this.width, Math.round(x1));
    if (xe <= xs || y < 0 || y >= this.height) return;
    const row = y * this.width * this.channels;
    this.data.fill(pattern, row + xs * this.channels, row + xe * this.channels);
  }
}

/** Raw pixels of the displayed image. */
export function paint(job: RasterJob, formatLabel: string): Canvas {
  const { width: w, height: h } = job;
  const rng = rngFor(job.seed, 'paint', 0);
  const canvas = new Canvas(w, h, job.alpha ? 4 : 3);
  const hue = rng.int(0, 359);
  const from = hsv(hue, 0.35, 0.95);
  const to = hsv((hue + rng.int(30, 90)) % 360, 0.6, 0.55);
  if (!job.alpha) {
    // Colour depends on x + y only, so row y is the slice [y, y + w) of one lookup table; grid lines use a
    // lightened table. Each row is a memcpy plus a few grid pixels.
    const lut = Buffer.alloc((w + h) * 3);
    const light = Buffer.alloc((w + h) * 3);
    for (let t = 0; t < w + h; t += 1) {
      const f = t / (w + h);
      for (let c = 0; c < 3; c += 1) {
        const v = Math.round((from[c] as number) + ((to[c] as number) - (from[c] as number)) * f);
        lut[t * 3 + c] = v;
        light[t * 3 + c] = 255 - ((255 - v) >> 1);
      }
    }
    const data = canvas.data;
    const step = Math.max(16, Math.round(Math.min(w, h) / 8));
    for (let y = 0; y < h; y += 1) {
      const row = y * w * 3;
      (y % step === 0 ? light : lut).copy(data, row, y * 3, (y + w) * 3);
      for (let x = 0; x < w; x += step) light.copy(data, row + x * 3, (x + y) * 3, (x + y + 1) * 3);
    }
  }
  // A machine-like silhouette: body, drawbar, two wheels.
  const body = hsv((hue + 180) % 360, 0.7, 0.45 + rng.int(0, 20) / 100);
  const bx = w * (0.15 + rng.int(0, 10) / 100);
  const by = h * (0.3 + rng.int(0, 10) / 100);
  const bw = w * (0.5 + rng.int(0, 15) / 100);
  const bh = h * (0.22 + rng.int(0, 10) / 100);
  canvas.rect(bx, by, bw, bh, body);
  canvas.rect(bx - w * 0.12, by + bh * 0.6, w * 0.12, Math.max(2, h * 0.03), [60, 60, 60]);
  const r = Math.min(w, h) * (0.1 + rng.int(0, 5) / 100);
  canvas.circle(bx + bw * 0.25, by + bh + r * 0.4, r, [35, 35, 35]);
  canvas.circle(bx + bw * 0.8, by + bh + r * 0.4, r * 0.8, [35, 35, 35]);
  // Corner markers: red top left, green top right, blue bottom right, yellow bottom left.
  const m = Math.max(4, Math.round(Math.min(w, h) / 20));
  canvas.rect(0, 0, m, m, [220, 30, 30]);
  canvas.rect(w - m, 0, m, m, [30, 180, 30]);
  canvas.rect(w - m, h - m, m, m, [30, 60, 220]);
  canvas.rect(0, h - m, m, m, [240, 210, 0]);
  // Label: one line when it fits, else id and size/format on two lines.
  const scale = Math.max(1, Math.floor(Math.min(w, h) / 200));
  const full = `${job.label} ${w}x${h} ${formatLabel}`;
  const lines =
    textWidth(full, scale) + 2 * m + 4 * scale <= w ? [full] : [job.label, `${w}x${h} ${formatLabel}`];
  const pad = 2 * scale;
  const lineHeight = (GLYPH_HEIGHT + 2) * scale;
  const boxW = Math.max(...lines.map((line) => textWidth(line, scale))) + 2 * pad;
  const boxH = lines.length * lineHeight + 2 * pad - 2 * scale;
  const x0 = m + scale;
  const y0 = h - m - scale - boxH;
  canvas.rect(x0, y0, boxW, boxH, [0, 0, 0]);
  lines.forEach((line, n) => canvas.text(x0 + pad, y0 + pad + n * lineHeight, line, scale, [255, 255, 255]));
  return canvas;
}

const FORMAT_LABEL: Readonly<Record<RasterFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WEBP',
  gif: 'GIF',
  tiff: 'TIFF',
};

export async function encodeRaster(job: RasterJob): Promise<Buffer> {
  const canvas = paint(job, FORMAT_LABEL[job.format] + (job.exifRotate ? ' EXIF6' : ''));
  let image = sharp(canvas.data, {
    raw: { width: canvas.width, height: canvas.height, channels: canvas.channels },
  });
  if (job.exifRotate)
    image = sharp(await image.rotate(270).raw().toBuffer(), {
      raw: { width: canvas.height, height: canvas.width, channels: canvas.channels },
    }).withMetadata({ orientation: 6 });
  const big = job.width * job.height > 4_000_000;
  switch (job.format) {
    case 'jpeg':
      return image.jpeg({ quality: big ? 78 : 82 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: big ? 4 : 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80, effort: big ? 1 : 2 }).toBuffer();
    case 'gif':
      return image.gif({ effort: 1, dither: 0 }).toBuffer();
    case 'tiff':
      return image
        .tiff({ compression: big ? 'jpeg' : 'lzw', predictor: big ? 'none' : 'horizontal' })
        .toBuffer();
  }
}
