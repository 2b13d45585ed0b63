/**
 * What the renderer can tell about an original without a pass of sharp: its format and stored size from
 * the first bytes (so the one decode can start at once, the header read by the decoder itself), and
 * whether decoded pixels have any transparency (a scan of the alpha bytes instead of sharp's statistics of
 * every channel).
 */
import { open } from 'node:fs/promises';

/** The formats recognised by their signature; HEIF (`ftyp` box) is not among them: its codec decides. */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff';

/**
 * Bytes of the file's start that `readHead` reads for `sniff` (the first 16) and `storedSize`: a JPEG's
 * frame header follows its EXIF, whose embedded thumbnail can take tens of kilobytes.
 */
export const HEAD_BYTES = 64 * 1024;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The format of a file from its first `HEAD_BYTES` bytes, by the signatures libvips' loaders check
 * themselves (JPEG SOI, PNG, GIF87a/89a, RIFF…WEBP, classic TIFF in either byte order); null for anything
 * else (HEIF, BigTIFF, SVG, PDF, not an image), whose header sharp reads before anything is decoded.
 */
export function sniff(head: Buffer): SniffedFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return null;
}

/** JPEG start-of-frame markers (SOF0-SOF15 but DHT, JPG and DAC), which carry the frame's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The size in a JPEG's frame header, walking the marker segments before it; null when not in `head`. */
function jpegSize(head: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    if (marker === 0xff)
      at += 1; // fill byte
    else if (isStartOfFrame(marker))
      return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
    else if (marker === 0xda || marker === 0xd9)
      return null; // scan or end before any frame
    else at += 2 + head.readUInt16BE(at + 2);
  }
  return null;
}

/** The canvas size of a WebP from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(head: Buffer): { width: number; height: number } | null {
  if (head.length < 30) return null;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ')
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * The size of an image of `format` as stored (before EXIF orientation) from its first bytes, null when
 * they do not tell (a TIFF, a JPEG frame header beyond `head`). Only a hint of whether the header is worth
 * reading: sharp's header read decides every size the renderer uses.
 */
export function storedSize(head: Buffer, format: SniffedFormat): { width: number; height: number } | null {
  switch (format) {
    case 'jpeg':
      return jpegSize(head);
    case 'png':
      return head.length >= 24 ? { width: head.readUInt32BE(16), height: head.readUInt32BE(20) } : null;
    case 'gif':
      return head.length >= 10 ? { width: head.readUInt16LE(6), height: head.readUInt16LE(8) } : null;
    case 'webp':
      return webpSize(head);
    default:
      return null;
  }
}

/** The first `HEAD_BYTES` bytes of `input` (a buffer or a file path); rejects when the file cannot be read. */
export async function readHead(input: Buffer | string): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, HEAD_BYTES);
  const file = await open(input, 'r');
  try {
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * True when some pixel of 8-bit interleaved `data` with an alpha channel last (`channels` 2 or 4) is not
 * fully opaque (sharp's `stats().isOpaque` false). Stops at the first such pixel; an opaque image is read
 * once, about 1 ms per megapixel on the JavaScript thread.
 */
export function hasTransparentPixel(data: Uint8Array, channels: 2 | 4): boolean {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return true;
  return false;
}

/**
 * Frees the memory of `data` now, detaching its ArrayBuffer, when `data` is the whole of one (a buffer
 * sharp made); otherwise does nothing. A decoded raster is external memory to V8, which answers every
 * 64 MB of it with a full collection of the worker's heap; freed at once, the rasters cause none.
 * `data` must not be used afterwards.
 */
export function release(data: Uint8Array): void {
  if (!(data.buffer instanceof ArrayBuffer)) return;
  // ES2024's members (Node 21 on), missing from the project's lib (ES2023).
  const buffer = data.buffer as ArrayBuffer & { detached: boolean; transfer(length: number): ArrayBuffer };
  if (buffer.detached) return;
  if (data.byteOffset !== 0 || data.byteLength !== buffer.byteLength) return;
  buffer.transfer(0);
}
