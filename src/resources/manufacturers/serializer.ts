/**
 * The wire form of a manufacturer (spec "Manufacturer"): `{ id, slug, short_name, names }`, the same in
 * `/manufacturers`, `/manufacturers/{slug}` and embedded in tractor series and models.
 */
import type { z } from 'zod';
import type { ManufacturerRecord } from './query';
import type { ManufacturerSchema } from './schema';

/** A manufacturer as clients see it; `names` is a language object. */
export type ManufacturerResource = z.infer<typeof ManufacturerSchema>;

/** The manufacturer resource of `record` (every field listed, nothing else). */
export function serializeManufacturer(record: ManufacturerRecord): ManufacturerResource {
  return {
    id: record.id,
    slug: record.slug,
    short_name: record.short_name,
    names: record.names,
  };
}
