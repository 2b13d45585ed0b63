/**
 * Grassland machinery: disc and drum mowers, tedders, rotary rakes and belt mergers.
 * Data for families.ts; see the `Family` interface there for what each field means.
 */
import { featureTemplates } from '../features';
import type { Family, Tri } from '../family-types';

const V = (de: string, en = de, fr = de): Tri => [de, en, fr];

export const GRASSLAND_FAMILIES: readonly Family[] = [
  {
    key: 'scheibenmaehwerk',
    prefix: 100,
    weight: 14,
    group: ['Scheibenmähwerke', 'Disc mowers', 'Faucheuses à disques'],
    groupSlug: 'scheibenmaehwerke',
    kinds: [
      {
        code: 'SM',
        names: ['Scheibenmähwerk', 'Disc mower', 'Faucheuse à disques'],
        models: ['2400', '2800', '3200', '3600', '4000', '3100', '2600'],
        variants: [V('F'), V('Profi'), V('KC'), V('RC'), V('Komfort', 'Comfort', 'Confort')],
      },
    ],
    pitch: [
      'mäht sauber und schlagkräftig, auch an Hängen und auf unebenen Wiesen.',
      'mows cleanly and efficiently, even on slopes and uneven meadows.',
      'fauche proprement et efficacement, même en pente et sur prairies irrégulières.',
    ],
    features: featureTemplates.mower,
    taxa: {
      produktbereich: ['scheibenmaehwerke', 'maehwerke'],
      einsatzbereich: ['gruenland', 'heu', 'silage'],
      kultur: ['gras', 'klee', 'luzerne'],
      anbauart: ['heck'],
      antrieb: ['zapfwelle-1000'],
      saison: ['fruehjahr', 'sommer'],
    },
    keywords: ['Mähwerk', 'Mähbalken', 'Mähklinge', 'Grünfutter', 'Schnellwechsel', 'Aufbereiter'],
    mainOptions: [
      V('Grundausführung', 'Basic version', 'Version de base'),
      V('mit Zinkenaufbereiter', 'with tine conditioner', 'avec conditionneur à doigts'),
      V('mit Walzenaufbereiter', 'with roller conditioner', 'avec conditionneur à rouleaux'),
    ],
    accessories: [
      V('Schwadformer', 'Swath former', 'Formeur d’andain'),
      V('Hydraulische Entlastung', 'Hydraulic suspension', 'Allègement hydraulique'),
      V('LED-Beleuchtung', 'LED lighting', 'Éclairage LED'),
    ],
    customs: '84332090',
    weightKg: (s) => s * 0.26,
    price: (s) => s * 4.1,
    folder: 'maehwerke',
    tractorLinks: false,
  },
  {
    key: 'trommelmaehwerk',
    prefix: 140,
    weight: 5,
    group: ['Trommelmähwerke', 'Drum mowers', 'Faucheuses à tambours'],
    groupSlug: 'trommelmaehwerke',
    kinds: [
      {
        code: 'TM',
        names: ['Trommelmähwerk', 'Drum mower', 'Faucheuse à tambours'],
        models: ['165', '185', '210', '245', '285'],
        variants: [V('F'), V('Hydro'), V('Plus'), V('Alpin')],
      },
    ],
    pitch: [
      'ist robust, einfach zu warten und zieht auch dichten Bestand sauber ab.',
      'is rugged, easy to maintain and cuts even dense crops cleanly.',
      'est robuste, simple à entretenir et coupe proprement même les peuplements denses.',
    ],
    features: featureTemplates.drumMower,
    taxa: {
      produktbereich: ['trommelmaehwerke', 'maehwerke'],
      einsatzbereich: ['gruenland', 'heu'],
      kultur: ['gras'],
      anbauart: ['heck'],
      antrieb: ['zapfwelle-540'],
      saison: ['sommer'],
    },
    keywords: ['Mähwerk', 'Trommel', 'Mähteller', 'Berglandwirtschaft'],
    mainOptions: [
      V('Grundausführung', 'Basic version', 'Version de base'),
      V('mit Hangausrüstung', 'with slope kit', 'avec kit dévers'),
    ],
    accessories: [
      V('Schwadbleche', 'Swath plates', 'Tôles d’andainage'),
      V('Warntafeln mit Beleuchtung', 'Warning signs with lights', 'Panneaux de signalisation éclairés'),
    ],
    customs: '84332090',
    weightKg: (s) => s * 2.9,
    price: (s) => s * 38,
    folder: 'maehwerke',
    tractorLinks: false,
  },
  {
    key: 'kreiselzettwender',
    prefix: 180,
    weight: 10,
    group: ['Kreiselzettwender', 'Rotary tedders', 'Faneuses rotatives'],
    groupSlug: 'kreiselzettwender',
    kinds: [
      {
        code: 'KZ',
        names: ['Kreiselzettwender', 'Rotary tedder', 'Faneuse rotative'],
        models: ['420', '520', '660', '770', '900', '1100', '1300'],
        variants: [V('H'), V('T'), V('Profi'), V('DN')],
      },
    ],
    pitch: [
      'verteilt das Futter gleichmäßig und sorgt für schnelles, sicheres Trocknen.',
      'spreads the crop evenly for fast and reliable drying.',
      'répartit le fourrage de façon homogène pour un séchage rapide et sûr.',
    ],
    features: featureTemplates.tedder,
    taxa: {
      produktbereich: ['kreiselzettwender', 'zettwender'],
      einsatzbereich: ['gruenland', 'heu'],
      kultur: ['gras', 'heu'],
      anbauart: ['angebaut'],
      antrieb: ['zapfwelle-540'],
      saison: ['sommer'],
    },
    keywords: ['Zettwender', 'Kreisel', 'Doppelzinke', 'Heuernte', 'Grenzstreueinrichtung'],
    mainOptions: [
      V('Grundausführung', 'Basic version', 'Version de base'),
      V('mit hydraulischer Klappung', 'with hydraulic folding', 'avec repliage hydraulique'),
    ],
    accessories: [
      V('Grenzstreueinrichtung', 'Border spreading device', 'Dispositif d’épandage en bordure'),
      V('Zinkenverlustsicherung', 'Tine loss protection', 'Sécurité anti-perte de dents'),
      V('Tastrad', 'Gauge wheel', 'Roue de jauge'),
    ],
    customs: '84333000',
    weightKg: (s) => s * 1.35,
    price: (s) => s * 19,
    folder: 'zettwender',
    tractorLinks: false,
  },
  {
    key: 'kreiselschwader',
    prefix: 220,
    weight: 10,
    group: ['Kreiselschwader', 'Rotary rakes', 'Andaineurs rotatifs'],
    groupSlug: 'kreiselschwader',
    kinds: [
      {
        code: 'KS',
        names: ['Kreiselschwader', 'Rotary rake', 'Andaineur rotatif'],
        models: ['380', '420', '460', '680', '800', '1250', '1500'],
        variants: [V('Duo'), V('C'), V('Profi'), V('Quattro')],
      },
    ],
    pitch: [
      'legt lockere, gleichmäßige Schwade für Presse, Ladewagen und Häcksler.',
      'forms loose, even swaths for baler, loader wagon and forage harvester.',
      'forme des andains aérés et réguliers pour la presse, l’autochargeuse et l’ensileuse.',
    ],
    features: featureTemplates.rake,
    taxa: {
      produktbereich: ['kreiselschwader', 'schwader'],
      einsatzbereich: ['gruenland', 'heu', 'silage'],
      kultur: ['gras'],
      anbauart: ['gezogen'],
      antrieb: ['zapfwelle-540'],
      saison: ['sommer'],
    },
    keywords: ['Schwader', 'Schwad', 'Kreisel', 'Zinkenarm', 'Kurvenbahn'],
    mainOptions: [
      V('mit Mittelablage', 'with central swath', 'dépose centrale'),
      V('mit Seitenablage', 'with side delivery', 'dépose latérale'),
    ],
    accessories: [
      V('Tandemachse', 'Tandem axle', 'Essieu tandem'),
      V('Schwadtuch', 'Swath curtain', 'Toile d’andainage'),
    ],
    customs: '84333000',
    weightKg: (s) => s * 2.1,
    price: (s) => s * 27,
    folder: 'schwader',
    tractorLinks: false,
  },
  {
    key: 'bandschwader',
    prefix: 260,
    weight: 3,
    group: ['Bandschwader', 'Belt mergers', 'Andaineurs à tapis'],
    groupSlug: 'bandschwader',
    kinds: [
      {
        code: 'BS',
        names: ['Bandschwader', 'Belt merger', 'Andaineur à tapis'],
        models: ['700', '900', '1050', '1250'],
        variants: [V('S'), V('Profi'), V('Twin')],
      },
    ],
    pitch: [
      'nimmt das Futter schonend mit der Pick-up auf und legt es blattverlustarm ab.',
      'picks up the crop gently and lays it down with minimal leaf loss.',
      'ramasse le fourrage en douceur et le dépose en limitant les pertes de feuilles.',
    ],
    features: featureTemplates.merger,
    taxa: {
      produktbereich: ['bandschwader', 'schwader'],
      einsatzbereich: ['gruenland', 'silage'],
      kultur: ['luzerne', 'klee'],
      anbauart: ['gezogen'],
      antrieb: ['hydraulisch'],
      saison: ['sommer'],
    },
    keywords: ['Schwader', 'Pick-up', 'Förderband', 'Luzerne', 'blattschonend'],
    mainOptions: [V('Grundausführung', 'Basic version', 'Version de base')],
    accessories: [
      V('Pendelachse', 'Oscillating axle', 'Essieu oscillant'),
      V('ISOBUS-Steuerung', 'ISOBUS control', 'Commande ISOBUS'),
    ],
    customs: '84333000',
    weightKg: (s) => s * 4.4,
    price: (s) => s * 95,
    folder: 'schwader',
    tractorLinks: false,
  },
];
