/**
 * The plan: the catalog's structure in typed arrays, computed before any record is written, so records
 * can be streamed one by one with bounded memory while every reference still points somewhere. It fixes
 * product families, lines and variants, flags (edge cases), main articles, which product line each spare
 * part belongs to, which media each product owns (and their types) and product uploads. Record contents
 * are derived later from `rngFor(seed, kind, index)`. `planCatalog` writes nothing (tests use it to check
 * counts of big scales). At large scale the plan takes a few tens of MB.
 */
import { FAMILIES, FAMILY_COUNT } from './families';
import { planMedia, type MediaPlan } from './plan-media';

export type { MediaPlan } from './plan-media';
import { rngFor } from './random';
import {
  CONFLICTING_FLAGS,
  FORCED_PRODUCT_CASES,
  PF,
  PRODUCT_FLAG_RATES,
  SCALES,
  spreadIndex,
  type Scale,
} from './scenarios';

export const OBJEKTTYP = ['produktgruppe', 'produkt', 'modellvariante'] as const;
/** Family index used for general spare parts (bolts, bearings) that fit every machine. */
export const GENERAL_FAMILY = FAMILY_COUNT;

export interface Plan {
  scale: Scale;
  seed: number;
  products: {
    count: number;
    family: Uint8Array;
    objekttyp: Uint8Array;
    line: Int32Array;
    variant: Uint8Array;
    /** Running number of the product inside its family (order number), -1 without one. */
    ordSeq: Int32Array;
    flags: Uint32Array;
    mainStart: Int32Array;
    maCount: Uint8Array;
    zuCount: Uint8Array;
    mediaStart: Int32Array;
    mediaCount: Uint8Array;
    uploadStart: Int32Array;
    uploadCount: Uint8Array;
  };
  lines: { count: number; family: Uint8Array; lineNo: Int32Array; first: Int32Array; size: Uint8Array };
  mains: number;
  spares: {
    count: number;
    family: Uint8Array;
    line: Int32Array;
    /** CSR: spares of line l are byLine[lineOffsets[l] .. lineOffsets[l+1]). */
    lineOffsets: Int32Array;
    byLine: Int32Array;
    familyOffsets: Int32Array;
    byFamily: Int32Array;
  };
  media: MediaPlan;

  uploads: number;
}

export const ID = {
  product: (i: number): number => 1_000_001 + i,
  article: (i: number): number => 2_000_001 + i,
  media: (i: number): number => 5_000_001 + i,
  upload: (i: number): number => 9_000_001 + i,
};

/** Families that get a product group first, in this order (front loaders and balers even in tiny). */
const GROUP_ORDER = [
  'rundballenpresse',
  'frontlader',
  'scheibenmaehwerk',
  'kreiselzettwender',
  'kreiselschwader',
  'ladewagen',
  'quaderballenpresse',
  'ballenwickler',
  'trommelmaehwerk',
  'bandschwader',
  'werkzeug',
  'ersatzteilset',
].map((key) => FAMILIES.findIndex((f) => f.key === key));

function csr(count: number, keys: ArrayLike<number>, buckets: number): [Int32Array, Int32Array] {
  const offsets = new Int32Array(buckets + 1);
  for (let i = 0; i < count; i += 1) {
    const k = keys[i] as number;
    if (k >= 0) offsets[k + 1] = (offsets[k + 1] as number) + 1;
  }
  for (let b = 0; b < buckets; b += 1) offsets[b + 1] = (offsets[b + 1] as number) + (offsets[b] as number);
  const fill = offsets.slice(0, buckets);
  const items = new Int32Array(offsets[buckets] as number);
  for (let i = 0; i < count; i += 1) {
    const k = keys[i] as number;
    if (k >= 0) {
      items[fill[k] as number] = i;
      fill[k] = (fill[k] as number) + 1;
    }
  }
  return [offsets, items];
}

