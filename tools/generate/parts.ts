/**
 * Spare-part vocabulary: part templates per part group (mower, haymaking, baler, ...), each with
 * de/en/fr names, article type code (VT wear part, ET spare part), weight range, customs tariff number
 * and a spec style that adds sizes such as `112 × 48 × 4 mm`, `Ø 30 mm` or `5/4"`.
 * `partGroupOf(familyKey)` maps a product family to the part group its spares come from.
 */
import type { Rng } from './random';
import type { Tri } from './families';

export type Spec = 'lr' | 'dim' | 'dia' | 'inch' | 'mm' | 'bolt' | 'bearing' | 'tyre' | 'none';

export interface PartTemplate {
  names: Tri;
  typeCode: 'VT' | 'ET';
  weight: readonly [number, number];
  spec: Spec;
  customs: string | null;
}

const P = (
  de: string,
  en: string,
  fr: string,
  typeCode: 'VT' | 'ET',
  weight: readonly [number, number],
  spec: Spec,
  customs: string | null = '84339000',
): PartTemplate => ({ names: [de, en, fr], typeCode, weight, spec, customs });

export const PART_GROUPS: Readonly<Record<string, readonly PartTemplate[]>> = {
  maehwerk: [
    P('Mähklinge', 'Mower blade', 'Couteau de faucheuse', 'VT', [0.05, 0.12], 'lr'),
    P('Klingenhalter', 'Blade holder', 'Porte-couteau', 'ET', [0.2, 0.4], 'lr'),
    P('Mähscheibe', 'Cutting disc', 'Disque de coupe', 'ET', [3, 6], 'dia'),
    P('Gleitkufe', 'Skid', 'Patin', 'VT', [1.2, 2.8], 'none'),
    P('Verschleißleiste', 'Wear strip', 'Bande d’usure', 'VT', [0.8, 3.5], 'dim'),
    P('Schnellwechselbolzen', 'Quick-change bolt', 'Boulon à changement rapide', 'VT', [0.03, 0.06], 'none'),
    P('Mähbalken komplett', 'Cutter bar, complete', 'Lamier complet', 'ET', [80, 210], 'none'),
    P('Zwischenzahnrad', 'Idler gear', 'Pignon intermédiaire', 'ET', [0.4, 1.1], 'none'),
    P('Keilriemen', 'V-belt', 'Courroie trapézoïdale', 'VT', [0.2, 0.6], 'mm'),
    P('Aufbereiterzinke', 'Conditioner tine', 'Doigt de conditionneur', 'VT', [0.15, 0.3], 'none'),
    P('Schutztuch', 'Protective cloth', 'Bâche de protection', 'VT', [1.5, 4], 'dim'),
    P('Trommelteller', 'Drum plate', 'Assiette de tambour', 'ET', [2, 4.5], 'dia'),
  ],
  heuwerbung: [
    P('Doppelzinke', 'Double tine', 'Dent double', 'VT', [0.4, 0.7], 'mm'),
    P('Federzinke', 'Spring tine', 'Dent à ressort', 'VT', [0.2, 0.5], 'lr'),
    P('Zinkenträger', 'Tine arm', 'Bras porte-dents', 'ET', [2.5, 5.5], 'none'),
    P('Kreiselgetriebe', 'Rotor gearbox', 'Boîtier de rotor', 'ET', [18, 42], 'none'),
    P('Tastrad', 'Gauge wheel', 'Roue de jauge', 'ET', [6, 14], 'tyre'),
    P('Kurvenbahn', 'Cam track', 'Chemin de came', 'ET', [9, 20], 'dia'),
    P('Steuerrolle', 'Cam roller', 'Galet de came', 'VT', [0.2, 0.5], 'dia'),
    P('Schwadtuch', 'Swath curtain', 'Toile d’andainage', 'VT', [3, 7], 'dim'),
    P('Förderband', 'Conveyor belt', 'Tapis convoyeur', 'VT', [25, 60], 'dim'),
  ],
  presse: [
    P('Pick-up-Zinke', 'Pick-up tine', 'Dent de pick-up', 'VT', [0.06, 0.12], 'mm'),
    P('Schneidmesser', 'Cutting knife', 'Couteau de coupe', 'VT', [0.5, 0.9], 'none'),
    P('Knoter komplett', 'Knotter, complete', 'Noueur complet', 'ET', [4, 7], 'none'),
    P('Knüpferhaken', 'Bill hook', 'Bec noueur', 'VT', [0.1, 0.3], 'none'),
    P('Garnführung', 'Twine guide', 'Guide-ficelle', 'VT', [0.05, 0.2], 'none'),
    P('Netzbremse', 'Net brake', 'Frein de filet', 'ET', [1, 2.5], 'none'),
    P('Rollenkette', 'Roller chain', 'Chaîne à rouleaux', 'VT', [1.5, 6], 'inch'),
    P('Kettenrad', 'Sprocket', 'Pignon', 'ET', [0.6, 3], 'none'),
    P('Presswalze', 'Press roller', 'Rouleau presseur', 'ET', [40, 85], 'dia'),
    P('Abstreifer', 'Scraper', 'Racleur', 'VT', [0.3, 1.2], 'dim'),
    P('Scherbolzen', 'Shear bolt', 'Boulon de cisaillement', 'VT', [0.02, 0.08], 'bolt', '73181588'),
    P('Bindenadel', 'Tying needle', 'Aiguille de liage', 'ET', [2, 5], 'none'),
  ],
  wickler: [
    P('Folienvorstrecker', 'Film pre-stretcher', 'Pré-étireur', 'ET', [9, 16], 'mm'),
    P('Abschneidmesser', 'Film cutting knife', 'Couteau coupe-film', 'VT', [0.1, 0.3], 'none'),
    P('Gummirolle', 'Rubber roller', 'Rouleau caoutchouc', 'VT', [1, 3], 'dia'),
    P('Tragrolle', 'Support roller', 'Rouleau porteur', 'ET', [4, 9], 'dia'),
    P('Folienhalter', 'Film holder', 'Porte-film', 'ET', [1, 2], 'none'),
  ],
  ladewagen: [
    P('Ladewagenmesser', 'Loader wagon knife', 'Couteau d’autochargeuse', 'VT', [1.2, 2.2], 'none'),
    P('Förderrotorzinke', 'Rotor tine', 'Dent de rotor', 'VT', [0.8, 1.6], 'none'),
    P('Kratzbodenkette', 'Floor chain', 'Chaîne de fond mouvant', 'VT', [12, 30], 'mm'),
    P('Dosierwalze', 'Dosing roller', 'Rouleau doseur', 'ET', [60, 120], 'dia'),
    P('Bremsbacke', 'Brake shoe', 'Mâchoire de frein', 'VT', [1.5, 3], 'dim', '87083091'),
  ],
  frontlader: [
    P('Hydraulikzylinder', 'Hydraulic cylinder', 'Vérin hydraulique', 'ET', [9, 28], 'dia', '84122120'),
    P('Hydraulikschlauch', 'Hydraulic hose', 'Flexible hydraulique', 'VT', [0.4, 1.8], 'inch', '40093100'),
    P('Schnellkupplung', 'Quick coupler', 'Coupleur rapide', 'ET', [0.3, 0.9], 'inch'),
    P('Lagerbolzen', 'Pivot pin', 'Axe d’articulation', 'ET', [0.6, 2.4], 'dia'),
    P('Buchse', 'Bushing', 'Bague', 'VT', [0.05, 0.3], 'dia'),
    P('Parallelstange', 'Parallel rod', 'Barre de parallélogramme', 'ET', [8, 19], 'none'),
    P('Verriegelungshaken', 'Locking hook', 'Crochet de verrouillage', 'ET', [0.8, 1.6], 'lr'),
    P('Schürfleiste', 'Cutting edge', 'Lame de godet', 'VT', [8, 22], 'dim'),
  ],
  allgemein: [
    P('Sechskantschraube', 'Hex bolt', 'Vis à tête hexagonale', 'ET', [0.01, 0.09], 'bolt', '73181588'),
    P('Sicherungsmutter', 'Lock nut', 'Écrou de sécurité', 'ET', [0.005, 0.03], 'bolt', '73181699'),
    P('Federstecker', 'Linch pin', 'Goupille bêta', 'VT', [0.005, 0.02], 'mm', null),
    P('Schmiernippel', 'Grease nipple', 'Graisseur', 'VT', [0.003, 0.01], 'none', '84818099'),
    P(
      'Rillenkugellager',
      'Deep groove ball bearing',
      'Roulement à billes',
      'ET',
      [0.1, 0.6],
      'bearing',
      '84821010',
    ),
    P('Warntafel', 'Warning sign', 'Panneau de signalisation', 'ET', [0.8, 1.5], 'lr', '83100000'),
    P('Rückstrahler', 'Reflector', 'Catadioptre', 'VT', [0.02, 0.05], 'none', null),
    P('Gelenkwelle', 'PTO shaft', 'Arbre de transmission', 'ET', [12, 35], 'mm', '84834021'),
    P('Rutschkupplung', 'Slip clutch', 'Limiteur à friction', 'ET', [6, 14], 'none', '84836080'),
    P('O-Ring', 'O-ring', 'Joint torique', 'VT', [0.001, 0.01], 'dia', '40169300'),
    P('Reifen', 'Tyre', 'Pneu', 'ET', [9, 40], 'tyre', '40117000'),
    P('Kugelhahn', 'Ball valve', 'Robinet à boisseau sphérique', 'ET', [0.2, 0.8], 'inch', '84818081'),
  ],
};

