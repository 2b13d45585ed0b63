/**
 * `generateCatalog`: writes a deterministic, realistic catalog snapshot (format v1, see
 * /work/shared/catalog-snapshot-format.md) for an agricultural machinery maker into `outDir`:
 * manifest.json, one NDJSON file per record kind and real media files under files/. Same seed and scale
 * → byte-identical output. Records are streamed (bounded memory); images are rendered by sharp with a
 * few jobs in flight, and records are still written in id order.
 * Returns a GenerateSummary: records per file, bytes per file, file count and bytes under files/.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, parse, resolve } from 'node:path';
import sharp from 'sharp';
import { buildMainArticle, buildSpareArticle } from './articles';
import { createContext, type GenContext } from './context';
import { createFileWriter, type FileWriter } from './files';
import { productIdentity } from './identity';
import { buildMedia, type MediaSpec } from './media';
import { NdjsonWriter, writeNdjson } from './ndjson';
import { planCatalog } from './plan';
import { buildProduct } from './products';
import { isScale, type Scale } from './scenarios';
import { IMAGE_FORMATS, SYNONYMS, USERS, manifest } from './static-records';
import { uploadSpec } from './uploads';

export { planCatalog } from './plan';
export { SCALES, type Scale } from './scenarios';

export interface GenerateOptions {
  outDir: string;
  scale: Scale;
  seed: number;
  /** Empty a non-empty `outDir` first instead of refusing. */
  force?: boolean;
  onProgress?: (message: string) => void;
  /** File jobs in flight (default 3). */
  concurrency?: number;
}

export interface GenerateSummary {
  outDir: string;
  scale: Scale;
  seed: number;
  /** Records per file name, e.g. { 'products.ndjson': 300 }. */
  records: Record<string, number>;
  /** Bytes per written top-level file (manifest.json and the NDJSON files). */
  bytes: Record<string, number>;
  /** Media and upload files under files/. */
  files: { count: number; bytes: number };
  totalBytes: number;
}

export class OutputDirNotEmptyError extends Error {}

async function prepareOutDir(outDir: string, force: boolean): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const entries = await readdir(outDir);
  if (entries.length === 0) return;
  if (!force)
    throw new OutputDirNotEmptyError(`output directory ${outDir} is not empty (use --force to replace it)`);
  const absolute = resolve(outDir);
  const cwd = process.cwd();
  if (absolute === parse(absolute).root || cwd === absolute || cwd.startsWith(`${absolute}/`)) {
    throw new OutputDirNotEmptyError(
      `refusing to empty ${absolute}: it is a root or contains the working directory`,
    );
  }
  await Promise.all(entries.map((entry) => rm(join(outDir, entry), { recursive: true, force: true })));
}

/** Runs jobs with `limit` in flight and hands results to `done` in submission order. */
class OrderedPipeline<T> {
  private readonly queue: { item: T; bytes: Promise<number> }[] = [];
  constructor(
    private readonly limit: number,
    private readonly done: (item: T, bytes: number) => Promise<void>,
  ) {}

  async push(item: T, work: (() => Promise<number>) | null): Promise<void> {
    const bytes = work ? work() : Promise.resolve(0);
    bytes.catch(() => undefined); // awaited in order below; this only prevents an early unhandled rejection
    this.queue.push({ item, bytes });
    if (this.queue.length >= this.limit) await this.next();
  }

  async drain(): Promise<void> {
    while (this.queue.length > 0) await this.next();
  }

  private async next(): Promise<void> {
    const head = this.queue.shift();
    if (head) await this.done(head.item, await head.bytes);
  }
}

interface Totals {
  records: Record<string, number>;
  bytes: Record<string, number>;
  files: { count: number; bytes: number };
}

function count(totals: Totals, writer: NdjsonWriter): void {
  const name = parse(writer.path).base;
  totals.records[name] = writer.count;
  totals.bytes[name] = writer.bytes;
}

/** manifest.json and the small files whose records are the same at every scale. */
async function writeFixedFiles(ctx: GenContext, outDir: string, totals: Totals): Promise<void> {
  const manifestText = `${JSON.stringify(manifest(), null, 2)}\n`;
  await writeFile(join(outDir, 'manifest.json'), manifestText);
  totals.bytes['manifest.json'] = Buffer.byteLength(manifestText);
  const lists: [string, Iterable<unknown>][] = [
    ['manufacturers', ctx.tractors.manufacturers],
    ['tractor_series', ctx.tractors.series],
    ['tractor_models', ctx.tractors.models],
    ['taxonomies', ctx.taxonomies.taxonomies],
    ['taxons', ctx.taxonomies.taxons],
    ['media_folders', ctx.folders.records],
    ['image_formats', IMAGE_FORMATS],
    ['synonyms', SYNONYMS],
    ['users', USERS],
  ];
  for (const [name, list] of lists) count(totals, await writeNdjson(join(outDir, `${name}.ndjson`), list));
}

