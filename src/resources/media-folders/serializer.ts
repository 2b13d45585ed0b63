/**
 * The Media folder resource (spec "Media folder", "GET /media-folders"): the public tree, pure.
 *
 * Roots and their sub-folders carry `children`; the third level has no `children` key at all, even when
 * deeper folders exist (those are not shown). `path` joins the names from the root with ` / `.
 */
import type { FolderRow } from './query';

export interface FolderJson {
  id: number;
  name: string;
  path: string;
  slug: string;
  description: string | null;
  parent_id: number | null;
  position: number;
  children?: FolderJson[];
}

/** Levels that carry `children` (1 = roots). */
const LEVELS_WITH_CHILDREN = 2;

/**
 * The folder tree of `rows` (public folders in sibling order; every ancestor of a row is among them).
 * Folders whose parent is not in `rows` are left out.
 */
export function serializeFolderTree(rows: readonly FolderRow[]): FolderJson[] {
  const childrenOf = new Map<number | null, FolderRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parent_id) ?? [];
    siblings.push(row);
    childrenOf.set(row.parent_id, siblings);
  }
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
