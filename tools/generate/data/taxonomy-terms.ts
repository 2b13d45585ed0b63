/**
 * The taxonomies (dimensions) and their term trees. A term is "Name" (slug from the name) or
 * "Name|slug"; shared sub-trees (product areas, places) make slugs recur across dimensions on purpose.
 */

/** A term: "Name" (slug from the name) or "Name|slug", with optional children. */
export type TermDef = string | readonly [string, readonly TermDef[]];

export interface TaxonomyDef {
  slug: string;
  label: string;
  frontend: boolean;
  terms: readonly TermDef[];
}

const GRUENLAND: readonly TermDef[] = [
  ['Mähwerke', ['Scheibenmähwerke', 'Trommelmähwerke', 'Frontmähwerke', 'Heckmähwerke', 'Mähkombinationen']],
  ['Zettwender', ['Kreiselzettwender']],
  ['Schwader', ['Kreiselschwader', 'Bandschwader']],
];
const ERNTE: readonly TermDef[] = [
  ['Pressen', ['Rundballenpressen', 'Quaderballenpressen', 'Press-Wickel-Kombinationen']],
  ['Ballenwickler', ['Rundballenwickler', 'Quaderballenwickler']],
  ['Ladewagen', ['Kurzschnittladewagen', 'Dosierladewagen']],
];
const VERSCHLEISS: readonly TermDef[] = ['Mähklingen', 'Zinken', 'Messer', 'Verschleißleisten'];
const HYDRAULIK: readonly TermDef[] = ['Hydraulikzylinder', 'Schläuche', 'Kupplungen'];
const ANTRIEB: readonly TermDef[] = ['Gelenkwellen', 'Getriebe', 'Lager'];
const PLACES: readonly TermDef[] = [
  [
    'Deutschland',
    ['Bayern', 'Baden-Württemberg', 'Niedersachsen', 'Nordrhein-Westfalen', 'Schleswig-Holstein', 'Sachsen'],
  ],
  ['Österreich', ['Tirol', 'Steiermark', 'Oberösterreich', 'Salzburg']],
  ['Schweiz', ['Bern', 'Graubünden', 'Luzern']],
  ['Frankreich', ['Bretagne', 'Normandie', 'Auvergne']],
  ['Benelux', ['Niederlande', 'Belgien', 'Luxemburg']],
];

