/**
 * Postgres reads of `/makers`: makers are the active manufacturers (the current
 * `/manufacturers`), each with the number of its tractor models and of its active products. One query.
 */
import type { Knex } from 'knex';
import { rows } from '../shared';

/** A maker row: the manufacturer and its counts. */
export interface MakerRecord {
  id: number;
  slug: string;
  short_name: string | null;
  names: Record<string, string>;
  tractors_count: number;
  products_count: number;
  created_at: Date | null;
  updated_at: Date | null;
}

const SELECT = `SELECT m.id, m.slug, m.short_name, m.names, m.created_at, m.updated_at,
    (SELECT count(*)::int FROM tractor_models tm WHERE tm.manufacturer_id = m.id) AS tractors_count,
    (SELECT count(*)::int FROM product_manufacturers pm
       JOIN products p ON p.id = pm.product_id AND p.is_active WHERE pm.manufacturer_id = m.id) AS products_count
  FROM manufacturers m WHERE m.is_active`;

/** Every active manufacturer as a maker, sorted as `/manufacturers` (short name, NULL last, then slug). */
export function listMakers(db: Knex): Promise<MakerRecord[]> {
  return rows<MakerRecord>(db, `${SELECT} ORDER BY m.short_name ASC NULLS LAST, m.slug`);
}

/** The active manufacturer `id` as a maker, or undefined (unknown or inactive). */
export async function findMaker(db: Knex, id: number): Promise<MakerRecord | undefined> {
  return (await rows<MakerRecord>(db, `${SELECT} AND m.id = ?`, [id]))[0];
}
