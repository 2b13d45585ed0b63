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
import type { RasterFormat } from './raster';
import { rngFor, type Rng } from './random';
import { CORE_MEDIA, MEDIA_CASES, MEDIA_TYPES, type MediaCase, type MediaType } from './scenarios';
import { DAY, GENERATED_AT, HISTORY_START, instantBetween, timestamp, utc, yearOf } from './time';
import { imageSize } from './uploads';

export interface MediaSpec {
  record: Record<string, unknown>;
  job: FileJob | null;
  /** 'absent': drop `size` (the importer computes it); 'null': no file. */
  size: 'present' | 'absent' | 'null';
}

type Photo = {
  format: RasterFormat | 'svg';
  alpha: boolean;
  big?: readonly [number, number];
  exif?: boolean;
};

const PHOTO_FORMATS: readonly (readonly [Photo, number])[] = [
  [{ format: 'jpeg', alpha: false }, 62],
  [{ format: 'png', alpha: false }, 6],
  [{ format: 'png', alpha: true }, 6],
  [{ format: 'webp', alpha: false }, 12],
  [{ format: 'webp', alpha: true }, 3],
  [{ format: 'gif', alpha: false }, 1],
  [{ format: 'tiff', alpha: false }, 3],
  [{ format: 'svg', alpha: false }, 3],
];
const FORCED_PHOTO: Partial<Record<MediaCase, Photo>> = {
  jpeg: { format: 'jpeg', alpha: false },
  png: { format: 'png', alpha: false },
  png_alpha: { format: 'png', alpha: true },
  webp: { format: 'webp', alpha: false },
  webp_alpha: { format: 'webp', alpha: true },
  gif: { format: 'gif', alpha: false },
  tiff: { format: 'tiff', alpha: false },
  svg: { format: 'svg', alpha: false },
  big_jpeg: { format: 'jpeg', alpha: false, big: [4000, 3000] },
  big_webp: { format: 'webp', alpha: false, big: [4000, 2250] },
  big_png: { format: 'png', alpha: false, big: [4000, 2667] },
  exif_rotated: { format: 'jpeg', alpha: false, exif: true },
};
const EXT: Readonly<Record<Photo['format'], string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tiff: 'tif',
  svg: 'svg',
};
const MIME: Readonly<Record<Photo['format'], string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};
const CHANNEL_SETS = [
  ['website'],
  ['website', 'print'],
  ['print'],
  ['dealer_portal'],
  ['website', 'dealer_portal'],
  ['print', 'dealer_portal'],
] as const;

interface Traits {
  status: string;
  channels: readonly string[] | null | undefined;
  validUntil: number | null;
  trashed: boolean;
  folder: 'own' | 'none' | 'inactive' | 'restricted';
  ki: string | null;
  fileNull: boolean;
  sizeAbsent: boolean;
  zulu: boolean;
}

function randomTraits(rng: Rng, type: MediaType): Traits {
  const status = rng.weighted([
    ['released', 80],
    ['released_channels', 8],
    ['draft', 5],
    ['in_review', 4],
    ['blocked', 3],
  ] as const);
  const channels =
    status === 'released_channels'
      ? rng.pick(CHANNEL_SETS)
      : status === 'blocked' && rng.chance(0.5)
        ? ['website']
        : rng.pick([null, null, [], undefined]);
  const validRoll = rng.float();
  const image = type === 'image';
  return {
    status,
    channels,
    validUntil:
      validRoll < 0.04
        ? instantBetween(rng, utc(2021, 1, 1), GENERATED_AT - DAY)
        : validRoll < 0.1
          ? instantBetween(rng, utc(2027, 1, 1), utc(2035, 12, 31))
          : null,
    trashed: rng.chance(0.02),
    folder: rng.weighted([
      ['own', 88],
      ['none', 7],
      ['inactive', 3],
      ['restricted', 2],
    ] as const),
    ki: image
      ? rng.weighted([
          ['kein_ki', 45],
          ['ungeprueft_altbestand', 30],
          [null, 17],
          ['ki_generiert', 8],
        ] as const)
      : rng.weighted([
          [null, 50],
          ['kein_ki', 50],
        ] as const),
    fileNull: rng.chance(0.01),
    sizeAbsent: rng.chance(0.04),
    zulu: rng.chance(0.02),
  };
}

