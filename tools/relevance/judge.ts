/**
 * Writes the judged query set (test/relevance/queries.ndjson) from the medium demo catalog's DATA, never from
 * a search engine: each query below says in SQL which active products (or public media) a shopper typing it
 * wants first, and this script resolves that to stable keys (product slugs, media snapshot ids).
 *
 *   npx tsx tools/relevance/judge.ts [--database-url <postgres url of catalog_bench_api_medium>]
 *
 * The medium catalog is deterministic (seed 1), so the file only changes when the queries or the generator
 * change. `npm run relevance` reads the JSON and never this file.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { getConfig } from '../../config/env';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../src/catalog/visibility';
import { createDb, withDatabase } from '../../src/db/database';
import { JUDGED_DIR, type JudgedQuery, type QueryClass } from './queries';

type Index = 'products' | 'media';
interface Spec {
  q: string;
  class: QueryClass;
  /** SQL condition on `p` (an active product) or `m` (a public medium): what the shopper wants. */
  want: string;
  index?: Index;
  note?: string;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** German / English / French name matches a POSIX regex (case-insensitive). */
const de = (re: string) => `p.names->>'de' ~* ${lit(re)}`;
const en = (re: string) => `p.names->>'en' ~* ${lit(re)}`;
const fr = (re: string) => `p.names->>'fr' ~* ${lit(re)}`;
/** The product carries this maintained keyword. */
const kw = (word: string) =>
  `EXISTS (SELECT 1 FROM search_keywords k WHERE k.product_id = p.id AND lower(k.keyword) = lower(${lit(word)}))`;
const on = (...numbers: string[]) => `p.ordernumber IN (${numbers.map(lit).join(', ')})`;
const onPrefix = (prefix: string) => `p.ordernumber LIKE ${lit(`${prefix}%`)}`;
const any = (...conds: string[]) => `(${conds.join(' OR ')})`;
const all = (...conds: string[]) => `(${conds.join(' AND ')})`;
/**
 * A model line: the designation with its generations and variants (`SM 3200` → `SM 3200 G5 Profi`;
 * `SM 3200 G5` → `SM 3200 G5 Profi`, never `SM 3200 G50`).
 */
const line = (designation: string) => de(` ${designation}( |$)`);
/** A product owning this main article. */
const article = (ordernumber: string) =>
  `EXISTS (SELECT 1 FROM product_articles pa JOIN articles a ON a.id = pa.article_id AND a.type = 'main'
            WHERE pa.product_id = p.id AND a.ordernumber = ${lit(ordernumber)})`;
/** Media: name matches a POSIX regex; carries a keyword. */
const mn = (re: string) => `m.name ~* ${lit(re)}`;
/** Media: the alt text or title matches a POSIX regex (`Mähklingen-Box MK 100, Seitenansicht`). */
const malt = (re: string) => `(m.alt ~* ${lit(re)} OR m.title ~* ${lit(re)})`;
const mkw = (word: string) =>
  `EXISTS (SELECT 1 FROM search_keywords k WHERE k.media_id = m.id AND lower(k.keyword) = lower(${lit(word)}))`;

const MOWERS = de('mähwerk');
const BALERS = de('ballenpresse');

