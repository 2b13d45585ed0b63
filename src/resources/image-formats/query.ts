/** Postgres read of `GET /image-formats`: the active formats. One query. */
import type { Knex } from 'knex';

export interface ImageFormatRow {
  key: string;
  label: string;
  width: number | null;
  height: number | null;
  fit: string;
  quality: number | null;
  position: number;
}

/** Active image formats by `position`, then `key`. */
export function listActiveImageFormats(db: Knex): Promise<ImageFormatRow[]> {
  return db('image_formats')
    .where('is_active', true)
    .orderBy([{ column: 'position' }, { column: 'key' }])
    .select<ImageFormatRow[]>(['key', 'label', 'width', 'height', 'fit', 'quality', 'position']);
}
