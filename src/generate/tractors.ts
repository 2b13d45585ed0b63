/**
 * Tractor manufacturers, series and models (compatibility data for front loaders). Real brand names,
 * made-up identifiers. Same at every scale. `buildTractors(seed)` returns the three record lists plus
 * `modelIdsByManufacturer` for the front-loader links. Ids: manufacturers 11+, series 101+, models 1001+.
 */
import { rngFor } from './random';
import { langs, slugify, type LangText } from './text';
import { GENERATED_AT, instantBetween, timestamp, utc } from './time';

interface MakerDef {
  slug: string;
  short: string;
  names: LangText;
  active: boolean;
  series: readonly (readonly [string, readonly string[]])[];
  /** Models without a series. */
  loose: readonly string[];
}

const same = (name: string): LangText => langs('all', name, name, name);
const seq = (prefix: string, values: readonly (string | number)[], suffix = ''): string[] =>
  values.map((v) => `${prefix}${v}${suffix}`);

const MAKERS: readonly MakerDef[] = [
  { slug: 'fendt', short: 'Fendt', names: same('Fendt'), active: true, loose: ['Farmer 309', 'Favorit 512'], series: [
    ['200 Vario', seq('', [207, 208, 209, 210, 211], ' Vario')], ['300 Vario', seq('', [310, 311, 312, 313, 314], ' Vario')],
    ['500 Vario', seq('', [512, 513, 514, 516], ' Vario')], ['700 Vario', seq('', [714, 716, 718, 720, 722, 724, 726, 728], ' Vario')],
    ['900 Vario', seq('', [930, 933, 936, 939, 942], ' Vario')], ['1000 Vario', seq('', [1038, 1042, 1046, 1050], ' Vario')]] },
  { slug: 'john-deere', short: 'John Deere', names: langs('no_fr', 'John Deere', 'John Deere', ''), active: true, loose: ['6920 Premium', '6630'], series: [
    ['5R-Serie', seq('', [5090, 5100, 5115, 5125], 'R')], ['6M-Serie', seq('', [6090, 6110, 6120, 6130, 6140, 6155, 6175, 6195], 'M')],
    ['6R-Serie', seq('6R ', [110, 120, 130, 145, 150, 155, 175, 185, 195, 215, 230, 250])], ['7R-Serie', seq('7R ', [310, 330, 350])],
    ['8R-Serie', seq('8R ', [340, 370, 410])]] },
  { slug: 'claas', short: 'Claas', names: same('CLAAS'), active: true, loose: [], series: [
    ['Arion 400', seq('Arion ', [410, 420, 430, 440, 450, 460, 470])], ['Arion 500', seq('Arion ', [510, 520, 530, 550])],
    ['Arion 600', seq('Arion ', [610, 630, 650, 660])], ['Axion 800', seq('Axion ', [800, 810, 830, 850, 870])],
    ['Axion 900', seq('Axion ', [920, 930, 940, 950, 960])], ['Elios', seq('Elios ', [210, 220, 230, 240])]] },
  { slug: 'deutz-fahr', short: 'Deutz-Fahr', names: langs('de_only', 'Deutz-Fahr', '', ''), active: true, loose: ['Agrotron K 90', '6165 RCshift'], series: [
    ['Serie 5', ['5080 D Keyline', '5095', '5105', '5115', '5125']], ['Serie 6', ['6115', '6125', '6135 C', '6155', '6175', '6185 TTV', '6215 RCshift']],
    ['Serie 7', ['7250 TTV']], ['Serie 9', ['9340 TTV']]] },
  { slug: 'case-ih', short: 'Case IH', names: same('Case IH'), active: true, loose: [], series: [
    ['Farmall C', seq('Farmall ', [75, 95, 115], 'C')], ['Maxxum', seq('Maxxum ', [115, 125, 135, 145, 150])],
    ['Puma', seq('Puma ', [150, 165, 185, 200, 220, 240])], ['Optum', seq('Optum ', [270, 300], ' CVX')]] },
  { slug: 'new-holland', short: 'New Holland', names: same('New Holland'), active: true, loose: ['TM 155'], series: [
    ['T5', seq('T5.', [90, 100, 110, 120, 130])], ['T6', seq('T6.', [125, 145, 160, 175, 180])],
    ['T7', seq('T7.', [190, 210, 225, 245, 270, 315])]] },
  { slug: 'massey-ferguson', short: 'Massey Ferguson', names: same('Massey Ferguson'), active: true, loose: ['MF 6480'], series: [
    ['MF 5S', seq('MF 5S.', [105, 115, 125, 135, 145])], ['MF 6S', seq('MF 6S.', [135, 145, 155, 165, 180])],
    ['MF 7S', seq('MF 7S.', [155, 165, 180, 190, 210])], ['MF 8S', seq('MF 8S.', [225, 265, 305])]] },
  { slug: 'valtra', short: 'Valtra', names: same('Valtra'), active: true, loose: [], series: [
    ['A-Serie', seq('A', [95, 105, 115, 135])], ['G-Serie', seq('G', [105, 115, 125, 135])],
    ['N-Serie', ['N135', 'N155e', 'N175']], ['T-Serie', ['T175e', 'T195', 'T215', 'T235']]] },
  { slug: 'steyr', short: 'Steyr', names: same('Steyr'), active: true, loose: ['8090'], series: [
    ['Kompakt', seq('', [4065, 4075, 4095, 4115], ' S')], ['Expert CVT', seq('', [4100, 4120, 4130], ' Expert CVT')],
    ['Profi', seq('', [4125, 4135, 4145], ' Profi')], ['Absolut CVT', seq('', [6175, 6240], ' Absolut CVT')],
    ['Terrus CVT', seq('', [6270, 6300], ' Terrus CVT')]] },
  { slug: 'kubota', short: 'Kubota', names: langs('no_fr', 'Kubota', 'Kubota', ''), active: true, loose: ['L1-382'], series: [
    ['M5001', ['M5-091', 'M5-111']], ['M6002', ['M6-122', 'M6-132', 'M6-142']], ['M7003', ['M7-133', 'M7-153', 'M7-173']]] },
  { slug: 'same', short: 'SAME', names: same('SAME'), active: true, loose: [], series: [
    ['Frutteto', seq('Frutteto ', [80, 90, 100, 115])], ['Explorer', seq('Explorer ', [90, 105, 115])]] },
  { slug: 'mccormick', short: 'McCormick', names: same('McCormick'), active: true, loose: [], series: [
    ['X6', seq('X6.', [414, 430, 440])], ['X7', seq('X7.', [617, 624, 690])]] },
  { slug: 'lindner', short: 'Lindner', names: langs('no_fr', 'Lindner Traktorenwerk', 'Lindner tractors', ''), active: true, loose: [], series: [
    ['Lintrac', ['Lintrac 75 LS', 'Lintrac 90', 'Lintrac 100', 'Lintrac 130']], ['Geotrac', seq('Geotrac ', [64, 84, 94, 134], ' ep')]] },
  { slug: 'landini', short: 'Landini', names: same('Landini'), active: true, loose: [], series: [
    ['Serie 5', ['5-085', '5-100', '5-110']], ['Serie 6', ['6-125C', '6-145C']]] },
  { slug: 'zetor', short: 'Zetor', names: same('Zetor'), active: true, loose: ['Major 80'], series: [
    ['Proxima', seq('Proxima ', [100, 110, 120])], ['Forterra', ['Forterra 125', 'Forterra 135', 'Forterra 150 HD']],
    ['Crystal', seq('Crystal ', [150, 170])]] },
  { slug: 'eicher', short: 'Eicher', names: langs('no_fr', 'Eicher Traktoren', 'Eicher tractors', ''), active: false, series: [],
    loose: ['Königstiger', 'Tiger', 'Panther', 'Mammut', 'Wotan'] },
  { slug: 'schlueter', short: 'Schlüter', names: langs('de_only', 'Schlüter Traktoren', '', ''), active: false, loose: ['Compact 850 V'], series: [
    ['Super', ['Super 950 V', 'Super 1250 VL', 'Super 1500 TVL']]] },
  { slug: 'huerlimann', short: 'Hürlimann', names: same('Hürlimann'), active: false, loose: [], series: [['XT', ['XT 910', 'XT 115']]] },
  { slug: 'ihc', short: 'IHC', names: langs('no_fr', 'International Harvester', 'International Harvester', ''), active: false, series: [],
    loose: ['IHC 1055', 'IHC 844 S', 'IHC 633'] },
];