const PRODUCTS: Spec[] = [
  // Order numbers: the catalog's product numbers are `<block>.<nnn>` (`100.426`), their main articles
  // `<product>.<nn>` (`100.426.01`). Typed as printed, without separators, with spaces or dashes, as a
  // main article's number, or the first digits only (then every product starting so is wanted).
  ...['100.426', '220.594', '300.422', '540.142', '420.100', '500.481', '140.100', '220.677'].map(
    (n): Spec => ({ q: n, class: 'ordernumber', want: on(n) }),
  ),
  ...['140.604', '260.254', '420.278', '460.105'].map((n): Spec => ({
    q: n.replace('.', ''),
    class: 'ordernumber',
    want: on(n),
  })),
  { q: '140 495', class: 'ordernumber', want: on('140.495') },
  { q: '460 129', class: 'ordernumber', want: on('460.129') },
  { q: '140-796', class: 'ordernumber', want: on('140.796') },
  { q: '180-910', class: 'ordernumber', want: on('180.910') },
  { q: '301.678.02', class: 'ordernumber', want: article('301.678.02'), note: 'main article number' },
  { q: '340.789.91', class: 'ordernumber', want: article('340.789.91'), note: 'main article number' },
  { q: '420.193.02', class: 'ordernumber', want: article('420.193.02'), note: 'main article number' },
  { q: '10148401', class: 'ordernumber', want: article('101.484.01'), note: 'main article, compact' },
  { q: '100 426 91', class: 'ordernumber', want: article('100.426.91'), note: 'main article, spaces' },
  { q: '100.42', class: 'ordernumber', want: onPrefix('100.42'), note: 'first digits' },
  { q: '22059', class: 'ordernumber', want: onPrefix('220.59'), note: 'first digits, compact' },
  { q: '540.14', class: 'ordernumber', want: onPrefix('540.14'), note: 'first digits' },
  { q: 'SM 3200 G5', class: 'model', want: line('SM 3200 G5'), note: 'model designation' },
  { q: 'KS 420 G72', class: 'model', want: line('KS 420 G72'), note: 'model designation' },
  { q: 'RP 160 V G82', class: 'model', want: line('RP 160 V G82'), note: 'model designation' },
  { q: 'BW 1500 G9 Profi', class: 'model', want: line('BW 1500 G9 Profi'), note: 'model designation' },
  { q: 'TM165 G17', class: 'model', want: line('TM 165 G17'), note: 'model code without space' },

  // German compounds found by their parts, and parts by their compounds.
  { q: 'Mähwerk', class: 'compound', want: any(MOWERS, kw('Mähwerk')) },
  { q: 'Schwader', class: 'compound', want: de('schwader') },
  { q: 'Ballenpresse', class: 'compound', want: BALERS },
  { q: 'Presse', class: 'compound', want: de('presse') },
  { q: 'Zettwender', class: 'compound', want: de('zettwender') },
  { q: 'Zange', class: 'compound', want: de('zange') },
  { q: 'Gabel', class: 'compound', want: de('gabel') },
  { q: 'Schaufel', class: 'compound', want: de('schaufel') },
  { q: 'Wagen', class: 'compound', want: de('wagen') },
  { q: 'Lader', class: 'compound', want: de('lader') },
  { q: 'Klingen', class: 'compound', want: de('klingen') },
  { q: 'Wickler', class: 'compound', want: de('wickler') },
  { q: 'Ballen', class: 'compound', want: de('ballen') },
  { q: 'Wender', class: 'compound', want: de('wender') },
  { q: 'Zinken', class: 'compound', want: de('zinken') },
  { q: 'Teile', class: 'compound', want: de('teil') },
  { q: 'Mähwerk TM 210', class: 'compound', want: line('TM 210'), note: 'part + model code' },
  { q: 'Presse QP 1270 G21', class: 'compound', want: line('QP 1270 G21'), note: 'part + model' },
  { q: 'Schwader KS 380 G13', class: 'compound', want: line('KS 380 G13'), note: 'part + model' },
  { q: 'Zange BZ 120 G36', class: 'compound', want: line('BZ 120 G36'), note: 'part + model' },
  { q: 'Scheiben-Mähwerk', class: 'compound', want: de('scheibenmähwerk') },
  { q: 'Scheiben Mähwerk', class: 'compound', want: de('scheibenmähwerk') },
  { q: 'Rundballen-Presse', class: 'compound', want: de('rundballenpresse') },
  { q: 'Trommel-Mähwerk', class: 'compound', want: de('trommelmähwerk') },
  { q: 'Front-Lader', class: 'compound', want: de('frontlader') },
  { q: 'Kreisel-Zettwender', class: 'compound', want: de('kreiselzettwender') },
  { q: 'Quaderballen Presse', class: 'compound', want: de('quaderballenpresse') },
  { q: 'Mähklingenbox', class: 'compound', want: de('mähklingen-box') },
  { q: 'Zinkenset', class: 'compound', want: de('zinken-set') },
  { q: 'Verschleißteilset', class: 'compound', want: de('verschleißteil-set') },
  { q: 'Euroaufnahme', class: 'compound', want: kw('Euro-Aufnahme') },
  { q: 'Pickup', class: 'compound', want: kw('Pick-up') },
  { q: 'Paletten-Gabel', class: 'compound', want: de('palettengabel') },
  { q: 'Erd Schaufel', class: 'compound', want: de('erdschaufel') },

  // Umlauts and ß typed as ae/oe/ue/ss or without the dots.
  { q: 'Maehwerk', class: 'umlaut', want: any(MOWERS, kw('Mähwerk')) },
  { q: 'Mahwerk', class: 'umlaut', want: any(MOWERS, kw('Mähwerk')) },
  { q: 'Scheibenmaehwerk', class: 'umlaut', want: de('scheibenmähwerk') },
  { q: 'Scheibenmahwerk', class: 'umlaut', want: de('scheibenmähwerk') },
  { q: 'Trommelmaehwerk', class: 'umlaut', want: de('trommelmähwerk') },
  { q: 'Trommelmahwerk TM 185', class: 'umlaut', want: line('TM 185') },
  { q: 'Maehklingen-Box', class: 'umlaut', want: de('mähklingen-box') },
  { q: 'Mahklingen Box MK 50', class: 'umlaut', want: line('MK 50') },
  { q: 'Verschleissteil-Set', class: 'umlaut', want: de('verschleißteil-set') },
  { q: 'Verschleissteil', class: 'umlaut', want: any(de('verschleißteil'), kw('Verschleißteile')) },
  { q: 'Grosspackenpresse', class: 'umlaut', want: any(kw('Großpackenpresse'), de('quaderballenpresse')) },
  { q: 'Gruenfutter', class: 'umlaut', want: kw('Grünfutter') },
  { q: 'Foerderband', class: 'umlaut', want: kw('Förderband') },
  { q: 'Parallelfuehrung', class: 'umlaut', want: kw('Parallelführung') },
  { q: 'Maehbalken', class: 'umlaut', want: kw('Mähbalken') },
  { q: 'Mahbalken', class: 'umlaut', want: kw('Mähbalken') },
  { q: 'Maehteller', class: 'umlaut', want: kw('Mähteller') },
  { q: 'MAEHWERK', class: 'umlaut', want: any(MOWERS, kw('Mähwerk')) },

  // One typo in a word of five letters or more.
  { q: 'Scheibenmähwrk', class: 'typo', want: de('scheibenmähwerk') },
  { q: 'Rundbalenpresse', class: 'typo', want: de('rundballenpresse') },
  { q: 'Kreiselschwadr', class: 'typo', want: de('kreiselschwader') },
  { q: 'Frontlaader', class: 'typo', want: de('frontlader') },
  { q: 'Ladewagn', class: 'typo', want: de('ladewagen') },
  { q: 'Ballenwickller', class: 'typo', want: de('ballenwickler') },
  { q: 'Quaderballenpresde', class: 'typo', want: de('quaderballenpresse') },
  { q: 'Erdschaufl', class: 'typo', want: de('erdschaufel') },
  { q: 'Palettengable', class: 'typo', want: de('palettengabel') },
  { q: 'Trommelmähwerl', class: 'typo', want: de('trommelmähwerk') },
  { q: 'Dungzage', class: 'typo', want: de('dungzange') },
  { q: 'Bandschwater', class: 'typo', want: de('bandschwader') },
  { q: 'Kreiselzetwender', class: 'typo', want: de('kreiselzettwender') },
  { q: 'Netzbindnug', class: 'typo', want: kw('Netzbindung'), note: 'swapped letters' },
  { q: 'Folienvorstreker', class: 'typo', want: kw('Folienvorstrecker') },
  { q: 'Rundballenpresee RP 160', class: 'typo', want: line('RP 160 V') },
  { q: 'Frontlader Komfrot', class: 'typo', want: all(de('frontlader'), de('komfort')) },
  { q: 'rotary teder', class: 'typo', want: en('rotary tedder') },
  { q: 'disc mowre', class: 'typo', want: en('disc mower') },
  { q: 'Mähwek', class: 'typo', want: any(MOWERS, kw('Mähwerk')) },

  // English and French names.
  { q: 'disc mower', class: 'english', want: en('disc mower') },
  { q: 'round baler', class: 'english', want: en('round baler') },
  { q: 'rotary rake', class: 'english', want: en('rotary rake') },
  { q: 'front loader', class: 'english', want: en('front loader') },
  { q: 'bale wrapper', class: 'english', want: en('bale wrapper') },
  { q: 'loader wagon', class: 'english', want: en('loader wagon') },
  { q: 'earth bucket', class: 'english', want: en('earth bucket') },
  { q: 'pallet fork', class: 'english', want: en('pallet fork') },
  { q: 'drum mower TM 245', class: 'english', want: line('TM 245') },
  { q: 'rotary tedder', class: 'english', want: en('rotary tedder') },
  { q: 'large square baler', class: 'english', want: en('large square baler') },
  { q: 'mower blade box', class: 'english', want: en('mower blade box') },
  { q: 'manure grab', class: 'english', want: en('manure grab') },
  { q: 'wear parts kit', class: 'english', want: en('wear parts kit') },
  { q: 'faucheuse à disques', class: 'french', want: fr('faucheuse à disques') },
  { q: 'faucheuse a disques', class: 'french', want: fr('faucheuse à disques') },
  { q: 'presse à balles rondes', class: 'french', want: fr('presse à balles rondes') },
  { q: 'andaineur rotatif', class: 'french', want: fr('andaineur rotatif') },
  { q: 'chargeur frontal', class: 'french', want: fr('chargeur frontal') },
  { q: 'enrubanneuse', class: 'french', want: fr('enrubanneuse') },
  { q: 'autochargeuse', class: 'french', want: fr('autochargeuse') },
  { q: 'godet terre', class: 'french', want: fr('godet terre') },
  { q: 'fourche à palettes', class: 'french', want: fr('fourche à palettes') },
  { q: 'boite de couteaux', class: 'french', want: fr('boîte de couteaux') },
  { q: "pièces d'usure", class: 'french', want: fr('pièces.*usure') },
  { q: 'presse à balles cubiques QP 870', class: 'french', want: line('QP 870') },

  // Synonyms of the snapshot: mutual groups and one-way ones.
  { q: 'Mäher', class: 'synonym', want: any(MOWERS, kw('Mähwerk')) },
  { q: 'Mähmaschine', class: 'synonym', want: any(MOWERS, kw('Mähwerk')) },
  { q: 'Scheibenmäher', class: 'synonym', want: de('scheibenmähwerk') },
  { q: 'Rotationsmähwerk', class: 'synonym', want: de('scheibenmähwerk') },
  { q: 'Rundballer', class: 'synonym', want: de('rundballenpresse') },
  { q: 'Rollballenpresse', class: 'synonym', want: de('rundballenpresse') },
  { q: 'Quaderpresse', class: 'synonym', want: de('quaderballenpresse') },
  { q: 'Großpackenpresse', class: 'synonym', want: any(kw('Großpackenpresse'), de('quaderballenpresse')) },
  { q: 'Traktorfrontlader', class: 'synonym', want: de('frontlader') },
  { q: 'Schlepperfrontlader', class: 'synonym', want: de('frontlader') },
  { q: 'Wickelmaschine', class: 'synonym', want: de('ballenwickler') },
  { q: 'Mähmesser', class: 'synonym', want: any(de('mähklingen'), kw('Mähklinge')) },
  { q: 'Kreiselheuer', class: 'synonym', want: de('kreiselzettwender'), note: 'one way' },
  { q: 'Heuer', class: 'synonym', want: any(de('zettwender'), kw('Zettwender')), note: 'one way' },
  { q: 'Schwadkreisel', class: 'synonym', want: de('kreiselschwader'), note: 'one way' },
  { q: 'Ballengreifer', class: 'synonym', want: de('ballenzange'), note: 'one way; a bale gripper' },
  { q: 'Silierwagen', class: 'synonym', want: de('ladewagen'), note: 'one way' },
  { q: 'disc mowers', class: 'synonym', want: en('disc mower') },
  { q: 'faneuse', class: 'synonym', want: fr('faneuse') },

  // Maintained search keywords.
  ...[
    'Netzbindung',
    'Schneidrotor',
    'Parallelführung',
    'Folienvorstrecker',
    'Kratzboden',
    'Doppelzinke',
    'Grenzstreueinrichtung',
    'Mähbalken',
    'Knoter',
    'Stretchfolie',
    'Berglandwirtschaft',
    'Hoflader',
    'Kurzschnitt',
    'Siloballen',
    'Lohnunternehmer',
    'Saisonvorbereitung',
  ].map((word): Spec => ({ q: word, class: 'keyword', want: kw(word) })),

  // Several words: every one must occur, in any field.
  { q: 'Scheibenmähwerk Profi', class: 'multiword', want: all(de('scheibenmähwerk'), de(' profi')) },
  { q: 'Frontlader Parallelführung', class: 'multiword', want: all(de('frontlader'), kw('Parallelführung')) },
  { q: 'Rundballenpresse Netzbindung', class: 'multiword', want: all(BALERS, kw('Netzbindung')) },
  { q: 'Kreiselschwader 420', class: 'multiword', want: de('kreiselschwader ks 420( |$)') },
  { q: 'Ballenwickler Stretchfolie', class: 'multiword', want: all(de('ballenwickler'), kw('Stretchfolie')) },
  { q: 'Ladewagen Kurzschnitt', class: 'multiword', want: all(de('ladewagen'), kw('Kurzschnitt')) },
  { q: 'Mähwerk Berglandwirtschaft', class: 'multiword', want: all(MOWERS, kw('Berglandwirtschaft')) },
  {
    q: 'Kreiselzettwender Grenzstreueinrichtung',
    class: 'multiword',
    want: all(de('kreiselzettwender'), kw('Grenzstreueinrichtung')),
  },
  { q: 'disc mower Comfort', class: 'multiword', want: all(en('disc mower'), en(' comfort')) },
  { q: 'Trommelmähwerk Alpin', class: 'multiword', want: all(de('trommelmähwerk'), de(' alpin')) },
  { q: 'Rundballenpresse MultiCut', class: 'multiword', want: all(de('rundballenpresse'), de(' multicut')) },
  { q: 'Schwader Quattro', class: 'multiword', want: all(de('schwader'), de(' quattro')) },
  { q: 'Quaderballenpresse Knoter', class: 'multiword', want: all(de('quaderballenpresse'), kw('Knoter')) },
  { q: 'Frontlader FL 45 Vario', class: 'multiword', want: all(de('frontlader fl 45( |$)'), de(' vario')) },
  {
    q: 'Ballenwickler Hof 2500',
    class: 'multiword',
    want: all(de('ballenwickler bw 2500( |$)'), de(' hof')),
  },
  { q: 'Mähwerk 3200 Komfort', class: 'multiword', want: all(de('mähwerk sm 3200( |$)'), de(' komfort')) },
  {
    q: 'Presse Netzbindung Pick-up',
    class: 'multiword',
    want: all(de('presse'), kw('Netzbindung'), kw('Pick-up')),
  },
  { q: 'Frontlader Ballengreifer', class: 'multiword', want: all(de('frontlader'), kw('Ballengreifer')) },
];

