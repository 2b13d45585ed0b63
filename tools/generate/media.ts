/**
 * Media records (assets of the library) with their file jobs. Traits (release status and channels,
 * expiry, trash, folder, KI status, file format and size) are drawn at realistic rates, then the forced
 * case the plan put on this medium (scenarios.ts MEDIA_CASES) overrides them. `size` is filled in by the
 * writer once the file exists; it is absent on some records and null when there is no file.
 */
import type { GenContext } from './context';
import type { FileJob } from './files';
import { shard } from './files';
import { FAMILIES } from './families';
import { productIdentity, type ProductIdentity } from './identity';
import { coreContent, globalContent, productContent, type MediaContent } from './media-content';
import { ID } from './plan';
import {
  EXT,
  FORCED_PHOTO,
  MIME,
  PHOTO_FORMATS,
  applyCase,
  randomTraits,
  type Photo,
  type Traits,
} from './media-traits';
import { rngFor, type Rng } from './random';
import { MEDIA_TYPES, type MediaType } from '../../src/catalog/model';
import { CORE_MEDIA, MEDIA_CASES } from './scenarios';
import { DAY, GENERATED_AT, HISTORY_START, instantBetween, timestamp, yearOf } from './time';
import { imageSize } from './uploads';

export interface MediaSpec {
  record: Record<string, unknown>;
  job: FileJob | null;
  /** 'absent': drop `size` (the importer computes it); 'null': no file. */
  size: 'present' | 'absent' | 'null';
}

function folderId(ctx: GenContext, rng: Rng, content: MediaContent, t: Traits): number | null {
  const { folders } = ctx;
  if (t.folder === 'inactive') return rng.pick(folders.inactive);
  if (t.folder === 'restricted') return rng.pick(folders.restricted);
  if (t.folder === 'none' || content.folderKey === null) return null;
  return folders.id(content.folderKey);
}

/** Media of one product are consecutive: keep its identity for the next record. */
let cached: { plan: GenContext['plan']; who: ProductIdentity } | null = null;

function ownerIdentity(ctx: GenContext, owner: number): ProductIdentity {
  if (cached?.plan !== ctx.plan || cached.who.index !== owner)
    cached = { plan: ctx.plan, who: productIdentity(ctx.plan, owner) };
  return cached.who;
}

const CORE_TRAITS: Partial<Traits> = {
  status: 'released',
  channels: null,
  validUntil: null,
  trashed: false,
  fileNull: false,
  sizeAbsent: false,
  folder: 'own',
};

function content(
  ctx: GenContext,
  rng: Rng,
  j: number,
  type: MediaType,
  year: number,
): [MediaContent, string | null] {
  const md = ctx.plan.media;
  const owner = md.owner[j] as number;
  const core = owner < 0 ? CORE_MEDIA[j - md.owned] : undefined;
  if (core) return [coreContent(rng, core.key), core.key];
  if (owner >= 0) return [productContent(rng, type, ownerIdentity(ctx, owner), year), null];
  return [globalContent(rng, type, FAMILIES[md.family[j] as number] ?? null, year), null];
}

/** The file to write for a medium, or null when it has none (not yet taken over). */
function fileJob(
  ctx: GenContext,
  rng: Rng,
  c: MediaContent,
  photo: Photo | null,
  path: string,
  id: number,
): FileJob | null {
  const seed = (Math.imul(ctx.seed, 0x9e3779b1) + id) >>> 0;
  if (photo && photo.format !== 'svg') {
    const [w, h] =
      photo.big ??
      (c.render === 'png_alpha' ? [rng.pick([128, 256, 600]), 0] : imageSize(rng, ctx.plan.scale));
    // A camera held upright: stored landscape, displayed portrait through EXIF orientation 6.
    const [width, height] = photo.exif ? [Math.min(w, h), Math.max(w, h)] : [w, h || w];
    const label = String(id);
    return {
      kind: 'raster',
      path,
      format: photo.format,
      width,
      height,
      alpha: photo.alpha,
      label,
      seed,
      exifRotate: photo.exif,
    };
  }
  if (photo || c.render === 'svg') {
    const [w, h] = c.svgSize ?? imageSize(rng, ctx.plan.scale);
    const style = c.svgStyle ?? 'image';
    return {
      kind: 'svg',
      path,
      style,
      width: w,
      height: h,
      title: c.name,
      label: `${id} ${w}x${h} SVG`,
      seed,
    };
  }
  if (c.render === 'pdf') return { kind: 'pdf', path, title: c.name, lines: c.pdfLines ?? [c.name] };
  if (c.render === 'step') return { kind: 'step', path, name: c.fileStem, seed };
  if (c.render === 'gltf') return { kind: 'gltf', path, name: c.name };
  if (c.render === 'wav') return { kind: 'wav', path, seed };
  return null;
}

