/**
 * Postgres reads of manufacturers (spec "Manufacturer"): only active ones are public, so every read here
 * filters on `is_active`, including the LEFT JOIN that tractor series and models use for their
 * `manufacturer`.
 */
import type { Knex } from 'knex';

/** The columns of a manufacturer that the API returns. */
export interface ManufacturerRecord {
  id: number;
  slug: string;
  short_name: string | null;
  names: Record<string, string>;
}

const COLUMNS = ['id', 'slug', 'short_name', 'names'];

/**
 * All active manufacturers, by `short_name` (NULL last; text order is the database collation), then `slug`.
 * Spec "Manufacturers".
 */
export function listActiveManufacturers(db: Knex): Promise<ManufacturerRecord[]> {
  return db('manufacturers')
    .where('is_active', true)
    .orderBy([{ column: 'short_name', order: 'asc', nulls: 'last' }, { column: 'slug' }])
    .select<ManufacturerRecord[]>(COLUMNS);
}

/** The active manufacturer with `slug`, or undefined when none has it or it is inactive. */
export async function findActiveManufacturer(
  db: Knex,
  slug: string,
): Promise<ManufacturerRecord | undefined> {
  return db('manufacturers').where({ slug, is_active: true }).first<ManufacturerRecord | undefined>(COLUMNS);
}

/** The id of the active manufacturer with `slug`, or undefined (unknown or inactive). */
export async function findActiveManufacturerId(db: Knex, slug: string): Promise<number | undefined> {
  const row = await db('manufacturers')
    .where({ slug, is_active: true })
    .first<{ id: number } | undefined>('id');
  return row?.id;
}

/** The columns `joinActiveManufacturer` adds to a row; all null when no active manufacturer matched. */
export interface JoinedManufacturer {
  manufacturer__id: number | null;
  manufacturer__slug: string | null;
  manufacturer__short_name: string | null;
  manufacturer__names: Record<string, string> | null;
}

/** The select list for `joinActiveManufacturer` (alias `m`). */
export const JOINED_MANUFACTURER_COLUMNS = [
  'm.id as manufacturer__id',
  'm.slug as manufacturer__slug',
  'm.short_name as manufacturer__short_name',
  'm.names as manufacturer__names',
];

/**
 * LEFT JOINs `manufacturers as m` on `foreignKey` (e.g. `s.manufacturer_id`), only when it is active:
 * an inactive manufacturer is not public, so its columns come back null and the row stays.
 */
export function joinActiveManufacturer(query: Knex.QueryBuilder, foreignKey: string): Knex.QueryBuilder {
  return query.leftJoin('manufacturers as m', (on) => {
    on.on('m.id', '=', foreignKey).andOnVal('m.is_active', '=', true);
  });
}

/** The manufacturer of a row read with `JOINED_MANUFACTURER_COLUMNS`, or null when none is public. */
export function joinedManufacturer(row: JoinedManufacturer): ManufacturerRecord | null {
  if (row.manufacturer__id === null || row.manufacturer__slug === null || row.manufacturer__names === null) {
    return null;
  }
  return {
    id: row.manufacturer__id,
    slug: row.manufacturer__slug,
    short_name: row.manufacturer__short_name,
    names: row.manufacturer__names,
  };
}
