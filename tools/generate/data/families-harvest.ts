/**
 * Harvest machinery: round and square balers, bale wrappers and loader wagons.
 * Data for families.ts; see the `Family` interface there for what each field means.
 */
import { featureTemplates } from '../features';
import type { Family, Tri } from '../family-types';

const V = (de: string, en = de, fr = de): Tri => [de, en, fr];

export const HARVEST_FAMILIES: readonly Family[] = [
  {
    key: 'rundballenpresse',
    prefix: 300,
    weight: 12,
    group: ['Rundballenpressen', 'Round balers', 'Presses à balles rondes'],
    groupSlug: 'rundballenpressen',
    kinds: [
      {
        code: 'RP',
        names: ['Rundballenpresse', 'Round baler', 'Presse à balles rondes'],
        models: ['125 F', '130 F', '150 V', '160 V', '180 V', '155 V'],
        variants: [V('Profi'), V('Combi'), V('MultiCut'), V('XL')],
      },
    ],
    pitch: [
      'presst Heu &amp; Stroh sowie Silage zu festen, formstabilen Ballen.',
      'turns hay, straw and silage into dense, well-shaped bales.',
      'presse foin, paille et ensilage en balles denses et bien formées.',
    ],
    features: featureTemplates.roundBaler,
    taxa: {
      produktbereich: ['rundballenpressen', 'pressen'],
      einsatzbereich: ['heu', 'stroh', 'silage'],
      kultur: ['stroh', 'grassilage'],
      anbauart: ['gezogen'],
      antrieb: ['zapfwelle-540'],
      saison: ['sommer', 'herbst'],
    },
    keywords: ['Rundballen', 'Rundballenpresse', 'Pick-up', 'Netzbindung', 'Schneidrotor'],
    mainOptions: [
      V('Garnbindung', 'twine tying', 'liage ficelle'),
      V('Netz- und Garnbindung', 'net and twine tying', 'liage filet et ficelle'),
      V('mit Schneidrotor', 'with cutting rotor', 'avec rotor de coupe'),
    ],
    accessories: [
      V('Tandemachse', 'Tandem axle', 'Essieu tandem'),
      V('Ballenauswerfer', 'Bale kicker', 'Éjecteur de balles'),
      V('Zentralschmierung', 'Central lubrication', 'Graissage centralisé'),
    ],
    customs: '84334010',
    weightKg: (s) => s * 19,
    price: (s) => s * 230,
    folder: 'pressen',
    tractorLinks: false,
  },
  {
    key: 'quaderballenpresse',
    prefix: 340,
    weight: 4,
    group: ['Quaderballenpressen', 'Large square balers', 'Presses à balles cubiques'],
    groupSlug: 'quaderballenpressen',
    kinds: [
      {
        code: 'QP',
        names: ['Quaderballenpresse', 'Large square baler', 'Presse à balles cubiques'],
        models: ['870', '1270', '1290', '1280'],
        variants: [V('XC'), V('HD'), V('Profi'), V('RC')],
      },
    ],
    pitch: [
      'liefert hohe Durchsätze und gleichmäßig gepresste Quaderballen für den Transport.',
      'delivers high throughput and evenly pressed square bales for transport.',
      'offre un débit élevé et des balles cubiques régulières pour le transport.',
    ],
    features: featureTemplates.squareBaler,
    taxa: {
      produktbereich: ['quaderballenpressen', 'pressen'],
      einsatzbereich: ['stroh', 'lohnunternehmen'],
      kultur: ['stroh'],
      anbauart: ['gezogen'],
      antrieb: ['zapfwelle-1000'],
      saison: ['herbst'],
    },
    keywords: ['Quaderballen', 'Großpackenpresse', 'Knoter', 'Stroh', 'Lohnunternehmer'],
    mainOptions: [
      V('mit Schneidwerk', 'with cutting unit', 'avec dispositif de coupe'),
      V('ohne Schneidwerk', 'without cutting unit', 'sans dispositif de coupe'),
    ],
    accessories: [
      V('Ballenrutsche hydraulisch', 'Hydraulic bale chute', 'Goulotte hydraulique'),
      V('Feuchtemessung', 'Moisture sensor', 'Mesure d’humidité'),
    ],
    customs: '84334010',
    weightKg: (s) => s * 7.5,
    price: (s) => s * 120,
    folder: 'pressen',
    tractorLinks: false,
  },
  {
    key: 'ballenwickler',
    prefix: 380,
    weight: 5,
    group: ['Ballenwickler', 'Bale wrappers', 'Enrubanneuses'],
    groupSlug: 'ballenwickler',
    kinds: [
      {
        code: 'BW',
        names: ['Ballenwickler', 'Bale wrapper', 'Enrubanneuse'],
        models: ['1200', '1500', '2000', '2500'],
        variants: [V('S'), V('Twin'), V('Profi'), V('Hof', 'Yard', 'Ferme')],
      },
    ],
    pitch: [
      'wickelt Rund- und Quaderballen luftdicht mit 500 oder 750&nbsp;mm Folie.',
      'wraps round and square bales airtight with 500 or 750&nbsp;mm film.',
      'enrubanne les balles rondes et cubiques avec un film de 500 ou 750&nbsp;mm.',
    ],
    features: featureTemplates.wrapper,
    taxa: {
      produktbereich: ['ballenwickler', 'erntetechnik'],
      einsatzbereich: ['silage', 'ballenhandling'],
      kultur: ['grassilage'],
      anbauart: ['gezogen'],
      antrieb: ['hydraulisch'],
      saison: ['sommer'],
    },
    keywords: ['Wickler', 'Stretchfolie', 'Siloballen', 'Folienvorstrecker'],
    mainOptions: [
      V('mit Joystick-Steuerung', 'with joystick control', 'avec commande joystick'),
      V('mit ISOBUS-Steuerung', 'with ISOBUS control', 'avec commande ISOBUS'),
    ],
    accessories: [
      V('Ballenkipper', 'Bale tipper', 'Basculeur de balles'),
      V('Folienabschneider', 'Film cutter', 'Coupe-film'),
    ],
    customs: '84334090',
    weightKg: (s) => s * 1.1,
    price: (s) => s * 16,
    folder: 'wickler',
    tractorLinks: false,
  },
  {
    key: 'ladewagen',
    prefix: 420,
    weight: 7,
    group: ['Ladewagen', 'Loader wagons', 'Autochargeuses'],
    groupSlug: 'ladewagen',
    kinds: [
      {
        code: 'LW',
        names: ['Ladewagen', 'Loader wagon', 'Autochargeuse'],
        models: ['28', '33', '38', '45', '50'],
        variants: [V('D'), V('GD'), V('Profi'), V('L')],
      },
    ],
    pitch: [
      'lädt, schneidet und transportiert Gras für Silage und Frischfutter in einem Arbeitsgang.',
      'picks up, chops and transports grass for silage and fresh feed in one pass.',
      'ramasse, coupe et transporte l’herbe pour l’ensilage et l’affouragement en vert.',
    ],
    features: featureTemplates.loaderWagon,
    taxa: {
      produktbereich: ['kurzschnittladewagen', 'ladewagen'],
      einsatzbereich: ['silage', 'gruenland'],
      kultur: ['grassilage', 'gras'],
      anbauart: ['gezogen'],
      antrieb: ['zapfwelle-1000'],
      saison: ['fruehjahr', 'sommer'],
    },
    keywords: ['Ladewagen', 'Kurzschnitt', 'Schneidwerk', 'Kratzboden', 'Frischfutter'],
    mainOptions: [
      V('mit Dosierwalzen', 'with dosing rollers', 'avec rouleaux doseurs'),
      V('ohne Dosierwalzen', 'without dosing rollers', 'sans rouleaux doseurs'),
    ],
    accessories: [
      V('Hydraulische Rückwand', 'Hydraulic tailgate', 'Hayon hydraulique'),
      V('Druckluftbremse', 'Air brake', 'Freinage pneumatique'),
      V('Querförderband', 'Cross conveyor', 'Tapis transversal'),
    ],
    customs: '87162000',
    weightKg: (s) => s * 190,
    price: (s) => s * 1450,
    folder: 'ladewagen',
    tractorLinks: false,
  },
];
