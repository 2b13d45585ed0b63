/**
 * Feature templates: one function per product family that returns the `features` object of a product
 * (key → number | string | boolean | array), plus German/English/French labels for the bullet lists in
 * descriptions. Values follow from the model size so that related fields agree (3.20 m → 8 discs).
 */
import type { Rng } from './random';

export type FeatureValue = number | string | boolean | readonly string[] | readonly number[];
export type Features = Record<string, FeatureValue>;

export interface FeatureContext {
  rng: Rng;
  /** Leading number of the model designation: 3200 in "SM 3200". */
  size: number;
  /** Variant suffix in German ("Profi", "F"), null for the base model. */
  variant: string | null;
  /** Kind code ("SM", "BZ"): tools and kits depend on it. */
  code: string;
}

export type FeatureTemplate = (ctx: FeatureContext) => Features;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const range = (from: number, to: number): string => `${from.toFixed(2)}–${to.toFixed(2)}`.replace(/\./g, ',');

function mower({ rng, size, variant }: FeatureContext): Features {
  const width = size / 1000;
  const conditioner = variant === 'KC' || variant === 'RC' || rng.chance(0.25);
  const f: Features = {
    arbeitsbreite_m: round(width),
    scheiben: Math.round(width / 0.4),
    anbau: variant === 'F' ? 'Front' : 'Heck',
    aufbereiter: conditioner,
    schnitthoehe_mm: rng.pick(['30–70', '35–80', '25–60']),
    leistungsbedarf_kw: Math.round(width * 15 + rng.int(0, 10)),
    zapfwellendrehzahl: rng.pick([540, 1000]),
    hydraulische_entlastung: rng.chance(0.6),
  };
  if (conditioner) f.aufbereiter_typ = variant === 'RC' ? 'Walzen' : 'Zinken';
  return f;
}

function drumMower({ rng, size }: FeatureContext): Features {
  const width = size / 100;
  return {
    arbeitsbreite_m: round(width),
    trommeln: width < 2 ? 2 : 4,
    messer_je_trommel: 3,
    anbau: 'Heck',
    leistungsbedarf_kw: Math.round(width * 14 + rng.int(0, 6)),
    schwadbreite_m: round(width * 0.55),
  };
}

function tedder({ rng, size, variant }: FeatureContext): Features {
  const width = size / 100;
  const rotors = Math.max(4, Math.round(width / 1.3 / 2) * 2);
  return {
    arbeitsbreite_m: round(width),
    kreisel: rotors,
    zinkenarme_je_kreisel: rng.pick([5, 6, 7]),
    transportbreite_m: round(rng.pick([2.55, 2.75, 2.99])),
    hydraulische_klappung: variant === 'H' || width > 6,
    grenzstreueinrichtung: rng.chance(0.5),
    streuwinkel_grad: [13, 16, 19],
    anbau: variant === 'T' ? 'gezogen' : 'Dreipunkt',
  };
}

function rake({ rng, size, variant }: FeatureContext): Features {
  const width = size / 100;
  const duo = variant === 'Duo' || width > 6;
  return {
    arbeitsbreite_m: duo ? range(width, width + 0.8) : round(width),
    kreisel: variant === 'Quattro' ? 4 : duo ? 2 : 1,
    zinkenarme_je_kreisel: rng.pick([11, 12, 13, 15]),
    schwadablage: duo ? ['mittig'] : rng.pick([['seitlich'], ['mittig', 'seitlich']]),
    tandemachse: rng.chance(0.5),
    kardanische_aufhaengung: rng.chance(0.7),
  };
}

function merger({ rng, size }: FeatureContext): Features {
  const width = size / 100;
  return {
    arbeitsbreite_m: round(width),
    pickup_breite_m: round(width / 3),
    baender: width > 10 ? 3 : 2,
    schwadablage: ['links', 'rechts', 'mittig'],
    isobus: rng.chance(0.6),
  };
}

function roundBaler({ rng, size, variant }: FeatureContext): Features {
  const variable = size >= 150;
  return {
    ballendurchmesser_m: variable ? range(0.9, size / 100) : round(size / 100),
    ballenbreite_m: rng.pick([1.2, 1.23]),
    pickup_breite_m: rng.pick([2.1, 2.3]),
    schneidmesser: variant === 'MultiCut' ? 25 : rng.pick([0, 15, 17, 25]),
    bindung: rng.pick([['Garn'], ['Netz'], ['Garn', 'Netz'], ['Netz', 'Folie']]),
    leistungsbedarf_kw: Math.round(size / 3 + rng.int(0, 15)),
    zapfwellendrehzahl: rng.pick([540, 1000]),
    tandemachse: variant === 'XL' || rng.chance(0.3),
    bereifung: rng.pick(['15.0/55-17', '19.0/45-17', '500/50-17']),
  };
}

function squareBaler({ rng, size }: FeatureContext): Features {
  const width = Math.floor(size / 100) * 10;
  const height = (size % 100) + (size % 100 < 50 ? 50 : 0);
  return {
    ballenformat_cm: `${width} × ${height}`,
    knoter: width >= 120 ? 6 : 4,
    schneidmesser: rng.pick([0, 17, 23, 25]),
    pickup_breite_m: 2.35,
    ballenlaenge_max_m: 2.7,
    presskolbenhuebe_min: rng.pick([46, 48, 50]),
  };
}

