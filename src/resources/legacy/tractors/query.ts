/**
 * Postgres reads of `/tractors`: tractors are the tractor models of `/tractor-models` (no
 * active filter, as there), with their series and their maker (only an active manufacturer). A page is
 * at most three queries: the filter values, the count and the page with its relations joined in.
 */
import type { Knex } from 'knex';
import { rows, total, wordsCondition } from '../shared';
import type { TractorListParams } from './params';

/** A tractor model with its series and its active manufacturer (columns null when none). */
export interface TractorRecord {
  id: number;
  identifier: string | null;
  model: string;
  type_of_tractor: string | null;
  series_id: number | null;
  series_slug: string | null;
  series_name: string | null;
  maker_id: number | null;
  maker_short_name: string | null;
  maker_names: Record<string, string> | null;
}

const FROM = `FROM tractor_models tm
  LEFT JOIN tractor_series s ON s.id = tm.tractor_series_id
  LEFT JOIN manufacturers m ON m.id = tm.manufacturer_id AND m.is_active`;

const SELECT = `SELECT tm.id, tm.identifier, tm.model, tm.type_of_tractor,
    s.id AS series_id, s.slug AS series_slug, s.name AS series_name,
    m.id AS maker_id, m.short_name AS maker_short_name, m.names AS maker_names ${FROM}`;

/** The filter values that name something: an active manufacturer's id, an existing series id. One query. */
async function resolveFilters(
  db: Knex,
  params: TractorListParams,
): Promise<{ makerId: number | null; seriesId: number | null }> {
  if (params.maker === undefined && params.series === undefined) return { makerId: null, seriesId: null };
  const [row] = await rows<{ maker_id: number | null; series_id: number | null }>(
    db,
    `SELECT (SELECT id FROM manufacturers WHERE is_active AND (slug = ? OR lower(short_name) = lower(?))
              ORDER BY (slug = ?) DESC, id LIMIT 1) AS maker_id,
            (SELECT id FROM tractor_series WHERE id = ?) AS series_id`,
    [params.maker ?? null, params.maker ?? null, params.maker ?? null, params.series ?? null],
  );
  return { makerId: row?.maker_id ?? null, seriesId: row?.series_id ?? null };
}

/** One page of tractors sorted by model, then id, and the total under the same filters. */
export async function pageOfTractors(
  db: Knex,
  params: TractorListParams,
): Promise<{ records: TractorRecord[]; total: number }> {
  const { makerId, seriesId } = await resolveFilters(db, params);
  const where: string[] = ['TRUE'];
  const bindings: Knex.RawBinding[] = [];
  if (makerId !== null) {
    where.push('tm.manufacturer_id = ?');
    bindings.push(makerId);
  }
  if (seriesId !== null) {
    where.push('tm.tractor_series_id = ?');
    bindings.push(seriesId);
  }
  if (params.search) {
    const words = wordsCondition(['tm.model', "coalesce(tm.identifier, '')"], params.search);
    where.push(words.sql);
    bindings.push(...words.bindings);
  }
  const condition = where.join(' AND ');
  const [page, count] = await Promise.all([
    rows<TractorRecord>(db, `${SELECT} WHERE ${condition} ORDER BY tm.model, tm.id LIMIT ? OFFSET ?`, [
      ...bindings,
      params.perPage,
      (params.page - 1) * params.perPage,
    ]),
    rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM tractor_models tm WHERE ${condition}`, bindings),
  ]);
  return { records: page, total: total(count) };
}

/** The tractor model `id` with its relations, or undefined. One query. */
export async function findTractor(db: Knex, id: number): Promise<TractorRecord | undefined> {
  return (await rows<TractorRecord>(db, `${SELECT} WHERE tm.id = ?`, [id]))[0];
}
