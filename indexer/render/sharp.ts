/**
 * The sharp adapter (style.md, after Immich's media repository): the only file that talks to sharp for
 * renditions. An original is decoded ONCE (EXIF orientation applied, sRGB, 8 bit) into a raw pixel buffer,
 * and every format is resized and encoded from that buffer, one after the other.
 *
 * Decisions:
 * - Shrink on load: an original larger than every format needs is decoded straight to the size they need
 *   (`reducedSize`: per side the most any format takes from it without enlarging; a crop's cover size, a
 *   max's or contain's fitted size; a format that keeps the whole image, or a crop that enlarges, keeps
 *   it whole), in the same single decode: libjpeg's DCT scaling and libwebp's scaled decode as far as
 *   sharp's shrink-on-load goes, the rest by one resize inside that pass. Every format's output size is
 *   still computed from the image's own size (`Decoded.size`), so the renditions have exactly the sizes of
 *   a whole decode and nearly its pixels, while a 12-megapixel photo is decoded, held and resized six times
 *   at hero size instead of whole. It is chosen only when it saves at least `MIN_REDUCTION` of the pixels,
 *   since it needs the header first: the size is read from the first bytes (input.ts `storedSize`), and
 *   only an original that may be reduced pays sharp's header read. An original whose header announces an
 *   alpha channel decodes whole, so that transparency is still judged on every pixel.
 * - The pixel limit, orientation and the errors do not change with it: the limit is checked on the
 *   header (or by the decoder) as before, the reduction applies to the size the image decodes to within it.
 * - `crop` fills width×height exactly: cover with the CENTRE strategy (predictable, cheap, and product
 *   shots are centred; `attention` moved crops toward labels and edges and costs a saliency pass). It
 *   enlarges a smaller original, because the spec promises exact crop sizes.
 * - `max` fits inside width×height and never enlarges.
 * - `contain` is exactly width×height: the image fitted inside WITHOUT enlarging, centred on white (JPEG)
 *   or transparent (WebP) padding.
 * - A format with only one dimension scales to that one (never enlarging); with none it re-encodes.
 * - Output: baseline JPEG unless the decoded image really has transparency (an alpha channel that is not
 *   fully opaque, found by a scan of the alpha bytes; a decode without alpha, e.g. any JPEG's, is never
 *   scanned): then lossy WebP with lossless-quality alpha, which keeps the alpha at a fraction of PNG's
 *   size. `quality` applies to both; null means DEFAULT_QUALITY.
 * - The raw buffer is freed as soon as the last format is encoded (input.ts `release`), not left to V8's
 *   collections, which a worker's heap makes costly.
 * - Metadata (EXIF, XMP, ICC) is stripped: sharp writes none unless asked; colours are converted to sRGB.
 * - One read: a JPEG, PNG, WebP or GIF (told by its first bytes, input.ts) that the formats need whole is
 *   decoded at once with the limit as sharp's `limitInputPixels`, which the decoder checks on the header
 *   it reads anyway; only when that decode fails, for one that may be reduced (above), for a TIFF (whose
 *   size is not in its first bytes) and for other inputs (HEIF, SVG, …), is the header read on its own
 *   first.
 * - Size: an original decodes to at most `maxPixels` (RENDER_MAX_PIXELS), checked on its header before any
 *   pixel is decoded, so one hostile file (a 1 MB PNG of 16,383 × 16,383) cannot take the worker's memory.
 *   Within the limit it decodes whole (or reduced, above). Over it, a JPEG or WebP is shrunk on load to
 *   fit (libjpeg's 1/2, 1/4, 1/8 DCT scaling, libwebp's scaled decode; both stream, so memory follows the
 *   decoded size), down to 1/8 of its sides; renditions are then made from that smaller image. Any other
 *   original over the limit, whose decoders (PNG, GIF, TIFF, HEIF) have no such scaling, is refused with
 *   `OversizeInputError`.
 * - GIF, animated WebP, multi-page TIFF: the first frame/page. AVIF (AV1-coded HEIF) goes through sharp;
 *   HEIC (HEVC-coded HEIF) is decoded by heic.ts, because the prebuilt libvips of sharp ships libheif with
 *   an AV1 decoder only, and rendered from those pixels the same way. Other HEIF codecs are refused with
 *   `UnsupportedInputError`.
 */
import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { DEFAULT_RENDER_MAX_PIXELS } from '../../config/env';
import { DEFAULT_QUALITY, formatSignature, type RenderFormat } from '../../src/catalog/rendition-formats';
import { withHeicPixels } from './heic';
import {
  decode,
  decodeDirect,
  decodePlan,
  inspect,
  isHeic,
  reason,
  RenderInputError,
  type Decoded,
  type Size,
} from './decode';
import { hasTransparentPixel, readHead, release, sniff, storedSize } from './input';

