/**
 * Postgres reads of tractor models (spec "Tractor models"). A page is two queries whatever its size: a
 * count, and the page with its manufacturer and series joined in (no query per model).
 */
import type { Knex } from 'knex';
import {
  JOINED_MANUFACTURER_COLUMNS,
  joinActiveManufacturer,
  joinedManufacturer,
  type JoinedManufacturer,
  type ManufacturerRecord,
} from '../manufacturers/query';

/** The columns of a tractor model, without relations. */
export interface TractorModelRecord {
  id: number;
  identifier: string | null;
  model: string;
  type_of_tractor: string | null;
  manufacturer_id: number | null;
  tractor_series_id: number | null;
}

/** The series of a model, without its own manufacturer; `name` is the plain-string `names`. */
export interface ModelSeriesRecord {
  id: number;
  slug: string;
  name: string | null;
  manufacturer_id: number;
}

/** A tractor model with its public manufacturer (null when none or inactive) and its series (or null). */
export interface TractorModelWithRelations extends TractorModelRecord {
  manufacturer: ManufacturerRecord | null;
  series: ModelSeriesRecord | null;
}

/** The model columns, qualified with a table alias (`tm.id`, ...). */
export function tractorModelColumns(alias: string): string[] {
  return ['id', 'identifier', 'model', 'type_of_tractor', 'manufacturer_id', 'tractor_series_id'].map(
    (column) => `${alias}.${column}`,
  );
}

interface JoinedRow extends TractorModelRecord, JoinedManufacturer {
  series__id: number | null;
  series__slug: string | null;
  series__name: string | null;
  series__manufacturer_id: number | null;
}

function withRelations(db: Knex): Knex.QueryBuilder {
  const query = db('tractor_models as tm')
    .leftJoin('tractor_series as s', 's.id', 'tm.tractor_series_id')
    .select([
      ...tractorModelColumns('tm'),
      ...JOINED_MANUFACTURER_COLUMNS,
      's.id as series__id',
      's.slug as series__slug',
      's.name as series__name',
      's.manufacturer_id as series__manufacturer_id',
    ]);
  return joinActiveManufacturer(query, 'tm.manufacturer_id');
}

function fromRow(row: JoinedRow): TractorModelWithRelations {
  const series =
    row.series__id === null || row.series__slug === null || row.series__manufacturer_id === null
      ? null
      : {
          id: row.series__id,
          slug: row.series__slug,
          name: row.series__name,
          manufacturer_id: row.series__manufacturer_id,
        };
  return {
    id: row.id,
    identifier: row.identifier,
    model: row.model,
    type_of_tractor: row.type_of_tractor,
    manufacturer_id: row.manufacturer_id,
    tractor_series_id: row.tractor_series_id,
    manufacturer: joinedManufacturer(row),
    series,
  };
}

/** What a page of `/tractor-models` is filtered and cut by. */
export interface ModelPageRequest {
  /** Only models of this manufacturer id (an already resolved, valid filter). */
  manufacturerId?: number;
  page: number;
  perPage: number;
}

/**
 * One page of tractor models sorted by `model` (database collation), then `id`, with relations, and the
 * total count under the same filter. Exactly two queries.
 */
export async function pageOfModels(
  db: Knex,
  request: ModelPageRequest,
): Promise<{ records: TractorModelWithRelations[]; total: number }> {
  const { manufacturerId, page, perPage } = request;
  const countQuery = db('tractor_models').count<{ n: number | string }[]>({ n: '*' });
  const pageQuery = withRelations(db)
    .orderBy([{ column: 'tm.model' }, { column: 'tm.id' }])
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (manufacturerId !== undefined) {
    countQuery.where('manufacturer_id', manufacturerId);
    pageQuery.where('tm.manufacturer_id', manufacturerId);
  }
  const [counted, rows] = await Promise.all([countQuery, pageQuery as Promise<JoinedRow[]>]);
  return { records: rows.map(fromRow), total: Number(counted[0]?.n ?? 0) };
}

/** The model with `id` and its relations, or undefined. One query. */
export async function findModel(db: Knex, id: number): Promise<TractorModelWithRelations | undefined> {
  const row = (await withRelations(db).where('tm.id', id).first()) as JoinedRow | undefined;
  return row ? fromRow(row) : undefined;
}
