/**
 * Product families of the fictional maker (Hofmeister Landtechnik, as in the sample snapshot): names in
 * de/en/fr, designation codes and model numbers, order-number blocks, taxonomy terms, keywords, main
 * article options and the feature template (see features.ts). Pure data; `FAMILIES[i].key` is stable.
 */
import { featureTemplates, type FeatureTemplate } from './features';

/** [de, en, fr] */
export type Tri = readonly [string, string, string];

export interface Kind {
  /** Designation prefix: "SM" in "SM 3200 Profi". */
  code: string;
  names: Tri;
  /** Base model designations after the code; the size is the leading number. */
  models: readonly string[];
  /** Suffixes of model variants (at least three). */
  variants: readonly Tri[];
}

export interface Family {
  key: string;
  /** First of the 40 order-number blocks of this family: products are `<block>.<nnn>`. */
  prefix: number;
  /** Share of product lines. */
  weight: number;
  /** Product group (objekttyp produktgruppe). */
  group: Tri;
  groupSlug: string;
  kinds: readonly Kind[];
  /** One-sentence pitch used in descriptions. */
  pitch: Tri;
  features: FeatureTemplate;
  /** Terms per taxonomy slug; produktbereich[0] is the leaf, the group gets the parent term. */
  taxa: Readonly<Record<string, readonly string[]>>;
  keywords: readonly string[];
  mainOptions: readonly Tri[];
  accessories: readonly Tri[];
  customs: string;
  /** Machine weight in kg from the model size. */
  weightKg: (size: number) => number;
  /** List price in EUR from the model size. */
  price: (size: number) => number;
  /** Media folder key (see folders.ts). */
  folder: string;
  /** Links tractor models and manufacturers (front loaders). */
  tractorLinks: boolean;
}

const V = (de: string, en = de, fr = de): Tri => [de, en, fr];

