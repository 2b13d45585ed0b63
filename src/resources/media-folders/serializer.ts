/**
 * The Media folder resource (spec "Media folder", "GET /media-folders"): the public tree, pure.
 *
 * Roots and their sub-folders carry `children`; the third level has no `children` key at all, even when
 * deeper folders exist (those are not shown). `path` joins the names from the root with ` / `.
 * The CMS tree (`serializeCmsFolderTree`) has every level, each with `children`, and `role_restriction`.
 */
import type { z } from 'zod';
import type { CmsFolderRow, FolderRow } from './query';
import type { CmsFolderSchema, MediaFolderSchema } from './schema';

export type FolderJson = z.infer<typeof MediaFolderSchema>;

/** `rows` grouped by `parent_id` (null: the roots), each group in the order of `rows`. */
function byParent<T extends { parent_id: number | null }>(rows: readonly T[]): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const row of rows) {
    const siblings = groups.get(row.parent_id);
    if (siblings) siblings.push(row);
    else groups.set(row.parent_id, [row]);
  }
  return groups;
}

/** Levels that carry `children` (1 = roots). */
const LEVELS_WITH_CHILDREN = 2;

/**
 * The folder tree of `rows` (public folders in sibling order; every ancestor of a row is among them).
 * Folders whose parent is not in `rows` are left out.
 */
export function serializeFolderTree(rows: readonly FolderRow[]): FolderJson[] {
  const childrenOf = byParent(rows);
  const build = (row: FolderRow, parentPath: string | null, level: number): FolderJson => {
    const path = parentPath === null ? row.name : `${parentPath} / ${row.name}`;
    const folder: FolderJson = {
      id: row.id,
      name: row.name,
      path,
      slug: row.slug,
      description: row.description,
      parent_id: row.parent_id,
      position: row.position,
    };
    if (level <= LEVELS_WITH_CHILDREN) {
      folder.children = (childrenOf.get(row.id) ?? []).map((child) => build(child, path, level + 1));
    }
    return folder;
  };
  return (childrenOf.get(null) ?? []).map((root) => build(root, null, 1));
}

/** A folder of the CMS tree (docs/api/content-media.md): every level has `children`. */
export type CmsFolderJson = z.infer<typeof CmsFolderSchema>;

/**
 * The whole tree of `rows` (active folders in sibling order, every ancestor among them), all levels.
 * Folders whose parent is not in `rows` are left out.
 */
export function serializeCmsFolderTree(rows: readonly CmsFolderRow[]): CmsFolderJson[] {
  const childrenOf = byParent(rows);
  const build = (row: CmsFolderRow, parentPath: string | null): CmsFolderJson => {
    const path = parentPath === null ? row.name : `${parentPath} / ${row.name}`;
    return {
      id: row.id,
      name: row.name,
      path,
      slug: row.slug,
      description: row.description,
      parent_id: row.parent_id,
      position: row.position,
      role_restriction: row.role_restriction,
      children: (childrenOf.get(row.id) ?? []).map((child) => build(child, path)),
    };
  };
  return (childrenOf.get(null) ?? []).map((root) => build(root, null));
}
