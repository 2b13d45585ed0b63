/**
 * Front loaders, front-loader tools and spare-part kits.
 * Data for families.ts; see the `Family` interface there for what each field means.
 */
import { featureTemplates } from '../features';
import type { Family, Tri } from '../family-types';

const V = (de: string, en = de, fr = de): Tri => [de, en, fr];

export const LOADER_FAMILIES: readonly Family[] = [
  {
    key: 'frontlader',
    prefix: 460,
    weight: 12,
    group: ['Frontlader', 'Front loaders', 'Chargeurs frontaux'],
    groupSlug: 'frontlader',
    kinds: [
      {
        code: 'FL',
        names: ['Frontlader', 'Front loader', 'Chargeur frontal'],
        models: ['35 P', '45 P', '60 P', '80 P', '45', '60'],
        variants: [V('Komfort', 'Comfort', 'Confort'), V('Profi'), V('Compact'), V('Vario')],
      },
    ],
    pitch: [
      'passt an mehrere hundert Traktormodelle und hebt präzise mit Parallelführung.',
      'fits several hundred tractor models and lifts precisely with parallel guidance.',
      'se monte sur plusieurs centaines de tracteurs et lève avec précision grâce au parallélogramme.',
    ],
    features: featureTemplates.frontLoader,
    taxa: {
      produktbereich: ['frontlader-mit-parallelfuehrung', 'frontlader'],
      einsatzbereich: ['hof-und-stall', 'ballenhandling'],
      anbauart: ['front'],
      antrieb: ['hydraulisch'],
      saison: ['winter'],
    },
    keywords: ['Frontlader', 'Parallelführung', 'Euro-Aufnahme', 'Traktor', 'Ballengreifer'],
    mainOptions: [
      V('für Euro-Aufnahme', 'for Euro attachment', 'pour attelage Euro'),
      V('mit 3. Steuerkreis', 'with 3rd service', 'avec 3e fonction'),
    ],
    accessories: [
      V('Anbaukonsole', 'Mounting bracket', 'Console de montage'),
      V('Schwingungsdämpfung', 'Shock absorber', 'Amortisseur d’oscillations'),
    ],
    customs: '84289071',
    weightKg: (s) => s * 8.6,
    price: (s) => s * 190,
    folder: 'frontlader',
    tractorLinks: true,
  },
  {
    key: 'werkzeug',
    prefix: 500,
    weight: 10,
    group: ['Frontlader-Werkzeuge', 'Front loader tools', 'Outils pour chargeur frontal'],
    groupSlug: 'frontlader-werkzeuge',
    kinds: [
      {
        code: 'ES',
        names: ['Erdschaufel', 'Earth bucket', 'Godet terre'],
        models: ['160', '180', '200', '220'],
        variants: [V('HD'), V('Light'), V('XL')],
      },
      {
        code: 'BZ',
        names: ['Ballenzange', 'Bale gripper', 'Pince à balles'],
        models: ['120', '150', '180'],
        variants: [V('Duo'), V('Plus'), V('Soft')],
      },
      {
        code: 'PG',
        names: ['Palettengabel', 'Pallet fork', 'Fourche à palettes'],
        models: ['100', '120', '150'],
        variants: [V('Profi'), V('Flex'), V('HD')],
      },
      {
        code: 'DZ',
        names: ['Dungzange', 'Manure grab', 'Fourche à fumier'],
        models: ['150', '180', '200'],
        variants: [V('Profi'), V('HD'), V('Plus')],
      },
    ],
    pitch: [
      'macht den Frontlader zum vielseitigen Werkzeugträger auf dem Hof.',
      'turns the front loader into a versatile tool carrier on the farm.',
      'fait du chargeur frontal un porte-outil polyvalent à la ferme.',
    ],
    features: featureTemplates.tool,
    taxa: {
      produktbereich: ['schaufeln', 'werkzeuge'],
      einsatzbereich: ['hof-und-stall'],
      anbauart: ['front'],
      antrieb: ['mechanisch'],
      saison: ['winter'],
    },
    keywords: ['Werkzeug', 'Euro-Aufnahme', 'Schaufel', 'Ballenzange', 'Hoflader'],
    mainOptions: [
      V('Euro-Aufnahme', 'Euro attachment', 'Attelage Euro'),
      V('SMS-Aufnahme', 'SMS attachment', 'Attelage SMS'),
    ],
    accessories: [V('Verschleißleiste geschraubt', 'Bolted wear strip', 'Lame d’usure boulonnée')],
    customs: '84314100',
    weightKg: (s) => s * 1.2,
    price: (s) => s * 7.5,
    folder: 'frontlader',
    tractorLinks: false,
  },
  {
    key: 'ersatzteilset',
    prefix: 540,
    weight: 8,
    group: [
      'Ersatzteile & Verschleißteil-Sets',
      'Spare parts & wear part kits',
      'Pièces de rechange & kits d’usure',
    ],
    groupSlug: 'ersatzteile-und-sets',
    kinds: [
      {
        code: 'VS',
        names: ['Verschleißteil-Set', 'Wear parts kit', 'Kit de pièces d’usure'],
        models: ['2800', '3200', '125', '770'],
        variants: [V('Saison', 'Season', 'Saison'), V('Profi'), V('Maxi')],
      },
      {
        code: 'MK',
        names: ['Mähklingen-Box', 'Mower blade box', 'Boîte de couteaux'],
        models: ['25', '50', '100'],
        variants: [
          V('links', 'left', 'gauche'),
          V('rechts', 'right', 'droite'),
          V('gemischt', 'mixed', 'mixte'),
        ],
      },
      {
        code: 'ZS',
        names: ['Zinken-Set', 'Tine kit', 'Kit de dents'],
        models: ['10', '24', '48'],
        variants: [V('9,5 mm', '9.5 mm', '9,5 mm'), V('10 mm'), V('Profi')],
      },
    ],
    pitch: [
      'hält die Maschine in der Saison einsatzbereit: alle wichtigen Verschleißteile in einer Box.',
      'keeps the machine ready for the season: all key wear parts in one box.',
      'garde la machine prête pour la saison : toutes les pièces d’usure dans une boîte.',
    ],
    features: featureTemplates.kit,
    taxa: {
      produktbereich: ['maehklingen', 'verschleissteile'],
      ersatzteilkatalog: ['verschleissteile'],
      einsatzbereich: ['gruenland'],
      saison: ['fruehjahr'],
    },
    keywords: ['Ersatzteile', 'Verschleißteile', 'Mähklinge', 'Zinke', 'Saisonvorbereitung'],
    mainOptions: [V('im Karton', 'boxed', 'en carton')],
    accessories: [],
    customs: '84339000',
    weightKg: (s) => 2 + s * 0.05,
    price: (s) => 40 + s * 3.2,
    folder: 'ersatzteile',
    tractorLinks: false,
  },
];