function wrapper({ rng, size, variant }: FeatureContext): Features {
  return {
    folienbreite_mm: [500, 750],
    wickelarme: variant === 'Twin' ? 2 : 1,
    ballendurchmesser_max_m: round(size / 1000 + 0.2),
    folienabriss: true,
    steuerung: rng.pick(['Joystick', 'ISOBUS', 'Handhebel']),
  };
}

function loaderWagon({ rng, size, variant }: FeatureContext): Features {
  return {
    ladevolumen_m3: size,
    messer: rng.pick([33, 41, 45]),
    schnittlaenge_mm: rng.pick([34, 37, 45]),
    dosierwalzen: variant === 'D' || variant === 'GD' ? rng.pick([2, 3]) : 0,
    achse: size > 40 ? 'Tandem' : rng.pick(['Einachse', 'Tandem']),
    zul_gesamtgewicht_t: Math.round(size * 0.45 + 4),
  };
}

function frontLoader({ rng, size, variant }: FeatureContext): Features {
  const parallel = rng.chance(0.8);
  return {
    hubkraft_dan: size * 50,
    hubhoehe_m: round(3.4 + size / 100 + rng.int(0, 3) / 10),
    parallelfuehrung: parallel ? 'mechanisch' : 'ohne',
    werkzeugaufnahme: rng.pick(['Euro-Aufnahme', 'Euro-Aufnahme', 'SMS']),
    steuerkreise: variant === 'Komfort' || variant === 'Profi' ? 3 : 2,
    traktorleistung_kw: `${Math.max(30, size)}–${size * 2 + 40}`,
    schwingungsdaempfung: variant === 'Komfort' || rng.chance(0.2),
  };
}

function tool({ rng, size, code }: FeatureContext): Features {
  const base: Features = {
    werkzeugaufnahme: rng.pick(['Euro-Aufnahme', 'SMS']),
    gewicht_kg: Math.round(size * 1.2),
  };
  if (code === 'ES')
    return { ...base, breite_m: size / 100, volumen_m3: round(size / 360), verschleissleiste: 'geschraubt' };
  if (code === 'BZ')
    return { ...base, ballendurchmesser_m: range(1.1, size / 100), hydraulik: 'doppeltwirkend' };
  if (code === 'PG')
    return { ...base, tragkraft_kg: size * 10, zinkenlaenge_mm: 1200, klappbar: rng.chance(0.5) };
  return { ...base, breite_m: size / 100, zinken: Math.round(size / 20) };
}

function kit({ rng, size, code }: FeatureContext): Features {
  if (code === 'MK')
    return { inhalt_stueck: size, klingenlaenge_mm: 112, drehrichtung: rng.pick(['links', 'rechts']) };
  if (code === 'ZS')
    return { inhalt_stueck: size, drahtstaerke_mm: rng.pick([9.5, 10]), passend_fuer: ['KZ', 'KS'] };
  return {
    inhalt_teile: rng.int(12, 60),
    passend_fuer: [`SM ${size}`, `RP ${size}`].slice(0, rng.int(1, 2)),
  };
}

export const featureTemplates = {
  mower,
  drumMower,
  tedder,
  rake,
  merger,
  roundBaler,
  squareBaler,
  wrapper,
  loaderWagon,
  frontLoader,
  tool,
  kit,
} satisfies Record<string, FeatureTemplate>;

/** Labels for description bullets: key → [de, en, fr, unit]. Keys without a label are not listed. */
export const FEATURE_LABELS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  arbeitsbreite_m: ['Arbeitsbreite', 'Working width', 'Largeur de travail', 'm'],
  scheiben: ['Mähscheiben', 'Cutting discs', 'Disques de coupe', ''],
  trommeln: ['Mähtrommeln', 'Cutting drums', 'Tambours', ''],
  kreisel: ['Kreisel', 'Rotors', 'Rotors', ''],
  leistungsbedarf_kw: ['Leistungsbedarf', 'Power requirement', 'Puissance requise', 'kW'],
  transportbreite_m: ['Transportbreite', 'Transport width', 'Largeur de transport', 'm'],
  pickup_breite_m: ['Pick-up-Breite', 'Pick-up width', 'Largeur du pick-up', 'm'],
  ballendurchmesser_m: ['Ballendurchmesser', 'Bale diameter', 'Diamètre de balle', 'm'],
  schneidmesser: ['Schneidmesser', 'Knives', 'Couteaux', ''],
  ballenformat_cm: ['Ballenformat', 'Bale size', 'Format de balle', 'cm'],
  knoter: ['Knoter', 'Knotters', 'Noueurs', ''],
  ladevolumen_m3: ['Ladevolumen', 'Loading capacity', 'Volume de chargement', 'm³'],
  messer: ['Messer', 'Knives', 'Couteaux', ''],
  hubkraft_dan: ['Hubkraft', 'Lifting force', 'Force de levage', 'daN'],
  hubhoehe_m: ['Hubhöhe', 'Lifting height', 'Hauteur de levage', 'm'],
  wickelarme: ['Wickelarme', 'Wrapping arms', 'Bras d’enrubannage', ''],
  breite_m: ['Breite', 'Width', 'Largeur', 'm'],
  tragkraft_kg: ['Tragkraft', 'Load capacity', 'Capacité', 'kg'],
  inhalt_stueck: ['Inhalt (Stück)', 'Contents (pieces)', 'Contenu (pièces)', ''],
};