export { OversizeInputError, RenderInputError, UnsupportedInputError } from './decode';

export interface Rendition {
  key: string;
  signature: string;
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
  /** Real pixel size of `data`. */
  width: number;
  height: number;
}

export interface RenderOptions {
  /** The most pixels one render decodes (RENDER_MAX_PIXELS); default its default. */
  maxPixels?: number;
}

export interface SharpSettings {
  /** libvips operation cache in MB; 0 disables it (each original is decoded once, nothing to reuse). */
  cacheMemoryMb: number;
  /** libvips threads per image. */
  concurrency: number;
}

/**
 * Cache off and 2 threads keep the worker's memory low on 12-megapixel photos (measured: BENCHMARKS.md,
 * "Renditions"); the cache only helps when the same image is opened repeatedly, which a render job never
 * does.
 */
export const DEFAULT_SHARP_SETTINGS: SharpSettings = { cacheMemoryMb: 0, concurrency: 2 };

/**
 * The settings for `renderConcurrency` renders at once on this machine: cache off, and libvips threads per
 * image = the cores. With cores ÷ renders threads the worker kept only about one core busy, since a render
 * waiting for the JavaScript thread, Postgres or Redis leaves its core idle; with a thread per core for each
 * render the other render's threads fill it, which renders faster at the same peak memory (measured:
 * docs/benchmarks-history.md, "Renditions at sharp's speed"). `renderConcurrency` is accepted for the
 * callers' sake and does not change the result.
 */
export function sharpSettingsFor(
  renderConcurrency: number,
  cores: number = availableParallelism(),
): SharpSettings {
  void renderConcurrency;
  return { cacheMemoryMb: DEFAULT_SHARP_SETTINGS.cacheMemoryMb, concurrency: Math.max(1, cores) };
}

/** Applies `settings` process-wide (sharp's cache and thread pool are global). Call once at start. */
export function configureSharp(settings: SharpSettings = DEFAULT_SHARP_SETTINGS): void {
  if (settings.cacheMemoryMb <= 0) sharp.cache(false);
  else sharp.cache({ memory: settings.cacheMemoryMb, files: 0, items: 100 });
  sharp.concurrency(settings.concurrency);
}

/**
 * Baseline JPEG with optimised Huffman tables (sharp's default): on the demo catalog's renditions 3 %
 * smaller than progressive and a third faster to encode; mozjpeg was 12 % smaller and 6 times slower
 * (measured: docs/benchmarks-history.md, "Renders at sharp's speed").
 */
const JPEG_OPTIONS = { progressive: false, optimiseCoding: true, mozjpeg: false } as const;

/**
 * Lossy WebP with lossless alpha at effort 2 of 0-6: 43 % faster than effort 4 for 9 % more bytes; effort
 * 0 tripled the size (same measurement).
 */
const WEBP_OPTIONS = { alphaQuality: 100, effort: 2 } as const;

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Renders an HEVC HEIF from libheif's RGBA (irot/imir applied); `meta.hasAlpha` says whether to look for transparency. */
async function renderHeic(
  input: Buffer | string,
  meta: Metadata,
  formats: readonly RenderFormat[],
  maxPixels: number,
): Promise<Rendition[]> {
  // libheif decodes whole, into a WebAssembly heap that never shrinks: refused on the header's size.
  decodePlan(meta, maxPixels); // never `shrink`: HEIF is not shrinkable
  let decoded = false;
  try {
    return await withHeicPixels(input, async (image) => {
      decoded = true;
      const raw = { width: image.width, height: image.height, channels: 4 as const };
      const size = { width: image.width, height: image.height };
      const transparent = meta.hasAlpha === true && hasTransparentPixel(image.data, 4);
      return renderAll({ data: image.data, raw, size, transparent }, formats);
    });
  } catch (error) {
    if (decoded) throw error;
    throw new RenderInputError(`cannot decode HEIC image: ${reason(error)}`);
  }
}

/** `renderAll` from pixels sharp decoded, which are freed when it settles (input.ts, `release`). */
async function renderDecoded(decoded: Decoded, formats: readonly RenderFormat[]): Promise<Rendition[]> {
  try {
    return await renderAll(decoded, formats);
  } finally {
    release(decoded.data);
  }
}

async function renderAll(decoded: Decoded, formats: readonly RenderFormat[]): Promise<Rendition[]> {
  const renditions: Rendition[] = [];
  for (const format of formats) renditions.push(await renderOne(decoded, format));
  return renditions;
}

