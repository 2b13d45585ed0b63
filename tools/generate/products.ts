/**
 * Product records (one per plan index) in the snapshot's field order. Relations come from the plan:
 * main articles are the product's own contiguous range, spare parts come from its product line (variants
 * share most of them), its family and the general pool; media links point at the product's own media,
 * its family brochure and, for product groups, the family's first product image.
 */
import type { GenContext } from './context';
import { channelTexts, productDescriptions } from './descriptions';
import type { Features } from './features';
import { productIdentity, type ProductIdentity } from './identity';
import { GENERAL_FAMILY, ID, OBJEKTTYP } from './plan';
import { rngFor, unitHash, type Rng } from './random';
import { MEDIA_TYPES } from '../../src/catalog/model';
import { PF } from './scenarios';
import { productTaxonIds } from './product-taxa';
import { langs, type Coverage } from './text';
import { DAY, GENERATED_AT, HISTORY_START, dateBetween, instantBetween, timestamp, utc } from './time';
import { uploadSpec } from './uploads';

export interface MediaLink {
  media_id: number;
  role: string;
  is_main: boolean;
  position: number;
  usages?: string[];
}

const USAGES = ['website', 'catalog', 'price_list', 'configurator'] as const;

function articleIds(ctx: GenContext, rng: Rng, who: ProductIdentity): number[] {
  const { plan, seed } = ctx;
  const pr = plan.products;
  const p = who.index;
  const ids: number[] = [];
  const start = pr.mainStart[p] as number;
  const mains = (pr.maCount[p] as number) + (pr.zuCount[p] as number);
  for (let k = 0; k < mains; k += 1) ids.push(ID.article(start + k));
  if (who.objekttyp === 0) return ids;
  const sp = plan.spares;
  const spareId = (s: number): number => ID.article(plan.mains + s);
  const spares = new Set<number>();
  const l = pr.line[p] as number;
  const v = pr.variant[p] as number;
  for (let k = sp.lineOffsets[l] as number; k < (sp.lineOffsets[l + 1] as number); k += 1) {
    const s = sp.byLine[k] as number;
    // Variants share most of the base model's parts.
    if (v === 0 || unitHash(seed, 'variant-spare', s * 4 + v) < 0.8) spares.add(s);
  }
  const pool = (f: number): [number, number] => [
    sp.familyOffsets[f] as number,
    sp.familyOffsets[f + 1] as number,
  ];
  const [fs, fe] = pool(who.familyIndex);
  for (let k = rng.int(0, 3); k > 0 && fe > fs; k -= 1) {
    const s = sp.byFamily[rng.int(fs, fe - 1)] as number;
    if ((sp.line[s] as number) >= 0) spares.add(s);
  }
  const [gs, ge] = pool(GENERAL_FAMILY);
  if (ge > gs) {
    // A few general parts (bolts, warning signs) fit nearly everything.
    spares.add(sp.byFamily[gs + (l % Math.min(3, ge - gs))] as number);
    if (rng.chance(0.5)) spares.add(sp.byFamily[rng.int(gs, ge - 1)] as number);
  }
  const orphan = (s: number): boolean => (sp.line[s] as number) < 0;
  for (const s of [...spares].sort((a, b) => a - b)) if (!orphan(s)) ids.push(spareId(s));
  return ids;
}

function mediaLinks(ctx: GenContext, rng: Rng, who: ProductIdentity, flags: number): MediaLink[] {
  const { plan } = ctx;
  const pr = plan.products;
  const md = plan.media;
  const links: MediaLink[] = [];
  const positions = new Map<string, number>();
  const add = (j: number, isMainCandidate: boolean): void => {
    const role = MEDIA_TYPES[md.type[j] as number] as string;
    const position = (positions.get(role) ?? 0) + 1;
    positions.set(role, position);
    const link: MediaLink = {
      media_id: ID.media(j),
      role,
      is_main: isMainCandidate && role === 'image' && position === 1,
      position,
    };
    if (role === 'image')
      link.usages = rng.chance(0.8)
        ? ['website', ...rng.sample(USAGES.slice(1), rng.int(0, 2))]
        : rng.sample(USAGES, rng.int(1, 2));
    links.push(link);
  };
  if (who.objekttyp === 0) {
    const image = md.familyImage[who.familyIndex] as number;
    if (image >= 0) add(image, true);
  }
  const start = pr.mediaStart[who.index] as number;
  for (let k = 0; k < (pr.mediaCount[who.index] as number); k += 1) add(start + k, true);
  const brochure = md.familyBrochure[who.familyIndex] as number;
  if (brochure >= 0 && rng.chance(who.objekttyp === 0 ? 0.9 : 0.25)) add(brochure, false);
  if (flags & PF.LINKS_SHUFFLED && links.length > 1) {
    // The main image is not always first in position, and the list is not sorted.
    const images = links.filter((link) => link.role === 'image');
    if (images.length > 1) {
      const first = images[0] as MediaLink;
      const second = images[1] as MediaLink;
      first.is_main = false;
      second.is_main = true;
    }
    return rng.shuffle(links);
  }
  return links;
}