/** Public media (the `/media` visibility rule: released for the website, public folder, not expired). */
const MEDIA: Spec[] = [
  { q: 'Betriebsanleitung PG 100 G8', class: 'compound', want: mn('^Betriebsanleitung PG 100 G8( |$)') },
  { q: 'Anleitung KS 420', class: 'compound', want: mn('^Betriebsanleitung KS 420( |$)') },
  {
    q: 'Anleitung Frontlader',
    class: 'compound',
    want: all(mn('^Betriebsanleitung (FL |Frontlader)'), `m.type = 'manual'`),
  },
  { q: 'Zeichnung RP 155 V', class: 'compound', want: mn('zeichnung RP 155 V( |$)') },
  { q: 'Ansicht SM 2400 G37', class: 'compound', want: mn('^SM 2400 G37 .*ansicht') },
  { q: 'Heck SM 2400', class: 'compound', want: mn('^SM 2400 .*Heckansicht') },
  { q: 'Aufnahme DZ 180 G20', class: 'compound', want: mn('^DZ 180 G20 .*aufnahme') },
  { q: 'Masszeichnung SM 3100', class: 'umlaut', want: mn('^Maßzeichnung SM 3100( |$)') },
  { q: 'Maszeichnung ZS 24', class: 'umlaut', want: mn('^Maßzeichnung ZS 24( |$)') },
  { q: 'Mahklingen-Box Heckansicht', class: 'umlaut', want: all(mn('^MK '), mn('Heckansicht')) },
  { q: 'Grunlandernte', class: 'umlaut', want: mn('Grünlandernte') },
  { q: 'Betriebsanleitnug FL 35', class: 'typo', want: mn('^Betriebsanleitung FL 35( |$)') },
  { q: 'Datenblat RP 155', class: 'typo', want: mn('^Datenblatt RP 155( |$)') },
  { q: 'Heckansihct KS 420', class: 'typo', want: mn('^KS 420 .*Heckansicht') },
  { q: 'Datenblatt KZ 1100 G2 T', class: 'multiword', want: mn('^Datenblatt KZ 1100 G2 T( |$)') },
  { q: 'Freisteller BW 1200 G16', class: 'multiword', want: mn('^BW 1200 G16 .*Freisteller') },
  { q: 'Studioaufnahme FL 60', class: 'multiword', want: mn('^FL 60 .*Studioaufnahme') },
  { q: 'Werk Aulendorf Luftbild', class: 'multiword', want: mn('^Werk Aulendorf – Luftbild') },
  { q: 'Frontlader', class: 'keyword', want: any(mkw('Frontlader'), mn('Frontlader')) },
  { q: 'Mähklinge', class: 'keyword', want: any(mkw('Mähklinge'), mn('Mähklingen'), malt('Mähklingen')) },
  { q: 'Bandschwader', class: 'keyword', want: any(mkw('Bandschwader'), mn('Bandschwader')) },
  { q: 'Hofmeister', class: 'keyword', want: any(mkw('Hofmeister'), mn('Hofmeister')) },
  { q: 'Schneidrotor', class: 'keyword', want: mkw('Schneidrotor') },
  { q: 'Maehklinge', class: 'umlaut', want: any(mkw('Mähklinge'), mn('Mähklingen'), malt('Mähklingen')) },
  { q: 'Rundballer', class: 'synonym', want: any(mkw('Rundballenpresse'), mn('Rundballenpresse')) },
  { q: 'Icon Euro-Aufnahme', class: 'multiword', want: all(mn('^Icon Euro-Aufnahme'), `m.type = 'icon'`) },
  { q: 'Euroaufnahme', class: 'compound', want: any(mkw('Euro-Aufnahme'), mn('Euro-Aufnahme')) },
  { q: 'KS 1500 G6 C Freisteller', class: 'model', want: mn('^KS 1500 G6 C – Freisteller') },
];

