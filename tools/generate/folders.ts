/**
 * Media folders of the library, the same at every scale: product photos per family (three levels:
 * Produktbilder › Mähwerke › Detailaufnahmen), documents, marketing, logos, an inactive archive and two
 * role-restricted areas. `buildFolders()` returns the records and lookups by key. Ids: 40001+.
 */

export interface FolderRecord {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent_id: number | null;
  position: number;
  is_active: boolean;
  role_restriction: string | null;
}

interface FolderDef {
  key: string;
  name: string;
  description?: string;
  active?: boolean;
  role?: string;
  children?: readonly FolderDef[];
}

/** Image folders per product family folder key (families.ts `folder`). */
export const PRODUCT_FOLDERS: readonly (readonly [string, string])[] = [
  ['maehwerke', 'Mähwerke'],
  ['zettwender', 'Zettwender'],
  ['schwader', 'Schwader'],
  ['pressen', 'Pressen'],
  ['wickler', 'Ballenwickler'],
  ['ladewagen', 'Ladewagen'],
  ['frontlader', 'Frontlader und Werkzeuge'],
  ['ersatzteile', 'Ersatzteile'],
];

const TREE: readonly FolderDef[] = [
  {
    key: 'produktbilder',
    name: 'Produktbilder',
    description: 'Freigegebene Produktfotos und Freisteller',
    children: PRODUCT_FOLDERS.map(([key, name]) => ({
      key,
      name,
      children: [
        { key: `${key}-details`, name: 'Detailaufnahmen', description: 'Nahaufnahmen von Baugruppen' },
        { key: `${key}-einsatz`, name: 'Einsatzbilder' },
      ],
    })),
  },
  {
    key: 'dokumente',
    name: 'Dokumente',
    children: [
      { key: 'datenblaetter', name: 'Datenblätter' },
      {
        key: 'betriebsanleitungen',
        name: 'Betriebsanleitungen',
        description: 'Originalbetriebsanleitungen, mehrsprachig',
      },
      {
        key: 'prospekte',
        name: 'Prospekte',
        children: [
          { key: 'prospekte-2025', name: 'Prospekte 2025' },
          { key: 'prospekte-2026', name: 'Prospekte 2026' },
        ],
      },
      {
        key: 'zeichnungen',
        name: 'Technische Zeichnungen',
        description: 'Maßzeichnungen & Explosionszeichnungen',
      },
    ],
  },
  {
    key: 'marketing',
    name: 'Marketing',
    children: [
      {
        key: 'messen',
        name: 'Messen',
        children: [
          { key: 'agritechnica-2025', name: 'Agritechnica 2025' },
          { key: 'eurotier-2024', name: 'EuroTier 2024' },
        ],
      },
      { key: 'anzeigen', name: 'Anzeigen' },
      {
        key: 'ki-illustrationen',
        name: 'KI-Illustrationen',
        description: 'Mit KI erzeugte Illustrationen, immer kennzeichnen',
      },
      { key: 'video-und-3d', name: 'Video und 3D' },
    ],
  },
  {
    key: 'logos-und-icons',
    name: 'Logos und Icons',
    children: [
      { key: 'logos', name: 'Logos' },
      { key: 'icons', name: 'Icons' },
    ],
  },
  {
    key: 'archiv',
    name: 'Archiv',
    description: 'Abgelöste Motive, nicht mehr verwenden',
    active: false,
    children: [
      { key: 'archiv-2015', name: 'Altbestand 2015', active: false },
      { key: 'archiv-2019', name: 'Altbestand 2019', active: false },
    ],
  },
  {
    key: 'haendlerbereich',
    name: 'Händlerbereich',
    description: 'Nur für Vertriebspartner',
    role: 'haendler',
    children: [{ key: 'haendleraktionen', name: 'Händleraktionen', role: 'haendler' }],
  },
  { key: 'intern', name: 'Intern', description: 'Nur Marketing', role: 'marketing' },
];

export interface Folders {
  records: FolderRecord[];
  id(key: string): number;
  /** Folders no public medium may sit in. */
  inactive: number[];
  restricted: number[];
}

export function buildFolders(): Folders {
  const records: FolderRecord[] = [];
  const ids = new Map<string, number>();
  const walk = (
    defs: readonly FolderDef[],
    parentId: number | null,
    parentActive: boolean,
    parentRole: string | null,
  ): void => {
    defs.forEach((def, position) => {
      const id = 40001 + records.length;
      const active = parentActive && def.active !== false;
      const role = def.role ?? parentRole;
      // Slugs must be unique: sub-folders that repeat a name carry their parent's key.
      records.push({
        id,
        name: def.name,
        slug: def.key,
        description: def.description ?? null,
        parent_id: parentId,
        position: position + 1,
        is_active: active,
        role_restriction: role,
      });
      ids.set(def.key, id);
      walk(def.children ?? [], id, active, role);
    });
  };
  walk(TREE, null, true, null);
  return {
    records,
    id(key) {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`unknown folder ${key}`);
      return id;
    },
    inactive: records.filter((r) => !r.is_active).map((r) => r.id),
    restricted: records.filter((r) => r.role_restriction !== null).map((r) => r.id),
  };
}