/** products.ndjson and articles.ndjson: each product with its main articles, then the spare parts. */
async function writeProductsAndArticles(
  ctx: GenContext,
  outDir: string,
  totals: Totals,
  progress: Progress,
): Promise<void> {
  const { plan } = ctx;
  const products = new NdjsonWriter(join(outDir, 'products.ndjson'));
  const articles = new NdjsonWriter(join(outDir, 'articles.ndjson'));
  try {
    const P = plan.products.count;
    for (let p = 0; p < P; p += 1) {
      await products.write(buildProduct(ctx, p));
      const mains = (plan.products.maCount[p] as number) + (plan.products.zuCount[p] as number);
      const who = mains > 0 ? productIdentity(plan, p) : null;
      for (let k = 0; who && k < mains; k += 1) await articles.write(buildMainArticle(ctx, who, k));
      progress.tick('products', p, P);
    }
    for (let s = 0; s < plan.spares.count; s += 1) {
      await articles.write(buildSpareArticle(ctx, s));
      progress.tick('spare parts', s, plan.spares.count);
    }
  } finally {
    await products.close();
    await articles.close();
  }
  count(totals, products);
  count(totals, articles);
}

/** media.ndjson in id order with each file rendered first (its size goes into the record). */
async function writeMedia(
  ctx: GenContext,
  outDir: string,
  totals: Totals,
  progress: Progress,
  write: FileWriter,
  concurrency: number,
): Promise<void> {
  const media = new NdjsonWriter(join(outDir, 'media.ndjson'));
  try {
    const pipe = new OrderedPipeline<MediaSpec>(concurrency, async (spec, size) => {
      if (spec.size === 'present') spec.record.size = size;
      else if (spec.size === 'absent') delete spec.record.size;
      if (spec.job) {
        totals.files.count += 1;
        totals.files.bytes += size;
      }
      await media.write(spec.record);
    });
    for (let j = 0; j < ctx.plan.media.count; j += 1) {
      const spec = buildMedia(ctx, j);
      const job = spec.job;
      await pipe.push(spec, job ? () => write(job) : null);
      progress.tick('media', j, ctx.plan.media.count);
    }
    await pipe.drain();
  } finally {
    await media.close();
  }
  count(totals, media);
}

/** Files of the images uploaded directly on products (their records are inside products.ndjson). */
async function writeUploads(
  ctx: GenContext,
  totals: Totals,
  write: FileWriter,
  concurrency: number,
): Promise<void> {
  const { plan } = ctx;
  const pipe = new OrderedPipeline<null>(concurrency, async (_, size) => {
    totals.files.count += 1;
    totals.files.bytes += size;
  });
  for (let p = 0; p < plan.products.count; p += 1) {
    const first = plan.products.uploadStart[p] as number;
    const last = first + (plan.products.uploadCount[p] as number);
    const who = last > first ? productIdentity(plan, p) : null;
    for (let u = first; who && u < last; u += 1) {
      const { job } = uploadSpec(ctx, u, who);
      await pipe.push(null, () => write(job));
    }
  }
  await pipe.drain();
}

interface Progress {
  tick(what: string, index: number, total: number): void;
}

export async function generateCatalog(options: GenerateOptions): Promise<GenerateSummary> {
  const { outDir, scale, seed } = options;
  if (!isScale(scale)) throw new Error(`unknown scale ${String(scale)}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error('seed must be an integer 0..4294967295');
  const report = options.onProgress ?? (() => undefined);
  const progress: Progress = {
    tick(what, index, total) {
      if ((index + 1) % Math.max(1, Math.ceil(total / 10)) === 0) report(`${what} ${index + 1}/${total}`);
    },
  };
  const concurrency = Math.max(1, options.concurrency ?? 3);
  await prepareOutDir(outDir, options.force ?? false);

  const ctx = createContext(planCatalog(scale, seed));
  const totals: Totals = { records: {}, bytes: {}, files: { count: 0, bytes: 0 } };
  // A few images in flight with one libvips thread each and no cache; the caller's settings come back after.
  const previousConcurrency = sharp.concurrency();
  const previousCache = sharp.cache();
  sharp.concurrency(1);
  sharp.cache(false);
  try {
    await writeFixedFiles(ctx, outDir, totals);
    await writeProductsAndArticles(ctx, outDir, totals, progress);
    const write = createFileWriter(join(outDir, 'files'));
    await writeMedia(ctx, outDir, totals, progress, write, concurrency);
    await writeUploads(ctx, totals, write, concurrency);
    report(`uploads ${ctx.plan.uploads}/${ctx.plan.uploads}`);
  } finally {
    sharp.concurrency(previousConcurrency);
    sharp.cache({
      memory: previousCache.memory.max,
      files: previousCache.files.max,
      items: previousCache.items.max,
    });
  }
  const totalBytes = Object.values(totals.bytes).reduce((a, b) => a + b, 0) + totals.files.bytes;
  return { outDir, scale, seed, ...totals, totalBytes };
}
