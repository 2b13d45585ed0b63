/**
 * The wire form of a manufacturer (spec "Manufacturer"): `{ id, slug, short_name, names }`, the same in
 * `/manufacturers`, `/manufacturers/{slug}` and embedded in tractor series and models.
 */
import type { ManufacturerRecord } from './query';

/** A manufacturer as clients see it; `names` is a language object. */
export interface ManufacturerResource {
  id: number;
  slug: string;
  short_name: string | null;
  names: Record<string, string>;
}

/** The manufacturer resource of `record` (every field listed, nothing else). */
export function serializeManufacturer(record: ManufacturerRecord): ManufacturerResource {
  return {
    id: record.id,
    slug: record.slug,
    short_name: record.short_name,
    names: record.names,
  };
}