function applyCase(t: Traits, c: MediaCase, rng: Rng): void {
  const publicNow = (): void => {
    Object.assign(t, {
      status: 'released',
      channels: null,
      validUntil: null,
      trashed: false,
      fileNull: false,
    });
  };
  const channels: Partial<Record<MediaCase, readonly string[]>> = {
    channels_web_print: ['website', 'print'],
    channels_print: ['print'],
    channels_dealer: ['dealer_portal'],
    channels_web_dealer: ['website', 'dealer_portal'],
  };
  const forced = channels[c];
  if (forced) return void Object.assign(t, { status: 'released_channels', channels: forced });
  if (c === 'draft' || c === 'in_review') return void Object.assign(t, { status: c, channels: null });
  if (c === 'blocked') return void Object.assign(t, { status: 'blocked', channels: ['website'] });
  if (c === 'expired')
    return void (publicNow(), (t.validUntil = instantBetween(rng, utc(2023, 1, 1), GENERATED_AT - 30 * DAY)));
  if (c === 'future_valid')
    return void (publicNow(), (t.validUntil = instantBetween(rng, utc(2030, 1, 1), utc(2035, 12, 31))));
  if (c === 'trashed') return void (publicNow(), (t.trashed = true));
  if (c === 'folder_inactive') return void (publicNow(), (t.folder = 'inactive'));
  if (c === 'folder_restricted') return void (publicNow(), (t.folder = 'restricted'));
  if (c === 'no_folder') return void (publicNow(), (t.folder = 'none'));
  if (c === 'file_null') return void (t.fileNull = true);
  if (c === 'size_absent') return void (publicNow(), (t.sizeAbsent = true));
  if (c === 'zulu') return void (t.zulu = true);
  const ki: Partial<Record<MediaCase, string | null>> = {
    ki_generiert: 'ki_generiert',
    ki_altbestand: 'ungeprueft_altbestand',
    ki_kein: 'kein_ki',
    ki_null: null,
  };
  if (c in ki) return void (publicNow(), (t.ki = ki[c] ?? null));
  // Format cases: make the medium public so every format reaches the renditions.
  publicNow();
  if (t.folder !== 'own') t.folder = 'none';
  t.sizeAbsent = false;
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

export function buildMedia(ctx: GenContext, j: number): MediaSpec {
  const { plan, seed } = ctx;
  const md = plan.media;
  const rng = rngFor(seed, 'media', j);
  const id = ID.media(j);
  const type = MEDIA_TYPES[md.type[j] as number] as MediaType;
  const owner = md.owner[j] as number;
  const coreIndex = j - md.owned;
  const core = owner < 0 && coreIndex < CORE_MEDIA.length ? CORE_MEDIA[coreIndex] : undefined;
  const created = instantBetween(rng, HISTORY_START, GENERATED_AT - DAY);
  const year = yearOf(created);
  let content: MediaContent;
  if (core) content = coreContent(rng, core.key);
  else if (owner >= 0) content = productContent(rng, type, ownerIdentity(ctx, owner), year);
  else content = globalContent(rng, type, FAMILIES[md.family[j] as number] ?? null, year);
  const traits = randomTraits(rng, type);
  if (core)
    Object.assign(traits, {
      status: 'released',
      channels: null,
      validUntil: null,
      trashed: false,
      fileNull: false,
      sizeAbsent: false,
      folder: 'own',
    });
  if (core?.key === 'logo_svg')
    Object.assign(traits, { status: 'released_channels', channels: ['website', 'dealer_portal'] });
  if (core?.key === 'datasheet_pdf') traits.zulu = true;
  const forced = (md.forcedCase[j] as number) > 0 ? MEDIA_CASES[(md.forcedCase[j] as number) - 1] : undefined;
  if (forced) applyCase(traits, forced, rng);
  if (traits.ki === 'ki_generiert' && !core) content.caption = 'KI-generierte Illustration';

  let photo: Photo | null = null;
  if (content.render === 'photo') photo = (forced && FORCED_PHOTO[forced]) ?? rng.weighted(PHOTO_FORMATS);
  else if (content.render === 'png_alpha') photo = { format: 'png', alpha: true };
  const ext = photo ? EXT[photo.format] : content.ext;
  const mime = photo ? MIME[photo.format] : content.mime;
  const fileNull = traits.fileNull || content.render === 'none';
  const path = `media/${shard(j)}/${content.pathName}-${id}.${ext}`;
  let job: FileJob | null = null;
  if (!fileNull) {
    if (photo && photo.format !== 'svg') {
      const [w, h] =
        photo.big ??
        (content.render === 'png_alpha' ? [rng.pick([128, 256, 600]), 0] : imageSize(rng, plan.scale));
      const size: [number, number] = photo.exif ? [Math.min(w, h), Math.max(w, h)] : [w, h || w];
      job = {
        kind: 'raster',
        path,
        format: photo.format,
        width: size[0],
        height: size[1],
        alpha: photo.alpha,
        label: String(id),
        seed: (Math.imul(seed, 0x9e3779b1) + id) >>> 0,
        exifRotate: photo.exif,
      };
    } else if (photo || content.render === 'svg') {
      const [w, h] = content.svgSize ?? imageSize(rng, plan.scale);
      job = {
        kind: 'svg',
        path,
        style: content.svgStyle ?? 'image',
        width: w,
        height: h,
        title: content.name,
        label: `${id} ${w}x${h} SVG`,
        seed: id,
      };
    } else if (content.render === 'pdf')
      job = { kind: 'pdf', path, title: content.name, lines: content.pdfLines ?? [content.name] };
    else if (content.render === 'step') job = { kind: 'step', path, name: content.fileStem, seed: id };
    else if (content.render === 'gltf') job = { kind: 'gltf', path, name: content.name };
    else if (content.render === 'wav') job = { kind: 'wav', path, seed: id };
  }
  const sourcePrefix =
    type === 'image' ? 'DAM-' : type === 'logo' || type === 'icon' ? 'DAM-LOGO-' : 'DAM-DOC-';
  const ordered: Record<string, unknown> = { id };
  if (core || rng.chance(0.75)) ordered.source_id = `${sourcePrefix}${String(j + 100).padStart(6, '0')}`;
  Object.assign(ordered, {
    name: content.name,
    file_name: `${content.fileStem}.${rng.chance(0.15) ? ext.toUpperCase() : ext}`,
    mime_type: mime,
    type,
    size: null,
    file: job ? path : null,
    alt: content.alt,
    title: content.title,
    caption: content.caption,
    description: content.description,
    copyright: content.copyright,
    license: content.license,
    ki_status: traits.ki,
    release_status: traits.status,
  });
  if (traits.channels !== undefined) ordered.release_channels = traits.channels;
  ordered.valid_until = traits.validUntil === null ? null : timestamp(traits.validUntil);
  ordered.folder_id = folderId(ctx, rng, content, traits);
  ordered.trashed_at = traits.trashed ? timestamp(instantBetween(rng, created, GENERATED_AT - DAY)) : null;
  ordered.keywords = content.keywords;
  ordered.created_at = timestamp(created, traits.zulu);
  ordered.updated_at = rng.chance(0.1)
    ? null
    : timestamp(instantBetween(rng, created, GENERATED_AT - DAY), traits.zulu);
  return { record: ordered, job, size: !job ? 'null' : traits.sizeAbsent ? 'absent' : 'present' };
}