export function planCatalog(scale: Scale, seed: number): Plan {
  const spec = SCALES[scale];
  const rng = rngFor(seed, 'plan', 0);
  const P = spec.products;
  const family = new Uint8Array(P);
  const objekttyp = new Uint8Array(P);
  const line = new Int32Array(P).fill(-1);
  const variant = new Uint8Array(P);
  const ordSeq = new Int32Array(P).fill(-1);
  const flags = new Uint32Array(P);

  // Product groups first, then lines: one produkt followed by its model variants.
  const groups = Math.min(FAMILY_COUNT, Math.max(3, Math.round(P * 0.04)));
  let p = 0;
  for (; p < groups; p += 1) family[p] = GROUP_ORDER[p] as number;
  const familyWeights = FAMILIES.map((f, i) => [i, f.weight] as const);
  const lineFamily: number[] = [];
  const lineNo: number[] = [];
  const lineFirst: number[] = [];
  const lineSize: number[] = [];
  const familyLines = new Array<number>(FAMILY_COUNT).fill(0);
  const familySeq = new Array<number>(FAMILY_COUNT).fill(0);
  while (p < P) {
    const l = lineFamily.length;
    // The first lines visit every family once, so even tiny has each family.
    const f = l < FAMILY_COUNT ? l : rng.weighted(familyWeights);
    const variants =
      l < FAMILY_COUNT
        ? l % 3 === 0
          ? 1
          : 0
        : rng.weighted([
            [0, 45],
            [1, 30],
            [2, 15],
            [3, 10],
          ] as const);
    const size = Math.min(1 + variants, P - p);
    lineFamily.push(f);
    lineNo.push(familyLines[f] as number);
    familyLines[f] = (familyLines[f] as number) + 1;
    lineFirst.push(p);
    lineSize.push(size);
    for (let v = 0; v < size; v += 1, p += 1) {
      family[p] = f;
      objekttyp[p] = v === 0 ? 1 : 2;
      line[p] = l;
      variant[p] = v;
      ordSeq[p] = familySeq[f] as number;
      familySeq[f] = (familySeq[f] as number) + 1;
      for (const [flag, rate] of PRODUCT_FLAG_RATES)
        if (rng.chance(rate)) flags[p] = (flags[p] as number) | flag;
    }
  }
  const nonGroup: number[] = [];
  for (let i = groups; i < P; i += 1) nonGroup.push(i);
  // Random flags that contradict each other lose the second one; a forced flag beats its opposite.
  for (let i = 0; i < P; i += 1) {
    for (const [a, b] of CONFLICTING_FLAGS)
      if ((flags[i] as number) & a) flags[i] = (flags[i] as number) & ~b;
  }
  FORCED_PRODUCT_CASES.forEach((flag, k) => {
    const target = nonGroup[spreadIndex(k, FORCED_PRODUCT_CASES.length, nonGroup.length)] as number;
    let value = (flags[target] as number) | flag;
    if (!(flag & PF.INACTIVE)) value &= ~PF.INACTIVE; // positive cases stay visible
    for (const [a, b] of CONFLICTING_FLAGS) {
      if (flag & a) value &= ~b;
      if (flag & b) value &= ~a;
    }
    flags[target] = value;
  });

  // Main articles (MA variants and ZU accessories), contiguous per product.
  const mainStart = new Int32Array(P);
  const maCount = new Uint8Array(P);
  const zuCount = new Uint8Array(P);
  let mains = 0;
  for (let i = 0; i < P; i += 1) {
    mainStart[i] = mains;
    if (objekttyp[i] === 0 || (flags[i] as number) & PF.NO_ORDERNUMBER) continue;
    const hasZu = (FAMILIES[family[i] as number]?.accessories.length ?? 0) > 0;
    maCount[i] = objekttyp[i] === 1 ? rng.int(1, 3) : rng.int(1, 2);
    zuCount[i] = hasZu ? (objekttyp[i] === 1 ? rng.int(0, 2) : rng.int(0, 1)) : 0;
    mains += (maCount[i] as number) + (zuCount[i] as number);
  }

  // Spare parts: each belongs to a product line (so variants share it), a few to none at all.
  const S = Math.max(20, spec.articles - mains);
  const L = lineFamily.length;
  const spareFamily = new Uint8Array(S);
  const spareLine = new Int32Array(S);
  for (let s = 0; s < S; s += 1) {
    const l = rng.int(0, L - 1);
    spareLine[s] = s === S - 1 || rng.chance(0.03) ? -1 : l;
    spareFamily[s] = rng.chance(0.15) ? GENERAL_FAMILY : (lineFamily[l] as number);
  }
  const [lineOffsets, byLine] = csr(S, spareLine, L);
  const [familyOffsets, byFamily] = csr(S, spareFamily, FAMILY_COUNT + 1);

  const planned = planMedia(rng, spec.media, groups, { count: P, family, objekttyp, flags });
  const { mediaStart, mediaCount, uploadStart, uploadCount, uploads } = planned;

  return {
    scale,
    seed,
    products: {
      count: P,
      family,
      objekttyp,
      line,
      variant,
      ordSeq,
      flags,
      mainStart,
      maCount,
      zuCount,
      mediaStart,
      mediaCount,
      uploadStart,
      uploadCount,
    },
    lines: {
      count: L,
      family: Uint8Array.from(lineFamily),
      lineNo: Int32Array.from(lineNo),
      first: Int32Array.from(lineFirst),
      size: Uint8Array.from(lineSize),
    },
    mains,
    spares: { count: S, family: spareFamily, line: spareLine, lineOffsets, byLine, familyOffsets, byFamily },
    media: planned.media,
    uploads,
  };
}