export interface ManufacturerRecord {
  id: number; slug: string; short_name: string; names: LangText; is_active: boolean; created_at: string; updated_at: string | null;
}
export interface SeriesRecord { id: number; slug: string; name: string; manufacturer_id: number }
export interface ModelRecord {
  id: number; identifier: string | null; model: string; type_of_tractor: string | null; manufacturer_id: number; tractor_series_id?: number | null;
}

export interface Tractors {
  manufacturers: ManufacturerRecord[];
  series: SeriesRecord[];
  models: ModelRecord[];
  /** Active manufacturers first; used for front-loader links. */
  modelIdsByManufacturer: Map<number, number[]>;
}

function tractorType(series: string, model: string): string {
  if (/Frutteto/.test(series)) return 'Schmalspurtraktor';
  if (/Lintrac|Geotrac/.test(series)) return 'Bergtraktor';
  if (/Kompakt|Farmall|Elios|M5001|L1/.test(series + model)) return 'Kompakttraktor';
  if (/1000 Vario|8R|Optum|Terrus|Axion 9|Serie 9|MF 8S/.test(series)) return 'Großtraktor';
  return 'Standardtraktor';
}

export function buildTractors(seed: number): Tractors {
  const manufacturers: ManufacturerRecord[] = [];
  const series: SeriesRecord[] = [];
  const models: ModelRecord[] = [];
  const modelIdsByManufacturer = new Map<number, number[]>();
  MAKERS.forEach((maker, m) => {
    const rng = rngFor(seed, 'manufacturer', m);
    const id = 11 + m;
    const created = instantBetween(rng, utc(2019, 3, 1), utc(2022, 6, 30));
    manufacturers.push({
      id, slug: maker.slug, short_name: maker.short, names: maker.names, is_active: maker.active,
      created_at: timestamp(created),
      updated_at: m % 5 === 3 ? null : timestamp(instantBetween(rng, created, GENERATED_AT - 86_400_000)),
    });
    const ids: number[] = [];
    const code = maker.short.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase();
    const addModel = (model: string, seriesName: string, seriesId: number | null | undefined): void => {
      const n = models.length;
      // Vintage models of defunct makers came from an old list without identifiers or types.
      const vintage = !maker.active && seriesName === '';
      const record: ModelRecord = {
        id: 1001 + n,
        identifier: vintage || n % 17 === 5 ? null : `${code}-${model.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
        model,
        type_of_tractor: vintage || n % 13 === 7 ? null : tractorType(seriesName, model),
        manufacturer_id: id,
      };
      if (seriesId !== undefined) record.tractor_series_id = seriesId;
      models.push(record);
      ids.push(record.id);
    };
    for (const [name, list] of maker.series) {
      const seriesId = 101 + series.length;
      series.push({ id: seriesId, slug: `${maker.slug}-${slugify(name)}`, name, manufacturer_id: id });
      for (const model of list) addModel(model, name, seriesId);
    }
    // Models without a series: the field is absent on some and explicitly null on others.
    maker.loose.forEach((model, i) => addModel(model, '', i % 2 === 0 && maker.active ? undefined : null));
    modelIdsByManufacturer.set(id, ids);
  });
  return { manufacturers, series, models, modelIdsByManufacturer };
}