/** Width and height of `w×h` scaled to fit inside `maxW×maxH` (either may be null), never enlarged. */
function inside(w: number, h: number, maxW: number | null, maxH: number | null) {
  const scale = Math.min(1, maxW ? maxW / w : Infinity, maxH ? maxH / h : Infinity);
  if (scale >= 1) return { width: w, height: h };
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The least size `format` is made from without enlarging, for an image of `size` (crop: its cover size). */
function formatNeeds(size: Size, format: RenderFormat): Size {
  const { width: w, height: h } = format;
  if (format.fit !== 'crop' || !w || !h) return inside(size.width, size.height, w, h);
  const scale = Math.max(w / size.width, h / size.height);
  return { width: Math.ceil(size.width * scale), height: Math.ceil(size.height * scale) };
}

/**
 * A decode this many times smaller in pixels is worth reading the header for; a smaller gain does not pay
 * for the header read (about a millisecond).
 */
const MIN_REDUCTION = 1.5;

/**
 * The size an image of `size` is decoded to for `formats`: per side the most any format needs (never more
 * than `size`), or `size` itself when that saves less than `MIN_REDUCTION` of its pixels.
 */
export function reducedSize(size: Size, formats: readonly RenderFormat[]): Size {
  let width = 1;
  let height = 1;
  for (const format of formats) {
    const needs = formatNeeds(size, format);
    width = Math.max(width, Math.min(needs.width, size.width));
    height = Math.max(height, Math.min(needs.height, size.height));
  }
  if (width * height * MIN_REDUCTION > size.width * size.height) return size;
  return { width, height };
}

/** Whether an image stored at `stored`, in either orientation, decodes reduced for `formats`. */
function mayReduce(stored: Size, formats: readonly RenderFormat[]): boolean {
  const turned = { width: stored.height, height: stored.width };
  return [stored, turned].some((size) => reducedSize(size, formats) !== size);
}

async function renderOne(decoded: Decoded, format: RenderFormat): Promise<Rendition> {
  const { raw, size, transparent } = decoded;
  const quality = format.quality ?? DEFAULT_QUALITY;
  let image = sharp(decoded.data, { raw });
  if (!transparent && (raw.channels === 4 || raw.channels === 2)) image = image.removeAlpha();
  const { width: w, height: h } = format;
  if (format.fit === 'crop' && w && h) {
    image = image.resize(w, h, { fit: 'cover', position: 'centre' });
  } else if (format.fit === 'contain' && w && h) {
    // Sizes come from the image's own size, not the reduced decode's: the same renditions either way.
    const fitted = inside(size.width, size.height, w, h);
    const top = Math.floor((h - fitted.height) / 2);
    const left = Math.floor((w - fitted.width) / 2);
    image = image.resize(fitted.width, fitted.height, { fit: 'fill' }).extend({
      top,
      bottom: h - fitted.height - top,
      left,
      right: w - fitted.width - left,
      background: transparent ? TRANSPARENT : WHITE,
    });
  } else {
    const fitted = inside(size.width, size.height, w, h);
    if (fitted.width !== raw.width || fitted.height !== raw.height) {
      image = image.resize(fitted.width, fitted.height, { fit: 'fill' });
    }
  }
  const encoded = transparent
    ? image.webp({ ...WEBP_OPTIONS, quality })
    : image.jpeg({ ...JPEG_OPTIONS, quality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    key: format.key,
    signature: formatSignature(format),
    data,
    mimeType: transparent ? 'image/webp' : 'image/jpeg',
    extension: transparent ? 'webp' : 'jpg',
    width: info.width,
    height: info.height,
  };
}

/**
 * Renders `formats` of the original `input` (a buffer or a file path), in the given order, from one
 * decode of at most `options.maxPixels`. Throws `RenderInputError` for corrupt or truncated data,
 * `UnsupportedInputError` for inputs without renditions (SVG, PDF) and `OversizeInputError` for an
 * original over the limit that cannot shrink on load; nothing is rendered then.
 */
export async function renderFormats(
  input: Buffer | string,
  formats: readonly RenderFormat[],
  options: RenderOptions = {},
): Promise<Rendition[]> {
  if (formats.length === 0) return [];
  const maxPixels = options.maxPixels ?? DEFAULT_RENDER_MAX_PIXELS;
  let head: Buffer;
  try {
    head = await readHead(input);
  } catch (error) {
    throw new RenderInputError(`not a readable image: ${reason(error)}`);
  }
  const format = sniff(head);
  const stored = format ? storedSize(head, format) : null;
  // Decoded at once when its first bytes tell an image the formats need whole.
  const direct = stored && !mayReduce(stored, formats) ? await decodeDirect(input, format!, maxPixels) : null;
  if (direct) return renderDecoded(direct, formats);
  // Larger than the formats need, over the limit, HEIF, or not told by its first bytes: the header decides
  // how (or whether) to decode.
  const meta = await inspect(input);
  if (isHeic(meta)) return renderHeic(input, meta, formats, maxPixels);
  const reduce = (size: Size) => reducedSize(size, formats);
  return renderDecoded(await decode(input, meta, maxPixels, reduce), formats);
}
