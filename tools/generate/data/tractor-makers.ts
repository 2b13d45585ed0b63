/**
 * Tractor makers with their series and models (real brand and model names; compatibility data only).
 * Four makers are defunct (inactive); models in `loose` have no series.
 */
import { langs, type LangText } from '../text';

export interface MakerDef {
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

export const MAKERS: readonly MakerDef[] = [
  {
    slug: 'fendt',
    short: 'Fendt',
    names: same('Fendt'),
    active: true,
    loose: ['Farmer 309', 'Favorit 512'],
    series: [
      ['200 Vario', seq('', [207, 208, 209, 210, 211], ' Vario')],
      ['300 Vario', seq('', [310, 311, 312, 313, 314], ' Vario')],
      ['500 Vario', seq('', [512, 513, 514, 516], ' Vario')],
      ['700 Vario', seq('', [714, 716, 718, 720, 722, 724, 726, 728], ' Vario')],
      ['900 Vario', seq('', [930, 933, 936, 939, 942], ' Vario')],
      ['1000 Vario', seq('', [1038, 1042, 1046, 1050], ' Vario')],
    ],
  },
  {
    slug: 'john-deere',
    short: 'John Deere',
    names: langs('no_fr', 'John Deere', 'John Deere', ''),
    active: true,
    loose: ['6920 Premium', '6630'],
    series: [
      ['5R-Serie', seq('', [5090, 5100, 5115, 5125], 'R')],
      ['6M-Serie', seq('', [6090, 6110, 6120, 6130, 6140, 6155, 6175, 6195], 'M')],
      ['6R-Serie', seq('6R ', [110, 120, 130, 145, 150, 155, 175, 185, 195, 215, 230, 250])],
      ['7R-Serie', seq('7R ', [310, 330, 350])],
      ['8R-Serie', seq('8R ', [340, 370, 410])],
    ],
  },
  {
    slug: 'claas',
    short: 'Claas',
    names: same('CLAAS'),
    active: true,
    loose: [],
    series: [
      ['Arion 400', seq('Arion ', [410, 420, 430, 440, 450, 460, 470])],
      ['Arion 500', seq('Arion ', [510, 520, 530, 550])],
      ['Arion 600', seq('Arion ', [610, 630, 650, 660])],
      ['Axion 800', seq('Axion ', [800, 810, 830, 850, 870])],
      ['Axion 900', seq('Axion ', [920, 930, 940, 950, 960])],
      ['Elios', seq('Elios ', [210, 220, 230, 240])],
    ],
  },
  {
    slug: 'deutz-fahr',
    short: 'Deutz-Fahr',
    names: langs('de_only', 'Deutz-Fahr', '', ''),
    active: true,
    loose: ['Agrotron K 90', '6165 RCshift'],
    series: [
      ['Serie 5', ['5080 D Keyline', '5095', '5105', '5115', '5125']],
      ['Serie 6', ['6115', '6125', '6135 C', '6155', '6175', '6185 TTV', '6215 RCshift']],
      ['Serie 7', ['7250 TTV']],
      ['Serie 9', ['9340 TTV']],
    ],
  },
  {
    slug: 'case-ih',
    short: 'Case IH',
    names: same('Case IH'),
    active: true,
    loose: [],
    series: [
      ['Farmall C', seq('Farmall ', [75, 95, 115], 'C')],
      ['Maxxum', seq('Maxxum ', [115, 125, 135, 145, 150])],
      ['Puma', seq('Puma ', [150, 165, 185, 200, 220, 240])],
      ['Optum', seq('Optum ', [270, 300], ' CVX')],
    ],
  },
  {
    slug: 'new-holland',
    short: 'New Holland',
    names: same('New Holland'),
    active: true,
    loose: ['TM 155'],
    series: [
      ['T5', seq('T5.', [90, 100, 110, 120, 130])],
      ['T6', seq('T6.', [125, 145, 160, 175, 180])],
      ['T7', seq('T7.', [190, 210, 225, 245, 270, 315])],
    ],
  },
  {
    slug: 'massey-ferguson',
    short: 'Massey Ferguson',
    names: same('Massey Ferguson'),
    active: true,
    loose: ['MF 6480'],
    series: [
      ['MF 5S', seq('MF 5S.', [105, 115, 125, 135, 145])],
      ['MF 6S', seq('MF 6S.', [135, 145, 155, 165, 180])],
      ['MF 7S', seq('MF 7S.', [155, 165, 180, 190, 210])],
      ['MF 8S', seq('MF 8S.', [225, 265, 305])],
    ],
  },
  {
    slug: 'valtra',
    short: 'Valtra',
    names: same('Valtra'),
    active: true,
    loose: [],
    series: [
      ['A-Serie', seq('A', [95, 105, 115, 135])],
      ['G-Serie', seq('G', [105, 115, 125, 135])],
      ['N-Serie', ['N135', 'N155e', 'N175']],
      ['T-Serie', ['T175e', 'T195', 'T215', 'T235']],
    ],
  },
  {
    slug: 'steyr',
    short: 'Steyr',
    names: same('Steyr'),
    active: true,
    loose: ['8090'],
    series: [
      ['Kompakt', seq('', [4065, 4075, 4095, 4115], ' S')],
      ['Expert CVT', seq('', [4100, 4120, 4130], ' Expert CVT')],
      ['Profi', seq('', [4125, 4135, 4145], ' Profi')],
      ['Absolut CVT', seq('', [6175, 6240], ' Absolut CVT')],
      ['Terrus CVT', seq('', [6270, 6300], ' Terrus CVT')],
    ],
  },
  {
    slug: 'kubota',
    short: 'Kubota',
    names: langs('no_fr', 'Kubota', 'Kubota', ''),
    active: true,
    loose: ['L1-382'],
    series: [
      ['M5001', ['M5-091', 'M5-111']],
      ['M6002', ['M6-122', 'M6-132', 'M6-142']],
      ['M7003', ['M7-133', 'M7-153', 'M7-173']],
    ],
  },
  {
    slug: 'same',
    short: 'SAME',
    names: same('SAME'),
    active: true,
    loose: [],
    series: [
      ['Frutteto', seq('Frutteto ', [80, 90, 100, 115])],
      ['Explorer', seq('Explorer ', [90, 105, 115])],
    ],
  },
  {
    slug: 'mccormick',
    short: 'McCormick',
    names: same('McCormick'),
    active: true,
    loose: [],
    series: [
      ['X6', seq('X6.', [414, 430, 440])],
      ['X7', seq('X7.', [617, 624, 690])],
    ],
  },
  {
    slug: 'lindner',
    short: 'Lindner',
    names: langs('no_fr', 'Lindner Traktorenwerk', 'Lindner tractors', ''),
    active: true,
    loose: [],
    series: [
      ['Lintrac', ['Lintrac 75 LS', 'Lintrac 90', 'Lintrac 100', 'Lintrac 130']],
      ['Geotrac', seq('Geotrac ', [64, 84, 94, 134], ' ep')],
    ],
  },
  {
    slug: 'landini',
    short: 'Landini',
    names: same('Landini'),
    active: true,
    loose: [],
    series: [
      ['Serie 5', ['5-085', '5-100', '5-110']],
      ['Serie 6', ['6-125C', '6-145C']],
    ],
  },
  {
    slug: 'zetor',
    short: 'Zetor',
    names: same('Zetor'),
    active: true,
    loose: ['Major 80'],
    series: [
      ['Proxima', seq('Proxima ', [100, 110, 120])],
      ['Forterra', ['Forterra 125', 'Forterra 135', 'Forterra 150 HD']],
      ['Crystal', seq('Crystal ', [150, 170])],
    ],
  },
  {
    slug: 'eicher',
    short: 'Eicher',
    names: langs('no_fr', 'Eicher Traktoren', 'Eicher tractors', ''),
    active: false,
    series: [],
    loose: ['Königstiger', 'Tiger', 'Panther', 'Mammut', 'Wotan'],
  },
  {
    slug: 'schlueter',
    short: 'Schlüter',
    names: langs('de_only', 'Schlüter Traktoren', '', ''),
    active: false,
    loose: ['Compact 850 V'],
    series: [['Super', ['Super 950 V', 'Super 1250 VL', 'Super 1500 TVL']]],
  },
  {
    slug: 'huerlimann',
    short: 'Hürlimann',
    names: same('Hürlimann'),
    active: false,
    loose: [],
    series: [['XT', ['XT 910', 'XT 115']]],
  },
  {
    slug: 'ihc',
    short: 'IHC',
    names: langs('no_fr', 'International Harvester', 'International Harvester', ''),
    active: false,
    series: [],
    loose: ['IHC 1055', 'IHC 844 S', 'IHC 633'],
  },
];
