/**
 * HEIC (HEVC-coded HEIF) for the renderer. The prebuilt libvips of sharp has libheif with an AV1 decoder
 * only, so sharp reads such a file's header (size, alpha, compression) but cannot decode its pixels.
 * libheif-js (libheif and libde265 compiled to WebAssembly, no native build) decodes the primary image
 * into 8-bit RGBA, and sharp.ts renders every format from those pixels as from any other decode.
 *
 * - Orientation: HEIF stores it as `irot`/`imir` properties, which libheif applies while decoding (tested
 *   on a fixture with `irot`). The EXIF orientation an iPhone also writes is ignored, as the HEIF spec
 *   says, and no EXIF reaches sharp, so nothing is rotated twice.
 * - Colour: the pixels are libheif's RGB without the file's ICC profile; sharp treats them as sRGB (an
 *   iPhone's Display P3 photo comes out slightly less saturated than sharp's own colour-managed path).
 * - Memory: the WebAssembly heap only grows (to its largest photo's needs) and stays. The RGBA pixels go
 *   into one buffer reused for every file, so HEIC work runs one file at a time (the worker renders one
 *   job at a time anyway): a fresh array per photo (48 MB at 12 megapixels) was left to the garbage
 *   collector and raised the worker's peak RSS over a run of photos.
 * - Time: decoding runs on the main thread and holds it for the whole decode (long for a large photo).
 */
import { readFile } from 'node:fs/promises';
import libheif from 'libheif-js/wasm-bundle';

export interface RgbaImage {
  /** RGBA, 8 bit, `width * height * 4` bytes. */
  data: Buffer;
  width: number;
  height: number;
}

/** Larger images (over 16 megapixels) get a buffer of their own, so the kept one stays bounded. */
const KEEP_BYTES = 16_000_000 * 4;
let kept = new Uint8ClampedArray(0);
let queue: Promise<unknown> = Promise.resolve();

/**
 * Decodes the primary image of a HEIC file (a buffer or a path) and runs `use` on its pixels, one file
 * at a time. The pixels are valid only until `use` settles. Rejects with libheif's reason.
 */
export function withHeicPixels<T>(input: Buffer | string, use: (image: RgbaImage) => Promise<T>): Promise<T> {
  const run = queue.then(async () => use(await decode(input)));
  queue = run.catch(() => undefined);
  return run;
}

async function decode(input: Buffer | string): Promise<RgbaImage> {
  const buffer = typeof input === 'string' ? await readFile(input) : input;
  const causes: string[] = [];
  const decoder = new libheif.HeifDecoder();
  const images = withCauses(causes, () => decoder.decode(buffer));
  try {
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) throw new Error(['HEIF structure unreadable', ...causes].join(': '));
    const width = image.get_width();
    const height = image.get_height();
    const size = width * height * 4;
    if (size > KEEP_BYTES) kept = new Uint8ClampedArray(0);
    else if (kept.length < size) kept = new Uint8ClampedArray(size);
    const data = size > KEEP_BYTES ? new Uint8ClampedArray(size) : kept.subarray(0, size);
    const restore = captureCauses(causes);
    const ok = await new Promise<boolean>((resolve) =>
      image.display({ data, width, height }, (result) => resolve(result !== null)),
    ).finally(restore);
    if (!ok) throw new Error(['HEVC data cannot be decoded', ...causes].join(': '));
    return { data: Buffer.from(data.buffer, data.byteOffset, size), width, height };
  } finally {
    for (const image of images) image.free();
    decoder.decoder?.delete();
  }
}

/**
 * libheif-js reports why a file failed only with console.log(text, ..., { message }): while it works,
 * such calls go to `causes` instead of stdout; every other console.log passes through.
 */
function captureCauses(causes: string[]): () => void {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    const messages = args.flatMap((a) =>
      a && typeof a === 'object' && typeof (a as { message?: unknown }).message === 'string'
        ? [(a as { message: string }).message.trim()]
        : [],
    );
    if (messages.length > 0) causes.push(...messages);
    else log(...args);
  };
  return () => {
    console.log = log;
  };
}

function withCauses<T>(causes: string[], fn: () => T): T {
  const restore = captureCauses(causes);
  try {
    return fn();
  } finally {
    restore();
  }
}