export const FAMILIES: readonly Family[] = [
  {
    key: 'scheibenmaehwerk', prefix: 100, weight: 14, group: ['Scheibenmähwerke', 'Disc mowers', 'Faucheuses à disques'],
    groupSlug: 'scheibenmaehwerke',
    kinds: [{ code: 'SM', names: ['Scheibenmähwerk', 'Disc mower', 'Faucheuse à disques'], models: ['2400', '2800', '3200', '3600', '4000', '3100', '2600'],
      variants: [V('F'), V('Profi'), V('KC'), V('RC'), V('Komfort', 'Comfort', 'Confort')] }],
    pitch: ['mäht sauber und schlagkräftig, auch an Hängen und auf unebenen Wiesen.', 'mows cleanly and efficiently, even on slopes and uneven meadows.', 'fauche proprement et efficacement, même en pente et sur prairies irrégulières.'],
    features: featureTemplates.mower,
    taxa: { produktbereich: ['scheibenmaehwerke', 'maehwerke'], einsatzbereich: ['gruenland', 'heu', 'silage'], kultur: ['gras', 'klee', 'luzerne'], anbauart: ['heck'], antrieb: ['zapfwelle-1000'], saison: ['fruehjahr', 'sommer'] },
    keywords: ['Mähwerk', 'Mähbalken', 'Mähklinge', 'Grünfutter', 'Schnellwechsel', 'Aufbereiter'],
    mainOptions: [V('Grundausführung', 'Basic version', 'Version de base'), V('mit Zinkenaufbereiter', 'with tine conditioner', 'avec conditionneur à doigts'), V('mit Walzenaufbereiter', 'with roller conditioner', 'avec conditionneur à rouleaux')],
    accessories: [V('Schwadformer', 'Swath former', 'Formeur d’andain'), V('Hydraulische Entlastung', 'Hydraulic suspension', 'Allègement hydraulique'), V('LED-Beleuchtung', 'LED lighting', 'Éclairage LED')],
    customs: '84332090', weightKg: (s) => s * 0.26, price: (s) => s * 4.1, folder: 'maehwerke', tractorLinks: false,
  },
  {
    key: 'trommelmaehwerk', prefix: 140, weight: 5, group: ['Trommelmähwerke', 'Drum mowers', 'Faucheuses à tambours'],
    groupSlug: 'trommelmaehwerke',
    kinds: [{ code: 'TM', names: ['Trommelmähwerk', 'Drum mower', 'Faucheuse à tambours'], models: ['165', '185', '210', '245', '285'],
      variants: [V('F'), V('Hydro'), V('Plus'), V('Alpin')] }],
    pitch: ['ist robust, einfach zu warten und zieht auch dichten Bestand sauber ab.', 'is rugged, easy to maintain and cuts even dense crops cleanly.', 'est robuste, simple à entretenir et coupe proprement même les peuplements denses.'],
    features: featureTemplates.drumMower,
    taxa: { produktbereich: ['trommelmaehwerke', 'maehwerke'], einsatzbereich: ['gruenland', 'heu'], kultur: ['gras'], anbauart: ['heck'], antrieb: ['zapfwelle-540'], saison: ['sommer'] },
    keywords: ['Mähwerk', 'Trommel', 'Mähteller', 'Berglandwirtschaft'],
    mainOptions: [V('Grundausführung', 'Basic version', 'Version de base'), V('mit Hangausrüstung', 'with slope kit', 'avec kit dévers')],
    accessories: [V('Schwadbleche', 'Swath plates', 'Tôles d’andainage'), V('Warntafeln mit Beleuchtung', 'Warning signs with lights', 'Panneaux de signalisation éclairés')],
    customs: '84332090', weightKg: (s) => s * 2.9, price: (s) => s * 38, folder: 'maehwerke', tractorLinks: false,
  },
  {
    key: 'kreiselzettwender', prefix: 180, weight: 10, group: ['Kreiselzettwender', 'Rotary tedders', 'Faneuses rotatives'],
    groupSlug: 'kreiselzettwender',
    kinds: [{ code: 'KZ', names: ['Kreiselzettwender', 'Rotary tedder', 'Faneuse rotative'], models: ['420', '520', '660', '770', '900', '1100', '1300'],
      variants: [V('H'), V('T'), V('Profi'), V('DN')] }],
    pitch: ['verteilt das Futter gleichmäßig und sorgt für schnelles, sicheres Trocknen.', 'spreads the crop evenly for fast and reliable drying.', 'répartit le fourrage de façon homogène pour un séchage rapide et sûr.'],
    features: featureTemplates.tedder,
    taxa: { produktbereich: ['kreiselzettwender', 'zettwender'], einsatzbereich: ['gruenland', 'heu'], kultur: ['gras', 'heu'], anbauart: ['angebaut'], antrieb: ['zapfwelle-540'], saison: ['sommer'] },
    keywords: ['Zettwender', 'Kreisel', 'Doppelzinke', 'Heuernte', 'Grenzstreueinrichtung'],
    mainOptions: [V('Grundausführung', 'Basic version', 'Version de base'), V('mit hydraulischer Klappung', 'with hydraulic folding', 'avec repliage hydraulique')],
    accessories: [V('Grenzstreueinrichtung', 'Border spreading device', 'Dispositif d’épandage en bordure'), V('Zinkenverlustsicherung', 'Tine loss protection', 'Sécurité anti-perte de dents'), V('Tastrad', 'Gauge wheel', 'Roue de jauge')],
    customs: '84333000', weightKg: (s) => s * 1.35, price: (s) => s * 19, folder: 'zettwender', tractorLinks: false,
  },
  {
    key: 'kreiselschwader', prefix: 220, weight: 10, group: ['Kreiselschwader', 'Rotary rakes', 'Andaineurs rotatifs'],
    groupSlug: 'kreiselschwader',
    kinds: [{ code: 'KS', names: ['Kreiselschwader', 'Rotary rake', 'Andaineur rotatif'], models: ['380', '420', '460', '680', '800', '1250', '1500'],
      variants: [V('Duo'), V('C'), V('Profi'), V('Quattro')] }],
    pitch: ['legt lockere, gleichmäßige Schwade für Presse, Ladewagen und Häcksler.', 'forms loose, even swaths for baler, loader wagon and forage harvester.', 'forme des andains aérés et réguliers pour la presse, l’autochargeuse et l’ensileuse.'],
    features: featureTemplates.rake,
    taxa: { produktbereich: ['kreiselschwader', 'schwader'], einsatzbereich: ['gruenland', 'heu', 'silage'], kultur: ['gras'], anbauart: ['gezogen'], antrieb: ['zapfwelle-540'], saison: ['sommer'] },
    keywords: ['Schwader', 'Schwad', 'Kreisel', 'Zinkenarm', 'Kurvenbahn'],
    mainOptions: [V('mit Mittelablage', 'with central swath', 'dépose centrale'), V('mit Seitenablage', 'with side delivery', 'dépose latérale')],
    accessories: [V('Tandemachse', 'Tandem axle', 'Essieu tandem'), V('Schwadtuch', 'Swath curtain', 'Toile d’andainage')],
    customs: '84333000', weightKg: (s) => s * 2.1, price: (s) => s * 27, folder: 'schwader', tractorLinks: false,
  },
  {
    key: 'bandschwader', prefix: 260, weight: 3, group: ['Bandschwader', 'Belt mergers', 'Andaineurs à tapis'],
    groupSlug: 'bandschwader',
    kinds: [{ code: 'BS', names: ['Bandschwader', 'Belt merger', 'Andaineur à tapis'], models: ['700', '900', '1050', '1250'],
      variants: [V('S'), V('Profi'), V('Twin')] }],
    pitch: ['nimmt das Futter schonend mit der Pick-up auf und legt es blattverlustarm ab.', 'picks up the crop gently and lays it down with minimal leaf loss.', 'ramasse le fourrage en douceur et le dépose en limitant les pertes de feuilles.'],
    features: featureTemplates.merger,
    taxa: { produktbereich: ['bandschwader', 'schwader'], einsatzbereich: ['gruenland', 'silage'], kultur: ['luzerne', 'klee'], anbauart: ['gezogen'], antrieb: ['hydraulisch'], saison: ['sommer'] },
    keywords: ['Schwader', 'Pick-up', 'Förderband', 'Luzerne', 'blattschonend'],
    mainOptions: [V('Grundausführung', 'Basic version', 'Version de base')],
    accessories: [V('Pendelachse', 'Oscillating axle', 'Essieu oscillant'), V('ISOBUS-Steuerung', 'ISOBUS control', 'Commande ISOBUS')],
    customs: '84333000', weightKg: (s) => s * 4.4, price: (s) => s * 95, folder: 'schwader', tractorLinks: false,
  },
  {
    key: 'rundballenpresse', prefix: 300, weight: 12, group: ['Rundballenpressen', 'Round balers', 'Presses à balles rondes'],
    groupSlug: 'rundballenpressen',
    kinds: [{ code: 'RP', names: ['Rundballenpresse', 'Round baler', 'Presse à balles rondes'], models: ['125 F', '130 F', '150 V', '160 V', '180 V', '155 V'],
      variants: [V('Profi'), V('Combi'), V('MultiCut'), V('XL')] }],
    pitch: ['presst Heu &amp; Stroh sowie Silage zu festen, formstabilen Ballen.', 'turns hay, straw and silage into dense, well-shaped bales.', 'presse foin, paille et ensilage en balles denses et bien formées.'],
    features: featureTemplates.roundBaler,
    taxa: { produktbereich: ['rundballenpressen', 'pressen'], einsatzbereich: ['heu', 'stroh', 'silage'], kultur: ['stroh', 'grassilage'], anbauart: ['gezogen'], antrieb: ['zapfwelle-540'], saison: ['sommer', 'herbst'] },
    keywords: ['Rundballen', 'Rundballenpresse', 'Pick-up', 'Netzbindung', 'Schneidrotor'],
    mainOptions: [V('Garnbindung', 'twine tying', 'liage ficelle'), V('Netz- und Garnbindung', 'net and twine tying', 'liage filet et ficelle'), V('mit Schneidrotor', 'with cutting rotor', 'avec rotor de coupe')],
    accessories: [V('Tandemachse', 'Tandem axle', 'Essieu tandem'), V('Ballenauswerfer', 'Bale kicker', 'Éjecteur de balles'), V('Zentralschmierung', 'Central lubrication', 'Graissage centralisé')],
    customs: '84334010', weightKg: (s) => s * 19, price: (s) => s * 230, folder: 'pressen', tractorLinks: false,
  },
  {
    key: 'quaderballenpresse', prefix: 340, weight: 4, group: ['Quaderballenpressen', 'Large square balers', 'Presses à balles cubiques'],
    groupSlug: 'quaderballenpressen',
    kinds: [{ code: 'QP', names: ['Quaderballenpresse', 'Large square baler', 'Presse à balles cubiques'], models: ['870', '1270', '1290', '1280'],
      variants: [V('XC'), V('HD'), V('Profi'), V('RC')] }],
    pitch: ['liefert hohe Durchsätze und gleichmäßig gepresste Quaderballen für den Transport.', 'delivers high throughput and evenly pressed square bales for transport.', 'offre un débit élevé et des balles cubiques régulières pour le transport.'],
    features: featureTemplates.squareBaler,
    taxa: { produktbereich: ['quaderballenpressen', 'pressen'], einsatzbereich: ['stroh', 'lohnunternehmen'], kultur: ['stroh'], anbauart: ['gezogen'], antrieb: ['zapfwelle-1000'], saison: ['herbst'] },
    keywords: ['Quaderballen', 'Großpackenpresse', 'Knoter', 'Stroh', 'Lohnunternehmer'],
    mainOptions: [V('mit Schneidwerk', 'with cutting unit', 'avec dispositif de coupe'), V('ohne Schneidwerk', 'without cutting unit', 'sans dispositif de coupe')],
    accessories: [V('Ballenrutsche hydraulisch', 'Hydraulic bale chute', 'Goulotte hydraulique'), V('Feuchtemessung', 'Moisture sensor', 'Mesure d’humidité')],
    customs: '84334010', weightKg: (s) => s * 7.5, price: (s) => s * 120, folder: 'pressen', tractorLinks: false,
  },
  {
    key: 'ballenwickler', prefix: 380, weight: 5, group: ['Ballenwickler', 'Bale wrappers', 'Enrubanneuses'],
    groupSlug: 'ballenwickler',
    kinds: [{ code: 'BW', names: ['Ballenwickler', 'Bale wrapper', 'Enrubanneuse'], models: ['1200', '1500', '2000', '2500'],
      variants: [V('S'), V('Twin'), V('Profi'), V('Hof', 'Yard', 'Ferme')] }],
    pitch: ['wickelt Rund- und Quaderballen luftdicht mit 500 oder 750&nbsp;mm Folie.', 'wraps round and square bales airtight with 500 or 750&nbsp;mm film.', 'enrubanne les balles rondes et cubiques avec un film de 500 ou 750&nbsp;mm.'],
    features: featureTemplates.wrapper,
    taxa: { produktbereich: ['ballenwickler', 'erntetechnik'], einsatzbereich: ['silage', 'ballenhandling'], kultur: ['grassilage'], anbauart: ['gezogen'], antrieb: ['hydraulisch'], saison: ['sommer'] },
    keywords: ['Wickler', 'Stretchfolie', 'Siloballen', 'Folienvorstrecker'],
    mainOptions: [V('mit Joystick-Steuerung', 'with joystick control', 'avec commande joystick'), V('mit ISOBUS-Steuerung', 'with ISOBUS control', 'avec commande ISOBUS')],
    accessories: [V('Ballenkipper', 'Bale tipper', 'Basculeur de balles'), V('Folienabschneider', 'Film cutter', 'Coupe-film')],
    customs: '84334090', weightKg: (s) => s * 1.1, price: (s) => s * 16, folder: 'wickler', tractorLinks: false,
  },
  {
    key: 'ladewagen', prefix: 420, weight: 7, group: ['Ladewagen', 'Loader wagons', 'Autochargeuses'],
    groupSlug: 'ladewagen',
    kinds: [{ code: 'LW', names: ['Ladewagen', 'Loader wagon', 'Autochargeuse'], models: ['28', '33', '38', '45', '50'],
      variants: [V('D'), V('GD'), V('Profi'), V('L')] }],
    pitch: ['lädt, schneidet und transportiert Gras für Silage und Frischfutter in einem Arbeitsgang.', 'picks up, chops and transports grass for silage and fresh feed in one pass.', 'ramasse, coupe et transporte l’herbe pour l’ensilage et l’affouragement en vert.'],
    features: featureTemplates.loaderWagon,
    taxa: { produktbereich: ['kurzschnittladewagen', 'ladewagen'], einsatzbereich: ['silage', 'gruenland'], kultur: ['grassilage', 'gras'], anbauart: ['gezogen'], antrieb: ['zapfwelle-1000'], saison: ['fruehjahr', 'sommer'] },
    keywords: ['Ladewagen', 'Kurzschnitt', 'Schneidwerk', 'Kratzboden', 'Frischfutter'],
    mainOptions: [V('mit Dosierwalzen', 'with dosing rollers', 'avec rouleaux doseurs'), V('ohne Dosierwalzen', 'without dosing rollers', 'sans rouleaux doseurs')],
    accessories: [V('Hydraulische Rückwand', 'Hydraulic tailgate', 'Hayon hydraulique'), V('Druckluftbremse', 'Air brake', 'Freinage pneumatique'), V('Querförderband', 'Cross conveyor', 'Tapis transversal')],
    customs: '87162000', weightKg: (s) => s * 190, price: (s) => s * 1450, folder: 'ladewagen', tractorLinks: false,
  },
  {
    key: 'frontlader', prefix: 460, weight: 12, group: ['Frontlader', 'Front loaders', 'Chargeurs frontaux'],
    groupSlug: 'frontlader',
    kinds: [{ code: 'FL', names: ['Frontlader', 'Front loader', 'Chargeur frontal'], models: ['35 P', '45 P', '60 P', '80 P', '45', '60'],
      variants: [V('Komfort', 'Comfort', 'Confort'), V('Profi'), V('Compact'), V('Vario')] }],
    pitch: ['passt an mehrere hundert Traktormodelle und hebt präzise mit Parallelführung.', 'fits several hundred tractor models and lifts precisely with parallel guidance.', 'se monte sur plusieurs centaines de tracteurs et lève avec précision grâce au parallélogramme.'],
    features: featureTemplates.frontLoader,
    taxa: { produktbereich: ['frontlader-mit-parallelfuehrung', 'frontlader'], einsatzbereich: ['hof-und-stall', 'ballenhandling'], anbauart: ['front'], antrieb: ['hydraulisch'], saison: ['winter'] },
    keywords: ['Frontlader', 'Parallelführung', 'Euro-Aufnahme', 'Traktor', 'Ballengreifer'],
    mainOptions: [V('für Euro-Aufnahme', 'for Euro attachment', 'pour attelage Euro'), V('mit 3. Steuerkreis', 'with 3rd service', 'avec 3e fonction')],
    accessories: [V('Anbaukonsole', 'Mounting bracket', 'Console de montage'), V('Schwingungsdämpfung', 'Shock absorber', 'Amortisseur d’oscillations')],
    customs: '84289071', weightKg: (s) => s * 8.6, price: (s) => s * 190, folder: 'frontlader', tractorLinks: true,
  },
  {
    key: 'werkzeug', prefix: 500, weight: 10, group: ['Frontlader-Werkzeuge', 'Front loader tools', 'Outils pour chargeur frontal'],
    groupSlug: 'frontlader-werkzeuge',
    kinds: [
      { code: 'ES', names: ['Erdschaufel', 'Earth bucket', 'Godet terre'], models: ['160', '180', '200', '220'], variants: [V('HD'), V('Light'), V('XL')] },
      { code: 'BZ', names: ['Ballenzange', 'Bale gripper', 'Pince à balles'], models: ['120', '150', '180'], variants: [V('Duo'), V('Plus'), V('Soft')] },
      { code: 'PG', names: ['Palettengabel', 'Pallet fork', 'Fourche à palettes'], models: ['100', '120', '150'], variants: [V('Profi'), V('Flex'), V('HD')] },
      { code: 'DZ', names: ['Dungzange', 'Manure grab', 'Fourche à fumier'], models: ['150', '180', '200'], variants: [V('Profi'), V('HD'), V('Plus')] },
    ],
    pitch: ['macht den Frontlader zum vielseitigen Werkzeugträger auf dem Hof.', 'turns the front loader into a versatile tool carrier on the farm.', 'fait du chargeur frontal un porte-outil polyvalent à la ferme.'],
    features: featureTemplates.tool,
    taxa: { produktbereich: ['schaufeln', 'werkzeuge'], einsatzbereich: ['hof-und-stall'], anbauart: ['front'], antrieb: ['mechanisch'], saison: ['winter'] },
    keywords: ['Werkzeug', 'Euro-Aufnahme', 'Schaufel', 'Ballenzange', 'Hoflader'],
    mainOptions: [V('Euro-Aufnahme', 'Euro attachment', 'Attelage Euro'), V('SMS-Aufnahme', 'SMS attachment', 'Attelage SMS')],
    accessories: [V('Verschleißleiste geschraubt', 'Bolted wear strip', 'Lame d’usure boulonnée')],
    customs: '84314100', weightKg: (s) => s * 1.2, price: (s) => s * 7.5, folder: 'frontlader', tractorLinks: false,
  },
  {
    key: 'ersatzteilset', prefix: 540, weight: 8, group: ['Ersatzteile & Verschleißteil-Sets', 'Spare parts & wear part kits', 'Pièces de rechange & kits d’usure'],
    groupSlug: 'ersatzteile-und-sets',
    kinds: [
      { code: 'VS', names: ['Verschleißteil-Set', 'Wear parts kit', 'Kit de pièces d’usure'], models: ['2800', '3200', '125', '770'], variants: [V('Saison', 'Season', 'Saison'), V('Profi'), V('Maxi')] },
      { code: 'MK', names: ['Mähklingen-Box', 'Mower blade box', 'Boîte de couteaux'], models: ['25', '50', '100'], variants: [V('links', 'left', 'gauche'), V('rechts', 'right', 'droite'), V('gemischt', 'mixed', 'mixte')] },
      { code: 'ZS', names: ['Zinken-Set', 'Tine kit', 'Kit de dents'], models: ['10', '24', '48'], variants: [V('9,5 mm', '9.5 mm', '9,5 mm'), V('10 mm'), V('Profi')] },
    ],
    pitch: ['hält die Maschine in der Saison einsatzbereit: alle wichtigen Verschleißteile in einer Box.', 'keeps the machine ready for the season: all key wear parts in one box.', 'garde la machine prête pour la saison : toutes les pièces d’usure dans une boîte.'],
    features: featureTemplates.kit,
    taxa: { produktbereich: ['maehklingen', 'verschleissteile'], ersatzteilkatalog: ['verschleissteile'], einsatzbereich: ['gruenland'], saison: ['fruehjahr'] },
    keywords: ['Ersatzteile', 'Verschleißteile', 'Mähklinge', 'Zinke', 'Saisonvorbereitung'],
    mainOptions: [V('im Karton', 'boxed', 'en carton')],
    accessories: [],
    customs: '84339000', weightKg: (s) => 2 + s * 0.05, price: (s) => 40 + s * 3.2, folder: 'ersatzteile', tractorLinks: false,
  },
];

export const FAMILY_COUNT = FAMILIES.length;

export function family(index: number): Family {
  const value = FAMILIES[index];
  if (!value) throw new Error(`unknown family ${index}`);
  return value;
}
