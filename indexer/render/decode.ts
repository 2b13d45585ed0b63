/**
 * The one decode of an original for the renderer (sharp.ts): oriented, sRGB, 8 bit, raw pixels, within
 * the pixel limit (whole, or shrunk on load), reduced to what the formats need when asked, and whether
 * they have any transparency; the errors a render fails with. See sharp.ts for the decisions.
 */
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { hasTransparentPixel, type SniffedFormat } from './input';

/** The file is not an image sharp can decode (corrupt, truncated, or not an image at all). */
export class RenderInputError extends Error {
  override name = 'RenderInputError';
}

/** The file is an image, but of a kind this build cannot or should not render (SVG, PDF, JPEG-coded HEIF). */
export class UnsupportedInputError extends Error {
  override name = 'UnsupportedInputError';
}

/**
 * The original has more pixels than a render may decode (`maxPixels`) and cannot be shrunk on load to fit.
 * Its header was read, nothing was decoded.
 */
export class OversizeInputError extends Error {
  override name = 'OversizeInputError';
}

/** Formats sharp may decode for a rendition (sharp's `metadata().format` names). */
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/** `failOn: 'error'` rejects corrupt data instead of rendering grey blocks; `pages: 1` = first frame. */
const INPUT_OPTIONS: SharpOptions = { failOn: 'error', pages: 1 };

/** An error's message, trimmed, as a render failure's reason. */
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).trim();

/**
 * Reads the header of `input` only, whatever its size. Throws `RenderInputError` when it is not a readable
 * image, `UnsupportedInputError` for a format without renditions (SVG, PDF, a HEIF of another codec).
 */
export async function inspect(input: Buffer | string): Promise<Metadata> {
  let meta: Metadata;
  try {
    // Header only, whatever its size: the pixel limit is checked here with a reason of its own.
    meta = await sharp(input, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new RenderInputError(`not a readable image: ${reason(error)}`);
  }
  if (!DECODABLE.has(meta.format)) {
    throw new UnsupportedInputError(`no renditions for ${meta.format ?? 'unknown'} input`);
  }
  if (meta.format === 'heif' && meta.compression !== 'av1' && meta.compression !== 'hevc') {
    throw new UnsupportedInputError(`no renditions for ${meta.compression ?? 'unknown'}-coded HEIF input`);
  }
  return meta;
}

/** sharp reads the header of an HEVC-coded HEIF but cannot decode it: heic.ts does. */
export const isHeic = (meta: Metadata) => meta.format === 'heif' && meta.compression === 'hevc';

/** Formats whose decoders scale while decoding (sharp's shrink-on-load): over the limit, they shrink to fit. */
const SHRINKABLE = new Set(['jpeg', 'webp']);

/** libjpeg's smallest DCT scaling: beyond 1/8 a side, decoding time keeps growing with the header. */
const MAX_SHRINK = 8;

const count = (pixels: number) => `${pixels.toLocaleString('en-US')} pixels`;

/**
 * How `meta`'s image decodes within `maxPixels`: `whole`, or `shrink` to `width`×`height` (oriented), or
 * `OversizeInputError`.
 */
export function decodePlan(
  meta: Metadata,
  maxPixels: number,
): { kind: 'whole' } | { kind: 'shrink'; width: number; height: number } {
  const pixels = meta.width * meta.height;
  if (pixels <= maxPixels) return { kind: 'whole' };
  const size = `${meta.width}x${meta.height} (${count(pixels)})`;
  const limit = `the render limit of ${count(maxPixels)} (RENDER_MAX_PIXELS)`;
  if (!SHRINKABLE.has(meta.format) || pixels > maxPixels * MAX_SHRINK * MAX_SHRINK) {
    throw new OversizeInputError(`${meta.format} image of ${size} is over ${limit}`);
  }
  const scale = Math.sqrt(maxPixels / pixels);
  const { width, height } = meta.autoOrient;
  return {
    kind: 'shrink',
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a decode is reduced to for an image that would decode to `size` (at most `size`; `size` itself
 * for none).
 */
export type Reduce = (size: Size) => Size;

export interface Decoded {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /**
   * The size the renditions are computed from: what the image decodes to within the limit; larger than
   * `raw` when the decode was reduced.
   */
  size: Size;
  /** Some pixel is not fully opaque. */
  transparent: boolean;
}

/** The one decode: oriented, sRGB, 8 bit, raw pixels with their size; rejects with sharp's reason. */
async function decodeRaw(
  input: Buffer | string,
  limitInputPixels: number,
  shrinkTo?: { width: number; height: number },
): Promise<Decoded> {
  let image = sharp(input, { ...INPUT_OPTIONS, limitInputPixels }).rotate();
  if (shrinkTo) image = image.resize(shrinkTo.width, shrinkTo.height, { fit: 'fill' });
  const { data, info } = await image
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  // Only a decode with an alpha channel can be transparent (never a JPEG's).
  const alpha = raw.channels === 4 || raw.channels === 2 ? raw.channels : null;
  const size = { width: raw.width, height: raw.height };
  return { data, raw, size, transparent: alpha !== null && hasTransparentPixel(data, alpha) };
}

/**
 * Decodes an original whose header was read (`meta`): whole, or shrunk on load to fit `maxPixels`, and
 * then reduced to `reduce`'s size in the same pass unless the header announces an alpha channel (whose
 * transparency is told from every decoded pixel). sharp's `limitInputPixels` refuses a whole decode over
 * the limit even if the header read before was not the one decoded.
 */
export async function decode(
  input: Buffer | string,
  meta: Metadata,
  maxPixels: number,
  reduce?: Reduce,
): Promise<Decoded> {
  const plan = decodePlan(meta, maxPixels);
  const size = plan.kind === 'whole' ? meta.autoOrient : { width: plan.width, height: plan.height };
  const to = reduce && !meta.hasAlpha ? reduce(size) : size;
  const reduced = to.width < size.width || to.height < size.height;
  try {
    const limit = plan.kind === 'whole' ? maxPixels : meta.width * meta.height;
    const decoded = await decodeRaw(input, limit, reduced || plan.kind === 'shrink' ? to : undefined);
    return { ...decoded, size: { width: size.width, height: size.height } };
  } catch (error) {
    throw new RenderInputError(`cannot decode ${meta.format} image: ${reason(error)}`);
  }
}

/**
 * Decodes an original of a format told by its first bytes straight away, with `maxPixels` as sharp's
 * `limitInputPixels` (checked on the header by the decoder before any pixel is decoded): the header is
 * read once, by the decode. Null when the decode failed on an image over the limit (the caller then
 * reads the header: shrink on load, or `OversizeInputError`); `RenderInputError` when it failed otherwise.
 */
export async function decodeDirect(
  input: Buffer | string,
  format: SniffedFormat,
  maxPixels: number,
): Promise<Decoded | null> {
  try {
    return await decodeRaw(input, maxPixels);
  } catch (error) {
    // Rare (a corrupt file, one over the limit): the header says which, as the decoder's message may not.
    const meta = await inspect(input);
    if (meta.width * meta.height > maxPixels) return null;
    throw new RenderInputError(`cannot decode ${format} image: ${reason(error)}`);
  }
}
