/**
 * Writes the building-services catalog snapshot (snapshot/) from the hand-written data below: sanitary,
 * heating, electrical installation and ventilation products ("Haustechnik") of three invented makers
 * (Lauterbach, Heimthal, Voltaris) and a wholesaler's own brand. The output is deterministic: no clock, no
 * randomness. Run: node build-snapshot.mjs
 *
 * Writing rule (checked by check.mjs): the words that queries.ndjson searches for as `head`, `modifier`,
 * `split`, `combining`, `shortpart`, `agentnoun` or `partsorder` queries never appear as a word of their own
 * anywhere in this file's catalog text, in any language, nor as an inflected form or a word one typo away.
 * They only occur inside compounds (Unterputzspülkasten, Heizöltank, Schnellentlüfter).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'snapshot');

// ---------------------------------------------------------------------------------------------------------
// Manufacturers (ids 21–23); products with manufacturer null are the wholesaler's own brand
// ---------------------------------------------------------------------------------------------------------
const LAUTERBACH = 21;
const HEIMTHAL = 22;
const VOLTARIS = 23;

const manufacturers = [
  {
    id: LAUTERBACH,
    slug: 'lauterbach',
    short_name: 'Lauterbach',
    names: {
      de: 'Lauterbach Sanitärtechnik',
      en: 'Lauterbach Sanitary Systems',
      fr: 'Lauterbach Technique sanitaire',
    },
  },
  {
    id: HEIMTHAL,
    slug: 'heimthal',
    short_name: 'Heimthal',
    names: {
      de: 'Heimthal Heiz- und Lüftungstechnik',
      en: 'Heimthal Heating and Ventilation',
      fr: 'Heimthal Chauffage et ventilation',
    },
  },
  {
    id: VOLTARIS,
    slug: 'voltaris',
    short_name: 'Voltaris',
    names: { de: 'Voltaris Elektrotechnik', en: 'Voltaris Electrical', fr: 'Voltaris Électrotechnique' },
  },
].map((m) => ({
  ...m,
  is_active: true,
  created_at: '2021-03-01T08:00:00+01:00',
  updated_at: '2026-01-19T09:30:00+01:00',
}));

// ---------------------------------------------------------------------------------------------------------
// Taxonomies (ids 1–3) and terms (101–133 Warengruppe, 201–205 Einsatzbereich, 301–303 hidden)
// ---------------------------------------------------------------------------------------------------------
const taxonomies = [
  { id: 1, slug: 'warengruppe', label: 'Warengruppe', frontend: true, position: 1 },
  { id: 2, slug: 'einsatzbereich', label: 'Einsatzbereich', frontend: true, position: 2 },
  { id: 3, slug: 'produktmanagement', label: 'Produktmanagement', frontend: false, position: 3 },
];

// [id, taxonomy_id, parent_id, slug, name]
const taxonRows = [
  [101, 1, null, 'sanitaer', 'Sanitär'],
  [102, 1, 101, 'vorwandtechnik', 'Vorwandtechnik und WC'],
  [103, 1, 101, 'mischbatterien-und-brausen', 'Mischbatterien und Brausen'],
  [104, 1, 101, 'sanitaerkeramik', 'Sanitärkeramik und Duschflächen'],
  [105, 1, 101, 'entwaesserung', 'Entwässerung'],
  [106, 1, 101, 'wasseraufbereitung', 'Wasseraufbereitung und Hauswassertechnik'],
  [107, 1, 101, 'rohrsysteme', 'Rohrsysteme und Fittings'],
  [110, 1, null, 'heizung', 'Heizung'],
  [111, 1, 110, 'waermeerzeuger', 'Wärmeerzeuger'],
  [112, 1, 110, 'heizflaechen', 'Heizflächen und Zubehör'],
  [113, 1, 110, 'heizungsverteilung', 'Heizungsverteilung und Regelung'],
  [114, 1, 110, 'warmwasserbereitung', 'Warmwasserbereitung'],
  [115, 1, 110, 'heizoellagerung', 'Heizöllagerung'],
  [120, 1, null, 'elektroinstallation', 'Elektroinstallation'],
  [121, 1, 120, 'schutzgeraete', 'Schutzgeräte'],
  [122, 1, 120, 'installationsmaterial', 'Installationsmaterial'],
  [123, 1, 120, 'schalterprogramme', 'Schalterprogramme und Steckdosen'],
  [124, 1, 120, 'zaehlerplaetze', 'Zählerplätze und Hausanschluss'],
  [125, 1, 120, 'beleuchtung', 'Beleuchtung'],
  [126, 1, 120, 'werkzeug', 'Werkzeug und Prüfgeräte'],
  [130, 1, null, 'lueftung', 'Lüftung'],
  [131, 1, 130, 'kleinraumlueftung', 'Kleinraumlüftung'],
  [132, 1, 130, 'wohnraumlueftung', 'Wohnraumlüftung'],
  [133, 1, 130, 'luftfeuchte', 'Luftbe- und -entfeuchtung'],
  [201, 2, null, 'neubau', 'Neubau'],
  [202, 2, null, 'sanierung', 'Sanierung und Modernisierung'],
  [203, 2, null, 'badsanierung', 'Badsanierung'],
  [204, 2, null, 'gewerbe', 'Gewerbe und Gastronomie'],
  [205, 2, null, 'aussenbereich', 'Außenbereich'],
  [301, 3, null, 'team-sanitaer', 'Team Sanitär'],
  [302, 3, null, 'team-heizung-lueftung', 'Team Heizung/Lüftung'],
  [303, 3, null, 'team-elektro', 'Team Elektro'],
];
const positions = new Map();
const taxons = taxonRows.map(([id, taxonomy_id, parent_id, slug, name]) => {
  const key = `${taxonomy_id}/${parent_id}`;
  const position = (positions.get(key) ?? 0) + 1;
  positions.set(key, position);
  return { id, taxonomy_id, parent_id, slug, name, position };
});

// ---------------------------------------------------------------------------------------------------------
// Products (ids 1001–, in the order below). Order numbers in four styles:
//   Lauterbach  LB-3120.08   (sanitary)
//   Heimthal    7 241 024    (heating, ventilation; groups of digits with spaces)
//   Voltaris    V2310-40     (electrical)
//   own brand   4001250      (wholesaler's seven-digit number, no maker)
// ---------------------------------------------------------------------------------------------------------
/**
 * One product: [slug, ordernumber, manufacturer, taxon ids, names {de,en,fr?}, descriptions {de,en,fr?},
 * keywords, features, extra fields].
 */
