/**
 * Article records: main articles (type main: MA machine versions, ZU accessories) named after their
 * product, and spare parts (type spare: VT wear parts, ET spare parts) from the part vocabulary with
 * compatibility notes for their product line. Order numbers follow real formats and are unique by
 * construction: `100.125.01` for main articles, `E 11-0455`, `940.123.4`, `A 12-345`, `Z 123.456`,
 * `K12345-01` for spare parts (a bijective scramble of the spare's index per format).
 */
import type { GenContext } from './context';
import type { Tri } from './families';
import { FAMILIES } from './families';
import { productIdentity, type ProductIdentity } from './identity';
import { partGroupOf, specText, PART_GROUPS, type PartTemplate } from './parts';
import { GENERAL_FAMILY, ID } from './plan';
import { rngFor, type Rng } from './random';
import { PF, type ArticleCase } from './scenarios';
import { langs, pickCoverage, type Coverage } from './text';
import { DAY, GENERATED_AT, HISTORY_START, dateBetween, instantBetween, timestamp, utc } from './time';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const scramble = (value: number, capacity: number): number => (value * 7919 + 4711) % capacity;

export function spareOrdernumber(s: number): string {
  const block = Math.floor(s / 10);
  const slot = s % 10;
  if (slot < 5) {
    const x = scramble(block * 5 + slot, 900_000);
    return `E ${10 + Math.floor(x / 10_000)}-${pad(x % 10_000, 4)}`;
  }
  if (slot < 7) {
    const x = scramble(block * 2 + slot - 5, 1_000_000);
    return `${900 + Math.floor(x / 10_000)}.${pad(Math.floor(x / 10) % 1000, 3)}.${x % 10}`;
  }
  if (slot === 7) {
    const x = scramble(block, 270_000);
    const y = x % 90_000;
    return `${'ABC'[Math.floor(x / 90_000)]} ${10 + Math.floor(y / 1000)}-${pad(y % 1000, 3)}`;
  }
  if (slot === 8) {
    const x = scramble(block, 1_000_000);
    return `Z ${pad(Math.floor(x / 1000), 3)}.${pad(x % 1000, 3)}`;
  }
  const x = scramble(block, 10_000_000);
  return `K${pad(Math.floor(x / 100), 5)}-${pad(x % 100, 2)}`;
}

function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

function dates(
  rng: Rng,
  created: number,
  eolPast: boolean,
  saleFuture: boolean,
): { sale_start: string | null; end_of_life: string | null } {
  const sale_start = saleFuture
    ? dateBetween(rng, GENERATED_AT + 30 * DAY, utc(2027, 6, 30))
    : rng.chance(0.75)
      ? dateBetween(rng, created, Math.min(created + 180 * DAY, GENERATED_AT - DAY))
      : null;
  const end_of_life = eolPast
    ? dateBetween(rng, Math.min(created + 500 * DAY, GENERATED_AT - 100 * DAY), GENERATED_AT - 20 * DAY)
    : null;
  return { sale_start, end_of_life };
}

function lifecycleFields(rng: Rng, created: number): Record<string, string | null> {
  return {
    created_at: timestamp(created),
    updated_at: rng.chance(0.1) ? null : timestamp(instantBetween(rng, created, GENERATED_AT - DAY)),
  };
}

