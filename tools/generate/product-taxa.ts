/**
 * Taxonomy terms of a product: the product area leaf (and sometimes its parent), the family's usage,
 * crop, mounting, drive and season terms, width and power buckets from the features, random sales
 * regions and campaigns, and for some products terms of the internal dimensions (personen, orte, wetter).
 */
import type { GenContext } from './context';
import type { Features } from './features';
import type { ProductIdentity } from './identity';
import type { Rng } from './random';
import { PF } from './scenarios';

const KIND_AREA: Readonly<Record<string, string>> = {
  ES: 'schaufeln',
  BZ: 'ballenhandling',
  PG: 'palettengabeln',
  DZ: 'dungzangen',
  VS: 'verschleissteile',
  MK: 'maehklingen',
  ZS: 'zinken',
};

function firstNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const match = /^(\d+(?:,\d+)?)/.exec(value);
    return match?.[1] ? Number(match[1].replace(',', '.')) : null;
  }
  return null;
}

function widthBucket(width: number): string {
  if (width <= 2) return 'bis-2-m';
  if (width <= 3) return '2-bis-3-m';
  if (width <= 4) return '3-bis-4-m';
  if (width <= 6) return '4-bis-6-m';
  if (width <= 8) return '6-bis-8-m';
  if (width <= 10) return '8-bis-10-m';
  return 'ueber-10-m';
}

function powerBucket(kw: number): string {
  if (kw <= 60) return 'bis-60-kw';
  if (kw <= 100) return '60-bis-100-kw';
  if (kw <= 150) return '100-bis-150-kw';
  return 'ueber-150-kw';
}

export function productTaxonIds(
  ctx: GenContext,
  rng: Rng,
  who: ProductIdentity,
  features: Features | null,
  flags: number,
): number[] {
  const { taxonomies } = ctx;
  const terms: [string, string][] = [];
  const area = who.family.taxa.produktbereich ?? [];
  if (who.objekttyp === 0) {
    if (area[1]) terms.push(['produktbereich', area[1]]);
  } else {
    terms.push(['produktbereich', KIND_AREA[who.kind.code] ?? (area[0] as string)]);
    if (area[1] && rng.chance(0.2)) terms.push(['produktbereich', area[1]]);
    if (who.kind.code === 'SM')
      terms.push(['produktbereich', who.variant === 'F' ? 'frontmaehwerke' : 'heckmaehwerke']);
    if (who.variant === 'Combi') terms.push(['produktbereich', 'press-wickel-kombinationen']);
    if (features?.parallelfuehrung === 'ohne')
      terms.push(['produktbereich', 'frontlader-ohne-parallelfuehrung']);
    for (const [taxonomy, slugs] of Object.entries(who.family.taxa)) {
      if (taxonomy === 'produktbereich') continue;
      for (const slug of slugs) if (rng.chance(0.7)) terms.push([taxonomy, slug]);
    }
    const width = firstNumber(features?.arbeitsbreite_m);
    if (width !== null) terms.push(['arbeitsbreite', widthBucket(width)]);
    const transport = firstNumber(features?.transportbreite_m);
    if (transport !== null) terms.push(['transportbreite', transport <= 3 ? '2-bis-3-m' : '3-bis-4-m']);
    const power =
      firstNumber(features?.leistungsbedarf_kw) ?? (who.family.tractorLinks ? who.size * 2 : null);
    if (power !== null) terms.push(['traktorleistung', powerBucket(power)]);
    if (features?.isobus === true || features?.steuerung === 'ISOBUS') terms.push(['ausstattung', 'isobus']);
    if (features?.hydraulische_klappung === true) terms.push(['ausstattung', 'hydraulische-klappung']);
    if (features?.schwingungsdaempfung === true) terms.push(['ausstattung', 'schwingungsdaempfung']);
  }
  const random = (taxonomy: string, count: number): void => {
    for (const id of rng.sample(taxonomies.termIds(taxonomy), count)) {
      const term = ctx.taxonomies.taxons[id - 10001];
      if (term) terms.push([taxonomy, term.slug]);
    }
  };
  if (rng.chance(0.4)) random('zielgruppe', 1);
  if (rng.chance(0.3)) random('vertriebsregion', rng.int(1, 3));
  if (rng.chance(0.05)) random('kampagne', 1);
  if (flags & PF.HIDDEN_TAXON) {
    random('personen', 1);
    if (rng.chance(0.5)) random(rng.pick(['orte', 'wetter']), 1);
  }
  const ids = terms.map(([taxonomy, slug]) => taxonomies.termId(taxonomy, slug));
  return [...new Set(ids)];
}
