/**
 * The wire forms of a tractor model (spec "Tractor model"): the summary without relations (in
 * `/tractor-series/{slug}` `models` and product details) and the list form with `manufacturer` and
 * `series` (`/tractor-models`, `/tractor-models/{id}`).
 */
import { serializeManufacturer } from '../manufacturers/serializer';
import type { z } from 'zod';
import type { ModelSeriesRecord, TractorModelRecord, TractorModelWithRelations } from './query';
import type { ModelSeriesSchema, TractorModelSchema, TractorModelSummarySchema } from './schema';

/** A tractor model without `manufacturer` and `series`. */
export type TractorModelSummary = z.infer<typeof TractorModelSummarySchema>;

/** A series as embedded in a tractor model: without its own manufacturer; `names` is a plain string. */
export type ModelSeriesResource = z.infer<typeof ModelSeriesSchema>;

/** A tractor model with relations; `manufacturer` is null when it has none or it is inactive. */
export type TractorModelResource = z.infer<typeof TractorModelSchema>;

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
