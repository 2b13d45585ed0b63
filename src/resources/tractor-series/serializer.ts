/**
 * The wire forms of a tractor series (spec "Tractor series"): `{ id, slug, names, manufacturer_id,
 * manufacturer }` in list and detail, plus `models` in the detail. `names` is a plain string (column
 * `name`); `manufacturer` is null when the series' manufacturer is inactive.
 */
import { serializeManufacturer, type ManufacturerResource } from '../manufacturers/serializer';
import type { TractorModelSummary } from '../tractor-models/serializer';
import type { TractorSeriesRecord } from './query';

/** A series as listed. */
export interface TractorSeriesResource {
  id: number;
  slug: string;
  names: string | null;
  manufacturer_id: number;
  manufacturer: ManufacturerResource | null;
}

/** A series with its models (without their `manufacturer` and `series`). */
export interface TractorSeriesDetail extends TractorSeriesResource {
  models: TractorModelSummary[];
}

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