function lifecycle(
  rng: Rng,
  flags: number,
  created: number,
): { sale_start: string | null; end_of_life: string | null } {
  const sale_start =
    flags & PF.SALE_FUTURE
      ? dateBetween(rng, GENERATED_AT + 40 * DAY, utc(2027, 9, 1))
      : rng.chance(0.9)
        ? dateBetween(rng, created, Math.min(created + 200 * DAY, GENERATED_AT - DAY))
        : null;
  const end_of_life =
    flags & PF.EOL_PAST
      ? dateBetween(rng, Math.min(created + 400 * DAY, GENERATED_AT - 120 * DAY), GENERATED_AT - 30 * DAY)
      : rng.chance(0.03)
        ? dateBetween(rng, GENERATED_AT + 90 * DAY, utc(2028, 12, 31))
        : null;
  return { sale_start, end_of_life };
}

function coverageOf(flags: number): Coverage {
  if (flags & PF.DE_ONLY) return 'de_only';
  if (flags & PF.NO_FR) return 'no_fr';
  return 'all';
}

export function buildProduct(ctx: GenContext, p: number): Record<string, unknown> {
  const { plan, seed } = ctx;
  const rng = rngFor(seed, 'product', p);
  const who = productIdentity(plan, p);
  const flags = plan.products.flags[p] as number;
  const group = who.objekttyp === 0;
  const coverage = coverageOf(flags);
  // Discontinued products are old enough that their end of life follows their sales start.
  const newest = group ? utc(2018, 12, 31) : GENERATED_AT - (flags & PF.EOL_PAST ? 900 : 40) * DAY;
  const created = instantBetween(rng, HISTORY_START, newest);
  const features: Features | null = group
    ? null
    : flags & PF.FEATURES_EMPTY
      ? {}
      : who.family.features({ rng, size: who.size, variant: who.variant, code: who.kind.code });
  const record: Record<string, unknown> = {
    id: who.id,
    slug: who.slug,
    objekttyp: OBJEKTTYP[who.objekttyp],
    ordernumber: who.ordernumber,
    names: langs(coverage, ...who.names),
    descriptions: productDescriptions(rng, who, features, coverage, Boolean(flags & PF.NO_FR_DESCRIPTION)),
  };
  if (flags & PF.TEXTS) record.texts = channelTexts(rng, who);
  else if (rng.chance(0.6)) record.texts = null;
  const url = `https://www.example.com/de/produkte/${who.family.groupSlug}${group ? '' : `/${who.slug}`}`;
  const urlRoll = rng.float();
  if (urlRoll < 0.7) record.product_page_url = url;
  else if (urlRoll < 0.9) record.product_page_url = null;
  record.features = features;
  Object.assign(record, group ? { sale_start: null, end_of_life: null } : lifecycle(rng, flags, created));
  record.is_active = !(flags & PF.INACTIVE);
  record.keywords =
    flags & PF.NO_KEYWORDS || (group && rng.chance(0.5))
      ? []
      : rng.sample(who.family.keywords, rng.int(2, 5));
  record.taxon_ids = productTaxonIds(ctx, rng, who, features, flags);
  const fronts =
    who.family.tractorLinks && !group
      ? tractorLinks(ctx, rng)
      : { manufacturer_ids: [], tractor_model_ids: [] };
  record.manufacturer_ids = fronts.manufacturer_ids;
  record.tractor_model_ids = fronts.tractor_model_ids;
  record.article_ids = articleIds(ctx, rng, who);
  record.media_links = mediaLinks(ctx, rng, who, flags);
  const uploads = [];
  const first = plan.products.uploadStart[p] as number;
  for (let u = first; u < first + (plan.products.uploadCount[p] as number); u += 1)
    uploads.push(uploadSpec(ctx, u, who).record);
  // Upload positions are often not in list order.
  if (uploads.length > 1 && rng.chance(0.5)) uploads.reverse();
  record.uploads = uploads;
  if (flags & PF.UNKNOWN_FIELD)
    record.pim_workflow_state = rng.pick(['freigegeben', 'in_bearbeitung', 'uebersetzung']);
  record.created_at = timestamp(created);
  record.updated_at = rng.chance(0.1) ? null : timestamp(instantBetween(rng, created, GENERATED_AT - DAY));
  return record;
}

function tractorLinks(
  ctx: GenContext,
  rng: Rng,
): { manufacturer_ids: number[]; tractor_model_ids: number[] } {
  const makers = ctx.tractors.manufacturers;
  const active = makers.filter((m) => m.is_active).map((m) => m.id);
  const inactive = makers.filter((m) => !m.is_active).map((m) => m.id);
  const chosen = rng.sample(active, rng.int(1, 4));
  if (rng.chance(0.1)) chosen.push(rng.pick(inactive));
  const models: number[] = [];
  for (const maker of chosen) {
    const list = ctx.tractors.modelIdsByManufacturer.get(maker) ?? [];
    models.push(...rng.sample(list, rng.int(2, 8)));
  }
  return { manufacturer_ids: chosen.sort((a, b) => a - b), tractor_model_ids: models.sort((a, b) => a - b) };
}