export function buildMainArticle(ctx: GenContext, who: ProductIdentity, k: number): Record<string, unknown> {
  const { plan, seed } = ctx;
  const p = who.index;
  const index = (plan.products.mainStart[p] as number) + k;
  const rng = rngFor(seed, 'main', index);
  const forced = ctx.articleCases.get(index);
  const flags = plan.products.flags[p] as number;
  const ma = plan.products.maCount[p] as number;
  const zu = k >= ma;
  const fam = who.family;
  const coverage: Coverage = flags & PF.DE_ONLY ? 'de_only' : flags & PF.NO_FR ? 'no_fr' : pickCoverage(rng);
  const d = who.designation;
  let names: Tri;
  let short: Tri;
  let desc: Tri;
  if (zu) {
    const acc = fam.accessories[(k - ma) % fam.accessories.length] as Tri;
    names = [`${acc[0]} für ${d[0]}`, `${acc[1]} for ${d[1]}`, `${acc[2]} pour ${d[2]}`];
    short = acc;
    desc = [
      `Zubehör für ${who.names[0]}, nachrüstbar.`,
      `Accessory for ${who.names[1]}, retrofittable.`,
      `Accessoire pour ${who.names[2]}, montable ultérieurement.`,
    ];
  } else {
    const option = fam.mainOptions[k % fam.mainOptions.length] as Tri;
    const last = (text: string): string => text.split(' ').pop() ?? text;
    names = [
      `${who.names[0]}, ${option[0]}`,
      `${who.names[1]}, ${option[1]}`,
      `${who.names[2]}, ${option[2]}`,
    ];
    short = [`${d[0]} ${last(option[0])}`, `${d[1]} ${last(option[1])}`, `${d[2]} ${last(option[2])}`];
    desc = [
      `${who.names[0]} in der Ausführung „${option[0]}“.`,
      `${who.names[1]}, ${option[1]}.`,
      `${who.names[2]}, ${option[2]}.`,
    ];
  }
  const eolPast = Boolean(flags & PF.EOL_PAST);
  const created = instantBetween(rng, HISTORY_START, GENERATED_AT - (eolPast ? 900 : 20) * DAY);
  const weight = zu
    ? Number((5 + rng.float() * 245).toFixed(1))
    : Math.round(fam.weightKg(who.size) * (1 + 0.04 * k));
  const price = zu
    ? Math.round(90 + rng.float() * 4400)
    : Math.round((fam.price(who.size) * (1 + 0.08 * k)) / 10) * 10;
  const inactive = forced === 'main_inactive' || (flags & PF.INACTIVE ? rng.chance(0.5) : rng.chance(0.02));
  return {
    id: ID.article(index),
    type: 'main',
    type_code: zu ? 'ZU' : 'MA',
    ordernumber: `${who.ordernumber}.${pad(zu ? 91 + k - ma : k + 1, 2)}`,
    names: langs(coverage, ...names),
    short_names: langs(coverage, ...short),
    descriptions: langs(coverage, ...desc),
    weight: rng.chance(0.03) ? null : weight,
    customs_tariff_number: zu ? '84339000' : fam.customs,
    ...dates(rng, created, eolPast, forced === 'main_sale_future' || Boolean(flags & PF.SALE_FUTURE)),
    is_active: !inactive,
    price,
    stock: rng.chance(0.2) ? 0 : rng.int(1, 25),
    ...lifecycleFields(rng, created),
  };
}

/** Compatibility list: designations of the spare's product line (at most three). */
function compatibility(ctx: GenContext, s: number): Tri | null {
  const l = ctx.plan.spares.line[s] as number;
  if (l < 0) return null;
  const first = ctx.plan.lines.first[l] as number;
  const size = Math.min(3, ctx.plan.lines.size[l] as number);
  const whos = Array.from({ length: size }, (_, k) => productIdentity(ctx.plan, first + k));
  return [
    joinList(
      whos.map((w) => w.designation[0]),
      'und',
    ),
    joinList(
      whos.map((w) => w.designation[1]),
      'and',
    ),
    joinList(
      whos.map((w) => w.designation[2]),
      'et',
    ),
  ];
}

function forcedPart(
  forced: ArticleCase | undefined,
  rng: Rng,
  template: PartTemplate,
): [PartTemplate, Tri | null] {
  if (forced === 'eszett_times') {
    const strip = PART_GROUPS.maehwerk?.find((t) => t.names[0] === 'Verschleißleiste') ?? template;
    return [strip, specText(rng, 'dim')];
  }
  if (forced === 'quote_diameter') {
    const hose = PART_GROUPS.frontlader?.find((t) => t.names[0] === 'Hydraulikschlauch') ?? template;
    return [hose, ['5/4", Ø 38 mm', '5/4", Ø 38 mm', '5/4", Ø 38 mm']];
  }
  return [template, specText(rng, template.spec)];
}