const PUBLIC_MEDIA = `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
  SELECT m.id FROM media m
   WHERE ${mediaReleasedForWebsite('m')} AND (m.valid_until IS NULL OR m.valid_until > now())`;

async function resolve(db: Knex, spec: Spec): Promise<string[]> {
  if ((spec.index ?? 'products') === 'products') {
    const { rows } = await db.raw<{ rows: { slug: string }[] }>(
      `SELECT p.slug FROM products p WHERE p.is_active AND ${spec.want} ORDER BY p.ordernumber NULLS LAST, p.slug`,
    );
    return rows.map((r) => r.slug);
  }
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `SELECT m.id FROM media m WHERE m.id IN (${PUBLIC_MEDIA}) AND ${spec.want} ORDER BY m.id`,
  );
  return rows.map((r) => String(r.id));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
  const url = values['database-url'] ?? withDatabase(getConfig().databaseUrl, 'catalog_bench_api_medium');
  const db = createDb(url, 2);
  try {
    const out: JudgedQuery[] = [];
    const empty: string[] = [];
    for (const spec of [...PRODUCTS, ...MEDIA.map((m) => ({ ...m, index: 'media' as const }))]) {
      const want = await resolve(db, spec);
      if (want.length === 0) empty.push(spec.q);
      out.push({
        q: spec.q,
        index: spec.index ?? 'products',
        class: spec.class,
        ...(spec.note ? { note: spec.note } : {}),
        want,
      });
    }
    if (empty.length > 0)
      throw new Error(`nothing in the catalog matches what these want: ${empty.join(' | ')}`);
    const file = path.join(JUDGED_DIR, 'queries.ndjson');
    // One query per line (NDJSON, like a snapshot): reviewable diffs.
    await writeFile(file, out.map((q) => JSON.stringify(q)).join('\n') + '\n');
    console.log(`${out.length} queries written to ${path.relative(process.cwd(), file)}`);
    const sizes = out.map((q) => q.want.length).sort((a, b) => a - b);
    console.log(`wanted per query: median ${sizes[sizes.length >> 1]}, max ${sizes[sizes.length - 1]}`);
  } finally {
    await db.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
