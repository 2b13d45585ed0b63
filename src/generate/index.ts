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
import { createContext } from './context';
import { createFileWriter, type FileJob, type FileWriter } from './files';
import { productIdentity } from './identity';
import { buildMedia } from './media';
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

export async function generateCatalog(options: GenerateOptions): Promise<GenerateSummary> {
  const { outDir, scale, seed } = options;
  if (!isScale(scale)) throw new Error(`unknown scale ${String(scale)}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`seed must be an integer 0..4294967295`);
  const progress = options.onProgress ?? (() => undefined);
  const concurrency = Math.max(1, options.concurrency ?? 3);
  await prepareOutDir(outDir, options.force ?? false);
  sharp.cache(false);
  sharp.concurrency(1);

  const plan = planCatalog(scale, seed);
  const ctx = createContext(plan);
  const records: Record<string, number> = {};
  const bytes: Record<string, number> = {};
  const files = { count: 0, bytes: 0 };
  const written = (writer: NdjsonWriter): void => {
    const name = parse(writer.path).base;
    records[name] = writer.count;
    bytes[name] = writer.bytes;
  };
  const out = (name: string): string => join(outDir, name);

  const manifestText = `${JSON.stringify(manifest(), null, 2)}\n`;
  await writeFile(out('manifest.json'), manifestText);
  bytes['manifest.json'] = Buffer.byteLength(manifestText);
  written(await writeNdjson(out('manufacturers.ndjson'), ctx.tractors.manufacturers));
  written(await writeNdjson(out('tractor_series.ndjson'), ctx.tractors.series));
  written(await writeNdjson(out('tractor_models.ndjson'), ctx.tractors.models));
  written(await writeNdjson(out('taxonomies.ndjson'), ctx.taxonomies.taxonomies));
  written(await writeNdjson(out('taxons.ndjson'), ctx.taxonomies.taxons));
  written(await writeNdjson(out('media_folders.ndjson'), ctx.folders.records));
  written(await writeNdjson(out('image_formats.ndjson'), IMAGE_FORMATS));
  written(await writeNdjson(out('synonyms.ndjson'), SYNONYMS));
  written(await writeNdjson(out('users.ndjson'), USERS));

  const P = plan.products.count;
  const step = (n: number): number => Math.max(1, Math.ceil(n / 10));
  const products = new NdjsonWriter(out('products.ndjson'));
  const articles = new NdjsonWriter(out('articles.ndjson'));
  for (let p = 0; p < P; p += 1) {
    await products.write(buildProduct(ctx, p));
    const mains = (plan.products.maCount[p] as number) + (plan.products.zuCount[p] as number);
    if (mains > 0) {
      const who = productIdentity(plan, p);
      for (let k = 0; k < mains; k += 1) await articles.write(buildMainArticle(ctx, who, k));
    }
    if ((p + 1) % step(P) === 0) progress(`products ${p + 1}/${P}`);
  }
  await products.close();
  written(products);
  for (let s = 0; s < plan.spares.count; s += 1) {
    await articles.write(buildSpareArticle(ctx, s));
    if ((s + 1) % step(plan.spares.count) === 0) progress(`spare parts ${s + 1}/${plan.spares.count}`);
  }
  await articles.close();
  written(articles);

  const writeFileJob: FileWriter = createFileWriter(join(outDir, 'files'));
  const run = (job: FileJob | null): (() => Promise<number>) | null => (job ? () => writeFileJob(job) : null);
  const media = new NdjsonWriter(out('media.ndjson'));
  const mediaPipe = new OrderedPipeline<ReturnType<typeof buildMedia>>(concurrency, async (spec, size) => {
    if (spec.size === 'present') spec.record.size = size;
    else if (spec.size === 'absent') delete spec.record.size;
    if (spec.job) {
      files.count += 1;
      files.bytes += size;
    }
    await media.write(spec.record);
  });
  const M = plan.media.count;
  for (let j = 0; j < M; j += 1) {
    const spec = buildMedia(ctx, j);
    await mediaPipe.push(spec, run(spec.job));
    if ((j + 1) % step(M) === 0) progress(`media ${j + 1}/${M}`);
  }
  await mediaPipe.drain();
  await media.close();
  written(media);

  const uploadPipe = new OrderedPipeline<null>(concurrency, async (_, size) => {
    files.count += 1;
    files.bytes += size;
  });
  for (let p = 0; p < P; p += 1) {
    const count = plan.products.uploadCount[p] as number;
    if (count === 0) continue;
    const who = productIdentity(plan, p);
    const first = plan.products.uploadStart[p] as number;
    for (let u = first; u < first + count; u += 1)
      await uploadPipe.push(null, run(uploadSpec(ctx, u, who).job));
  }
  await uploadPipe.drain();
  progress(`uploads ${plan.uploads}/${plan.uploads}`);

  const totalBytes = Object.values(bytes).reduce((a, b) => a + b, 0) + files.bytes;
  return { outDir, scale, seed, records, bytes, files, totalBytes };
}