export function buildSpareArticle(ctx: GenContext, s: number): Record<string, unknown> {
  const { plan, seed } = ctx;
  const index = plan.mains + s;
  const rng = rngFor(seed, 'spare', s);
  const forced = ctx.articleCases.get(index);
  const familyIndex = plan.spares.family[s] as number;
  const familyKey = familyIndex === GENERAL_FAMILY ? null : (FAMILIES[familyIndex]?.key ?? null);
  const [template, spec] = forcedPart(forced, rng, rng.pick(partGroupOf(familyKey)));
  const names: Tri = spec
    ? [
        `${template.names[0]} ${spec[0]}`,
        `${template.names[1]} ${spec[1]}`,
        `${template.names[2]} ${spec[2]}`,
      ]
    : template.names;
  const coverage: Coverage = forced === 'de_only' ? 'de_only' : pickCoverage(rng, 0.08, 0.05);
  const fits = compatibility(ctx, s);
  const weight = Number(
    (template.weight[0] + rng.float() * (template.weight[1] - template.weight[0])).toFixed(3),
  );
  const pack = weight < 0.1 ? rng.pick([10, 25, 50]) : 0;
  const desc: Tri = fits
    ? [`Passend für ${fits[0]}.`, `Fits ${fits[1]}.`, `Convient pour ${fits[2]}.`]
    : familyKey === null && (plan.spares.line[s] as number) >= 0
      ? ['Universell einsetzbar.', 'Universal fit.', 'Usage universel.']
      : [
          'Nicht mehr zugeordnet, Restbestand.',
          'No longer assigned, remaining stock.',
          'Plus affecté, fin de stock.',
        ];
  const newline = forced === 'newline' || pack > 0 || rng.chance(0.1);
  const extra: Tri =
    pack > 0
      ? [
          `Verpackungseinheit: ${pack} Stück.`,
          `Packing unit: ${pack} pieces.`,
          `Unité d’emballage : ${pack} pièces.`,
        ]
      : [
          `${template.typeCode === 'VT' ? 'Verschleißteil, regelmäßig prüfen.' : 'Original-Ersatzteil.'}`,
          template.typeCode === 'VT' ? 'Wear part, check regularly.' : 'Genuine spare part.',
          template.typeCode === 'VT' ? 'Pièce d’usure, à contrôler.' : 'Pièce d’origine.',
        ];
  const descriptions: Tri = newline
    ? [`${desc[0]}\n${extra[0]}`, `${desc[1]}\n${extra[1]}`, `${desc[2]}\n${extra[2]}`]
    : desc;
  const eolPast = forced === 'eol_past_active' || rng.chance(0.08);
  // Discontinued parts are old enough that their end of life follows their sales start.
  const created = instantBetween(rng, HISTORY_START, GENERATED_AT - (eolPast ? 900 : 10) * DAY);
  const deOnlyNulls = coverage === 'de_only' && (forced === 'de_only' || rng.chance(0.5));
  const record: Record<string, unknown> = {
    id: ID.article(index),
    type: 'spare',
    type_code: template.typeCode,
    ordernumber: spareOrdernumber(s),
    names: langs(coverage, ...names),
    short_names: deOnlyNulls ? null : langs(coverage, ...template.names),
    descriptions: deOnlyNulls ? null : langs(coverage, ...descriptions),
    weight: forced === 'weight_null' || rng.chance(0.03) ? null : weight,
    customs_tariff_number: forced === 'no_customs' || rng.chance(0.02) ? null : template.customs,
  };
  const lifecycle = dates(rng, created, eolPast, false);
  if (!(deOnlyNulls && rng.chance(0.5))) Object.assign(record, lifecycle);
  record.is_active = forced === 'eol_past_active' ? true : forced !== 'inactive' && rng.chance(0.97);
  record.price = Number(Math.max(0.35, weight * rng.int(8, 40) + rng.int(0, 20)).toFixed(2));
  record.stock = forced === 'stock_zero' || rng.chance(0.1) ? 0 : rng.int(1, 2000);
  Object.assign(record, lifecycleFields(rng, created));
  return record;
}
