/**
 * Who a product is, derived from the plan alone (no randomness): family, kind, designation such as
 * "SM 3200 Profi", names in de/en/fr, slug and order number. Media, main articles and spare parts call it
 * again to name themselves after their product, so nothing has to be kept in memory.
 */
import { FAMILIES, type Family, type Kind, type Tri } from './families';
import { ID, type Plan } from './plan';
import { PF } from './scenarios';
import { slugify } from './text';

export interface ProductIdentity {
  index: number;
  id: number;
  familyIndex: number;
  family: Family;
  kind: Kind;
  /** 0 produktgruppe, 1 produkt, 2 modellvariante. */
  objekttyp: number;
  /** "SM 3200 Profi" per language; for groups the group name. */
  designation: Tri;
  names: Tri;
  slug: string;
  ordernumber: string | null;
  /** Leading number of the model ("3200"), 0 for groups. */
  size: number;
  /** German variant suffix, null for base models and groups. */
  variant: string | null;
  /** Code + model of the line ("SM 3200"), for file names and compatibility lists. */
  base: string;
}

/** Order number `<block>.<nnn>`: 900 numbers per block, 40 blocks per family. */
export function productOrdernumber(family: Family, seq: number): string {
  const block = family.prefix + Math.floor(seq / 900);
  const num = 100 + (((seq % 900) * 7 + 25) % 900);
  return `${block}.${num}`;
}

export function lineDesignation(family: Family, lineNo: number): { kind: Kind; base: string; size: number } {
  const kind = family.kinds[lineNo % family.kinds.length] as Kind;
  const k = Math.floor(lineNo / family.kinds.length);
  const model = kind.models[k % kind.models.length] as string;
  const generation = Math.floor(k / kind.models.length);
  // Past the catalogue's real model list (only at big scales) new generations get a "G<n>" mark.
  const base = `${kind.code} ${model}${generation > 0 ? ` G${generation + 1}` : ''}`;
  return { kind, base, size: parseFloat(model) };
}

export function productIdentity(plan: Plan, index: number): ProductIdentity {
  const pr = plan.products;
  const familyIndex = pr.family[index] as number;
  const family = FAMILIES[familyIndex] as Family;
  const objekttyp = pr.objekttyp[index] as number;
  const id = ID.product(index);
  if (objekttyp === 0) {
    return {
      index,
      id,
      familyIndex,
      family,
      kind: family.kinds[0] as Kind,
      objekttyp,
      designation: family.group,
      names: family.group,
      slug: family.groupSlug,
      ordernumber: null,
      size: 0,
      variant: null,
      base: family.group[0],
    };
  }
  const l = pr.line[index] as number;
  const { kind, base, size } = lineDesignation(family, plan.lines.lineNo[l] as number);
  const v = pr.variant[index] as number;
  const suffix =
    v === 0
      ? null
      : (kind.variants[((plan.lines.lineNo[l] as number) + v - 1) % kind.variants.length] as Tri);
  const designation: Tri = suffix
    ? [`${base} ${suffix[0]}`, `${base} ${suffix[1]}`, `${base} ${suffix[2]}`]
    : [base, base, base];
  const names: Tri = [
    `${kind.names[0]} ${designation[0]}`,
    `${kind.names[1]} ${designation[1]}`,
    `${kind.names[2]} ${designation[2]}`,
  ];
  const slug = slugify(family.kinds.length > 1 ? names[0] : designation[0]);
  const ordernumber =
    (pr.flags[index] as number) & PF.NO_ORDERNUMBER
      ? null
      : productOrdernumber(family, pr.ordSeq[index] as number);
  return {
    index,
    id,
    familyIndex,
    family,
    kind,
    objekttyp,
    designation,
    names,
    slug,
    ordernumber,
    size,
    variant: suffix?.[0] ?? null,
    base,
  };
}
