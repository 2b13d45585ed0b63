/**
 * The wire forms of a tractor series (spec "Tractor series"): `{ id, slug, names, manufacturer_id,
 * manufacturer }` in list and detail, plus `models` in the detail. `names` is a plain string (column
 * `name`); `manufacturer` is null when the series' manufacturer is inactive.
 */
import type { z } from 'zod';
import { serializeManufacturer } from '../manufacturers/serializer';
import type { TractorModelSummary } from '../tractor-models/serializer';
import type { TractorSeriesRecord } from './query';
import type { TractorSeriesDetailSchema, TractorSeriesSchema } from './schema';

/** A series as listed. */
export type TractorSeriesResource = z.infer<typeof TractorSeriesSchema>;

/** A series with its models (without their `manufacturer` and `series`). */
export type TractorSeriesDetail = z.infer<typeof TractorSeriesDetailSchema>;

/** The list form of `record`. */
export function serializeTractorSeries(record: TractorSeriesRecord): TractorSeriesResource {
  return {
    id: record.id,
    slug: record.slug,
    names: record.name,
    manufacturer_id: record.manufacturer_id,
    manufacturer: record.manufacturer ? serializeManufacturer(record.manufacturer) : null,
  };
}

/** The detail form: the list form plus `models` (already serialized, in the order given). */
export function serializeTractorSeriesDetail(
  record: TractorSeriesRecord,
  models: TractorModelSummary[],
): TractorSeriesDetail {
  return { ...serializeTractorSeries(record), models };
}
