/** A maker as the earlier overview names its fields: every field listed. */
import type { z } from 'zod';
import { wireTimestamp } from '../../../catalog/wire';
import type { MakerRecord } from './query';
import type { LegacyMakerSchema } from './schema';

export type LegacyMaker = z.infer<typeof LegacyMakerSchema>;

/** The maker resource of `record`. */
export function serializeMaker(record: MakerRecord): LegacyMaker {
  return {
    id: record.id,
    shortname: record.short_name,
    name: record.names,
    slug: record.slug,
    tractors_count: record.tractors_count,
    products_count: record.products_count,
    created_at: wireTimestamp(record.created_at),
    updated_at: wireTimestamp(record.updated_at),
  };
}
