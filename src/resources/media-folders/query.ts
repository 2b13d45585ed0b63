/**
 * Postgres reads of the public media folders (spec "Visibility rules": a folder is public when it is active
 * and has no role restriction; src/catalog/visibility.ts extends that to every ancestor).
 */
import type { Knex } from 'knex';
import { PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';

export interface FolderRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent_id: number | null;
  position: number;
}

/** Every public folder by `position`, then `name`, then `id` (siblings keep this order). One query. */
export async function listPublicFolders(db: Knex): Promise<FolderRow[]> {
  const { rows } = await db.raw<{ rows: FolderRow[] }>(
    `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
     SELECT f.id, f.name, f.slug, f.description, f.parent_id, f.position
       FROM media_folders f JOIN public_media_folders p ON p.id = f.id
      ORDER BY f.position, f.name, f.id`,
  );
  return rows;
}

/** The id of the PUBLIC folder with this slug, or undefined (unknown, inactive, restricted, or below one). */
export async function findPublicFolderId(db: Knex, slug: string): Promise<number | undefined> {
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
     SELECT f.id FROM media_folders f JOIN public_media_folders p ON p.id = f.id WHERE f.slug = ?`,
    [slug],
  );
  return rows[0]?.id;
}
