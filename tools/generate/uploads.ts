/**
 * Images uploaded directly on a product (`products[].uploads`): record plus the file job. Derived from
 * (seed, upload index) and the product's identity, so the product writer and the file writer agree
 * without sharing state. Also `imageSize`, the pixel size of ordinary generated images.
 */
import type { GenContext } from './context';
import { shard, type FileJob } from './files';
import type { ProductIdentity } from './identity';
import { ID } from './plan';
import { rngFor, type Rng } from './random';
import { SCALES, type Scale } from './scenarios';
import { compact, slugify } from './text';
import { GENERATED_AT, HISTORY_START, instantBetween, timestamp } from './time';

const ASPECTS: readonly (readonly [readonly [number, number], number])[] = [
  [[4, 3], 40],
  [[3, 2], 20],
  [[16, 9], 12],
  [[1, 1], 12],
  [[3, 4], 10],
  [[2, 3], 6],
];

/** Width and height with the longer edge inside the scale's range. */
export function imageSize(rng: Rng, scale: Scale): [number, number] {
  const [min, max] = SCALES[scale].imageEdge;
  const long = Math.round(rng.int(min, max) / 8) * 8;
  const [a, b] = rng.weighted(ASPECTS);
  return a >= b ? [long, Math.round((long * b) / a)] : [Math.round((long * a) / b), long];
}

const VIEWS: readonly (readonly [string, string])[] = [
  ['im Einsatz', 'einsatz'],
  ['Seitenansicht', 'seitenansicht'],
  ['Freisteller', 'freisteller'],
  ['Detail', 'detail'],
  ['Hofansicht', 'hof'],
];

export interface UploadSpec {
  record: Record<string, unknown>;
  job: FileJob;
}

export function uploadSpec(ctx: GenContext, u: number, who: ProductIdentity): UploadSpec {
  const rng = rngFor(ctx.seed, 'upload', u);
  const id = ID.upload(u);
  const [view, viewSlug] = rng.pick(VIEWS);
  const format = rng.weighted([
    ['jpeg', 65],
    ['webp', 25],
    ['png', 10],
  ] as const);
  const alpha = format === 'png' || (format === 'webp' && viewSlug === 'freisteller');
  const [width, height] = imageSize(rng, ctx.plan.scale);
  const ext = format === 'jpeg' ? 'jpg' : format;
  const fileName = rng.weighted([
    [`IMG_${rng.int(1000, 9999)}.${format === 'jpeg' ? 'JPG' : ext}`, 3],
    [`${compact(who.base)}_${viewSlug}.${ext}`, 4],
    [`Foto ${who.designation[0]} (${rng.int(1, 9)}).${ext}`, 2],
  ] as const);
  const position = u - (ctx.plan.products.uploadStart[who.index] as number) + 1;
  const record: Record<string, unknown> = {
    id,
    file: `uploads/${shard(u)}/${slugify(who.base)}-${viewSlug}-${id}.${ext}`,
    file_name: fileName,
    mime_type: `image/${format}`,
    name: `${who.names[0]} ${view}`,
    alt: rng.chance(0.7) ? `${who.names[0]}, ${view}` : null,
    title: rng.chance(0.6) ? `${who.designation[0]} ${view}` : null,
    position,
    created_at: timestamp(instantBetween(rng, HISTORY_START, GENERATED_AT - 86_400_000)),
  };
  const job: FileJob = {
    kind: 'raster',
    path: record.file as string,
    format,
    width,
    height,
    alpha,
    label: String(id),
    seed: (Math.imul(ctx.seed, 0x9e3779b1) + id) >>> 0,
  };
  return { record, job };
}
