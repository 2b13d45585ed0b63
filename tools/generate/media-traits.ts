/**
 * Traits of a medium: release status and channels, expiry, trash, folder kind, KI status, missing file
 * or size, UTC timestamps, and the photo format. `randomTraits` draws them at realistic rates;
 * `applyCase` applies a forced edge case (scenarios.ts MEDIA_CASES) on top.
 */
import type { RasterFormat } from './raster';
import type { Rng } from './random';
import type { MediaType } from '../../src/catalog/model';
import type { MediaCase } from './scenarios';
import { DAY, GENERATED_AT, instantBetween, utc } from './time';

export type Photo = {
  format: RasterFormat | 'svg';
  alpha: boolean;
  big?: readonly [number, number];
  exif?: boolean;
};

export const PHOTO_FORMATS: readonly (readonly [Photo, number])[] = [
  [{ format: 'jpeg', alpha: false }, 62],
  [{ format: 'png', alpha: false }, 6],
  [{ format: 'png', alpha: true }, 6],
  [{ format: 'webp', alpha: false }, 12],
  [{ format: 'webp', alpha: true }, 3],
  [{ format: 'gif', alpha: false }, 1],
  [{ format: 'tiff', alpha: false }, 3],
  [{ format: 'svg', alpha: false }, 3],
];
export const FORCED_PHOTO: Partial<Record<MediaCase, Photo>> = {
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
export const EXT: Readonly<Record<Photo['format'], string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tiff: 'tif',
  svg: 'svg',
};
export const MIME: Readonly<Record<Photo['format'], string>> = {
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

export interface Traits {
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

export function randomTraits(rng: Rng, type: MediaType): Traits {
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

export function applyCase(t: Traits, c: MediaCase, rng: Rng): void {
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
