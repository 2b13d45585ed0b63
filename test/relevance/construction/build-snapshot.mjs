/**
 * Writes the construction catalog snapshot (snapshot/) from the hand-written data below: construction
 * machinery, building-site equipment and power tools of three invented makers (Grundmann, Felsberg,
 * Ostwerk). The output is deterministic: no clock, no randomness. Run: node build-snapshot.mjs
 *
 * Writing rule (checked by check.mjs): the compound parts that queries.ndjson searches for as `head`,
 * `modifier` or `split` queries never appear as a word of their own anywhere in this file's catalog text,
 * in any language, nor as an inflected form or a word one typo away. They only occur inside compounds.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'snapshot');

// ---------------------------------------------------------------------------------------------------------
// Manufacturers (ids 11–13)
// ---------------------------------------------------------------------------------------------------------
const GRUNDMANN = 11;
const FELSBERG = 12;
const OSTWERK = 13;

const manufacturers = [
  {
    id: GRUNDMANN,
    slug: 'grundmann',
    short_name: 'Grundmann',
    names: {
      de: 'Grundmann Baumaschinen',
      en: 'Grundmann Construction Machinery',
      fr: 'Grundmann Engins de chantier',
    },
  },
  {
    id: FELSBERG,
    slug: 'felsberg',
    short_name: 'Felsberg',
    names: {
      de: 'Felsberg Elektrowerkzeuge',
      en: 'Felsberg Power Tools',
      fr: 'Felsberg Outillage électroportatif',
    },
  },
  {
    id: OSTWERK,
    slug: 'ostwerk',
    short_name: 'Ostwerk',
    names: { de: 'Ostwerk Baugeräte', en: 'Ostwerk Site Equipment', fr: 'Ostwerk Équipement de chantier' },
  },
].map((m) => ({
  ...m,
  is_active: true,
  created_at: '2021-02-01T08:00:00+01:00',
  updated_at: '2026-01-12T09:30:00+01:00',
}));

// ---------------------------------------------------------------------------------------------------------
// Taxonomies (ids 1–3) and terms (101–140 Warengruppe, 201–206 Einsatzbereich, 301–302 hidden)
// ---------------------------------------------------------------------------------------------------------
const taxonomies = [
  { id: 1, slug: 'warengruppe', label: 'Warengruppe', frontend: true, position: 1 },
  { id: 2, slug: 'einsatzbereich', label: 'Einsatzbereich', frontend: true, position: 2 },
  { id: 3, slug: 'produktmanagement', label: 'Produktmanagement', frontend: false, position: 3 },
];

// [id, taxonomy_id, parent_id, slug, name]
const taxonRows = [
  [101, 1, null, 'baumaschinen', 'Baumaschinen'],
  [102, 1, 101, 'erdbewegung', 'Erdbewegung'],
  [103, 1, 101, 'anbaugeraete', 'Anbaugeräte'],
  [104, 1, 101, 'verdichtung', 'Verdichtungstechnik'],
  [105, 1, 101, 'moertel-und-estrichtechnik', 'Mörtel- und Estrichtechnik'],
  [110, 1, null, 'baugeraete', 'Baugeräte'],
  [111, 1, 110, 'baustrom', 'Baustrom und Beleuchtung'],
  [112, 1, 110, 'foerdertechnik', 'Fördertechnik'],
  [113, 1, 110, 'trocknung', 'Trocknung und Lüftung'],
  [114, 1, 110, 'reinigungstechnik', 'Reinigungstechnik'],
  [115, 1, 110, 'druckluft', 'Drucklufttechnik'],
  [116, 1, 110, 'stromerzeugung', 'Stromerzeugung und Schweißtechnik'],
  [117, 1, 110, 'messtechnik', 'Messtechnik'],
  [118, 1, 110, 'absicherung', 'Gerüst und Absicherung'],
  [119, 1, 110, 'pumpen', 'Pumpen'],
  [120, 1, null, 'elektrowerkzeuge', 'Elektrowerkzeuge'],
  [121, 1, 120, 'bohrtechnik', 'Bohr- und Meißeltechnik'],
  [122, 1, 120, 'trenntechnik', 'Trenntechnik'],
  [123, 1, 120, 'schleiftechnik', 'Schleiftechnik'],
  [124, 1, 120, 'befestigungstechnik', 'Befestigungstechnik'],
  [125, 1, 120, 'fliesentechnik', 'Fliesentechnik'],
  [130, 1, null, 'handwerkzeuge', 'Handwerkzeuge'],
  [140, 1, null, 'zubehoer', 'Zubehör'],
  [201, 2, null, 'tiefbau', 'Tiefbau'],
  [202, 2, null, 'strassenbau', 'Straßenbau'],
  [203, 2, null, 'hochbau', 'Hochbau'],
  [204, 2, null, 'innenausbau', 'Innenausbau'],
  [205, 2, null, 'galabau', 'Garten- und Landschaftsbau'],
  [206, 2, null, 'abbruch-und-sanierung', 'Abbruch und Sanierung'],
  [301, 3, null, 'team-baumaschinen', 'Team Baumaschinen'],
  [302, 3, null, 'team-elektrowerkzeuge', 'Team Elektrowerkzeuge'],
];
const positions = new Map();
const taxons = taxonRows.map(([id, taxonomy_id, parent_id, slug, name]) => {
  const key = `${taxonomy_id}/${parent_id}`;
  const position = (positions.get(key) ?? 0) + 1;
  positions.set(key, position);
  return { id, taxonomy_id, parent_id, slug, name, position };
});

// ---------------------------------------------------------------------------------------------------------
// Products (ids 1001–1076, in the order below). Order numbers in four styles:
//   Grundmann  BM-12.180   (machines, attachments)
//   Felsberg   720.230     (power tools, accessories)
//   Ostwerk    OW 6150-01  (site equipment)
//   hand tools HZ 41-0200
// ---------------------------------------------------------------------------------------------------------
/**
 * One product: [slug, ordernumber, manufacturer, taxon ids, names {de,en,fr}, descriptions {de,en,fr?},
 * keywords, features, extra fields].
 */