const GROUP_BY_FAMILY: Readonly<Record<string, string>> = {
  scheibenmaehwerk: 'maehwerk',
  trommelmaehwerk: 'maehwerk',
  kreiselzettwender: 'heuwerbung',
  kreiselschwader: 'heuwerbung',
  bandschwader: 'heuwerbung',
  rundballenpresse: 'presse',
  quaderballenpresse: 'presse',
  ballenwickler: 'wickler',
  ladewagen: 'ladewagen',
  frontlader: 'frontlader',
  werkzeug: 'frontlader',
  ersatzteilset: 'maehwerk',
};

export function partGroupOf(familyKey: string | null): readonly PartTemplate[] {
  const parts = PART_GROUPS[familyKey === null ? 'allgemein' : (GROUP_BY_FAMILY[familyKey] ?? 'allgemein')];
  if (!parts) throw new Error(`no part group for ${familyKey}`);
  return parts;
}

/** Size suffix of a part name per language, e.g. `rechts`/`right`/`droite` or `Ø 30 mm`. */
export function specText(rng: Rng, spec: Spec): Tri | null {
  const n = (v: number, digits: number): [string, string] => [
    v.toFixed(digits).replace('.', ','),
    v.toFixed(digits),
  ];
  switch (spec) {
    case 'lr':
      return rng.pick<Tri>([
        ['links', 'left', 'gauche'],
        ['rechts', 'right', 'droite'],
      ]);
    case 'dim': {
      const t = `${rng.int(4, 24) * 10} × ${rng.int(3, 15) * 10} × ${rng.pick([4, 6, 8, 10])} mm`;
      return [t, t, t];
    }
    case 'dia': {
      const t = `Ø ${rng.pick([12, 16, 20, 25, 30, 35, 40, 50, 60, 80, 120, 180])} mm`;
      return [t, t, t];
    }
    case 'inch': {
      const t = `${rng.pick(['3/8', '1/2', '3/4', '1', '5/4', '1 1/4'])}"`;
      return [t, t, t];
    }
    case 'mm': {
      const [de, en] = n(rng.pick([5.5, 6, 8, 9.5, 10, 12.5, 13, 16]), 1);
      return [`${de} mm`, `${en} mm`, `${de} mm`];
    }
    case 'bolt': {
      const t = `M${rng.pick([8, 10, 12, 16, 20])} × ${rng.pick([25, 30, 40, 50, 60, 80])} DIN ${rng.pick(['931', '933', '985'])} ${rng.pick(['8.8', '10.9'])}`;
      return [t, t, t];
    }
    case 'bearing': {
      const t = `${rng.pick(['6204', '6205', '6206', '6305', '6308'])}-2RS`;
      return [t, t, t];
    }
    case 'tyre': {
      const t = rng.pick(['16×6.50-8', '18×8.50-8', '15.0/55-17', '10.0/75-15.3', '500/50-17']);
      return [t, t, t];
    }
    case 'none':
      return null;
  }
}
