/**
 * Tractor manufacturers, series and models (compatibility data for front loaders). Real brand names,
 * made-up identifiers. Same at every scale. `buildTractors(seed)` returns the three record lists plus
 * `modelIdsByManufacturer` for the front-loader links. Ids: manufacturers 11+, series 101+, models 1001+.
 */
import { rngFor } from './random';
import { MAKERS } from './data/tractor-makers';
import { slugify, type LangText } from './text';
import { GENERATED_AT, instantBetween, timestamp, utc } from './time';

export interface ManufacturerRecord {
  id: number;
  slug: string;
  short_name: string;
  names: LangText;
  is_active: boolean;
  created_at: string;
  updated_at: string | null;
}
export interface SeriesRecord {
  id: number;
  slug: string;
  name: string;
  manufacturer_id: number;
}
export interface ModelRecord {
  id: number;
  identifier: string | null;
  model: string;
  type_of_tractor: string | null;
  manufacturer_id: number;
  tractor_series_id?: number | null;
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
      id,
      slug: maker.slug,
      short_name: maker.short,
      names: maker.names,
      is_active: maker.active,
      created_at: timestamp(created),
      updated_at: m % 5 === 3 ? null : timestamp(instantBetween(rng, created, GENERATED_AT - 86_400_000)),
    });
    const ids: number[] = [];
    const code = maker.short
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase();
    const addModel = (model: string, seriesName: string, seriesId: number | null | undefined): void => {
      const n = models.length;
      // Vintage models of defunct makers came from an old list without identifiers or types.
      const vintage = !maker.active && seriesName === '';
      const record: ModelRecord = {
        id: 1001 + n,
        identifier:
          vintage || n % 17 === 5 ? null : `${code}-${model.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
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