export function buildMedia(ctx: GenContext, j: number): MediaSpec {
  const md = ctx.plan.media;
  const rng = rngFor(ctx.seed, 'media', j);
  const id = ID.media(j);
  const type = MEDIA_TYPES[md.type[j] as number] as MediaType;
  const created = instantBetween(rng, HISTORY_START, GENERATED_AT - DAY);
  const [c, coreKey] = content(ctx, rng, j, type, yearOf(created));
  const traits = randomTraits(rng, type);
  if (coreKey) Object.assign(traits, CORE_TRAITS);
  if (coreKey === 'logo_svg')
    Object.assign(traits, { status: 'released_channels', channels: ['website', 'dealer_portal'] });
  if (coreKey === 'datasheet_pdf') traits.zulu = true;
  const forced = (md.forcedCase[j] as number) > 0 ? MEDIA_CASES[(md.forcedCase[j] as number) - 1] : undefined;
  if (forced) applyCase(traits, forced, rng);
  if (traits.ki === 'ki_generiert' && !coreKey) c.caption = 'KI-generierte Illustration';

  let photo: Photo | null = null;
  if (c.render === 'photo') photo = (forced && FORCED_PHOTO[forced]) ?? rng.weighted(PHOTO_FORMATS);
  else if (c.render === 'png_alpha') photo = { format: 'png', alpha: true };
  const ext = photo ? EXT[photo.format] : c.ext;
  const path = `media/${shard(j)}/${c.pathName}-${id}.${ext}`;
  const job = traits.fileNull ? null : fileJob(ctx, rng, c, photo, path, id);

  const record: Record<string, unknown> = { id };
  const prefix = type === 'image' ? 'DAM-' : type === 'logo' || type === 'icon' ? 'DAM-LOGO-' : 'DAM-DOC-';
  if (coreKey || rng.chance(0.75)) record.source_id = `${prefix}${String(j + 100).padStart(6, '0')}`;
  Object.assign(record, {
    name: c.name,
    file_name: `${c.fileStem}.${rng.chance(0.15) ? ext.toUpperCase() : ext}`,
    mime_type: photo ? MIME[photo.format] : c.mime,
    type,
    size: null, // set by the writer once the file exists
    file: job ? path : null,
    alt: c.alt,
    title: c.title,
    caption: c.caption,
    description: c.description,
    copyright: c.copyright,
    license: c.license,
    ki_status: traits.ki,
    release_status: traits.status,
  });
  if (traits.channels !== undefined) record.release_channels = traits.channels;
  record.valid_until = traits.validUntil === null ? null : timestamp(traits.validUntil);
  record.folder_id = folderId(ctx, rng, c, traits);
  record.trashed_at = traits.trashed ? timestamp(instantBetween(rng, created, GENERATED_AT - DAY)) : null;
  record.keywords = c.keywords;
  record.created_at = timestamp(created, traits.zulu);
  const updated = instantBetween(rng, created, GENERATED_AT - DAY);
  record.updated_at = rng.chance(0.1) ? null : timestamp(updated, traits.zulu);
  return { record, job, size: !job ? 'null' : traits.sizeAbsent ? 'absent' : 'present' };
}