const productRows = [
  // --- Erdbewegung -------------------------------------------------------------------------------------
  [
    'minibagger-gm-18',
    'BM-12.180',
    GRUNDMANN,
    [102, 201, 205, 301],
    {
      de: 'Grundmann Minibagger GM 18',
      en: 'Grundmann mini excavator GM 18',
      fr: 'Mini-pelle Grundmann GM 18',
    },
    {
      de: '<p>Kompakter 1,8-t-Minibagger mit hydraulisch verstellbarem Fahrwerk (980–1320&nbsp;mm), Gummilaufwerk und Planierschild.</p><ul><li>Grabtiefe 2350 mm</li><li>Dreizylinder-Diesel, 11,2 kW</li></ul>',
      en: '<p>Compact 1.8 t mini excavator with hydraulically adjustable undercarriage, rubber tracks and dozer blade.</p>',
      fr: 'Mini-pelle compacte de 1,8 t avec châssis extensible et lame de nivellement.',
    },
    ['Kompaktbagger', 'Gummilaufwerk', 'Planierschild', 'Verstellfahrwerk'],
    { betriebsgewicht_kg: 1850, grabtiefe_mm: 2350, motorleistung_kw: 11.2, fahrwerk: 'verstellbar' },
    { article_ids: [2003, 2004], sale_start: '2023-03-01' },
  ],
  [
    'kurzheck-minibagger-gm-27-vt',
    'BM-12.270',
    GRUNDMANN,
    [102, 201, 205, 301],
    {
      de: 'Grundmann Kurzheck-Minibagger GM 27 VT',
      en: 'Grundmann short-tail mini excavator GM 27 VT',
      fr: 'Mini-pelle à rayon court Grundmann GM 27 VT',
    },
    {
      de: 'Minibagger der 2,7-t-Klasse mit Kurzheck für enge Baustellen, Verstellausleger und Powertilt-Vorrüstung.',
      en: '2.7 t class mini excavator with short tail swing for tight sites, offset boom and tiltrotator preparation.',
    },
    ['Kompaktbagger', 'Zero-Tail', 'Verstellausleger'],
    { betriebsgewicht_kg: 2720, grabtiefe_mm: 2800, heckueberstand_mm: 0 },
    { objekttyp: 'modellvariante' },
  ],
  [
    'kettenbagger-gk-140-lc',
    'BM-12.140',
    GRUNDMANN,
    [102, 201, 202, 301],
    { de: 'Kettenbagger GK 140 LC', en: 'Crawler excavator GK 140 LC', fr: 'Pelle sur chenilles GK 140 LC' },
    {
      de: '14-t-Kettenbagger mit langem Laufwerk (LC), Stufe-V-Motor und Lastmomentbegrenzung für den Hebebetrieb.',
      en: '14 t crawler excavator with long undercarriage (LC), Stage V engine and load moment limiter for lifting work.',
      fr: 'Pelle sur chenilles de 14 t avec train long (LC) et moteur Phase V.',
    },
    ['Raupenbagger', 'Hebebetrieb', 'Stufe V'],
    { betriebsgewicht_kg: 14300, grabtiefe_mm: 5600, motorleistung_kw: 86 },
  ],
  [
    'mobilbagger-gmb-150',
    'BM-12.150',
    GRUNDMANN,
    [102, 202, 203, 301],
    { de: 'Mobilbagger GMB 150', en: 'Wheeled excavator GMB 150', fr: 'Pelle sur pneus GMB 150' },
    {
      de: 'Mobilbagger mit 15 t Einsatzgewicht, Pratzenabstützung hinten, Planierschild vorn und 35 km/h Fahrgeschwindigkeit.',
      en: '15 t wheeled excavator with rear outriggers, front dozer blade and 35 km/h travel speed.',
    },
    ['Straßenbau', 'Pratzen', 'Gummibereifung'],
    { betriebsgewicht_kg: 15200, hoechstgeschwindigkeit_kmh: 35 },
  ],
  [
    'radlader-gr-650',
    'BM-14.650',
    GRUNDMANN,
    [102, 201, 205, 301],
    { de: 'Radlader GR 650', en: 'Wheeled loading shovel GR 650', fr: 'Chargeuse sur pneus GR 650' },
    {
      de: 'Knickgelenkter Radlader mit 0,65 m³ Schaufel, hydrostatischem Fahrantrieb und Euro-Schnellwechsler.',
      en: 'Articulated loading shovel with 0.65 m³ bucket, hydrostatic drive and Euro quick coupler.',
      fr: 'Chargeuse articulée avec godet de 0,65 m³ et attache rapide Euro.',
    },
    ['Hoflader', 'Knicklenkung', 'Schaufel'],
    { schaufelinhalt_m3: 0.65, betriebsgewicht_kg: 4300, kipplast_kg: 2900 },
  ],
  [
    'teleskoplader-gt-3507',
    'BM-14.357',
    GRUNDMANN,
    [102, 203, 301],
    { de: 'Teleskoplader GT 3507', en: 'Telehandler GT 3507', fr: 'Chariot télescopique GT 3507' },
    {
      de: 'Teleskoplader mit 3,5 t Hubkraft, 7 m Hubhöhe und drei Lenkungsarten; Palettengabel serienmäßig.',
      en: 'Telehandler with 3.5 t lift capacity, 7 m lift height and three steering modes; pallet forks as standard.',
    },
    ['Telehandler', 'Palettengabel', 'Hubhöhe 7 m'],
    { hubkraft_kg: 3500, hubhoehe_m: 7 },
  ],
  [
    'raddumper-gd-1500',
    'BM-13.150',
    GRUNDMANN,
    [102, 201, 203, 301],
    {
      de: 'Raddumper GD 1500 mit Drehmulde',
      en: 'Wheeled site dumper GD 1500, swivel skip',
      fr: 'Dumper sur pneus GD 1500 à benne pivotante',
    },
    {
      de: 'Dumper mit 1,5 t Nutzlast, um 180° schwenkbarer Mulde und Überrollbügel (ROPS).',
      en: 'Site dumper with 1.5 t payload, 180° swivel skip and ROPS frame.',
    },
    ['Dumper', 'Drehmulde', 'Muldenkipper'],
    { nutzlast_kg: 1500, mulde: 'drehbar 180°' },
  ],
  // --- Anbaugeräte ---------------------------------------------------------------------------------------
  [
    'baggerloeffel-bl-400',
    'BM-19.400',
    GRUNDMANN,
    [103, 201, 301],
    { de: 'Baggerlöffel BL 400', en: 'Digging bucket BL 400', fr: 'Godet de terrassement BL 400' },
    {
      de: 'Tieflöffel, 400 mm breit, mit Hardox-Schneidkante und Zähnen, für Minibagger von 1,5 bis 3 t (Aufnahme MS01).',
      en: 'Digging bucket, 400 mm wide, Hardox cutting edge and teeth, for mini excavators from 1.5 to 3 t.',
    },
    ['Tieflöffel', 'Minibagger', 'MS01'],
    { breite_mm: 400, inhalt_l: 55, aufnahme: 'MS01' },
  ],
  [
    'grabenraeumloeffel-grl-1200',
    'BM-19.120',
    GRUNDMANN,
    [103, 201, 205, 301],
    {
      de: 'Grabenräumlöffel GRL 1200, hydraulisch schwenkbar',
      en: 'Ditch cleaning bucket GRL 1200, hydraulic tilt',
      fr: 'Godet de curage GRL 1200 orientable',
    },
    {
      de: 'Schwenkbarer Grabenräumlöffel (±45°) für Böschungen und Gräben, für Trägergeräte von 8 bis 16 t.',
      en: 'Tilting ditch cleaning bucket (±45°) for slopes and ditches, for carriers from 8 to 16 t.',
    },
    ['Böschung', 'Grabenpflege', 'Schwenklöffel'],
    { breite_mm: 1200, schwenkwinkel_grad: 45 },
  ],
  // --- Verdichtung ---------------------------------------------------------------------------------------
  [
    'ruettelplatte-rp-1550',
    'BM-16.155',
    GRUNDMANN,
    [104, 202, 205, 301],
    { de: 'Rüttelplatte RP 1550', en: 'Forward vibratory compactor RP 1550', fr: 'Plaque vibrante RP 1550' },
    {
      de: '<p>Vorwärtslaufende Rüttelplatte, 90 kg, 500 mm Arbeitsbreite, Viertakt-Benzinmotor.</p><p>Ideal für Pflasterarbeiten und Hinterfüllungen.</p>',
      en: '<p>Forward-running vibratory compactor, 90 kg, 500 mm working width, four-stroke petrol engine.</p>',
      fr: 'Plaque vibrante unidirectionnelle de 90 kg, largeur de travail 500 mm.',
    },
    ['Vibrationsplatte', 'Pflasterbau', 'Verdichtung'],
    { gewicht_kg: 90, arbeitsbreite_mm: 500, zentrifugalkraft_kn: 15, antrieb: 'Benzin' },
    { article_ids: [2005] },
  ],
  [
    'ruettelplatte-rp-3050-r',
    'BM-16.305',
    GRUNDMANN,
    [104, 201, 205, 301],
    {
      de: 'Rüttelplatte RP 3050 R, reversierbar',
      en: 'Reversible vibratory compactor RP 3050 R',
      fr: 'Plaque vibrante réversible RP 3050 R',
    },
    {
      de: 'Reversierbare Rüttelplatte mit 30 kN Zentrifugalkraft, stufenloser Vor- und Rückwärtsfahrt und Verdichtungsmesser.',
      en: 'Reversible vibratory compactor with 30 kN centrifugal force, infinitely variable forward and reverse travel and compaction meter.',
    },
    ['reversierbar', 'Vibrationsplatte', 'Grabenverdichtung'],
    { gewicht_kg: 240, arbeitsbreite_mm: 500, zentrifugalkraft_kn: 30, antrieb: 'Benzin' },
  ],
  [
    'diesel-ruettelplatte-rp-5075-d',
    'BM-16.507',
    GRUNDMANN,
    [104, 201, 202, 301],
    {
      de: 'Diesel-Rüttelplatte RP 5075 D, reversierbar',
      en: 'Diesel reversible vibratory compactor RP 5075 D',
      fr: 'Plaque vibrante diesel réversible RP 5075 D',
    },
    {
      de: 'Schwere Rüttelplatte mit 50 kN, Dieselmotor mit E-Start und 750 mm Arbeitsbreite für den Tiefbau.',
      en: 'Heavy reversible compactor with 50 kN, diesel engine with electric start and 750 mm working width.',
    },
    ['reversierbar', 'Dieselantrieb', 'Tiefbau'],
    { gewicht_kg: 480, arbeitsbreite_mm: 750, zentrifugalkraft_kn: 50, antrieb: 'Diesel' },
    { objekttyp: 'modellvariante' },
  ],
  [
    'vibrationsstampfer-vs-68',
    'BM-16.068',
    GRUNDMANN,
    [104, 201, 205, 301],
    { de: 'Vibrationsstampfer VS 68', en: 'Vibratory tamper VS 68', fr: 'Pilonneuse VS 68' },
    {
      de: '68-kg-Vibrationsstampfer mit Zweitaktmotor und 280 mm Stampffuß für Gräben und bindige Böden.',
      en: '68 kg vibratory tamper with two-stroke engine and 280 mm shoe for trenches and cohesive soils.',
    },
    ['Grabenverdichtung', 'Stampffuß', 'bindige Böden'],
    { gewicht_kg: 68, fussbreite_mm: 280 },
  ],
  [
    'grabenwalze-gwz-850',
    'BM-16.850',
    GRUNDMANN,
    [104, 201, 301],
    {
      de: 'Grabenwalze GWZ 850, ferngesteuert',
      en: 'Trench roller GWZ 850, remote-controlled',
      fr: 'Rouleau de tranchée GWZ 850 télécommandé',
    },
    {
      de: 'Funkferngesteuerte Grabenwalze mit Schaffußbandagen, 850 mm Arbeitsbreite und Infrarot-Sicherheitsabschaltung.',
      en: 'Remote-controlled trench roller with padfoot drums, 850 mm working width and infrared safety shutdown.',
    },
    ['Schaffußwalze', 'Grabenverdichtung', 'Fernsteuerung'],
    { gewicht_kg: 1450, arbeitsbreite_mm: 850 },
  ],
  [
    'tandemwalze-twz-120',
    'BM-16.912',
    GRUNDMANN,
    [104, 202, 301],
    { de: 'Tandemwalze TWZ 120', en: 'Tandem roller TWZ 120', fr: 'Rouleau tandem TWZ 120' },
    {
      de: 'Knickgelenkte Tandemwalze, 2,6 t, Bandagenbreite 1200 mm, Wassersprühsystem und Kantenandrückgerät für den Asphaltbau.',
      en: 'Articulated tandem roller, 2.6 t, 1200 mm drum width, water spray system and edge cutter for asphalt work.',
      fr: 'Rouleau tandem articulé de 2,6 t, largeur de bille 1200 mm.',
    },
    ['Asphaltbau', 'Straßenbau', 'Vibrationswalze'],
    { gewicht_kg: 2600, bandagenbreite_mm: 1200 },
  ],
  [
    'bandagenabstreifer-ba-1200',
    'BM-19.912',
    GRUNDMANN,
    [140, 202, 301],
    {
      de: 'Bandagenabstreifer BA 1200 für Tandemwalze TWZ 120',
      en: 'Drum scraper BA 1200 for tandem roller TWZ 120',
      fr: 'Racleur BA 1200 pour rouleau tandem TWZ 120',
    },
    {
      de: 'Ersatz-Abstreifleiste aus Kunststoff, 1200 mm, mit Federspannung.',
      en: 'Replacement plastic scraper bar, 1200 mm, spring-loaded.',
    },
    ['Abstreifer', 'Ersatzteil', 'Asphaltbau'],
    { laenge_mm: 1200, material: 'Kunststoff' },
  ],
  [
    'vulkollanmatte-vm-50',
    'BM-19.155',
    GRUNDMANN,
    [140, 205, 301],
    {
      de: 'Vulkollanmatte VM 50 für Rüttelplatten',
      en: 'Polyurethane pad VM 50 for vibratory compactors',
      fr: 'Tapis polyuréthane VM 50 pour plaques vibrantes',
    },
    {
      de: 'Schutzmatte für das Verdichten von Pflastersteinen ohne Kantenabplatzer, 500 mm, passend für RP 1550.',
      en: 'Protective pad for compacting paving stones without chipping, 500 mm, fits RP 1550.',
    },
    ['Pflasterbau', 'Pflasterschutz'],
    { breite_mm: 500 },
  ],
  // --- Mörtel- und Estrichtechnik, Beton ----------------------------------------------------------------
  [
    'ruettelbohle-rb-300',
    'BM-18.300',
    GRUNDMANN,
    [105, 203, 301],
    { de: 'Rüttelbohle RB 300', en: 'Vibrating screed RB 300', fr: 'Règle vibrante RB 300' },
    {
      de: 'Aluminium-Abziehbohle mit Benzinantrieb, Bohlenlänge 3,0 m, zum Abziehen und Verdichten von Estrich und Deckenflächen.',
      en: 'Aluminium screed with petrol drive, 3.0 m beam, for levelling and compacting screed and slabs.',
    },
    ['Abziehbohle', 'Estrich', 'Verdichtung'],
    { bohlenlaenge_m: 3.0, antrieb: 'Benzin' },
  ],
  [
    'betonmischer-mx-160',
    'BM-18.160',
    GRUNDMANN,
    [105, 203, 205, 301],
    { de: 'Betonmischer MX 160', en: 'Concrete mixer MX 160', fr: 'Bétonnière MX 160' },
    {
      de: 'Freifallmischer mit 160 l Trommel, Zahnkranzantrieb und Fahrgestell, 230 V.',
      en: 'Drum mixer with 160 l drum, ring gear drive and chassis, 230 V.',
      fr: 'Bétonnière à tambour de 160 l avec couronne dentée, 230 V.',
    },
    ['Freifallmischer', 'Baustellenmischer', '230 V'],
    { trommelinhalt_l: 160, spannung_v: 230 },
  ],
  [
    'zwangsmischer-zm-120',
    'BM-18.120',
    GRUNDMANN,
    [105, 203, 204, 301],
    { de: 'Zwangsmischer ZM 120', en: 'Pan mixer ZM 120', fr: 'Malaxeur à cuve ZM 120' },
    {
      de: 'Zwangsmischer mit 120 l Nutzinhalt für Estrich, Mörtel und Fertigmischungen; Entleerung über Bodenklappe.',
      en: 'Pan mixer with 120 l capacity for screed, mortar and premixes; discharge via bottom flap.',
    },
    ['Estrich', 'Mörtel', 'Tellermischer'],
    { nutzinhalt_l: 120 },
  ],
  [
    'fluegelglaetter-fg-900',
    'BM-18.900',
    GRUNDMANN,
    [105, 203, 204, 301],
    { de: 'Flügelglätter FG 900', en: 'Power trowel FG 900', fr: 'Truelle mécanique FG 900' },
    {
      de: 'Handgeführter Flügelglätter mit 900 mm Rotor, vier verstellbaren Flügeln und Glättscheibe für Industrieböden und Estrich.',
      en: 'Walk-behind power trowel with 900 mm rotor, four adjustable blades and float pan for industrial floors and screed.',
    },
    ['Glättscheibe', 'Industrieboden', 'Estrich'],
    { rotordurchmesser_mm: 900, fluegel: 4 },
  ],
  [
    'betonglaetter-bg-600',
    'BM-18.600',
    GRUNDMANN,
    [105, 204, 301],
    {
      de: 'Betonglätter BG 600, elektrisch',
      en: 'Concrete trowel BG 600, electric',
      fr: 'Lisseuse électrique BG 600',
    },
    {
      de: 'Leichter Betonglätter mit 600 mm Rotor und 230-V-Motor für Kanten, Treppenpodeste und kleine Flächen.',
      en: 'Lightweight concrete trowel with 600 mm rotor and 230 V motor for edges, landings and small areas.',
    },
    ['Kantenglätter', 'Elektroantrieb'],
    { rotordurchmesser_mm: 600, spannung_v: 230 },
  ],
  [
    'wandsaege-ws-20',
    'BM-18.020',
    GRUNDMANN,
    [122, 206, 301],
    {
      de: 'Wandsäge WS 20, hydraulisch',
      en: 'Wall saw WS 20, hydraulic',
      fr: 'Scie murale WS 20 hydraulique',
    },
    {
      de: 'Schienengeführte Wandsäge für Türöffnungen und Durchbrüche bis 73 cm Schnitttiefe, mit Hydraulikaggregat.',
      en: 'Track-mounted wall saw for door openings and penetrations up to 73 cm cutting depth, with hydraulic power pack.',
    },
    ['Durchbruch', 'Schnitttiefe 73 cm', 'Abbruch'],
    { schnitttiefe_cm: 73, antrieb: 'hydraulisch' },
  ],
  [
    'fugenschneider-fs-400-b',
    'BM-18.400',
    GRUNDMANN,
    [122, 202, 301],
    { de: 'Fugenschneider FS 400 B', en: 'Floor saw FS 400 B', fr: 'Scie de sol FS 400 B' },
    {
      de: 'Fugenschneider mit 400-mm-Diamanttrennscheibe, Benzinmotor und Wassertank für Asphalt und Estrich; Schnitttiefe 140 mm.',
      en: 'Floor saw with 400 mm diamond blade, petrol engine and water tank for asphalt and screed; 140 mm cutting depth.',
    },
    ['Asphalt', 'Diamanttrennscheibe', 'Straßenbau'],
    { scheibendurchmesser_mm: 400, schnitttiefe_mm: 140 },
  ],
  [
    'baukreissaege-bk-700',
    'BM-18.700',
    GRUNDMANN,
    [122, 203, 301],
    { de: 'Baukreissäge BK 700', en: 'Site saw bench BK 700', fr: 'Scie de chantier BK 700' },
    {
      de: 'Robuste Baukreissäge mit 700-mm-Sägeblatt, Spaltkeil und Untergestell für Schalholz und Kanthölzer.',
      en: 'Rugged site saw bench with 700 mm blade, riving knife and stand for formwork timber.',
    },
    ['Schalholz', 'Brennholz', 'Sägeblatt 700 mm'],
    { blattdurchmesser_mm: 700, schnitthoehe_mm: 240 },
  ],
  // --- Baustrom und Beleuchtung -------------------------------------------------------------------------
  [
    'baustromverteiler-bsv-32',
    'OW 3032-01',
    OSTWERK,
    [111, 203],
    {
      de: 'Baustromverteiler BSV 32',
      en: 'Site distribution board BSV 32',
      fr: 'Coffret de chantier BSV 32',
    },
    {
      de: 'Baustromverteiler mit 32-A-Zuleitung, FI-Schutzschalter Typ A und je zwei CEE- und Schuko-Steckdosen, IP44.',
      en: 'Site distribution board with 32 A supply, type A RCD and two CEE and two Schuko sockets, IP44.',
    },
    ['FI-Schutzschalter', 'CEE', 'Stromverteilung'],
    { nennstrom_a: 32, schutzart: 'IP44' },
  ],
  [
    'wandverteiler-wv-16',
    'OW 3016-01',
    OSTWERK,
    [111, 204],
    {
      de: 'Wandverteiler WV 16',
      en: 'Wall-mounted distribution board WV 16',
      fr: 'Coffret mural WV 16',
    },
    {
      de: 'Baustromverteiler zur Wandmontage mit 16-A-CEE-Eingang und vier Schuko-Steckdosen für den Innenausbau.',
      en: 'Site distribution board for wall mounting with 16 A CEE input and four Schuko sockets.',
    },
    ['Wandmontage', 'Innenausbau', 'Schuko'],
    { nennstrom_a: 16, schutzart: 'IP44' },
  ],
  [
    'wandlerzaehlerschrank-wzs-250',
    'OW 3250-01',
    OSTWERK,
    [111, 203],
    {
      de: 'Wandlerzählerschrank WZS 250',
      en: 'CT metering cabinet WZS 250',
      fr: 'Armoire de comptage WZS 250',
    },
    {
      de: 'Zähleranschlussschrank mit Stromwandlern für Baustellen bis 250 A, halbindirekte Messung, abschließbar.',
      en: 'Meter cabinet with current transformers for building sites up to 250 A, semi-indirect metering, lockable.',
    },
    ['Wandlermessung', 'Zählerschrank', 'Baustrom'],
    { nennstrom_a: 250 },
  ],
  [
    'led-strahler-ls-50',
    'OW 3050-01',
    OSTWERK,
    [111, 203, 204],
    {
      de: 'LED-Strahler LS 50 für die Baustelle',
      en: 'LED floodlight LS 50 for the building site',
      fr: 'Projecteur LED LS 50 pour le chantier',
    },
    {
      de: '50-W-LED-Strahler mit 5000 lm, Stativ bis 1,8 m und 5 m Gummikabel, Schutzart IP65.',
      en: '50 W LED floodlight with 5000 lm, tripod up to 1.8 m and 5 m rubber cable, IP65.',
    },
    ['Arbeitsleuchte', 'Stativ', 'Beleuchtung'],
    { leistung_w: 50, lichtstrom_lm: 5000, schutzart: 'IP65' },
  ],
  // --- Fördertechnik -------------------------------------------------------------------------------------
  [
    'bauaufzug-baz-250',
    'OW 4250-01',
    OSTWERK,
    [112, 203],
    { de: 'Bauaufzug BAZ 250', en: "Builder's hoist BAZ 250", fr: 'Monte-matériaux BAZ 250' },
    {
      de: 'Schrägaufzug mit 250 kg Tragkraft und 230-V-Seilwinde für Dachdecker und Hochbau.',
      en: 'Inclined hoist with 250 kg capacity and 230 V winch for roofing and building work.',
    },
    ['Schrägaufzug', 'Dachdecker', 'Materialaufzug'],
    { tragkraft_kg: 250, spannung_v: 230 },
  ],
  [
    'schuttrutsche-sr-10',
    'OW 4010-01',
    OSTWERK,
    [112, 206],
    {
      de: 'Schuttrutsche SR 10, Set mit 10 Elementen',
      en: 'Debris chute SR 10, set of 10 sections',
      fr: 'Goulotte à gravats SR 10, lot de 10 éléments',
    },
    {
      de: 'Kunststoff-Schuttrutsche aus PE mit Stahlseilaufhängung, 10 × 1 m, Einfüllöffnung 52 cm.',
      en: 'PE debris chute with steel rope suspension, 10 × 1 m, 52 cm inlet.',
    },
    ['Sanierung', 'Entrümpelung', 'Schuttabwurf'],
    { elemente: 10, laenge_m: 10 },
  ],
  [
    'schuttrutschen-trichter-srt-1',
    'OW 4010-02',
    OSTWERK,
    [112, 140, 206],
    {
      de: 'Schuttrutschen-Trichter SRT 1',
      en: 'Debris chute hopper SRT 1',
      fr: 'Trémie pour goulotte SRT 1',
    },
    {
      de: 'Einfülltrichter für die Schuttrutsche SR 10, mit Gerüstbefestigung.',
      en: 'Inlet hopper for debris chute SR 10, with scaffold mounting.',
    },
    ['Zubehör', 'Gerüst'],
    null,
  ],
  [
    'schubkarre-sk-100',
    'OW 4100-01',
    OSTWERK,
    [112, 203, 205],
    {
      de: 'Schubkarre SK 100, verzinkt',
      en: 'Wheelbarrow SK 100, galvanised',
      fr: 'Brouette SK 100 galvanisée',
    },
    {
      de: '100-l-Schubkarre mit verzinkter Mulde, Luftreifen 400 mm und Rohrrahmen.',
      en: '100 l wheelbarrow with galvanised tray, 400 mm pneumatic tyre and tubular frame.',
    },
    ['Bauschubkarre', 'Luftreifen', '100 Liter'],
    { inhalt_l: 100 },
  ],
  [
    'sackkarre-sak-250',
    'OW 4100-02',
    OSTWERK,
    [112, 204],
    { de: 'Sackkarre SAK 250', en: 'Sack truck SAK 250', fr: 'Diable SAK 250' },
    {
      de: 'Stabile Sackkarre mit 250 kg Tragkraft, klappbarer Schaufel und pannensicherer Bereifung.',
      en: 'Sturdy sack truck with 250 kg capacity, folding shovel and puncture-proof tyres.',
    },
    ['Transport', 'Tragkraft 250 kg'],
    { tragkraft_kg: 250 },
  ],
  // --- Trocknung und Lüftung, Reinigung ------------------------------------------------------------------
  [
    'radialluefter-rl-3000',
    'OW 5300-01',
    OSTWERK,
    [113, 204],
    { de: 'Radiallüfter RL 3000', en: 'Radial fan RL 3000', fr: 'Ventilateur radial RL 3000' },
    {
      de: 'Stapelbarer Baustellenventilator mit 3000 m³/h Luftleistung zur Unterstützung der Bautrocknung.',
      en: 'Stackable site fan with 3000 m³/h air flow to support building drying.',
    },
    ['Ventilator', 'Bautrocknung', 'Luftumwälzung'],
    { luftleistung_m3h: 3000 },
  ],
  [
    'bautrockner-bt-50',
    'OW 5050-01',
    OSTWERK,
    [113, 204, 206],
    {
      de: 'Ostwerk Bautrockner BT 50',
      en: 'Ostwerk building dehumidifier BT 50',
      fr: 'Déshumidificateur de chantier Ostwerk BT 50',
    },
    {
      de: 'Kondenstrockner mit 50 l/Tag Entfeuchtung, Hygrostat und Betriebsstundenzähler für Neubau und Wasserschäden.',
      en: 'Condensation dehumidifier removing 50 l/day, with hygrostat and hour meter for new builds and water damage.',
    },
    ['Kondenstrockner', 'Entfeuchter', 'Wasserschaden'],
    { entfeuchtung_l_tag: 50 },
  ],
  [
    'nass-und-trockensauger-nt-35',
    'OW 5535-01',
    OSTWERK,
    [114, 204],
    {
      de: 'Nass- und Trockensauger NT 35',
      en: 'Wet and dry vacuum NT 35',
      fr: 'Aspirateur eau et poussières NT 35',
    },
    {
      de: 'Kompakter Allessauger mit 35-l-Edelstahlbehälter, Blasfunktion und Gerätesteckdose.',
      en: 'Compact wet and dry vacuum with 35 l stainless steel tank, blower function and power tool socket.',
    },
    ['Allessauger', 'Werkstatt', 'Blasfunktion'],
    { behaelter_l: 35 },
  ],
  [
    'bausauger-bsm-45',
    'OW 5545-01',
    OSTWERK,
    [114, 206],
    {
      de: 'Bausauger BSM 45, Staubklasse M',
      en: 'Construction dust extractor BSM 45, class M',
      fr: 'Aspirateur de chantier BSM 45, classe M',
    },
    {
      de: 'Sicherheitssauger der Staubklasse M mit automatischer Filterabreinigung und 45-l-Behälter für Mineralstaub.',
      en: 'Class M dust extractor with automatic filter cleaning and 45 l container for mineral dust.',
    },
    ['Staubklasse M', 'Filterabreinigung', 'Mineralstaub'],
    { behaelter_l: 45, staubklasse: 'M' },
  ],
  [
    'hochdruckreiniger-hd-150',
    'OW 6150-01',
    OSTWERK,
    [114, 203, 205],
    {
      de: 'Hochdruckreiniger HD 150',
      en: 'Pressure washer HD 150',
      fr: 'Nettoyeur haute pression HD 150',
    },
    {
      de: 'Kaltwasser-Hochdruckreiniger mit 150 bar, 600 l/h, Dreikolbenpumpe und Schlauchtrommel.',
      en: 'Cold water pressure washer with 150 bar, 600 l/h, triple piston pump and hose reel.',
    },
    ['Kaltwasser', 'Baumaschinenpflege', '150 bar'],
    { druck_bar: 150, foerdermenge_lh: 600 },
    { article_ids: [2006] },
  ],
  [
    'heisswasser-hochdruckreiniger-hdh-180',
    'OW 6180-01',
    OSTWERK,
    [114, 202],
    {
      de: 'Heißwasser-Hochdruckreiniger HDH 180',
      en: 'Hot water pressure washer HDH 180',
      fr: 'Nettoyeur haute pression à eau chaude HDH 180',
    },
    {
      de: 'Heißwassergerät mit 180 bar und bis 155 °C, Dieselbrenner und Fahrgestell für Baumaschinen und Schalungen.',
      en: 'Hot water unit with 180 bar and up to 155 °C, diesel burner and trolley for construction machinery and formwork.',
    },
    ['Heißwasser', 'Schalungsreinigung', 'Dieselbrenner'],
    { druck_bar: 180, temperatur_c: 155 },
  ],
  [
    'flaechenreiniger-fr-40',
    'OW 6150-40',
    OSTWERK,
    [114, 140],
    {
      de: 'Flächenreiniger FR 40 für Hochdruckreiniger',
      en: 'Surface cleaner FR 40',
      fr: 'Nettoyeur de surfaces FR 40',
    },
    {
      de: 'Rotierender Flächenreiniger mit 400 mm Arbeitsbreite für Pflaster, Terrassen und Schalungstafeln; passend für HD 150 und HDH 180.',
      en: 'Rotary surface cleaner with 400 mm working width for paving, patios and formwork panels; fits HD 150 and HDH 180.',
    },
    ['Pflasterpflege', 'Zubehör', 'Terrasse'],
    { arbeitsbreite_mm: 400 },
  ],
  // --- Druckluft, Strom, Schweißen ----------------------------------------------------------------------
  [
    'kompressor-kp-270',
    'OW 7270-01',
    OSTWERK,
    [115, 203],
    {
      de: 'Kompressor KP 270, fahrbar',
      en: 'Air compressor KP 270, mobile',
      fr: 'Compresseur KP 270 mobile',
    },
    {
      de: 'Kolbenkompressor mit 270 l/min Ansaugleistung, 10 bar und 50-l-Kessel.',
      en: 'Piston compressor with 270 l/min intake, 10 bar and 50 l receiver.',
    },
    ['Druckluft', 'Kolbenkompressor', '10 bar'],
    { ansaugleistung_lmin: 270, druck_bar: 10, kessel_l: 50 },
  ],
  [
    'presslufthammer-ph-25',
    'OW 7025-01',
    OSTWERK,
    [115, 121, 206],
    {
      de: 'Presslufthammer PH 25',
      en: 'Pneumatic jackhammer PH 25',
      fr: 'Marteau-piqueur pneumatique PH 25',
    },
    {
      de: 'Druckluft-Aufbruchhammer mit 25 kg, Sechskant-Einsteckende 28 × 160 mm und Vibrationsdämpfung.',
      en: '25 kg pneumatic breaker with 28 × 160 mm hex shank and vibration damping.',
    },
    ['Aufbruchhammer', 'Druckluft', 'Abbruch'],
    { gewicht_kg: 25, einsteckende: '28 × 160 mm' },
  ],
  [
    'stromerzeuger-se-30',
    'OW 8030-01',
    OSTWERK,
    [116, 203],
    { de: 'Stromerzeuger SE 30', en: 'Generator SE 30', fr: 'Groupe électrogène SE 30' },
    {
      de: 'Benzin-Stromerzeuger mit 3,0 kVA, AVR-Regelung, zwei Schuko- und einer CEE-Steckdose.',
      en: 'Petrol generator with 3.0 kVA, AVR control, two Schuko sockets and one CEE socket.',
    },
    ['Stromaggregat', 'Notstrom', '3 kVA'],
    { leistung_kva: 3.0 },
  ],
  [
    'elektroden-schweissgeraet-ew-200',
    'OW 8200-01',
    OSTWERK,
    [116, 202],
    {
      de: 'Elektroden-Schweißgerät EW 200',
      en: 'Stick welder EW 200',
      fr: "Poste à souder à l'électrode EW 200",
    },
    {
      de: 'Inverter-Schweißgerät für Stabelektroden bis 4 mm, 200 A, Hot-Start und Anti-Stick.',
      en: 'Inverter stick welder for electrodes up to 4 mm, 200 A, hot start and anti-stick.',
    },
    ['E-Hand', 'Inverter', 'Stabelektrode'],
    { schweissstrom_a: 200 },
  ],
  [
    'schutzgasschweissgeraet-mig-250',
    'OW 8250-01',
    OSTWERK,
    [116, 202],
    { de: 'Schutzgasschweißgerät MIG 250', en: 'MIG welder MIG 250', fr: 'Poste à souder MIG 250' },
    {
      de: 'MIG/MAG-Schweißgerät mit 250 A, 4-Rollen-Drahtvorschub und Synergic-Kennlinien.',
      en: 'MIG/MAG welder with 250 A, 4-roll wire feed and synergic programs.',
    },
    ['MIG/MAG', 'Drahtvorschub', 'Schutzgas'],
    { schweissstrom_a: 250 },
  ],
  // --- Messtechnik, Gerüst und Absicherung ---------------------------------------------------------------
  [
    'laserentfernungsmesser-lem-60',
    '760.060',
    FELSBERG,
    [117, 203, 204, 302],
    {
      de: 'Laserentfernungsmesser LEM 60',
      en: 'Digital distance meter LEM 60',
      fr: 'Télémètre LEM 60',
    },
    {
      de: 'Messbereich 0,05 bis 60 m, Laserklasse 2, Neigungssensor sowie Flächen- und Volumenberechnung.',
      en: 'Measures from 0.05 to 60 m, class 2 beam, tilt sensor, area and volume calculation.',
    },
    ['Distanzmesser', 'Aufmaß', 'Neigungssensor'],
    { messbereich_m: 60 },
  ],
  [
    'geruestbock-gb-2',
    'OW 9002-01',
    OSTWERK,
    [118, 203, 204],
    {
      de: 'Gerüstbock GB 2, höhenverstellbar',
      en: 'Scaffold trestle GB 2, height-adjustable',
      fr: "Tréteau d'échafaudage GB 2 réglable",
    },
    {
      de: 'Stahl-Gerüstbock von 1,0 bis 1,9 m verstellbar, Tragkraft 500 kg, für Bohlenbreiten bis 40 cm.',
      en: 'Steel scaffold trestle adjustable from 1.0 to 1.9 m, 500 kg capacity.',
    },
    ['Maurerbock', 'Arbeitsbühne', 'Stahl'],
    { hoehe_m: '1,0–1,9', tragkraft_kg: 500 },
  ],
  [
    'saegebock-sb-1',
    'OW 9001-01',
    OSTWERK,
    [118, 130],
    { de: 'Sägebock SB 1, klappbar', en: 'Folding sawhorse SB 1', fr: 'Chevalet de sciage SB 1 pliant' },
    {
      de: 'Klappbarer Sägebock aus Stahlrohr mit Haltekralle für Kanthölzer und Brennholz.',
      en: 'Folding tubular steel sawhorse with gripping claw for squared timber and firewood.',
    },
    ['Holzbock', 'Brennholz'],
    null,
  ],
  [
    'absperrband-ab-500',
    'OW 9500-01',
    OSTWERK,
    [118, 202],
    {
      de: 'Absperrband AB 500, rot-weiß',
      en: 'Barrier tape AB 500, red and white',
      fr: 'Ruban de signalisation AB 500 rouge et blanc',
    },
    {
      de: 'Flatterband aus PE, 500 m × 80 mm, rot-weiß geblockt, für die Baustellenabsicherung.',
      en: 'PE barrier tape, 500 m × 80 mm, red/white, for site safety.',
    },
    ['Flatterband', 'Absicherung', 'Baustellenabsicherung'],
    { laenge_m: 500, breite_mm: 80 },
  ],
  // --- Elektrowerkzeuge: Bohren und Meißeln --------------------------------------------------------------
  [
    'bohrhammer-fb-26',
    '710.226',
    FELSBERG,
    [121, 203, 204, 302],
    { de: 'Bohrhammer FB 26, SDS-plus', en: 'SDS-plus rotary drill FB 26', fr: 'Perforateur SDS-plus FB 26' },
    {
      de: '<p>Kompakter Bohrhammer mit 800 W, 2,7 J Einzelschlagenergie und Meißelfunktion.</p>',
      en: '<p>Compact SDS-plus drill with 800 W, 2.7 J impact energy and chiselling function.</p>',
    },
    ['SDS-plus', 'Meißeln', 'Dübellöcher'],
    { leistung_w: 800, einzelschlagenergie_j: 2.7, werkzeugaufnahme: 'SDS-plus' },
    { article_ids: [2001, 2002], sale_start: '2024-02-01' },
  ],
  [
    'akkubohrhammer-fba-18',
    '710.318',
    FELSBERG,
    [121, 204, 302],
    {
      de: 'Akkubohrhammer FBA 18, 18 V',
      en: 'Cordless SDS-plus drill FBA 18, 18 V',
      fr: 'Perforateur sans fil FBA 18, 18 V',
    },
    {
      de: 'Bürstenloser 18-V-Bohrhammer mit 2,0 J, SDS-plus-Aufnahme und LED-Arbeitslicht; ohne Akkupack.',
      en: 'Brushless 18 V SDS-plus drill with 2.0 J and LED work light; battery pack not included.',
    },
    ['Akkupack 18 V', 'bürstenlos', 'SDS-plus'],
    { spannung_v: 18, einzelschlagenergie_j: 2.0 },
  ],
  [
    'abbruchhammer-fa-1500',
    '710.515',
    FELSBERG,
    [121, 206, 302],
    {
      de: 'Abbruchhammer FA 1500',
      en: 'Demolition breaker FA 1500',
      fr: 'Marteau de démolition FA 1500',
    },
    {
      de: 'Elektrischer 16-kg-Abbruchhammer mit 1500 W, 45 J und Sechskantaufnahme 30 mm für Abbrucharbeiten.',
      en: '16 kg electric demolition breaker with 1500 W, 45 J and 30 mm hex shank.',
    },
    ['Stemmhammer', 'Abbruch', 'Sechskant'],
    { leistung_w: 1500, einzelschlagenergie_j: 45, gewicht_kg: 16 },
  ],
  [
    'hammerbohrer-set-hb-7',
    '750.107',
    FELSBERG,
    [121, 140, 302],
    {
      de: 'Hammerbohrer-Set HB 7, SDS-plus',
      en: 'SDS-plus drill bit set HB 7',
      fr: 'Coffret de forets SDS-plus HB 7',
    },
    {
      de: 'Siebenteiliges Set mit Hammerbohrern von 5 bis 12 mm, Vierschneider-Hartmetallkopf, in Kunststoffkassette.',
      en: 'Seven-piece set of SDS-plus bits from 5 to 12 mm, four-cutter carbide head, in plastic case.',
    },
    ['Bohrer', 'SDS-plus', 'Vierschneider'],
    { teile: 7 },
  ],
  [
    'schlagbohrmaschine-fsb-850',
    '710.085',
    FELSBERG,
    [121, 204, 302],
    { de: 'Schlagbohrmaschine FSB 850', en: 'Impact drill FSB 850', fr: 'Perceuse à percussion FSB 850' },
    {
      de: '850-W-Schlagbohrmaschine mit 13-mm-Schnellspannbohrfutter, zwei Gängen und Tiefenanschlag.',
      en: '850 W impact drill with 13 mm keyless chuck, two gears and depth stop.',
    },
    ['Bohrmaschine', 'Mauerwerk', 'Schnellspannbohrfutter'],
    { leistung_w: 850 },
  ],
  [
    'bohrkrone-diamant-dbk-82',
    '750.182',
    FELSBERG,
    [121, 140, 302],
    {
      de: 'Bohrkrone Diamant DBK 82, Ø 82 mm',
      en: 'Diamond core bit DBK 82, 82 mm',
      fr: 'Couronne diamant DBK 82, Ø 82 mm',
    },
    {
      de: 'Lasergeschweißte Segmente, 1 1/4-Zoll-Anschluss, Nutzlänge 450 mm, für Nasskernbohrungen in bewehrten Bauteilen.',
      en: 'Welded diamond segments, 1 1/4 inch thread, 450 mm usable length, for wet core drilling in reinforced structures.',
    },
    ['Kernbohrung', 'Diamant', 'Nassbohrung'],
    { durchmesser_mm: 82, nutzlaenge_mm: 450 },
  ],
  // --- Elektrowerkzeuge: Befestigen, Schleifen, Trennen --------------------------------------------------
  [
    'akkuschrauber-fas-12',
    '740.112',
    FELSBERG,
    [124, 204, 302],
    {
      de: 'Akkuschrauber FAS 12, 12 V',
      en: 'Cordless drill driver FAS 12, 12 V',
      fr: 'Perceuse-visseuse sans fil FAS 12, 12 V',
    },
    {
      de: 'Leichter 12-V-Bohrschrauber mit 35 Nm, zwei Gängen und LED; inklusive zwei Akkupacks mit 2,0 Ah.',
      en: 'Lightweight 12 V drill driver with 35 Nm, two gears and LED; including two 2.0 Ah battery packs.',
    },
    ['Bohrschrauber', 'Akkupack', '12 V'],
    { spannung_v: 12, drehmoment_nm: 35 },
  ],
  [
    'akkuschlagschrauber-fss-18',
    '740.218',
    FELSBERG,
    [124, 202, 302],
    {
      de: 'Akkuschlagschrauber FSS 18, 18 V',
      en: 'Cordless impact wrench FSS 18, 18 V',
      fr: 'Boulonneuse sans fil FSS 18, 18 V',
    },
    {
      de: 'Bürstenloser Schlagschrauber mit 1/2-Zoll-Vierkant und 600 Nm für Baumaschinen und Schalung.',
      en: 'Brushless impact wrench with 1/2 inch square drive and 600 Nm for machinery and formwork.',
    },
    ['Schlagschrauber', 'Vierkant', '600 Nm'],
    { spannung_v: 18, drehmoment_nm: 600 },
  ],
  [
    'schrauberbit-set-sbs-32',
    '750.032',
    FELSBERG,
    [124, 140, 302],
    {
      de: 'Schrauberbit-Set SBS 32',
      en: 'Screwdriver bit set SBS 32',
      fr: "Coffret d'embouts de vissage SBS 32",
    },
    {
      de: '32-teiliges Bit-Set mit PH-, PZ- und Torx-Bits sowie Magnethalter.',
      en: '32-piece bit set with PH, PZ and Torx bits plus magnetic holder.',
    },
    ['Bits', 'Torx', 'Magnethalter'],
    { teile: 32 },
  ],
  [
    'winkelschleifer-fwk-230',
    '720.230',
    FELSBERG,
    [123, 203, 206, 302],
    {
      de: 'Felsberg Winkelschleifer FWK 230',
      en: 'Felsberg angle grinder FWK 230',
      fr: "Meuleuse d'angle Felsberg FWK 230",
    },
    {
      de: 'Großer Winkelschleifer mit 2400 W, 230-mm-Scheiben, Sanftanlauf und Wiederanlaufschutz.',
      en: 'Large angle grinder with 2400 W, 230 mm discs, soft start and restart protection.',
    },
    ['Flex', 'Trennscheibe', '230 mm'],
    { leistung_w: 2400, scheibendurchmesser_mm: 230 },
  ],
  [
    'akkuwinkelschleifer-fwka-18',
    '720.318',
    FELSBERG,
    [123, 204, 302],
    {
      de: 'Akkuwinkelschleifer FWKA 18, 125 mm',
      en: 'Cordless angle grinder FWKA 18, 125 mm',
      fr: "Meuleuse d'angle sans fil FWKA 18, 125 mm",
    },
    {
      de: 'Bürstenloser 18-V-Winkelschleifer für 125-mm-Scheiben mit Schnellspannmutter und Bremse; ohne Akkupack.',
      en: 'Brushless 18 V angle grinder for 125 mm discs with quick-release nut and brake; battery pack not included.',
    },
    ['Flex', '125 mm', 'bürstenlos'],
    { spannung_v: 18, scheibendurchmesser_mm: 125 },
  ],
  [
    'benzin-trennschleifer-ts-350',
    '730.350',
    FELSBERG,
    [122, 202, 206, 302],
    {
      de: 'Benzin-Trennschleifer TS 350',
      en: 'Petrol cut-off saw TS 350',
      fr: 'Découpeuse thermique TS 350',
    },
    {
      de: 'Motortrennschleifer mit 350-mm-Diamanttrennscheibe, Zweitaktmotor und Wasseranschluss zur Staubbindung; Schnitttiefe 125 mm.',
      en: 'Petrol cut-off saw with 350 mm diamond blade, two-stroke engine and water connection for dust suppression.',
    },
    ['Motorflex', 'Trennscheibe', 'Staubbindung'],
    { scheibendurchmesser_mm: 350, schnitttiefe_mm: 125 },
    { article_ids: [2007] },
  ],
  [
    'fuehrungswagen-fw-350',
    '750.350',
    FELSBERG,
    [122, 140, 302],
    {
      de: 'Führungswagen FW 350 für Trennschleifer',
      en: 'Cutting trolley FW 350 for cut-off saws',
      fr: 'Chariot de guidage FW 350 pour découpeuses',
    },
    {
      de: 'Fahrbarer Führungswagen mit 12-l-Wassertank und Tiefeneinstellung für gerade Schnitte in Asphalt und Pflaster; passend für TS 350.',
      en: 'Wheeled cutting trolley with 12 l water tank and depth adjustment for straight cuts; fits TS 350.',
    },
    ['Zubehör', 'Wassertank', 'Schnittführung'],
    { wassertank_l: 12 },
  ],
  [
    'betonschleifer-fbs-180',
    '720.180',
    FELSBERG,
    [123, 204, 206, 302],
    { de: 'Betonschleifer FBS 180', en: 'Concrete grinder FBS 180', fr: 'Surfaceuse FBS 180' },
    {
      de: 'Sanierungsschleifer mit 180-mm-Diamanttopfscheibe und Absaugstutzen zum Abtragen von Estrich, Putz und Kleberresten.',
      en: 'Renovation grinder with 180 mm diamond cup wheel and extraction port for removing screed, plaster and adhesive.',
    },
    ['Diamanttopfscheibe', 'Sanierung', 'Absaugung'],
    { scheibendurchmesser_mm: 180 },
  ],
  [
    'wandschleifer-fws-225',
    '720.225',
    FELSBERG,
    [123, 204, 302],
    { de: 'Wandschleifer FWS 225', en: 'Drywall sander FWS 225', fr: 'Ponceuse murale FWS 225' },
    {
      de: 'Langhalsschleifer für Trockenbau und Decken mit 225-mm-Schleifteller, Teleskopstiel und Absaugung.',
      en: 'Long-reach drywall sander for drywall and ceilings with 225 mm pad, telescopic handle and extraction.',
    },
    ['Langhalsschleifer', 'Trockenbau', 'Giraffe'],
    { tellerdurchmesser_mm: 225 },
  ],
  [
    'bandschleifer-fbb-75',
    '720.075',
    FELSBERG,
    [123, 204, 302],
    { de: 'Bandschleifer FBB 75', en: 'Belt sander FBB 75', fr: 'Ponceuse à courroie FBB 75' },
    {
      de: 'Bandschleifer für Schleifbänder 75 × 533 mm mit Staubbeutel und Schleifrahmen.',
      en: 'Belt sander for 75 × 533 mm sanding belts with dust bag and sanding frame.',
    },
    ['Schleifband', 'Holz', 'Staubbeutel'],
    { bandmass_mm: '75 × 533' },
  ],
  [
    'akkukreissaege-fka-165',
    '730.165',
    FELSBERG,
    [122, 204, 302],
    {
      de: 'Akkukreissäge FKA 165, 18 V',
      en: 'Cordless circular saw FKA 165, 18 V',
      fr: 'Scie circulaire sans fil FKA 165, 18 V',
    },
    {
      de: 'Bürstenlose Handkreissäge für 165-mm-Sägeblätter, Schnitttiefe 55 mm, Führungsschienen-kompatibel; ohne Akkupack.',
      en: 'Brushless circular saw for 165 mm blades, 55 mm cutting depth, guide rail compatible; battery pack not included.',
    },
    ['Handkreissäge', 'Führungsschiene', '18 V'],
    { spannung_v: 18, schnitttiefe_mm: 55 },
  ],
  [
    'tischkreissaege-ftk-254',
    '730.254',
    FELSBERG,
    [122, 203, 204, 302],
    { de: 'Tischkreissäge FTK 254', en: 'Table saw FTK 254', fr: 'Scie sur table FTK 254' },
    {
      de: 'Kompakte Tischkreissäge mit 254-mm-Sägeblatt, Untergestell mit Rollen, Parallelanschlag und Schiebeschlitten.',
      en: 'Compact table saw with 254 mm blade, wheeled stand, rip fence and sliding carriage.',
    },
    ['Parallelanschlag', 'Schiebeschlitten', '254 mm'],
    { blattdurchmesser_mm: 254 },
  ],
  [
    'kettensaege-fkt-40',
    '730.040',
    FELSBERG,
    [122, 205, 302],
    { de: 'Kettensäge FKT 40, Benzin', en: 'Chainsaw FKT 40, petrol', fr: 'Tronçonneuse FKT 40 thermique' },
    {
      de: 'Benzin-Motorsäge mit 40 cm Schwertlänge, 2,2 kW, Kettenbremse und Antivibrationssystem.',
      en: 'Petrol chainsaw with 40 cm bar, 2.2 kW, chain brake and anti-vibration system.',
    },
    ['Motorsäge', 'Schwert 40 cm', 'Forst'],
    { schwertlaenge_cm: 40, leistung_kw: 2.2 },
  ],
  [
    'kreissaegeblatt-ksb-190',
    '750.190',
    FELSBERG,
    [122, 140, 302],
    {
      de: 'Kreissägeblatt KSB 190 × 30 mm, 24 Zähne',
      en: 'Circular saw blade KSB 190 × 30 mm, 24 teeth',
      fr: 'Lame de scie circulaire KSB 190 × 30 mm, 24 dents',
    },
    {
      de: 'Hartmetall-Sägeblatt für Bauholz und Schalungsbretter, auch mit Nägeln.',
      en: 'Carbide blade for construction timber and formwork boards, nail-tolerant.',
    },
    ['Sägeblatt', 'Hartmetall', 'Bauholz'],
    { durchmesser_mm: 190, bohrung_mm: 30, zaehne: 24 },
  ],
  // --- Fliesen, Mörtel, Pumpen, Handwerkzeuge ------------------------------------------------------------
  [
    'fliesenschneider-fls-900',
    '730.900',
    FELSBERG,
    [125, 204, 302],
    {
      de: 'Fliesenschneider FLS 900',
      en: 'Manual tile cutter FLS 900',
      fr: 'Coupe-carreaux manuel FLS 900',
    },
    {
      de: 'Manueller Fliesenschneider für Formate bis 90 cm, Brechkraft 1000 kg, Ritzwerkzeug aus Hartmetall.',
      en: 'Manual tile cutter for tiles up to 90 cm, 1000 kg breaking force, carbide scoring wheel.',
    },
    ['Fliesen', 'Feinsteinzeug', '90 cm'],
    { schnittlaenge_mm: 900 },
  ],
  [
    'schneidemaschine-fsm-250',
    '730.250',
    FELSBERG,
    [125, 204, 302],
    {
      de: 'Schneidemaschine FSM 250 für Fliesen und Naturstein',
      en: 'Wet cutting machine FSM 250 for tiles and natural stone',
      fr: 'Scie à eau FSM 250 pour carrelage et pierre naturelle',
    },
    {
      de: 'Nassschneidemaschine mit 250-mm-Diamantscheibe, Wasserwanne und Schnittlänge 1000 mm.',
      en: 'Wet saw with 250 mm diamond blade, water tray and 1000 mm cutting length.',
    },
    ['Fliesen', 'Diamantscheibe', 'Naturstein'],
    { scheibendurchmesser_mm: 250, schnittlaenge_mm: 1000 },
  ],
  [
    'ruehrwerk-rw-1600',
    '740.160',
    FELSBERG,
    [105, 204, 302],
    {
      de: 'Rührwerk RW 1600 für Mörtel und Kleber',
      en: 'Mixing drill RW 1600 for mortar and adhesive',
      fr: 'Malaxeur électroportatif RW 1600 pour mortier et colle',
    },
    {
      de: 'Zweigang-Rührwerk mit 1600 W, M14-Aufnahme und 140-mm-Rührkorb für bis zu 90 l Material.',
      en: 'Two-speed mixing drill with 1600 W, M14 spindle and 140 mm paddle for up to 90 l of material.',
    },
    ['Rührquirl', 'Fliesenkleber', 'Estrich'],
    { leistung_w: 1600 },
  ],
  [
    'tauchpumpe-tp-400',
    'OW 6400-01',
    OSTWERK,
    [119, 201],
    {
      de: 'Tauchpumpe TP 400 für Schmutzwasser',
      en: 'Submersible pump TP 400 for dirty water',
      fr: 'Pompe submersible TP 400 pour eaux chargées',
    },
    {
      de: 'Tauchpumpe mit 400 l/min, Schwimmerschalter und Korngröße bis 30 mm für Baugruben.',
      en: 'Submersible pump with 400 l/min, float switch and solids up to 30 mm for excavation pits.',
    },
    ['Baugrube', 'Wasserhaltung', 'Schwimmerschalter'],
    { foerdermenge_lmin: 400, korngroesse_mm: 30 },
  ],
  [
    'rohrzange-rz-2',
    'HZ 41-0200',
    null,
    [130],
    { de: 'Rohrzange RZ 2, 2 Zoll', en: 'Pipe wrench RZ 2, 2 inch', fr: 'Clé serre-tubes RZ 2, 2 pouces' },
    {
      de: 'Schwedische Rohrzange aus Chrom-Vanadium, 45° Maulstellung, für Rohre bis 2 Zoll.',
      en: 'Swedish pattern pipe wrench in chrome vanadium, 45° jaws, for pipes up to 2 inch.',
    },
    ['Installation', 'Chrom-Vanadium', '2 Zoll'],
    { spannweite_zoll: 2 },
  ],
  [
    'monierzange-mz-280',
    'HZ 41-0280',
    null,
    [130, 203],
    { de: 'Monierzange MZ 280', en: 'Rebar tying pliers MZ 280', fr: 'Tenaille de ferrailleur MZ 280' },
    {
      de: 'Monierzange zum Verdrillen von Bindedraht bei Bewehrungsarbeiten, 280 mm, gehärtete Schneidkanten.',
      en: 'Rebar tying pliers for twisting binding wire in reinforcement work, 280 mm, hardened cutting edges.',
    },
    ['Bewehrung', 'Bindedraht', 'Eisenflechter'],
    { laenge_mm: 280 },
  ],
];