export const TAXONOMIES: readonly TaxonomyDef[] = [
  {
    slug: 'produktbereich',
    label: 'Produktbereich',
    frontend: true,
    terms: [
      ['Grünlandtechnik', GRUENLAND],
      ['Erntetechnik', ERNTE],
      [
        'Frontladertechnik',
        [
          ['Frontlader', ['Frontlader mit Parallelführung', 'Frontlader ohne Parallelführung']],
          ['Werkzeuge', ['Schaufeln', 'Ballenhandling', 'Palettengabeln', 'Dungzangen']],
        ],
      ],
      [
        'Ersatzteile',
        [
          ['Verschleißteile', VERSCHLEISS],
          ['Hydraulik', HYDRAULIK],
          ['Antriebstechnik', ANTRIEB],
        ],
      ],
    ],
  },
  {
    slug: 'einsatzbereich',
    label: 'Einsatzbereich',
    frontend: true,
    terms: [
      ['Grünland', ['Silage', 'Heu', 'Heuernte', 'Grassilage', 'Luzerne', 'Klee']],
      ['Ackerbau', ['Stroh', 'Strohernte', 'Ganzpflanzensilage', 'Zwischenfrucht']],
      ['Hof und Stall', ['Fütterung', 'Einstreu', 'Winterdienst']],
      'Ballenhandling',
      ['Lohnunternehmen', ['Maschinenring']],
      ['Landschaftspflege', ['Straßenbegleitgrün', 'Naturschutzflächen']],
      'Kommunal',
    ],
  },
  {
    slug: 'kultur',
    label: 'Kultur',
    frontend: true,
    terms: [
      ['Gras', ['Weidelgras', 'Knaulgras', 'Grassilage']],
      ['Leguminosen', ['Luzerne', 'Klee', 'Rotklee']],
      ['Getreide', ['Stroh', 'Ganzpflanzensilage']],
      'Heu',
      'Silage',
      'Zwischenfrucht',
      'Mais',
    ],
  },
  {
    slug: 'arbeitsbreite',
    label: 'Arbeitsbreite',
    frontend: true,
    terms: [
      ['Schmal', ['bis 2 m|bis-2-m', '2 bis 3 m|2-bis-3-m']],
      ['Mittel', ['3 bis 4 m|3-bis-4-m', '4 bis 6 m|4-bis-6-m']],
      ['Groß|gross', ['6 bis 8 m|6-bis-8-m', '8 bis 10 m|8-bis-10-m', 'über 10 m|ueber-10-m']],
    ],
  },
  {
    slug: 'transportbreite',
    label: 'Transportbreite',
    frontend: true,
    terms: [
      ['Schmal', ['bis 2 m|bis-2-m', '2 bis 3 m|2-bis-3-m']],
      ['Mittel', ['3 bis 4 m|3-bis-4-m']],
      'Überbreite',
    ],
  },
  {
    slug: 'antrieb',
    label: 'Antrieb',
    frontend: true,
    terms: [
      [
        'Zapfwelle',
        ['540 U/min|zapfwelle-540', '1000 U/min|zapfwelle-1000', '540/1000 U/min|zapfwelle-540-1000'],
      ],
      ['Hydraulisch', ['Load-Sensing', 'Ölmotor']],
      'Mechanisch',
      ['Elektrisch', ['ISOBUS', 'Elektrohydraulik']],
    ],
  },
  {
    slug: 'ausstattung',
    label: 'Ausstattung',
    frontend: true,
    terms: [
      ['Hydraulik', ['Load-Sensing', 'Hydraulische Klappung', 'Hydraulisch']],
      ['Elektronik', ['ISOBUS', 'Elektrohydraulik', 'Bedienterminal']],
      ['Sicherheit', ['Beleuchtung', 'Warntafeln']],
      ['Komfort', ['Schwingungsdämpfung', 'Mechanisch']],
    ],
  },
  {
    slug: 'anbauart',
    label: 'Anbauart',
    frontend: true,
    terms: [
      ['Front', ['Frontanbau', 'Fronthydraulik']],
      ['Heck', ['Dreipunkt', 'Unterlenker']],
      'Gezogen',
      'Aufgesattelt',
      'Angebaut',
    ],
  },
  {
    slug: 'traktorleistung',
    label: 'Traktorleistung',
    frontend: true,
    terms: [
      'bis 60 kW|bis-60-kw',
      '60 bis 100 kW|60-bis-100-kw',
      '100 bis 150 kW|100-bis-150-kw',
      'über 150 kW|ueber-150-kw',
    ],
  },
  {
    slug: 'ersatzteilkatalog',
    label: 'Ersatzteilkatalog',
    frontend: true,
    terms: [
      [
        'Grünlandtechnik',
        [
          ['Mähwerke', ['Scheibenmähwerke', 'Trommelmähwerke']],
          ['Zettwender', ['Kreiselzettwender']],
          ['Schwader', ['Kreiselschwader', 'Bandschwader']],
        ],
      ],
      [
        'Erntetechnik',
        [['Pressen', ['Rundballenpressen', 'Quaderballenpressen']], 'Ballenwickler', 'Ladewagen'],
      ],
      ['Frontladertechnik', ['Frontlader', 'Werkzeuge']],
      ['Verschleißteile', VERSCHLEISS],
      ['Hydraulik', HYDRAULIK],
      ['Antriebstechnik', ANTRIEB],
      'Normteile',
    ],
  },
  {
    slug: 'zielgruppe',
    label: 'Zielgruppe',
    frontend: true,
    terms: [
      ['Landwirt', ['Haupterwerb', 'Nebenerwerb']],
      'Lohnunternehmer',
      'Maschinenring',
      'Kommunal',
      'Händler',
    ],
  },
  { slug: 'vertriebsregion', label: 'Vertriebsregion', frontend: true, terms: PLACES },
  {
    slug: 'saison',
    label: 'Saison',
    frontend: true,
    terms: [
      ['Frühjahr', ['Erster Schnitt']],
      ['Sommer', ['Zweiter Schnitt', 'Heuernte']],
      ['Herbst', ['Strohernte']],
      ['Winter', ['Winterdienst']],
    ],
  },
  {
    slug: 'kampagne',
    label: 'Kampagne',
    frontend: true,
    terms: [['Messeneuheiten', ['Agritechnica', 'EuroTier', 'SIMA']], 'Frühbezug', 'Aktionsmodell'],
  },
  {
    slug: 'personen',
    label: 'Personen',
    frontend: false,
    terms: [
      ['Produktmanagement', ['Jana Vogt', 'Matthias Brenner', 'Sophie Lang']],
      ['Vertrieb', [['Außendienst', ['Klaus Weber', 'Ayşe Demir']], 'Innendienst']],
      ['Technische Redaktion', ['Jürgen Roß']],
      'Landwirt',
      'Lohnunternehmer',
      'Händler',
    ],
  },
  {
    slug: 'orte',
    label: 'Orte',
    frontend: false,
    terms: [
      [
        'Deutschland',
        [
          ['Bayern', ['Werk Aulendorf', 'Versuchsgut Grub']],
          'Baden-Württemberg',
          'Niedersachsen',
          'Nordrhein-Westfalen',
          'Schleswig-Holstein',
          'Sachsen',
        ],
      ],
      ['Österreich', ['Tirol', 'Steiermark', 'Oberösterreich', 'Salzburg']],
      ['Schweiz', ['Bern', 'Graubünden', 'Luzern']],
      ['Frankreich', ['Bretagne', 'Normandie', 'Auvergne']],
      ['Benelux', ['Niederlande', 'Belgien', 'Luxemburg']],
      ['Messen', ['Agritechnica', 'EuroTier', 'SIMA']],
    ],
  },
  {
    slug: 'wetter',
    label: 'Wetter',
    frontend: false,
    terms: [
      ['Sonnig', ['Heuwetter']],
      'Bewölkt',
      ['Regen', ['Schauer', 'Dauerregen']],
      'Nebel',
      ['Jahreszeit', ['Frühjahr', 'Sommer', 'Herbst', 'Winter']],
    ],
  },
];
