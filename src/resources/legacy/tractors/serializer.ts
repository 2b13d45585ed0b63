/** A tractor (a tractor model) as the earlier overview names its fields: every field listed. */
import type { z } from 'zod';
import { makerSummary } from '../shared';
import type { TractorRecord } from './query';
import type { LegacyTractorSchema } from './schema';

export type LegacyTractor = z.infer<typeof LegacyTractorSchema>;

/** The tractor resource of `record`. */
export function serializeTractor(record: TractorRecord): LegacyTractor {
  return {
    id: record.id,
    identification: record.identifier,
    model: record.model,
    series: record.series_name,
    type_of_tractor: record.type_of_tractor,
    maker: makerSummary({
      id: record.maker_id,
      short_name: record.maker_short_name,
      names: record.maker_names,
    }),
    tractor_series:
      record.series_id === null || record.series_slug === null
        ? null
        : { id: record.series_id, slug: record.series_slug, name: record.series_name },
    performance_classes: [],
    created_at: null,
    updated_at: null,
  };
}
