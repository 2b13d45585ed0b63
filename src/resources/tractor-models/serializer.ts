/**
 * The wire forms of a tractor model (spec "Tractor model"): the summary without relations (in
 * `/tractor-series/{slug}` `models` and product details) and the list form with `manufacturer` and
 * `series` (`/tractor-models`, `/tractor-models/{id}`).
 */
import { serializeManufacturer, type ManufacturerResource } from '../manufacturers/serializer';
import type { ModelSeriesRecord, TractorModelRecord, TractorModelWithRelations } from './query';

/** A tractor model without `manufacturer` and `series`. */
export interface TractorModelSummary {
  id: number;
  identifier: string | null;
  model: string;
  type_of_tractor: string | null;
  manufacturer_id: number | null;
  tractor_series_id: number | null;
}

/** A series as embedded in a tractor model: without its own manufacturer; `names` is a plain string. */
export interface ModelSeriesResource {
  id: number;
  slug: string;
  names: string | null;
  manufacturer_id: number;
}

/** A tractor model with relations; `manufacturer` is null when it has none or it is inactive. */
export interface TractorModelResource extends TractorModelSummary {
  manufacturer: ManufacturerResource | null;
  series: ModelSeriesResource | null;
}

/** The model without relations. */
export function serializeTractorModelSummary(record: TractorModelRecord): TractorModelSummary {
  return {
    id: record.id,
    identifier: record.identifier,
    model: record.model,
    type_of_tractor: record.type_of_tractor,
    manufacturer_id: record.manufacturer_id,
    tractor_series_id: record.tractor_series_id,
  };
}

/** The embedded series (`name` column as `names`). */
export function serializeModelSeries(record: ModelSeriesRecord): ModelSeriesResource {
  return {
    id: record.id,
    slug: record.slug,
    names: record.name,
    manufacturer_id: record.manufacturer_id,
  };
}

/** The list form: summary fields, then `manufacturer` and `series` (both always present, maybe null). */
export function serializeTractorModel(record: TractorModelWithRelations): TractorModelResource {
  return {
    ...serializeTractorModelSummary(record),
    manufacturer: record.manufacturer ? serializeManufacturer(record.manufacturer) : null,
    series: record.series ? serializeModelSeries(record.series) : null,
  };
}
