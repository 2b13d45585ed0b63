/**
 * Postgres reads of tractor series (spec "Tractor series"). Series have no active filter; their
 * manufacturer is joined only when it is active (an inactive one is not public: `manufacturer` is null).
 */
import type { Knex } from 'knex';
import {
  JOINED_MANUFACTURER_COLUMNS,
  joinActiveManufacturer,
  joinedManufacturer,
  type JoinedManufacturer,
  type ManufacturerRecord,
} from '../manufacturers/query';
import { tractorModelColumns, type TractorModelRecord } from '../tractor-models/query';

/** A series with its public manufacturer (null when that manufacturer is inactive). */
export interface TractorSeriesRecord {
  id: number;
  slug: string;
  name: string | null;
  manufacturer_id: number;
  manufacturer: ManufacturerRecord | null;
}

interface JoinedRow extends JoinedManufacturer {
  id: number;
  slug: string;
  name: string | null;
  manufacturer_id: number;
}

function withManufacturer(db: Knex): Knex.QueryBuilder {
  const query = db('tractor_series as s').select([
    's.id',
    's.slug',
    's.name',
    's.manufacturer_id',
    ...JOINED_MANUFACTURER_COLUMNS,
  ]);
  return joinActiveManufacturer(query, 's.manufacturer_id');
}

function fromRow(row: JoinedRow): TractorSeriesRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    manufacturer_id: row.manufacturer_id,
    manufacturer: joinedManufacturer(row),
  };
}

/** Every series, by `slug`, with its manufacturer. One query. */
export async function listSeries(db: Knex): Promise<TractorSeriesRecord[]> {
  const rows = (await withManufacturer(db).orderBy('s.slug')) as JoinedRow[];
  return rows.map(fromRow);
}

/** The series with `slug` and its manufacturer, or undefined. One query. */
export async function findSeries(db: Knex, slug: string): Promise<TractorSeriesRecord | undefined> {
  const row = (await withManufacturer(db).where('s.slug', slug).first()) as JoinedRow | undefined;
  return row ? fromRow(row) : undefined;
}

/** The models of series `seriesId`, by `model`, then `id`, without relations. One query. */
export function modelsOfSeries(db: Knex, seriesId: number): Promise<TractorModelRecord[]> {
  return db('tractor_models as tm')
    .where('tm.tractor_series_id', seriesId)
    .orderBy([{ column: 'tm.model' }, { column: 'tm.id' }])
    .select<TractorModelRecord[]>(tractorModelColumns('tm'));
}
