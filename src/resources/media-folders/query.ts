/**
 * Postgres reads of the media folders. Public (spec "Visibility rules": a folder is public when it is active
 * and has no role restriction; src/catalog/visibility.ts extends that to every ancestor) for `/media` and
 * `/media-folders`; active (active with every ancestor, role restrictions shown, not hiding) for the CMS
 * endpoints (docs/api/content-media.md).
 */
import type { Knex } from 'knex';
import { ACTIVE_FOLDERS_CTE, PUBLIC_FOLDERS_CTE } from '../../catalog/visibility';

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

/** A folder as the CMS tree shows it: the public fields plus its role restriction. */
export interface CmsFolderRow extends FolderRow {
  role_restriction: string | null;
}

/**
 * Every ACTIVE folder (it and all its ancestors active, whatever their role restriction) by `position`,
 * then `name`, then `id`. One query.
 */
export async function listActiveFolders(db: Knex): Promise<CmsFolderRow[]> {
  const { rows } = await db.raw<{ rows: CmsFolderRow[] }>(
    `WITH RECURSIVE ${ACTIVE_FOLDERS_CTE}
     SELECT f.id, f.name, f.slug, f.description, f.parent_id, f.position, f.role_restriction
       FROM media_folders f JOIN active_media_folders a ON a.id = f.id
      ORDER BY f.position, f.name, f.id`,
  );
  return rows;
}

/** The id of the ACTIVE folder (chain) with this slug, or undefined (unknown, or inactive or below one). */
export async function findActiveFolderId(db: Knex, slug: string): Promise<number | undefined> {
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `WITH RECURSIVE ${ACTIVE_FOLDERS_CTE}
     SELECT f.id FROM media_folders f JOIN active_media_folders a ON a.id = f.id WHERE f.slug = ?`,
    [slug],
  );
  return rows[0]?.id;
}