const pad = (n) => String(n).padStart(2, '0');
const products = productRows.map(
  ([slug, ordernumber, manufacturer, taxon_ids, names, descriptions, keywords, features, extra = {}], i) => ({
    id: 1001 + i,
    slug,
    objekttyp: 'produkt',
    ordernumber,
    names,
    descriptions,
    texts: null,
    product_page_url: null,
    features,
    sale_start: '2022-01-01',
    end_of_life: null,
    is_active: true,
    keywords,
    taxon_ids,
    manufacturer_ids: manufacturer === null ? [] : [manufacturer],
    tractor_model_ids: [],
    article_ids: [],
    media_links: [],
    uploads: [],
    created_at: `2025-${pad((i % 3) + 1)}-${pad((i % 27) + 1)}T08:00:00+01:00`,
    updated_at: `2026-${pad((i % 3) + 1)}-${pad(((i * 7) % 27) + 1)}T10:30:00+01:00`,
    ...extra,
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Articles (ids 2001–2007)
// ---------------------------------------------------------------------------------------------------------
const articles = [
  [
    2001,
    'main',
    'MA',
    '710.226.01',
    { de: 'Bohrhammer FB 26 im Transportkoffer', en: 'SDS-plus rotary drill FB 26 in carry case' },
    { de: 'FB 26 Koffer', en: 'FB 26 case' },
    3.1,
    '84672199',
    239,
  ],
  [
    2002,
    'main',
    'MA',
    '710.226.02',
    { de: 'Bohrhammer FB 26 mit Staubabsaugung', en: 'SDS-plus rotary drill FB 26 with dust extraction' },
    { de: 'FB 26 Absaugung', en: 'FB 26 extraction' },
    3.6,
    '84672199',
    289,
  ],
  [
    2003,
    'main',
    'MA',
    'BM-12.180-01',
    { de: 'Minibagger GM 18 mit Tieflöffel 300 mm', en: 'Mini excavator GM 18 with 300 mm digging bucket' },
    { de: 'GM 18 Standard', en: 'GM 18 standard' },
    1850,
    '84295210',
    24900,
  ],
  [
    2004,
    'main',
    'MA',
    'BM-12.180-02',
    {
      de: 'Minibagger GM 18 mit Powertilt und Schnellwechsler',
      en: 'Mini excavator GM 18 with tiltrotator and quick coupler',
    },
    { de: 'GM 18 Powertilt', en: 'GM 18 tilt' },
    1930,
    '84295210',
    29800,
  ],
  [
    2005,
    'spare',
    'ET',
    'E 16-0155',
    { de: 'Keilriemen für Rüttelplatte RP 1550', en: 'V-belt for vibratory compactor RP 1550' },
    null,
    0.2,
    '40103100',
    18.5,
  ],
  [
    2006,
    'spare',
    'ET',
    'E 61-5001',
    { de: 'Hochdruckschlauch 10 m für HD 150', en: 'High-pressure hose 10 m for HD 150' },
    null,
    1.9,
    '40093100',
    64,
  ],
  [
    2007,
    'main',
    'MA',
    '730.350.01',
    {
      de: 'Benzin-Trennschleifer TS 350 mit Diamanttrennscheibe',
      en: 'Petrol cut-off saw TS 350 with diamond blade',
    },
    { de: 'TS 350 Set', en: 'TS 350 kit' },
    10.2,
    '84678900',
    1190,
  ],
].map(([id, type, type_code, ordernumber, names, short_names, weight, customs_tariff_number, price], i) => ({
  id,
  type,
  type_code,
  ordernumber,
  names,
  short_names,
  descriptions: null,
  weight,
  customs_tariff_number,
  sale_start: '2022-01-01',
  end_of_life: null,
  is_active: true,
  price,
  stock: 3 + i,
  created_at: '2025-01-15T08:00:00+01:00',
  updated_at: '2026-01-15T08:00:00+01:00',
}));

// ---------------------------------------------------------------------------------------------------------
// Synonyms
// ---------------------------------------------------------------------------------------------------------
const synonyms = [
  { terms: ['Minibagger', 'Kompaktbagger', 'Kleinbagger'] },
  { terms: ['Rüttelplatte', 'Vibrationsplatte', 'Verdichtungsplatte'] },
  { terms: ['Stromerzeuger', 'Stromaggregat', 'Notstromaggregat'] },
  { terms: ['Raddumper', 'Baustellendumper'] },
  { input: 'Flex', synonyms: ['Winkelschleifer'] },
  { input: 'Baustellenventilator', synonyms: ['Radiallüfter'] },
];

// ---------------------------------------------------------------------------------------------------------
// Write
// ---------------------------------------------------------------------------------------------------------
const ndjson = (records) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const manifest = {
  format: 'catalog-snapshot',
  version: 1,
  generated_at: '2026-11-20T06:00:00+01:00',
  default_language: 'de',
};
writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
writeFileSync(path.join(out, 'manufacturers.ndjson'), ndjson(manufacturers));
writeFileSync(path.join(out, 'taxonomies.ndjson'), ndjson(taxonomies));
writeFileSync(path.join(out, 'taxons.ndjson'), ndjson(taxons));
writeFileSync(path.join(out, 'articles.ndjson'), ndjson(articles));
writeFileSync(path.join(out, 'products.ndjson'), ndjson(products));
writeFileSync(path.join(out, 'synonyms.ndjson'), ndjson(synonyms));
console.log(
  `snapshot: ${products.length} products, ${articles.length} articles, ${manufacturers.length} manufacturers, ` +
    `${taxonomies.length} taxonomies, ${taxons.length} taxons, ${synonyms.length} synonyms → ${path.relative(process.cwd(), out)}`,
);
