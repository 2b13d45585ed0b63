/** The shape of a product family (families.ts and its data/ files); types only, so the data imports no cycle. */
import type { FeatureTemplate } from './features';

/** [de, en, fr] */
export type Tri = readonly [string, string, string];

export interface Kind {
  /** Designation prefix: "SM" in "SM 3200 Profi". */
  code: string;
  names: Tri;
  /** Base model designations after the code; the size is the leading number. */
  models: readonly string[];
  /** Suffixes of model variants (at least three). */
  variants: readonly Tri[];
}

export interface Family {
  key: string;
  /** First of the 40 order-number blocks of this family: products are `<block>.<nnn>`. */
  prefix: number;
  /** Share of product lines. */
  weight: number;
  /** Product group (objekttyp produktgruppe). */
  group: Tri;
  groupSlug: string;
  kinds: readonly Kind[];
  /** One-sentence pitch used in descriptions. */
  pitch: Tri;
  features: FeatureTemplate;
  /** Terms per taxonomy slug; produktbereich[0] is the leaf, the group gets the parent term. */
  taxa: Readonly<Record<string, readonly string[]>>;
  keywords: readonly string[];
  mainOptions: readonly Tri[];
  accessories: readonly Tri[];
  customs: string;
  /** Machine weight in kg from the model size. */
  weightKg: (size: number) => number;
  /** List price in EUR from the model size. */
  price: (size: number) => number;
  /** Media folder key (see folders.ts). */
  folder: string;
  /** Links tractor models and manufacturers (front loaders). */
  tractorLinks: boolean;
}
