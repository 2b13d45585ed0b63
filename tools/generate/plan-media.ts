/**
 * Media and upload part of the plan: which media each product owns (contiguous per product) and their
 * types, the library-wide media after them (the CORE_MEDIA first, then one brochure per family, then a
 * random mix), the family brochure and first image of each family, where the forced media cases sit,
 * and how many direct uploads each product has.
 */
import { FAMILY_COUNT } from './families';
import type { Rng } from './random';
import { MEDIA_TYPES, type MediaType } from '../../src/catalog/model';
import { CORE_MEDIA, MEDIA_CASES, PF, spreadIndex } from './scenarios';

/** Which media the catalog has: type, owner, family and forced case per medium (typed arrays). */
export interface MediaPlan {
  count: number;
  owned: number;
  type: Uint8Array;
  owner: Int32Array;
  /** Family of global media (brochures), 255 for none. */
  family: Uint8Array;
  forcedCase: Uint8Array;
  familyBrochure: Int32Array;
  familyImage: Int32Array;
}

export interface MediaPlanResult {
  mediaStart: Int32Array;
  mediaCount: Uint8Array;
  uploadStart: Int32Array;
  uploadCount: Uint8Array;
  uploads: number;
  media: MediaPlan;
}

export function planMedia(
  rng: Rng,
  mediaTarget: number,
  groups: number,
  products: { count: number; family: Uint8Array; objekttyp: Uint8Array; flags: Uint32Array },
): MediaPlanResult {
  const { count: P, family, objekttyp, flags } = products;
  // Media owned by products (contiguous per product), then library-wide media.
  const nonGroupCount = Math.max(1, P - groups);
  const mean = Math.max(0.5, (mediaTarget * 0.92 - CORE_MEDIA.length) / nonGroupCount);
  const types: number[] = [];
  const owners: number[] = [];
  const mediaStart = new Int32Array(P);
  const mediaCount = new Uint8Array(P);
  const typeIndex = (t: MediaType): number => MEDIA_TYPES.indexOf(t);
  const ownWeights = (
    [
      ['image', 78],
      ['datasheet', 8],
      ['manual', 4],
      ['technical_drawing', 4],
      ['video', 2],
      ['cad', 1.5],
      ['three_d_view', 1.5],
      ['view_360', 1],
    ] as const
  ).map(([t, w]) => [typeIndex(t), w] as const);
  for (let i = 0; i < P; i += 1) {
    mediaStart[i] = types.length;
    if (objekttyp[i] === 0) continue;
    const f = flags[i] as number;
    let own: number[];
    if (f & PF.UPLOADS_ONLY) own = rng.chance(0.5) ? [typeIndex('datasheet')] : [];
    else if (f & PF.DOCS_ONLY) own = [typeIndex('datasheet'), typeIndex('brochure')];
    else {
      // Products that show shuffled links or uploads next to links need some images of their own.
      const least = f & PF.LINKS_SHUFFLED ? 2 : f & PF.UPLOADS ? 1 : 0;
      const n = Math.max(least, Math.min(12, Math.floor(rng.float() * (2 * mean + 1))));
      own = Array.from({ length: n }, (_, k) =>
        k < Math.max(1, least) ? typeIndex('image') : rng.weighted(ownWeights),
      );
    }
    for (const t of own) {
      types.push(t);
      owners.push(i);
    }
    mediaCount[i] = own.length;
  }
  const owned = types.length;
  const globalCount = Math.max(CORE_MEDIA.length + 8, mediaTarget - owned);
  const globalWeights = (
    [
      ['image', 60],
      ['brochure', 15],
      ['icon', 10],
      ['logo', 3],
      ['technical_drawing', 5],
      ['video', 4],
      ['datasheet', 3],
    ] as const
  ).map(([t, w]) => [typeIndex(t), w] as const);
  for (let g = 0; g < globalCount; g += 1) {
    const core = CORE_MEDIA[g];
    types.push(
      core
        ? typeIndex(core.type)
        : g < CORE_MEDIA.length + FAMILY_COUNT
          ? typeIndex('brochure')
          : rng.weighted(globalWeights),
    );
    owners.push(-1);
  }
  const M = types.length;
  const mediaType = Uint8Array.from(types);
  const owner = Int32Array.from(owners);
  const mediaFamily = new Uint8Array(M).fill(255);
  const familyBrochure = new Int32Array(FAMILY_COUNT).fill(-1);
  const familyImage = new Int32Array(FAMILY_COUNT).fill(-1);
  let brochures = 0;
  for (let j = owned + CORE_MEDIA.length; j < M; j += 1) {
    if (mediaType[j] !== typeIndex('brochure')) continue;
    const f = brochures % FAMILY_COUNT;
    mediaFamily[j] = f;
    if (familyBrochure[f] === -1) familyBrochure[f] = j;
    brochures += 1;
  }
  const images: number[] = [];
  for (let j = 0; j < M; j += 1) {
    if (mediaType[j] !== 0 || (j >= owned && j < owned + CORE_MEDIA.length)) continue;
    images.push(j);
    const o = owner[j] as number;
    if (o >= 0 && familyImage[family[o] as number] === -1) familyImage[family[o] as number] = j;
  }
  const forcedCase = new Uint8Array(M);
  MEDIA_CASES.forEach((_, k) => {
    forcedCase[images[spreadIndex(k, MEDIA_CASES.length, images.length)] as number] = k + 1;
  });

  // Direct uploads on products.
  const uploadStart = new Int32Array(P);
  const uploadCount = new Uint8Array(P);
  let uploads = 0;
  for (let i = 0; i < P; i += 1) {
    uploadStart[i] = uploads;
    const f = flags[i] as number;
    if (f & PF.UPLOADS_ONLY) uploadCount[i] = rng.int(1, 3);
    else if (f & PF.UPLOADS) uploadCount[i] = rng.int(1, 2);
    uploads += uploadCount[i] as number;
  }
  return {
    mediaStart,
    mediaCount,
    uploadStart,
    uploadCount,
    uploads,
    media: {
      count: M,
      owned,
      type: mediaType,
      owner,
      family: mediaFamily,
      forcedCase,
      familyBrochure,
      familyImage,
    },
  };
}