const productRows = [
  // --- Vorwandtechnik und WC ------------------------------------------------------------------------------
  [
    'unterputzspuelkasten-up-8',
    'LB-3120.08',
    LAUTERBACH,
    [102, 201, 203, 301],
    {
      de: 'Lauterbach Unterputzspülkasten UP 8 für Wand-WC',
      en: 'Lauterbach concealed cistern UP 8 for wall-hung WC',
      fr: 'Réservoir de chasse encastré Lauterbach UP 8 pour WC suspendu',
    },
    {
      de: '<p>Unterputzspülkasten für die Vormauerung und den Trockenbau, 2-Mengen-Spültechnik 6/3&nbsp;l, werkzeuglos austauschbares Füllventil.</p><ul><li>Einbautiefe 80 mm</li><li>Revisionsöffnung für Betätigungsplatten der Serie BP</li></ul>',
      en: '<p>Concealed cistern for masonry and dry-wall installation, dual flush 6/3 l, fill valve replaceable without tools.</p>',
      fr: 'Réservoir encastré double touche 6/3 l pour montage en applique ou cloison sèche.',
    },
    ['UP-Spülkasten', '2-Mengen-Spülung', 'Vormauerung'],
    { spuelmenge_l: '6/3', einbautiefe_mm: 80, anschluss: 'R 1/2"' },
    { article_ids: [2001] },
  ],
  [
    'aufputzspuelkasten-ap-6',
    'LB-3120.06',
    LAUTERBACH,
    [102, 202, 301],
    {
      de: 'Aufputzspülkasten AP 6, tiefhängend',
      en: 'Exposed low-level cistern AP 6',
      fr: 'Réservoir de chasse apparent AP 6, bas',
    },
    {
      de: 'Tiefhängender Aufputzspülkasten aus Kunststoff mit Start-/Stopp-Taste und Spülrohr-Set, für Stand-WC in Altbau und Gewerbe.',
      en: 'Low-level exposed plastic cistern with start/stop button and flush pipe set, for floor-standing WCs.',
    },
    ['Spülkasten tiefhängend', 'Start-/Stopp-Spülung'],
    { spuelmenge_l: '6-9', material: 'Kunststoff' },
  ],
  [
    'vorwandelement-vw-112',
    'LB-3121.12',
    LAUTERBACH,
    [102, 201, 203, 301],
    {
      de: 'Vorwandelement VW 112 für Wand-WC, Bauhöhe 1120 mm',
      en: 'Pre-wall frame VW 112 for wall-hung WC, height 1120 mm',
      fr: 'Bâti-support VW 112 pour WC suspendu',
    },
    {
      de: 'Selbsttragendes Montageelement mit integriertem Unterputzspülkasten UP 8, höhenverstellbaren Füßen und Schallschutzset.',
      en: 'Self-supporting frame with integrated concealed cistern UP 8, adjustable feet and sound insulation set.',
    },
    ['Montageelement', 'Trockenbau', 'Vorwandinstallation'],
    { bauhoehe_mm: 1120, wc_last_kg: 400 },
  ],
  [
    'betaetigungsplatte-bp-20',
    'LB-3125.20',
    LAUTERBACH,
    [102, 203, 301],
    {
      de: 'Betätigungsplatte BP 20, 2-Mengen, Chrom matt',
      en: 'Flush plate BP 20, dual flush, matt chrome',
      fr: 'Plaque de commande BP 20, double touche',
    },
    {
      de: 'Zweimengen-Drückerplatte für Unterputzspülkasten UP 8 und Vorwandelement VW 112.',
      en: 'Two-button flush plate for concealed cistern UP 8 and pre-wall frame VW 112.',
    },
    ['Drückerplatte', 'Spültaste'],
    { oberflaeche: 'Chrom matt', masse_mm: '246 × 164' },
  ],
  // --- Mischbatterien und Brausen ---------------------------------------------------------------------
  [
    'waschtischarmatur-wta-100',
    'LB-4410.100',
    LAUTERBACH,
    [103, 203, 301],
    {
      de: 'Einhebel-Waschtischarmatur WTA 100 mit Ablaufgarnitur',
      en: 'Single-lever basin mixer WTA 100 with pop-up waste',
      fr: 'Mitigeur de lavabo WTA 100 avec vidage',
    },
    {
      de: 'Einhebelmischer mit 35-mm-Keramikkartusche, Strahlregler M24 × 1 und Zugstangen-Ablaufgarnitur; Ausladung 105 mm, Durchfluss 5,7 l/min.',
      en: 'Single-lever mixer with 35 mm ceramic cartridge, M24 aerator and pop-up waste; projection 105 mm.',
    },
    ['Einhebelmischer', 'Waschtischbatterie', 'Strahlregler'],
    { ausladung_mm: 105, durchfluss_l_min: 5.7, kartusche_mm: 35 },
  ],
  [
    'kuechenarmatur-sta-220',
    'LB-4420.220',
    LAUTERBACH,
    [103, 201, 301],
    {
      de: 'Küchenarmatur STA 220 mit Brauseauszug',
      en: 'Kitchen mixer tap STA 220 with pull-out spray',
      fr: 'Mitigeur d’évier STA 220 avec douchette extractible',
    },
    {
      de: 'Hohe Spültischbatterie mit schwenkbarem Auslauf (360°), ausziehbarer Zweistrahl-Brause und Vorfenstermontage-Option.',
      en: 'High-spout sink mixer with 360° swivel spout and two-jet pull-out spray.',
    },
    ['Spültischarmatur', 'Spültischbatterie', 'Einhebelmischer'],
    { ausladung_mm: 220, schwenkbereich_grad: 360 },
  ],
  [
    'duschthermostat-dt-40',
    'LB-4430.40',
    LAUTERBACH,
    [103, 202, 203, 301],
    {
      de: 'Duschthermostat DT 40, Aufputz',
      en: 'Thermostatic shower mixer DT 40, exposed',
      fr: 'Mitigeur thermostatique de douche DT 40',
    },
    {
      de: 'Thermostatmischer mit Verbrühschutz (Sperre bei 38 °C), Rückflussverhinderern und Anschluss unten für den Brauseschlauch.',
      en: 'Thermostatic mixer with scald protection (stop at 38 °C), check valves and bottom outlet for the shower hose.',
    },
    ['Brausethermostat', 'Verbrühschutz'],
    { sicherheitssperre_c: 38, anschluss: 'G 1/2"' },
  ],
  [
    'brausearm-ba-350',
    'LB-4450.350',
    LAUTERBACH,
    [103, 203],
    {
      de: 'Brausearm BA 350 für Kopfbrausen, Wandmontage',
      en: 'Shower arm BA 350 for overhead showers, wall mounted',
      fr: 'Bras de douche BA 350, montage mural',
    },
    {
      de: 'Massiver Brausearm aus Messing, 350 mm Ausladung, Anschluss G 1/2" mit Wandrosette.',
      en: 'Solid brass shower arm, 350 mm projection, G 1/2" connection with wall rosette.',
    },
    ['Wandarm', 'Kopfbrausearm'],
    { ausladung_mm: 350, anschluss: 'G 1/2"' },
  ],
  [
    'eckventil-ev-12',
    'LB-4470.12',
    LAUTERBACH,
    [103, 201],
    {
      de: 'Eckventil EV 12, 1/2" × 10 mm, mit Schubrosette',
      en: 'Angle valve EV 12, 1/2" × 10 mm, with sliding rosette',
      fr: 'Robinet d’équerre EV 12',
    },
    {
      de: 'Verchromtes Absperrventil im Winkel für den Anschluss von Waschtisch- und Spültischbatterien.',
      en: 'Chrome-plated angle stop valve for connecting basin and sink mixers.',
    },
    ['Geräteanschluss', 'Absperrventil'],
    { anschluss: '1/2" × 10 mm' },
  ],
  [
    'gartendusche-gd-2',
    'LB-4490.02',
    LAUTERBACH,
    [103, 205],
    {
      de: 'Gartendusche GD 2 mit Standsäule',
      en: 'Garden shower GD 2 with pillar',
      fr: 'Douche de jardin GD 2 sur colonne',
    },
    {
      de: 'Freistehende Außenbrause aus Edelstahl mit Kaltwasseranschluss (Gartenschlauch) und Fußauslöser.',
      en: 'Free-standing stainless outdoor shower with cold supply (garden hose) and foot valve.',
    },
    ['Außenbrause', 'Pooldusche'],
    { hoehe_mm: 2150 },
  ],
  // --- Sanitärkeramik und Duschflächen -------------------------------------------------------------
  [
    'handwaschbecken-hwb-45',
    'LB-5110.45',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Handwaschbecken HWB 45 für das Gäste-WC',
      en: 'Hand basin HWB 45 for the guest WC',
      fr: 'Lave-mains HWB 45 pour WC invités',
    },
    {
      de: 'Kompaktes Waschbecken aus Sanitärporzellan, 45 × 25 cm, Hahnloch rechts, mit Überlauf.',
      en: 'Compact vitreous china basin, 45 × 25 cm, tap hole right, with overflow.',
    },
    ['Gästebad', 'Gäste-Toilette'],
    { breite_mm: 450, tiefe_mm: 250 },
  ],
  [
    'ausgussbecken-agb-40',
    'LB-5120.40',
    LAUTERBACH,
    [104, 204],
    {
      de: 'Ausgussbecken AGB 40, Stahl emailliert, mit Klapprost',
      en: 'Slop sink AGB 40, enamelled steel, with hinged grid',
      fr: 'Vidoir AGB 40 en acier émaillé',
    },
    {
      de: 'Wandausguss für Hauswirtschaftsräume und Gewerbe, mit Kunststoff-Klapprost zum Abstellen von Eimern.',
      en: 'Wall-mounted slop sink for utility rooms, with plastic grid for buckets.',
    },
    ['Wandausguss', 'Hauswirtschaftsraum'],
    { breite_mm: 400 },
  ],
  [
    'einbauspuele-es-100',
    'LB-5130.100',
    LAUTERBACH,
    [104, 201],
    {
      de: 'Einbauspüle ES 100 mit Abtropffläche, Edelstahl',
      en: 'Inset kitchen sink ES 100 with drainer, stainless steel',
      fr: 'Évier à encastrer ES 100 avec égouttoir',
    },
    {
      de: 'Edelstahlspüle mit einem Hauptbecken, Restebecken und wendbarer Abtropffläche, Ausschnitt 980 × 480 mm.',
      en: 'Stainless sink with main bowl, half bowl and reversible drainer.',
    },
    ['Küchenspüle', 'Edelstahlspüle'],
    { ausschnitt_mm: '980 × 480' },
  ],
  [
    'spuelbecken-sb-50',
    'LB-5130.050',
    LAUTERBACH,
    [104, 204],
    {
      de: 'Spülbecken SB 50 für Gewerbeküchen, freistehend',
      en: 'Commercial sink SB 50, free-standing',
      fr: 'Plonge SB 50 pour cuisines professionnelles',
    },
    {
      de: 'Edelstahl-Spültisch mit tiefem Spülbecken (50 × 40 × 30 cm), Aufkantung und verstellbaren Füßen.',
      en: 'Stainless sink table with deep bowl, upstand and adjustable feet.',
    },
    ['Gastro-Spültisch', 'Großküche'],
    { beckenmass_cm: '50 × 40 × 30' },
  ],
  [
    'duschwanne-dw-90',
    'LB-5140.90',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Duschwanne DW 90 × 90, superflach, Stahl emailliert',
      en: 'Shower tray DW 90 × 90, extra flat, enamelled steel',
      fr: 'Receveur de douche DW 90 × 90 extra-plat',
    },
    {
      de: 'Quadratische Duschwanne, 25 mm hoch, für bodenebenen Einbau mit Wannenträger.',
      en: 'Square shower tray, 25 mm high, for flush installation.',
    },
    ['Duschfläche', 'bodeneben'],
    { masse_mm: '900 × 900', hoehe_mm: 25 },
  ],
  [
    'eckduschwanne-edw-90',
    'LB-5140.91',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Eckduschwanne EDW 90, Viertelkreis, Acryl',
      en: 'Quadrant shower tray EDW 90, acrylic',
      fr: 'Receveur d’angle EDW 90, quart de cercle',
    },
    {
      de: 'Viertelkreis-Duschwanne für die Raumecke, Radius 550 mm, mit Schürze.',
      en: 'Quadrant shower tray for corner installation, radius 550 mm.',
    },
    ['Viertelkreis', 'Acryl'],
    { radius_mm: 550 },
  ],
  [
    'badewanne-bw-170',
    'LB-5150.170',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Badewanne BW 170 × 75, Acryl, Rückenschräge',
      en: 'Bathtub BW 170 × 75, acrylic, sloped back',
      fr: 'Baignoire BW 170 × 75 en acrylique',
    },
    {
      de: 'Rechteck-Badewanne aus sanitärem Acryl mit einer Rückenschräge, Inhalt 180 l.',
      en: 'Rectangular acrylic bathtub with one sloped back, 180 l capacity.',
    },
    ['Rechteckwanne', 'Acryl'],
    { masse_mm: '1700 × 750', inhalt_l: 180 },
  ],
  [
    'eckbadewanne-ebw-140',
    'LB-5150.140',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Eckbadewanne EBW 140, symmetrisch',
      en: 'Corner bathtub EBW 140, symmetrical',
      fr: 'Baignoire d’angle EBW 140',
    },
    {
      de: 'Symmetrische Badewanne für die Raumecke, 140 × 140 cm, Acryl mit Styroporträger.',
      en: 'Symmetrical corner bath, 140 × 140 cm, acrylic with support frame.',
    },
    ['Raumecke', 'Acryl'],
    { masse_mm: '1400 × 1400' },
  ],
  [
    'wannentraeger-wtr-170',
    'LB-5150.900',
    LAUTERBACH,
    [104, 203],
    {
      de: 'Wannenträger WTR 170 aus Hartschaum',
      en: 'Bath support WTR 170, rigid foam',
      fr: 'Support de baignoire WTR 170',
    },
    {
      de: 'Passgenauer Träger für Badewanne BW 170, fliesbar, mit Schallentkopplung.',
      en: 'Fitted support for bathtub BW 170, tileable, acoustically decoupled.',
    },
    ['Wannenschürze', 'fliesbar'],
    { material: 'EPS-Hartschaum' },
  ],
  // --- Entwässerung -----------------------------------------------------------------------------------------
  [
    'duschrinne-dr-800',
    'LB-6110.800',
    LAUTERBACH,
    [105, 203, 301],
    {
      de: 'Duschrinne DR 800 Edelstahl, mit Designrost',
      en: 'Shower channel DR 800, stainless steel, with design grate',
      fr: 'Caniveau de douche DR 800 en inox',
    },
    {
      de: '<p>Bodengleiche Duschrinne mit werkseitig angebrachter Dichtmanschette, Ablaufleistung 0,8&nbsp;l/s, Bauhöhe ab 70 mm.</p>',
      en: '<p>Floor-level shower channel with factory-fitted sealing collar, drain capacity 0.8 l/s.</p>',
    },
    ['bodengleich', 'Designrost', 'Duschablauf'],
    { laenge_mm: 800, ablaufleistung_l_s: 0.8, material: 'Edelstahl 1.4301' },
  ],
  [
    'entwaesserungsrinne-er-100',
    '4001100',
    null,
    [105, 205],
    {
      de: 'Entwässerungsrinne ER 100 mit Stegrost, Klasse A 15',
      en: 'Drainage channel ER 100 with slotted grate, class A 15',
      fr: 'Caniveau de drainage ER 100, classe A 15',
    },
    {
      de: 'Polymerbeton-Rinnenkörper, 1 m lang, mit verzinktem Stegrost für Terrassen und Garagenzufahrten.',
      en: 'Polymer concrete channel body, 1 m long, with galvanised grate for patios and driveways.',
    },
    ['Hofentwässerung', 'Terrassenablauf'],
    { laenge_mm: 1000, belastungsklasse: 'A 15' },
  ],
  [
    'ht-abflussrohr-dn-50',
    '4001050',
    null,
    [105, 107, 201],
    {
      de: 'HT-Abflussrohr DN 50 × 1000 mm mit Muffe',
      en: 'HT drain pipe DN 50 × 1000 mm with socket',
      fr: 'Tube d’évacuation HT DN 50 × 1000 mm',
    },
    {
      de: 'Hochtemperaturbeständiges PP-Abflussrohr für die Hausentwässerung, Steckmuffe mit Lippendichtung.',
      en: 'Heat-resistant PP drain pipe for building drainage, push-fit socket with lip seal.',
    },
    ['HT-Abwasser', 'Steckmuffe'],
    { nennweite_dn: 50, laenge_mm: 1000, material: 'PP' },
  ],
  [
    'rohrbeluefter-rb-50-70',
    'LB-6130.50',
    LAUTERBACH,
    [105, 202],
    {
      de: 'Rohrbelüfter RB DN 50/70 für Abwasserfallleitungen',
      en: 'Air admittance valve RB DN 50/70 for soil stacks',
      fr: 'Clapet d’aération RB DN 50/70',
    },
    {
      de: 'Belüftungsventil gegen das Leersaugen von Geruchverschlüssen, Luftdurchsatz 7,5 l/s, mit Insektenschutz.',
      en: 'Air admittance valve that prevents traps from being siphoned, air flow 7.5 l/s.',
    },
    ['Belüftungsventil', 'Geruchverschluss'],
    { nennweite_dn: '50/70', luftdurchsatz_l_s: 7.5 },
  ],
  [
    'fettabscheider-fa-2',
    'LB-6160.02',
    LAUTERBACH,
    [105, 204],
    {
      de: 'Fettabscheider FA 2 für Großküchen, NS 2',
      en: 'Grease separator FA 2 for commercial catering, NS 2',
      fr: 'Séparateur à graisses FA 2, NS 2',
    },
    {
      de: 'Freistehender Edelstahl-Fettabscheider nach DIN EN 1825 mit Schlammfang und Probenahmetopf.',
      en: 'Free-standing stainless grease separator to EN 1825 with sludge trap.',
    },
    ['Gastronomie', 'DIN EN 1825'],
    { nenngroesse: 'NS 2' },
  ],
  [
    'oelabscheider-oa-3',
    'LB-6160.13',
    LAUTERBACH,
    [105, 204],
    {
      de: 'Ölabscheider OA 3 mit Koaleszenzeinsatz, NS 3',
      en: 'Oil separator OA 3 with coalescence insert, NS 3',
      fr: 'Séparateur d’hydrocarbures OA 3, NS 3',
    },
    {
      de: 'Leichtflüssigkeitsabscheider Klasse I für Werkstätten und Waschplätze, mit selbsttätigem Verschluss.',
      en: 'Class I light liquid separator for workshops and wash bays, with automatic closure.',
    },
    ['Leichtflüssigkeitsabscheider', 'Koaleszenz', 'Waschplatz'],
    { nenngroesse: 'NS 3', klasse: 'I' },
  ],
  // --- Wasseraufbereitung und Hauswassertechnik ------------------------------------------------------------
  [
    'trinkwasserenthaertungsanlage-ewa-3',
    'LB-7110.03',
    LAUTERBACH,
    [106, 201, 202, 301],
    {
      de: 'Trinkwasserenthärtungsanlage EWA 3, Doppelsäule',
      en: 'Water softener EWA 3, twin column',
      fr: 'Adoucisseur d’eau EWA 3 à double colonne',
    },
    {
      de: '<p>Vollautomatische Enthärtungsanlage mit zwei Harzsäulen für unterbrechungsfreies Weichwasser, mengengesteuerte Regeneration.</p><p>Für Ein- und Zweifamilienhäuser bis 6 Personen.</p>',
      en: '<p>Fully automatic softener with two resin columns for uninterrupted soft water, volume-controlled regeneration.</p>',
      fr: 'Adoucisseur automatique à deux colonnes, régénération volumétrique.',
    },
    ['Wasserenthärter', 'Weichwasser', 'Kalkschutz'],
    { personen: 6, anschluss: 'DN 25' },
  ],
  [
    'rueckspuelfilter-rsf-1',
    'LB-7120.10',
    LAUTERBACH,
    [106, 201],
    {
      de: 'Rückspülfilter RSF 1" mit Druckminderer',
      en: 'Backwash water strainer RSF 1" with pressure reducer',
      fr: 'Filtre à rinçage à contre-courant RSF 1"',
    },
    {
      de: 'Hauswasserstation aus Rückspülfilter (90 µm) und Druckminderer, Manometer und Drehanschluss.',
      en: 'Domestic water station: backwash strainer (90 µm), pressure reducer and gauge.',
    },
    ['Hauswasserstation', 'Feinfilter'],
    { anschluss: 'R 1"', maschenweite_um: 90 },
  ],
  [
    'druckerhoehungsanlage-dea-4',
    'LB-7140.04',
    LAUTERBACH,
    [106, 204],
    {
      de: 'Druckerhöhungsanlage DEA 4 mit Frequenzumrichter',
      en: 'Pressure booster set DEA 4 with frequency converter',
      fr: 'Surpresseur DEA 4 à variateur de fréquence',
    },
    {
      de: 'Kompakte Druckerhöhung für Mehrfamilienhäuser: zwei Kreiselpumpen, Membrandruckbehälter 24 l, Trockenlaufschutz.',
      en: 'Compact booster for apartment buildings: two centrifugal pumps, 24 l diaphragm vessel, dry-run protection.',
    },
    ['Booster', 'Kreiselpumpe', 'Mehrfamilienhaus'],
    { foerdermenge_m3_h: 4, foerderhoehe_m: 45 },
  ],
  [
    'warm-kaltwasserzaehler-wkz-2-5',
    'LB-7150.25',
    LAUTERBACH,
    [106, 201, 202],
    {
      de: 'Warm-/Kaltwasserzähler WKZ 2,5, 3/4", Q3 = 2,5 m³/h',
      en: 'Hot/cold water meter WKZ 2.5, 3/4", Q3 = 2.5 m³/h',
      fr: 'Compteur d’eau chaude/froide WKZ 2,5',
    },
    {
      de: 'Mehrstrahl-Flügelradzähler für Wohnungswasser, MID-geeicht, Warmwasserausführung bis 90 °C, Rollenzählwerk drehbar.',
      en: 'Multi-jet water meter for apartments, MID approved, hot water version up to 90 °C.',
    },
    ['Wohnungswasseruhr', 'MID', 'Flügelradzähler'],
    { q3_m3_h: 2.5, anschluss: 'G 3/4"', max_temperatur_c: 90 },
  ],
  [
    'regenwassertank-rt-3000',
    '4002300',
    null,
    [106, 205],
    {
      de: 'Regenwassertank RT 3000 l, begehbar',
      en: 'Rainwater tank RT 3000 l, walkable',
      fr: 'Cuve de récupération d’eau de pluie RT 3000 l',
    },
    {
      de: 'Unterirdischer Flachtank aus PE mit Teleskopdom, für Gartenbewässerung und WC-Spülung.',
      en: 'Underground shallow PE tank with telescopic dome, for garden irrigation and WC flushing.',
    },
    ['Zisterne', 'Flachtank'],
    { volumen_l: 3000 },
  ],
  [
    'regenwasserzentrale-rz-30',
    'LB-7160.30',
    LAUTERBACH,
    [106, 205],
    {
      de: 'Regenwasserzentrale RZ 30 mit Trinkwassernachspeisung',
      en: 'Rainwater management unit RZ 30 with mains backup',
      fr: 'Centrale d’eau de pluie RZ 30',
    },
    {
      de: 'Wandgerät mit selbstansaugender Kreiselpumpe, freiem Auslauf nach DIN EN 1717 und automatischer Umschaltung auf Netzwasser.',
      en: 'Wall unit with self-priming pump, air gap to EN 1717 and automatic switch to mains water.',
    },
    ['Zisternensteuerung', 'Hauswasserwerk'],
    { foerdermenge_m3_h: 3 },
  ],
  // --- Rohrsysteme und Fittings ---------------------------------------------------------------------------
  [
    'kupferrohr-15-x-1-ring',
    '4003015',
    null,
    [107, 201],
    {
      de: 'Kupferrohr 15 × 1 mm, weich, 50-m-Ring',
      en: 'Copper tube 15 × 1 mm, annealed, 50 m coil',
      fr: 'Tube cuivre 15 × 1 mm recuit, couronne de 50 m',
    },
    {
      de: 'Installationskupferrohr nach DIN EN 1057 für Trinkwasser- und Heizungsleitungen.',
      en: 'Copper tube to EN 1057 for drinking water and heating lines.',
    },
    ['DIN EN 1057', 'Ringware'],
    { aussendurchmesser_mm: 15, wandstaerke_mm: 1, laenge_m: 50 },
  ],
  [
    'kupferbogen-90-15',
    '4003115',
    null,
    [107],
    {
      de: 'Kupferbogen 90°, 15 mm, Lötfitting',
      en: 'Copper elbow 90°, 15 mm, solder fitting',
      fr: 'Coude cuivre 90°, 15 mm, à braser',
    },
    {
      de: 'Lötfitting i/i nach DIN EN 1254-1 für Weich- und Hartlötung.',
      en: 'Solder fitting female/female for soft and hard soldering.',
    },
    ['Lötfitting', 'Kapillarlötfitting'],
    { durchmesser_mm: 15, winkel_grad: 90 },
  ],
  [
    'pressverbinder-pv-15',
    'LB-8110.15',
    LAUTERBACH,
    [107, 201],
    {
      de: 'Pressverbinder PV 15 für Kupferrohr, Muffe',
      en: 'Press coupling PV 15 for copper tube',
      fr: 'Manchon à sertir PV 15 pour tube cuivre',
    },
    {
      de: 'Pressfitting aus Cu-DHP mit EPDM-Dichtring und Leckageindikator, V-Kontur.',
      en: 'Press fitting with EPDM O-ring and leak-before-press indicator, V profile.',
    },
    ['Pressfitting', 'V-Kontur'],
    { durchmesser_mm: 15, kontur: 'V' },
  ],
  [
    'mehrschichtverbundrohr-mv-16',
    'LB-8120.16',
    LAUTERBACH,
    [107, 112, 201],
    {
      de: 'Mehrschichtverbundrohr MV 16 × 2 mm, 200-m-Ring',
      en: 'Multilayer composite pipe MV 16 × 2 mm, 200 m coil',
      fr: 'Tube multicouche MV 16 × 2 mm',
    },
    {
      de: 'PE-RT/Al/PE-RT-Verbundrohr für Trinkwasser, Heizkörperanbindung und Fußbodenheizung.',
      en: 'PE-RT/Al/PE-RT composite pipe for drinking water, radiator connection and underfloor heating.',
    },
    ['Verbundrohr', 'Alu-Verbund'],
    { aussendurchmesser_mm: 16, wandstaerke_mm: 2, laenge_m: 200 },
  ],
  [
    'propan-loetbrenner-plb-2000',
    '4003900',
    null,
    [107, 126],
    {
      de: 'Propan-Lötbrenner PLB 2000 mit Piezozündung',
      en: 'Propane soldering torch PLB 2000 with piezo ignition',
      fr: 'Chalumeau à braser propane PLB 2000',
    },
    {
      de: 'Handlötgerät für Weich- und Hartlötung an Kupferrohr, Flammentemperatur bis 1900 °C, Schlauch 2 m.',
      en: 'Soldering torch for soft and hard soldering on copper tube, flame up to 1900 °C.',
    },
    ['Hartlöten', 'Piezozündung'],
    { flammentemperatur_c: 1900 },
  ],
  // --- Wärmeerzeuger -------------------------------------------------------------------------------------------
  [
    'gastherme-gt-24',
    '7 241 024',
    HEIMTHAL,
    [111, 202, 302],
    {
      de: 'Heimthal Gastherme GT 24, Kombigerät mit Brennwerttechnik',
      en: 'Heimthal wall-hung gas combi boiler GT 24, condensing',
      fr: 'Chaudière murale gaz mixte Heimthal GT 24 à condensation',
    },
    {
      de: '<p>Kombitherme für Etagenwohnungen: Heizung und Warmwasser im Durchlaufprinzip, Modulation 1:8.</p><p>Raumluftunabhängiger Betrieb mit Luft-/Abgassystem 60/100.</p>',
      en: '<p>Combi boiler for flats: heating and instantaneous hot water, modulation 1:8, room-sealed with 60/100 flue.</p>',
      fr: 'Chaudière mixte pour appartements, ventouse 60/100.',
    },
    ['Kombitherme', 'Etagenheizung', 'Erdgas'],
    { leistung_kw: 24, modulation: '1:8', abgassystem: '60/100' },
    { article_ids: [2002], sale_start: '2023-09-01' },
  ],
  [
    'gas-brennwerttherme-gbt-35',
    '7 241 035',
    HEIMTHAL,
    [111, 201, 302],
    {
      de: 'Heimthal Gas-Brennwerttherme GBT 35',
      en: 'Heimthal gas condensing boiler GBT 35',
      fr: 'Chaudière gaz à condensation Heimthal GBT 35',
    },
    {
      de: 'Wandhängendes Brennwertgerät für Ein- und Zweifamilienhäuser, 35 kW, Edelstahl-Wärmetauscher, wasserstofftauglich (H2-ready 20 %).',
      en: 'Wall-hung condensing boiler for houses, 35 kW, stainless heat exchanger, hydrogen ready (20 %).',
    },
    ['Brennwertgerät', 'Wandgerät', 'H2-ready'],
    { leistung_kw: 35, waermetauscher: 'Edelstahl' },
  ],
  [
    'oelbrennwertkessel-obk-25',
    '7 242 025',
    HEIMTHAL,
    [111, 202, 302],
    {
      de: 'Heimthal Ölbrennwertkessel OBK 25',
      en: 'Heimthal oil condensing boiler OBK 25',
      fr: 'Chaudière fioul à condensation Heimthal OBK 25',
    },
    {
      de: 'Bodenstehender Brennwertkessel für Heizöl EL schwefelarm, mit vormontiertem Blaubrenner und Abgaswärmetauscher aus Edelstahl.',
      en: 'Floor-standing condensing boiler for low-sulphur heating oil, with pre-fitted blue-flame burner.',
    },
    ['Heizölkessel', 'Brennwertkessel', 'Bodenkessel'],
    { leistung_kw: 25, brennstoff: 'Heizöl EL' },
  ],
  [
    'oelbrenner-ob-3',
    '7 242 103',
    HEIMTHAL,
    [111, 202],
    {
      de: 'Ölbrenner OB 3, Blaubrenner, zweistufig',
      en: 'Oil burner OB 3, blue flame, two-stage',
      fr: 'Brûleur fioul OB 3 à flamme bleue',
    },
    {
      de: 'Gebläsebrenner für die Modernisierung von Niedertemperaturkesseln 15–30 kW, mit Ölvorwärmung und Feuerungsautomat.',
      en: 'Forced-draught burner for modernising low-temperature boilers 15–30 kW.',
    },
    ['Blaubrenner', 'Gebläsebrenner'],
    { leistung_kw: '15–30', stufen: 2 },
  ],
  [
    'luft-wasser-waermepumpe-lw-9',
    '7 243 009',
    HEIMTHAL,
    [111, 201, 202, 302],
    {
      de: 'Heimthal Luft/Wasser-Wärmepumpe LW 9, Monoblock',
      en: 'Heimthal air-to-water heat pump LW 9, monobloc',
      fr: 'Pompe à chaleur air/eau Heimthal LW 9 monobloc',
    },
    {
      de: '<p>Monoblock-Wärmepumpe zur Außenaufstellung mit natürlichem Kältemittel R290, Vorlauftemperatur bis 70&nbsp;°C.</p><ul><li>SCOP 4,6 (35 °C)</li><li>Schallleistung 49 dB(A)</li></ul>',
      en: '<p>Outdoor monobloc heat pump with natural refrigerant R290, flow temperature up to 70 °C.</p>',
      fr: 'Pompe à chaleur monobloc au R290, départ jusqu’à 70 °C.',
    },
    ['R290', 'Monoblock', 'Außenaufstellung'],
    { heizleistung_kw: 9, kaeltemittel: 'R290', scop: 4.6 },
    { article_ids: [2003] },
  ],
  [
    'kondensathebepumpe-khp-10',
    '7 244 010',
    HEIMTHAL,
    [111, 105, 202],
    {
      de: 'Kondensathebepumpe KHP 10 für Brennwertgeräte und Klimageräte',
      en: 'Condensation water lifting pump KHP 10 for condensing boilers and air conditioners',
      fr: 'Pompe de relevage pour eaux de condensation KHP 10',
    },
    {
      de: 'Kompakte Hebepumpe mit 1,8-l-Behälter, Förderhöhe 4,5 m, Alarmkontakt zum Abschalten des Wärmeerzeugers.',
      en: 'Compact lifting pump with 1.8 l tank, head 4.5 m, alarm contact.',
    },
    ['Hebepumpe', 'Brennwert'],
    { foerderhoehe_m: 4.5, behaelter_l: 1.8 },
  ],
  [
    'kondensatneutralisation-ne-70',
    '7 244 070',
    HEIMTHAL,
    [111, 105],
    {
      de: 'Kondensatneutralisation NE 70 mit Granulatfüllung',
      en: 'Neutralising unit NE 70 for condensation water, with granulate filling',
      fr: 'Neutraliseur pour eaux de condensation NE 70',
    },
    {
      de: 'Neutralisationsbox für Brennwertgeräte bis 70 kW nach DWA-A 251, Granulat für etwa ein Jahr.',
      en: 'Neutralising box for condensing boilers up to 70 kW.',
    },
    ['Neutralisationsbox', 'DWA-A 251'],
    { max_leistung_kw: 70 },
  ],
  // --- Heizflächen und Zubehör -------------------------------------------------------------------------------
  [
    'kompaktheizkoerper-typ-22-600-1000',
    '7 251 226',
    HEIMTHAL,
    [112, 201, 302],
    {
      de: 'Kompaktheizkörper Typ 22, 600 × 1000 mm, seitlicher Anschluss',
      en: 'Compact panel radiator type 22, 600 × 1000 mm, side connection',
      fr: 'Radiateur panneau type 22, 600 × 1000 mm',
    },
    {
      de: 'Flachheizkörper mit zwei Platten und zwei Konvektorblechen, 1595 W bei 75/65/20 °C, RAL 9016.',
      en: 'Panel radiator, two panels and two convector fins, 1595 W at 75/65/20 °C.',
    },
    ['Flachheizkörper', 'Plattenheizkörper', 'Typ 22'],
    { bauhoehe_mm: 600, baulaenge_mm: 1000, waermeleistung_w: 1595 },
  ],
  [
    'badheizkoerper-bhk-1200',
    '7 252 120',
    HEIMTHAL,
    [112, 203, 302],
    {
      de: 'Badheizkörper BHK 1200 × 600, weiß, Mittelanschluss',
      en: 'Bathroom towel radiator BHK 1200 × 600, white, centre connection',
      fr: 'Radiateur sèche-serviettes BHK 1200 × 600',
    },
    {
      de: 'Sprossenheizkörper mit gebogenen Rundrohr-Sprossen, 50 mm Mittenanschluss, optional mit Elektro-Heizpatrone.',
      en: 'Ladder-style towel radiator with curved tubes, 50 mm centre connection.',
    },
    ['Handtuchheizkörper', 'Sprossenheizkörper'],
    { bauhoehe_mm: 1200, baubreite_mm: 600, waermeleistung_w: 610 },
  ],
  [
    'elektro-heizstab-eh-3',
    '7 254 003',
    HEIMTHAL,
    [112, 114],
    {
      de: 'Elektro-Heizstab EH 3, 3 kW, 1 1/2" Einschraubgewinde',
      en: 'Electric immersion heater EH 3, 3 kW, 1 1/2" thread',
      fr: 'Thermoplongeur électrique EH 3, 3 kW',
    },
    {
      de: 'Einschraubheizkörper aus Edelstahl für Warmwasser- und Pufferspeicher, mit Regel- und Sicherheitsthermostat, 400 V.',
      en: 'Stainless immersion heater for hot water and buffer tanks, with control and safety thermostat, 400 V.',
    },
    ['PV-Überschuss', 'Einschraubheizkörper'],
    { leistung_kw: 3, spannung_v: 400, einbaulaenge_mm: 480 },
  ],
  [
    'heizkoerperthermostat-hkt-30',
    '7 255 030',
    HEIMTHAL,
    [112, 113, 202],
    {
      de: 'Heizkörperthermostat HKT 30, Anschluss M30 × 1,5',
      en: 'Radiator thermostat head HKT 30, M30 × 1.5',
      fr: 'Tête thermostatique HKT 30, M30 × 1,5',
    },
    {
      de: 'Thermostatkopf mit Flüssigfühler, Nullstellung und Frostschutz, Skala 1–5 (7–28 °C).',
      en: 'Thermostatic head with liquid sensor, zero position and frost protection.',
    },
    ['Thermostatkopf', 'Frostschutz'],
    { gewinde: 'M30 × 1,5', regelbereich_c: '7–28' },
  ],
  [
    'thermostatventil-tv-1-2',
    '7 255 012',
    HEIMTHAL,
    [112, 113, 202],
    {
      de: 'Thermostatventil TV 1/2", Durchgangsform, voreinstellbar',
      en: 'Thermostatic radiator valve body TV 1/2", straight, presettable',
      fr: 'Corps de robinet thermostatique TV 1/2", droit',
    },
    {
      de: 'Ventilunterteil für Zweirohrheizungen mit stufenloser Voreinstellung, Anschluss M30 × 1,5.',
      en: 'Valve body for two-pipe systems with stepless presetting.',
    },
    ['Ventilunterteil', 'Voreinstellung'],
    { anschluss: 'Rp 1/2"', kopfanschluss: 'M30 × 1,5' },
  ],
  [
    'automatik-heizkoerperentluefter-ae-1-8',
    '7 255 108',
    HEIMTHAL,
    [112, 202],
    {
      de: 'Automatik-Heizkörperentlüfter AE 1/8"',
      en: 'Automatic radiator air vent AE 1/8"',
      fr: 'Purgeur automatique de radiateur AE 1/8"',
    },
    {
      de: 'Selbsttätiges Entlüftungsventil mit Quellscheibe zum Einschrauben anstelle der Entlüftungsschraube.',
      en: 'Automatic air vent with hygroscopic disc, replaces the bleed screw.',
    },
    ['Entlüftungsventil', 'Heizkörperzubehör'],
    { gewinde: 'G 1/8"' },
  ],
  [
    'schnellentluefter-se-3-8',
    '7 256 038',
    HEIMTHAL,
    [113, 201],
    {
      de: 'Schnellentlüfter SE 3/8" mit Absperrventil',
      en: 'Automatic air vent SE 3/8" with shut-off valve',
      fr: 'Purgeur d’air automatique SE 3/8"',
    },
    {
      de: 'Schwimmergesteuerter Entlüftungstopf aus Messing für Heizungs- und Solarkreise bis 120 °C, 10 bar.',
      en: 'Float-type brass air vent for heating and solar circuits up to 120 °C.',
    },
    ['Entlüftungstopf', 'Schwimmerentlüftung'],
    { gewinde: 'G 3/8"', max_temperatur_c: 120, max_druck_bar: 10 },
  ],
  // --- Heizungsverteilung und Regelung ---------------------------------------------------------------------
  [
    'heizkreisverteiler-hkv-8-fbh',
    '7 261 008',
    HEIMTHAL,
    [113, 201, 302],
    {
      de: 'Heizkreisverteiler HKV 8 für Fußbodenheizung, Edelstahl, 8 Abgänge',
      en: 'Underfloor heating manifold HKV 8, stainless steel, 8 outlets',
      fr: 'Collecteur de plancher chauffant HKV 8, 8 départs',
    },
    {
      de: 'Vor- und Rücklaufbalken mit Durchflussmessern, Thermostatoberteilen für Stellantriebe und Füll-/Entleerhähnen.',
      en: 'Flow and return bars with flow meters, valve inserts for actuators and fill/drain cocks.',
    },
    ['FBH-Verteilerbalken', 'Flächenheizung'],
    { abgaenge: 8, anschluss: 'G 1"' },
  ],
  [
    'heizkreisverteiler-hkv-3-kompakt',
    '7 261 103',
    HEIMTHAL,
    [113, 202],
    {
      de: 'Heizkreisverteiler HKV 3 kompakt mit hydraulischer Weiche',
      en: 'Heating circuit manifold HKV 3, compact, with low-loss header',
      fr: 'Collecteur de chauffage HKV 3 avec bouteille de mélange',
    },
    {
      de: 'Isolierter Verteilerbalken für drei Heizkreispumpengruppen, Kesselleistung bis 70 kW.',
      en: 'Insulated manifold for three pump groups, boiler output up to 70 kW.',
    },
    ['hydraulische Weiche', 'Heizkreispumpengruppe'],
    { abgaenge: 3, max_leistung_kw: 70 },
  ],
  [
    'heizungsumwaelzpumpe-up-25-60',
    '7 262 560',
    HEIMTHAL,
    [113, 202, 302],
    {
      de: 'Heizungsumwälzpumpe UP 25-60, Hocheffizienz, 180 mm',
      en: 'High-efficiency heating circulator UP 25-60, 180 mm',
      fr: 'Circulateur de chauffage haute efficacité UP 25-60',
    },
    {
      de: 'Nassläuferpumpe mit EC-Motor, Differenzdruckregelung Δp-v/Δp-c, Förderhöhe bis 6 m, Baulänge 180 mm.',
      en: 'Wet rotor circulator with EC motor, Δp-v/Δp-c control, head up to 6 m.',
    },
    ['Hocheffizienzpumpe', 'Nassläufer', 'ErP'],
    { foerderhoehe_m: 6, baulaenge_mm: 180, anschluss: 'G 1 1/2"' },
  ],
  [
    'membranausdehnungsgefaess-mag-35',
    '7 263 035',
    HEIMTHAL,
    [113, 201],
    {
      de: 'Membranausdehnungsgefäß MAG 35 l für Heizungsanlagen',
      en: 'Expansion vessel MAG 35 l for heating systems',
      fr: 'Vase d’expansion à membrane MAG 35 l',
    },
    {
      de: 'Geschlossenes MAG nach DIN EN 13831 mit Vordruck 1,5 bar, zulässiger Betriebsüberdruck 3 bar.',
      en: 'Sealed diaphragm vessel to EN 13831, pre-charge 1.5 bar.',
    },
    ['MAG', 'Druckhaltung'],
    { volumen_l: 35, vordruck_bar: 1.5 },
  ],
  [
    'sicherheitsventil-sv-3-bar',
    '7 263 103',
    HEIMTHAL,
    [113, 201],
    {
      de: 'Sicherheitsventil SV 1/2", 3 bar, für Heizungsanlagen',
      en: 'Safety relief valve SV 1/2", 3 bar, for heating systems',
      fr: 'Soupape de sécurité SV 1/2", 3 bar',
    },
    {
      de: 'Membran-Sicherheitsventil nach TRD 721, Kennbuchstabe H, Ausblaseleistung bis 50 kW.',
      en: 'Diaphragm safety valve, marking H, relief capacity up to 50 kW.',
    },
    ['TRD 721', 'Ausblaseleitung'],
    { ansprechdruck_bar: 3, anschluss: 'Rp 1/2"' },
  ],
  [
    'magnetit-schlammabscheider-msa-1',
    '7 263 201',
    HEIMTHAL,
    [113, 202],
    {
      de: 'Magnetit-Schlammabscheider MSA 1" mit Neodym-Magnet',
      en: 'Magnetic dirt separator MSA 1" with neodymium magnet',
      fr: 'Pot de décantation magnétique MSA 1"',
    },
    {
      de: 'Schützt Hocheffizienzpumpen und Wärmetauscher vor Magnetit und Schmutz, Entleerung im laufenden Betrieb.',
      en: 'Protects circulators and heat exchangers from magnetite and dirt.',
    },
    ['Schmutzfänger', 'Magnetitfilter'],
    { anschluss: 'G 1"' },
  ],
  [
    'raumthermostat-rt-20',
    '7 264 020',
    HEIMTHAL,
    [113, 201, 202],
    {
      de: 'Raumthermostat RT 20, Aufputz, 230 V, mit Wochenprogramm',
      en: 'Room thermostat RT 20, surface mounted, 230 V, weekly program',
      fr: 'Thermostat d’ambiance RT 20 programmable',
    },
    {
      de: 'Digitaler Raumregler für Fußbodenheizung und Stellantriebe, Absenkbetrieb und Fensterkontakt-Eingang.',
      en: 'Digital room controller for underfloor heating and actuators.',
    },
    ['Raumregler', 'Uhrenthermostat'],
    { spannung_v: 230 },
  ],
  [
    'aussenfuehler-af-200',
    '7 264 200',
    HEIMTHAL,
    [113, 201],
    {
      de: 'Außenfühler AF 200 für witterungsgeführte Regelung',
      en: 'Outdoor temperature sensor AF 200 for weather compensation',
      fr: 'Sonde extérieure AF 200',
    },
    {
      de: 'NTC-Außentemperaturfühler 10 kΩ im Aufputzgehäuse, IP 54, für alle Heimthal-Wärmeerzeuger.',
      en: 'NTC 10 kΩ outdoor sensor in surface housing, IP 54.',
    },
    ['NTC 10k', 'witterungsgeführt'],
    { kennlinie: 'NTC 10 kΩ', schutzart: 'IP 54' },
  ],
  [
    'anlegefuehler-alf-60',
    '7 264 060',
    HEIMTHAL,
    [113],
    {
      de: 'Anlegefühler ALF 60 mit Spannband',
      en: 'Strap-on sensor ALF 60 with clamping band',
      fr: 'Sonde d’applique ALF 60',
    },
    {
      de: 'Vorlauftemperaturfühler zum Anlegen an Rohrleitungen bis 2", mit Wärmeleitpaste.',
      en: 'Strap-on flow temperature sensor for pipework up to 2".',
    },
    ['Vorlauffühler', 'Spannband'],
    { kennlinie: 'NTC 10 kΩ' },
  ],
  [
    'waermemengenzaehler-wmz-1-5',
    '7 265 015',
    HEIMTHAL,
    [113, 201, 202],
    {
      de: 'Wärmemengenzähler WMZ 1,5 m³/h, Ultraschall, M-Bus',
      en: 'Heat meter WMZ 1.5 m³/h, ultrasonic, M-Bus',
      fr: 'Compteur d’énergie thermique WMZ 1,5 m³/h',
    },
    {
      de: 'Ultraschall-Kompaktgerät für die Heizkostenabrechnung in Wohnungen, mit Tauchfühlerpaar und M-Bus-Modul.',
      en: 'Ultrasonic compact heat meter for billing in apartments, with pair of immersion sensors.',
    },
    ['Wärmezähler', 'M-Bus', 'Heizkostenabrechnung'],
    { qp_m3_h: 1.5, schnittstelle: 'M-Bus' },
  ],
  // --- Warmwasserbereitung ---------------------------------------------------------------------------------
  [
    'warmwasserspeicher-ws-300',
    '7 271 300',
    HEIMTHAL,
    [114, 201, 302],
    {
      de: 'Warmwasserspeicher WS 300, emailliert, mit Glattrohr-Wärmetauscher',
      en: 'Hot water cylinder WS 300, enamelled, with smooth-tube heat exchanger',
      fr: 'Ballon d’eau chaude WS 300 émaillé',
    },
    {
      de: 'Stehender Trinkwasserspeicher 300 l mit Magnesium-Schutzanode, Muffe für Elektro-Heizstab und 80 mm PU-Dämmung.',
      en: 'Upright 300 l cylinder with magnesium anode, boss for immersion heater and 80 mm PU insulation.',
      fr: 'Préparateur d’eau chaude sanitaire vertical de 300 l.',
    },
    ['Trinkwassererwärmer', 'Glattrohr', 'emailliert'],
    { inhalt_l: 300, daemmung_mm: 80 },
  ],
  [
    'pufferspeicher-ps-800',
    '7 272 800',
    HEIMTHAL,
    [114, 201],
    {
      de: 'Pufferspeicher PS 800 ohne Wärmetauscher',
      en: 'Buffer tank PS 800 without heat exchanger',
      fr: 'Ballon tampon PS 800',
    },
    {
      de: 'Heizungspuffer aus Stahl für Wärmepumpen- und Festbrennstoffanlagen, 800 l, Vliesdämmung 100 mm.',
      en: 'Steel heating buffer tank for heat pump and solid fuel systems, 800 l.',
    },
    ['Heizungspuffer', 'Schichtladung'],
    { inhalt_l: 800, daemmung_mm: 100 },
  ],
  // --- Heizöllagerung -----------------------------------------------------------------------------------------
  [
    'heizoeltank-dwt-1500',
    '4004150',
    null,
    [115, 202],
    {
      de: 'Heizöltank DWT 1500 l, doppelwandig',
      en: 'Heating oil tank DWT 1500 l, double-walled',
      fr: 'Cuve à fioul DWT 1500 l double paroi',
    },
    {
      de: 'Doppelwandiger PE-Tank mit Stahlschutzmantel, ohne Auffangwanne aufstellbar, mit Füllstandsanzeige.',
      en: 'Double-walled PE tank with steel jacket, no catch basin needed, with level gauge.',
    },
    ['Tankanlage', 'doppelwandig', 'Batterietank'],
    { volumen_l: 1500 },
  ],
  [
    'heizoelfilter-hf-10',
    '7 281 010',
    HEIMTHAL,
    [115, 111],
    {
      de: 'Heizölfilter HF 10, 3/8", mit Rücklaufsperre',
      en: 'Heating oil filter HF 10, 3/8", with return block',
      fr: 'Filtre à fioul HF 10, 3/8"',
    },
    {
      de: 'Einstrang-Filterkombination mit Sinterkunststoff-Einsatz 25–40 µm und Schwimmerentlüftung für den Brennerzulauf.',
      en: 'Single-line filter unit with sintered insert 25–40 µm.',
    },
    ['Einstrangsystem', 'Sinterfilter'],
    { gewinde: '3/8"', feinheit_um: '25–40' },
  ],
  // --- Schutzgeräte ----------------------------------------------------------------------------------------
  [
    'fehlerstromschutzschalter-fi-40-4p-30ma',
    'V2310-40',
    VOLTARIS,
    [121, 201, 303],
    {
      de: 'Voltaris Fehlerstromschutzschalter FI 40/4P, 30 mA, Typ A',
      en: 'Voltaris residual current circuit breaker 40 A, 4-pole, 30 mA, type A',
      fr: 'Interrupteur différentiel Voltaris 40 A 4P 30 mA type A',
    },
    {
      de: '<p>Vierpoliger RCD für Drehstromnetze, Bemessungsstrom 40&nbsp;A, Bemessungsfehlerstrom 30&nbsp;mA.</p><p>Für die Hutschienenmontage, 4 TE.</p>',
      en: '<p>Four-pole RCD for three-phase networks, rated current 40 A, rated residual current 30 mA.</p>',
      fr: 'Interrupteur différentiel tétrapolaire pour rail DIN.',
    },
    ['RCD', 'FI-Schutzschalter', 'Typ A'],
    { bemessungsstrom_a: 40, fehlerstrom_ma: 30, pole: 4 },
    { article_ids: [2004] },
  ],
  [
    'fi-ls-b16-30ma',
    'V2311-16',
    VOLTARIS,
    [121, 201, 303],
    {
      de: 'Fehlerstrom-/Leitungsschutzschalter FI/LS 1P+N B16, 30 mA',
      en: 'RCBO 1P+N B16, 30 mA',
      fr: 'Disjoncteur différentiel 1P+N B16, 30 mA',
    },
    {
      de: 'Kombigerät aus FI und LS in 2 TE: Auslösecharakteristik B, 16 A, Schaltvermögen 6 kA.',
      en: 'Combined RCD and MCB in 2 modules: curve B, 16 A, 6 kA.',
    },
    ['RCBO', 'Kombigerät'],
    { charakteristik: 'B', bemessungsstrom_a: 16, fehlerstrom_ma: 30 },
  ],
  [
    'leitungsschutzschalter-b16-1p',
    'V2320-16',
    VOLTARIS,
    [121, 201, 303],
    {
      de: 'Leitungsschutzschalter LS B16, 1-polig, 6 kA',
      en: 'Miniature circuit breaker B16, single pole, 6 kA',
      fr: 'Disjoncteur modulaire B16 unipolaire',
    },
    {
      de: 'Sicherungsautomat für Licht- und Steckdosenstromkreise, Charakteristik B, 16 A, 1 TE.',
      en: 'MCB for lighting and socket circuits, curve B, 16 A.',
    },
    ['Sicherungsautomat', 'MCB'],
    { charakteristik: 'B', bemessungsstrom_a: 16, pole: 1 },
  ],
  [
    'leitungsschutzschalter-c32-3p',
    'V2320-323',
    VOLTARIS,
    [121, 201],
    {
      de: 'Leitungsschutzschalter LS C32, 3-polig, 10 kA',
      en: 'Miniature circuit breaker C32, three pole, 10 kA',
      fr: 'Disjoncteur modulaire C32 tripolaire',
    },
    {
      de: 'Dreipoliger Sicherungsautomat für Motoren und Durchlauferhitzer, Charakteristik C, 32 A.',
      en: 'Three-pole MCB for motors and instantaneous heaters, curve C, 32 A.',
    },
    ['Sicherungsautomat', 'MCB'],
    { charakteristik: 'C', bemessungsstrom_a: 32, pole: 3 },
  ],
  [
    'ueberspannungsableiter-typ-2',
    'V2330-02',
    VOLTARIS,
    [121, 201, 303],
    {
      de: 'Überspannungsableiter Typ 2, 3+1, TN-S/TT',
      en: 'Surge protective device type 2, 3+1, TN-S/TT',
      fr: 'Parafoudre type 2, 3+1',
    },
    {
      de: 'Steckbare Schutzmodule mit Defektanzeige und Fernmeldekontakt, zum Schutz der Unterverteilung.',
      en: 'Pluggable protection modules with status indicator and remote signalling contact.',
    },
    ['SPD', 'Überspannungsschutz'],
    { typ: '2', netz: 'TN-S/TT' },
  ],
  [
    'kombiableiter-typ-1-2',
    'V2330-12',
    VOLTARIS,
    [121, 201],
    {
      de: 'Blitzstrom-/Überspannungsableiter Typ 1+2 für den Zählerplatz',
      en: 'Combined lightning current and surge arrester type 1+2',
      fr: 'Parafoudre type 1+2',
    },
    {
      de: 'Kombiableiter für den Vorzählerbereich bei Gebäuden mit äußerem Blitzschutz, 12,5 kA (10/350).',
      en: 'Combined arrester for the pre-meter area of buildings with external lightning protection.',
    },
    ['Kombiableiter', 'Blitzschutz'],
    { typ: '1+2', blitzstrom_ka: 12.5 },
  ],
  // --- Installationsmaterial ---------------------------------------------------------------------------------
  [
    'feuchtraumabzweigdose-fad-85',
    'V2510-85',
    VOLTARIS,
    [122, 205],
    {
      de: 'Feuchtraumabzweigdose FAD 85, IP 65, grau',
      en: 'Damp-proof junction box FAD 85, IP 65, grey',
      fr: 'Boîte de dérivation étanche FAD 85, IP 65',
    },
    {
      de: 'Runde Aufputz-Abzweigdose mit 7 Membraneinführungen für Keller, Garage und Außenbereich.',
      en: 'Surface junction box with 7 membrane entries for basements, garages and outdoors.',
    },
    ['Aufputz', 'IP 65'],
    { schutzart: 'IP 65', einfuehrungen: 7 },
  ],
  [
    'unterputz-geraetedose-gd-60',
    'V2510-60',
    VOLTARIS,
    [122, 201],
    {
      de: 'Unterputz-Gerätedose GD 60, Tiefe 61 mm',
      en: 'Flush-mounted device box GD 60, 61 mm deep',
      fr: 'Boîte d’encastrement GD 60',
    },
    {
      de: 'Gerätedose zum Eingipsen in Mauerwerk, mit Schraublaschen und Steckstutzen für Installationsrohr M20/M25.',
      en: 'Device box for plastering into masonry, with push-in spouts for M20/M25 conduit.',
    },
    ['Schalterdose', 'UP-Gerätedose'],
    { durchmesser_mm: 60, tiefe_mm: 61 },
  ],
  [
    'reihenklemme-rk-4',
    'V2520-04',
    VOLTARIS,
    [122, 303],
    {
      de: 'Reihenklemme RK 4, 4 mm², Zugfederanschluss, grau',
      en: 'Terminal block RK 4, 4 mm², spring clamp, grey',
      fr: 'Borne sur rail RK 4, 4 mm²',
    },
    {
      de: 'Durchgangsklemme für die Tragschiene TS 35 im Verteilerbau, 32 A, 800 V.',
      en: 'Feed-through terminal for TS 35 DIN rail, 32 A, 800 V.',
    },
    ['Durchgangsklemme', 'Zugfeder', 'TS 35'],
    { querschnitt_mm2: 4, bemessungsstrom_a: 32 },
  ],
  [
    'verbindungsklemme-vk-3',
    'V2521-03',
    VOLTARIS,
    [122, 201],
    {
      de: 'Verbindungsklemme VK 3 × 0,2–4 mm² mit Hebel, 50 Stück',
      en: 'Lever splicing connector VK 3 × 0.2–4 mm², pack of 50',
      fr: 'Borne de connexion à levier VK 3 × 4 mm²',
    },
    {
      de: 'Dosenklemme mit Betätigungshebeln für ein-, fein- und mehrdrähtige Leiterarten, transparent.',
      en: 'Lever connector for solid, fine-stranded and stranded wires.',
    },
    ['Dosenklemme', 'Hebelklemme'],
    { querschnitt_mm2: '0,2–4', pole: 3 },
  ],
  [
    'steckverbinder-gst-3',
    'V2522-03',
    VOLTARIS,
    [122, 201],
    {
      de: 'Steckverbinder GST 3-polig für die Gebäudeinstallation, Buchse und Stecker',
      en: 'Building installation plug-in connector GST, 3-pole, socket and plug',
      fr: 'Connecteur enfichable GST 3 pôles',
    },
    {
      de: 'Verriegelbares Stecksystem für Leuchten- und Geräteanschluss, 16 A, 250 V, Schraubklemmen.',
      en: 'Latching plug system for luminaire and device connection, 16 A, 250 V.',
    },
    ['Stecksystem', 'Gebäudeinstallation'],
    { pole: 3, bemessungsstrom_a: 16 },
  ],
  [
    'kabelbinder-kb-200',
    '4005200',
    null,
    [122],
    {
      de: 'Kabelbinder KB 200 × 4,8 mm, schwarz, UV-beständig, 100 Stück',
      en: 'Cable ties KB 200 × 4.8 mm, black, UV resistant, pack of 100',
      fr: 'Colliers de serrage KB 200 × 4,8 mm',
    },
    {
      de: 'Polyamid-Kabelbinder für Bündelung und Befestigung, Zugkraft 22 kg.',
      en: 'Polyamide cable ties, tensile strength 22 kg.',
    },
    ['Bündelband', 'Polyamid'],
    { laenge_mm: 200, breite_mm: 4.8, stueck: 100 },
  ],
  [
    'potentialausgleichsschiene-pas-10',
    'V2530-10',
    VOLTARIS,
    [122, 201, 303],
    {
      de: 'Potentialausgleichsschiene PAS 10 (Erdungsschiene) mit Abdeckung',
      en: 'Equipotential bonding bar PAS 10 with cover',
      fr: 'Barrette d’équipotentialité PAS 10',
    },
    {
      de: 'Haupterdungsschiene für den Hausanschlussraum: 10 Klemmstellen bis 25 mm², Anschluss für Fundamenterder-Bandstahl.',
      en: 'Main earthing terminal for the service entrance room: 10 terminals up to 25 mm², flat strip connection.',
    },
    ['Haupterdungsschiene', 'Schutzpotentialausgleich'],
    { klemmstellen: 10, querschnitt_mm2: 25 },
  ],
  [
    'phasenschiene-ps-3-12te',
    'V2531-12',
    VOLTARIS,
    [122, 121],
    {
      de: 'Phasenschiene PS 3-polig, 12 TE, 10 mm²',
      en: 'Busbar PS, 3-phase, 12 modules, 10 mm²',
      fr: 'Peigne de raccordement PS triphasé, 12 modules',
    },
    {
      de: 'Gabelverschienung für Leitungsschutzschalter in der Unterverteilung, ablängbar, mit Endkappen.',
      en: 'Fork busbar for circuit breakers in distribution boards, cut to length.',
    },
    ['Gabelverschienung', 'Sammelschiene'],
    { teilungseinheiten: 12, querschnitt_mm2: 10 },
  ],
  [
    'erdkabel-nyy-j-3x2-5',
    '4005325',
    null,
    [122, 205],
    {
      de: 'Erdkabel NYY-J 3 × 2,5 mm², 50-m-Ring',
      en: 'Underground cable NYY-J 3 × 2.5 mm², 50 m coil',
      fr: 'Câble enterré NYY-J 3 × 2,5 mm²',
    },
    {
      de: 'PVC-Starkstromkabel für die Verlegung im Erdreich, in Beton und im Freien, 0,6/1 kV.',
      en: 'PVC power cable for direct burial, in concrete and outdoors, 0.6/1 kV.',
    },
    ['NYY', 'Starkstromkabel'],
    { adern: 3, querschnitt_mm2: 2.5, laenge_m: 50 },
  ],
  [
    'erdspiess-es-1500',
    '4005150',
    null,
    [122, 205],
    {
      de: 'Erdspieß ES 1500, feuerverzinkt, mit Anschlussschelle',
      en: 'Earth rod ES 1500, hot-dip galvanised, with connection clamp',
      fr: 'Piquet de terre ES 1500 galvanisé',
    },
    {
      de: 'Staberder aus Stahl, 1,5 m, zum Eintreiben in das Erdreich, z. B. für Antennenerdung und Weidezaun.',
      en: 'Steel rod electrode, 1.5 m, to be driven into the soil.',
    },
    ['Staberder', 'Tiefenerder'],
    { laenge_mm: 1500 },
  ],
  [
    'installationsrohr-flexibel-m20',
    '4005020',
    null,
    [122, 201],
    {
      de: 'Installationsrohr flexibel M20, grau, 50-m-Bund',
      en: 'Flexible conduit M20, grey, 50 m coil',
      fr: 'Conduit flexible ICTA M20, 50 m',
    },
    {
      de: 'Gewelltes Elektro-Leerrohr aus PVC, mittlere Druckfestigkeit (320 N), zum Einputzen und Einbetonieren.',
      en: 'Corrugated PVC conduit, medium compression strength (320 N).',
    },
    ['Leerrohr', 'Wellrohr'],
    { nenngroesse: 'M20', laenge_m: 50 },
  ],
  [
    'etikettendrucker-ed-12',
    'V2590-12',
    VOLTARIS,
    [126, 122],
    {
      de: 'Etikettendrucker ED 12 für die Kabelkennzeichnung',
      en: 'Label printer ED 12 for cable marking',
      fr: 'Étiqueteuse ED 12 pour le marquage des câbles',
    },
    {
      de: 'Handgerät mit Thermotransfer, druckt Schrumpfschläuche, Fahnenetiketten und Klemmenmarkierer bis 12 mm.',
      en: 'Handheld thermal transfer printer for heat-shrink sleeves, flag labels and terminal markers.',
    },
    ['Beschriftungsgerät', 'Kabelmarkierer'],
    { bandbreite_mm: 12 },
  ],
  // --- Schalterprogramme und Steckdosen --------------------------------------------------------------------
  [
    'schutzkontakt-steckdose-sd-1-linea',
    'V2610-01',
    VOLTARIS,
    [123, 201, 303],
    {
      de: 'Schutzkontakt-Steckdose SD 1, Serie Linea, reinweiß',
      en: 'Socket outlet with earthing contact SD 1, Linea range, pure white',
      fr: 'Prise de courant SD 1 série Linea',
    },
    {
      de: 'Unterputz-Einsatz mit erhöhtem Berührungsschutz und Steckklemmen, inklusive Abdeckung und Rahmen.',
      en: 'Flush-mounted insert with child protection shutters and push-in terminals.',
    },
    ['Kinderschutz', 'Linea'],
    { bemessungsstrom_a: 16, serie: 'Linea' },
  ],
  [
    'auf-unterputz-steckdose-sd-2-ap-up',
    'V2610-02',
    VOLTARIS,
    [123, 202],
    {
      de: 'Auf-/Unterputz-Steckdose SD 2 AP/UP, zweifach',
      en: 'Surface/flush double socket SD 2',
      fr: 'Prise double SD 2 en saillie/encastrée',
    },
    {
      de: 'Zweifach-Kombination mit Aufputzrahmen, der abgenommen für den UP-Einbau in Gerätedosen dient.',
      en: 'Double socket with surface frame, removable for flush mounting.',
    },
    ['AP/UP', 'Zweifachsteckdose'],
    { fach: 2, bemessungsstrom_a: 16 },
  ],
  [
    'drehstromsteckdose-cee-16a-5p',
    'V2620-16',
    VOLTARIS,
    [123, 204, 205],
    {
      de: 'Drehstromsteckdose CEE 16 A, 5-polig, 400 V, IP 44',
      en: 'CEE socket 16 A, 5-pin, 400 V, IP 44',
      fr: 'Prise CEE 16 A 5 pôles, 400 V',
    },
    {
      de: 'Wandsteckdose mit Klappdeckel für Werkstatt, Garage und Wallbox-Vorbereitung, Phasenwender ohne.',
      en: 'Wall socket with hinged lid for workshop and garage.',
    },
    ['CEE', 'Starkstromsteckdose'],
    { pole: 5, bemessungsstrom_a: 16, spannung_v: 400 },
  ],
  [
    'feuchtraumausschalter-fas-1',
    'V2630-01',
    VOLTARIS,
    [123, 205],
    {
      de: 'Feuchtraumausschalter FAS 1, Aufputz, IP 44, grau',
      en: 'Damp-proof on/off switch FAS 1, surface mounted, IP 44',
      fr: 'Interrupteur étanche FAS 1 en saillie',
    },
    {
      de: 'Aufputz-Wippschalter mit Dichtungen für Keller, Garage und Außenwand, 10 A.',
      en: 'Surface rocker switch with seals for basement, garage and outside wall.',
    },
    ['Ausschalter', 'Wippschalter'],
    { schutzart: 'IP 44', bemessungsstrom_a: 10 },
  ],
  // --- Zählerplätze und Hausanschluss --------------------------------------------------------------------
  [
    'drehstromzaehler-dz-3x65a-mid',
    'V2710-65',
    VOLTARIS,
    [124, 201],
    {
      de: 'Drehstromzähler DZ 3 × 65 A, MID, für die Hutschienenmontage',
      en: 'Three-phase energy meter DZ 3 × 65 A, MID, DIN rail',
      fr: 'Compteur d’énergie triphasé DZ 3 × 65 A, MID',
    },
    {
      de: 'Digitaler Unterzähler für Wallbox, Wärmepumpe und Einliegerwohnung, geeicht nach MID, S0-Schnittstelle.',
      en: 'Digital sub-meter for wallbox, heat pump and granny flat, MID certified, S0 output.',
    },
    ['Unterzähler', 'MID', 'S0'],
    { strom_a: 65, teilungseinheiten: 4 },
  ],
  [
    'zaehlerschrank-zs-2',
    'V2720-02',
    VOLTARIS,
    [124, 201, 303],
    {
      de: 'Zählerschrank ZS 2, komplett bestückt, 2 Zählerplätze und Verteilerfeld',
      en: 'Meter cabinet ZS 2, fully equipped, 2 meter places and distribution field',
      fr: 'Armoire de comptage ZS 2 équipée',
    },
    {
      de: 'Aufputz-Zählerschrank nach VDE-AR-N 4100 mit APZ-Feld, Sammelschienen-Träger und Hauptleitungsabzweigklemmen.',
      en: 'Surface meter cabinet to VDE-AR-N 4100 with APZ field.',
    },
    ['VDE-AR-N 4100', 'Zählerplatz'],
    { zaehlerplaetze: 2, hoehe_mm: 1100 },
  ],
  [
    'kleinverteiler-kv-24-ap',
    'V2730-24',
    VOLTARIS,
    [124, 121, 202],
    {
      de: 'Kleinverteiler KV 24, 2-reihig, Aufputz, IP 41',
      en: 'Consumer unit KV 24, 2 rows, surface mounted, IP 41',
      fr: 'Coffret de distribution KV 24, 2 rangées',
    },
    {
      de: 'Unterverteilung aus Kunststoff für 24 TE mit N/PE-Klemmleisten und transparenter Tür.',
      en: 'Plastic distribution board for 24 modules with N/PE terminal bars.',
    },
    ['Unterverteilung', 'Sicherungsverteiler'],
    { teilungseinheiten: 24, reihenzahl: 2 },
  ],
  [
    'hausanschlusskasten-hak-100a',
    'V2740-100',
    VOLTARIS,
    [124, 201],
    {
      de: 'Hausanschlusskasten HAK 100 A, NH00, 5-polig',
      en: 'Service entrance box HAK 100 A, NH00, 5-pole',
      fr: 'Coffret de branchement HAK 100 A',
    },
    {
      de: 'Übergabepunkt zwischen Netzbetreiber und Kundenanlage, mit NH-Sicherungsunterteilen Größe 00.',
      en: 'Transfer point between grid operator and customer installation, NH size 00 fuse bases.',
    },
    ['HAK', 'Hausanschluss'],
    { bemessungsstrom_a: 100, sicherungsgroesse: 'NH00' },
  ],
  // --- Beleuchtung, Werkzeug ---------------------------------------------------------------------------------
  [
    'led-feuchtraumleuchte-frl-150',
    'V2810-15',
    VOLTARIS,
    [125, 204, 205],
    {
      de: 'LED-Feuchtraumleuchte FRL 150, IP 65, 4000 K',
      en: 'LED damp-proof luminaire FRL 150, IP 65, 4000 K',
      fr: 'Réglette LED étanche FRL 150, IP 65',
    },
    {
      de: 'Wannenleuchte mit Polycarbonat-Abdeckung, 1,5 m lang, 40 W, 5200 lm, für Garage, Keller und Tiefgarage.',
      en: 'Batten luminaire with polycarbonate diffuser, 1.5 m, 40 W, 5200 lm.',
    },
    ['Wannenleuchte', 'Tiefgarage'],
    { leistung_w: 40, lichtstrom_lm: 5200, farbtemperatur_k: 4000 },
  ],
  [
    'stufenstehleiter-stl-5',
    '4006005',
    null,
    [126],
    {
      de: 'Stufenstehleiter STL 5, Aluminium, 5 Stufen',
      en: 'Step ladder STL 5, aluminium, 5 steps',
      fr: 'Escabeau STL 5 en aluminium, 5 marches',
    },
    {
      de: 'Einseitig begehbare Stehleiter mit Ablageschale und Sicherheitsbügel, Standhöhe 1,1 m.',
      en: 'Single-sided step ladder with tool tray and safety rail.',
    },
    ['Stehleiter', 'Trittleiter'],
    { stufen: 5, standhoehe_m: 1.1 },
  ],
  // --- Lüftung --------------------------------------------------------------------------------------------
  [
    'wandluefter-wl-100',
    '7 291 100',
    HEIMTHAL,
    [131, 203, 302],
    {
      de: 'Wandlüfter WL 100 für Bad und WC, mit Nachlauf und Rückstauklappe',
      en: 'Bathroom extractor fan WL 100 with overrun timer and backdraft shutter',
      fr: 'Aérateur de salle de bains WL 100 avec temporisation',
    },
    {
      de: 'Aufputz-Kleinraumventilator für Bad und WC, 95 m³/h, Nachlaufzeit 2–20 min, flüsterleise 26 dB(A).',
      en: 'Surface extractor for bathroom and WC, 95 m³/h, overrun 2–20 min.',
    },
    ['Kleinraumventilator', 'Nachlauf'],
    { luftleistung_m3_h: 95, schalldruck_db: 26 },
  ],
  [
    'kleinraumluefter-krl-100-h',
    '7 291 101',
    HEIMTHAL,
    [131, 201],
    {
      de: 'Kleinraumlüfter KRL 100 H mit Feuchtesteuerung',
      en: 'Small room extractor KRL 100 H with humidity control',
      fr: 'Aérateur KRL 100 H hygroréglable',
    },
    {
      de: 'Unterputz-Abluftgerät nach DIN 18017-3 mit Hygrostat, zwei Leistungsstufen 35/60 m³/h.',
      en: 'Flush exhaust unit to DIN 18017-3 with hygrostat, two speeds.',
    },
    ['Hygrostat', 'DIN 18017-3'],
    { luftleistung_m3_h: '35/60' },
  ],
  [
    'rohrventilator-rv-125',
    '7 292 125',
    HEIMTHAL,
    [131, 132],
    {
      de: 'Rohrventilator RV 125, Halbradial, 330 m³/h',
      en: 'In-line duct fan RV 125, mixed flow, 330 m³/h',
      fr: 'Ventilateur de conduit RV 125',
    },
    {
      de: 'Einschubventilator für Lüftungsleitungen DN 125, drehzahlregelbar, Kugellager-Motor.',
      en: 'In-line fan for DN 125 ducts, speed controllable.',
    },
    ['Einschubventilator', 'Halbradial'],
    { nennweite_dn: 125, luftleistung_m3_h: 330 },
  ],
  [
    'abluftventilator-av-150',
    '7 292 150',
    HEIMTHAL,
    [131, 204],
    {
      de: 'Abluftventilator AV 150 für Wand- und Fenstereinbau',
      en: 'Extract fan AV 150 for wall and window mounting',
      fr: 'Extracteur d’air AV 150 mural',
    },
    {
      de: 'Axialventilator mit elektrischem Verschluss für Küchenräume, Werkstätten und Lager, 600 m³/h.',
      en: 'Axial fan with electric shutter for kitchens, workshops and stores.',
    },
    ['Axialventilator', 'Wandventilator'],
    { luftleistung_m3_h: 600 },
  ],
  [
    'abluftventil-tv-125',
    '7 293 125',
    HEIMTHAL,
    [132],
    {
      de: 'Abluftventil TV 125 (Tellerventil), Metall, weiß',
      en: 'Extract air valve TV 125 (disc valve), metal, white',
      fr: 'Bouche d’extraction TV 125',
    },
    {
      de: 'Einstellbares Tellerventil mit Einbaurahmen für Bad, WC und Küchenräume der Wohnraumlüftung.',
      en: 'Adjustable disc valve with mounting frame for extract rooms.',
    },
    ['Tellerventil', 'Abluft'],
    { nennweite_dn: 125 },
  ],
  [
    'luftverteilerkasten-lvk-10',
    '7 294 510',
    HEIMTHAL,
    [132, 201],
    {
      de: 'Luftverteilerkasten LVK 10 mit Schalldämpfung, 10 × DN 75',
      en: 'Air distribution box LVK 10 with silencer, 10 × DN 75',
      fr: 'Caisson de répartition LVK 10',
    },
    {
      de: 'Verteilerkasten aus verzinktem Stahlblech zwischen KWL-Gerät und Flexschläuchen, mit Revisionsdeckel.',
      en: 'Galvanised steel plenum box between ventilation unit and flexible ducts.',
    },
    ['Flexkanal', 'Plenum'],
    { abgaenge: 10, nennweite_dn: 75 },
  ],
  [
    'luftentfeuchter-le-20',
    '7 295 020',
    HEIMTHAL,
    [133, 202],
    {
      de: 'Luftentfeuchter LE 20, 20 l/Tag',
      en: 'Dehumidifier LE 20, 20 l/day',
      fr: 'Déshumidificateur LE 20, 20 l/jour',
    },
    {
      de: 'Kondensationstrockner für Keller und Wäscheräume, Hygrostat 30–80 % r. F., Schlauchanschluss.',
      en: 'Condensation dryer for basements and laundry rooms, hygrostat 30–80 % RH.',
    },
    ['Kondenstrockner', 'Kellertrocknung'],
    { entfeuchtung_l_tag: 20 },
  ],
  [
    'luftbefeuchter-lbf-5',
    '7 295 105',
    HEIMTHAL,
    [133, 201],
    {
      de: 'Luftbefeuchter LBF 5, Verdunstungsprinzip',
      en: 'Humidifier LBF 5, evaporative',
      fr: 'Humidificateur LBF 5 à évaporation',
    },
    {
      de: 'Verdunstungsgerät mit 5-l-Wassertank für Wohnräume bis 40 m², ohne Kalkstaub.',
      en: 'Evaporative humidifier with 5 l tank for rooms up to 40 m².',
    },
    ['Verdunster', 'Raumbefeuchtung'],
    { wassertank_l: 5 },
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
// Articles (ids 2001–2005): order numbers in the makers' article styles
// ---------------------------------------------------------------------------------------------------------
const articles = [
  [
    2001,
    'main',
    'MA',
    'LB-3120.08-01',
    {
      de: 'Unterputzspülkasten UP 8 mit Schallschutzset',
      en: 'Concealed cistern UP 8 with sound insulation set',
    },
    { de: 'UP 8 Schallschutz', en: 'UP 8 acoustic' },
    6.8,
    '39229000',
    189,
  ],
  [
    2002,
    'main',
    'MA',
    '7 241 024 1',
    { de: 'Gastherme GT 24 mit Luft-/Abgasset 60/100', en: 'Gas combi boiler GT 24 with 60/100 flue kit' },
    { de: 'GT 24 Set', en: 'GT 24 kit' },
    38,
    '84031090',
    2490,
  ],
  [
    2003,
    'main',
    'MA',
    '7 243 009 2',
    {
      de: 'Luft/Wasser-Wärmepumpe LW 9 mit Hydraulikstation',
      en: 'Air-to-water heat pump LW 9 with hydraulic station',
    },
    { de: 'LW 9 Hydraulik', en: 'LW 9 hydraulic' },
    142,
    '84186100',
    11900,
  ],
  [
    2004,
    'main',
    'MA',
    'V2310-40/100',
    {
      de: 'Fehlerstromschutzschalter FI 40/4P, 100 mA, für den Brandschutz',
      en: 'Residual current circuit breaker 40 A 4P, 100 mA, fire protection',
    },
    { de: 'FI 40/4P 100 mA', en: 'RCCB 40 A 100 mA' },
    0.4,
    '85362010',
    96,
  ],
  [
    2005,
    'spare',
    'ET',
    'LB-3120.08-90',
    { de: 'Füllventil für Unterputzspülkasten UP 8', en: 'Fill valve for concealed cistern UP 8' },
    null,
    0.2,
    '84818081',
    24.5,
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
  { terms: ['Warmwasserspeicher', 'Boiler', 'Warmwasserboiler'] },
  { terms: ['Fehlerstromschutzschalter', 'RCD', 'Fehlerschutzschalter'] },
  { input: 'Schuko', synonyms: ['Schutzkontakt-Steckdose'] },
  { input: 'Sicherungskasten', synonyms: ['Kleinverteiler'] },
  { input: 'Heizungspumpe', synonyms: ['Heizungsumwälzpumpe'] },
  { input: 'Hauswasserfilter', synonyms: ['Rückspülfilter'] },
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
