/**
 * catalog:generate (tools/generate): determinism, every edge case at the smallest scale, referential
 * integrity, required fields and types per the snapshot format, real decodable files, and the counts of
 * the bigger scales. No database needed.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { generateCatalog, planCatalog, SCALES } from '../tools/generate';

type Rec = Record<string, unknown>;
type Snapshot = Record<string, Rec[]>;

const FILES = [
  'manufacturers',
  'tractor_series',
  'tractor_models',
  'taxonomies',
  'taxons',
  'articles',
  'products',
  'media_folders',
  'media',
  'image_formats',
  'synonyms',
  'users',
] as const;

let root: string;
let dirA: string;
let snap: Snapshot;

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out.sort();
}

async function hashes(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const file of await walk(dir))
    result[relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  return result;
}

async function load(dir: string): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const name of FILES) {
    const text = await readFile(join(dir, `${name}.ndjson`), 'utf8');
    out[name] = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Rec);
  }
  return out;
}

const all = (kind: (typeof FILES)[number]): Rec[] => snap[kind] ?? [];
const some = (kind: (typeof FILES)[number], predicate: (r: Rec) => boolean): boolean =>
  all(kind).some(predicate);
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const langKeys = (value: unknown): string =>
  Object.keys((value ?? {}) as object)
    .sort()
    .join(',');
const past = (value: unknown): boolean => typeof value === 'string' && value < '2026-11-20';
const future = (value: unknown): boolean => typeof value === 'string' && value > '2026-11-21';
const links = (p: Rec): Rec[] => arr(p.media_links) as Rec[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'catalog-generate-'));
  dirA = join(root, 'a');
  await generateCatalog({ outDir: dirA, scale: 'tiny', seed: 1 });
  snap = await load(dirA);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('determinism', () => {
  test('same seed and scale give byte-identical files (ndjson and media)', async () => {
    const dirB = join(root, 'b');
    await generateCatalog({ outDir: dirB, scale: 'tiny', seed: 1 });
    const [a, b] = [await hashes(dirA), await hashes(dirB)];
    expect(Object.keys(a).length).toBeGreaterThan(80);
    expect(b).toEqual(a);
  });

  test('a different seed gives different records and files', async () => {
    const dirC = join(root, 'c');
    await generateCatalog({ outDir: dirC, scale: 'tiny', seed: 2 });
    const [a, c] = [await hashes(dirA), await hashes(dirC)];
    expect(c['products.ndjson']).not.toBe(a['products.ndjson']);
    expect(c['media.ndjson']).not.toBe(a['media.ndjson']);
    expect(Object.keys(c).filter((f) => f.startsWith('files/') && c[f] === a[f])).toEqual([]);
  });

  test('refuses a non-empty output directory unless forced', async () => {
    await expect(generateCatalog({ outDir: dirA, scale: 'tiny', seed: 1 })).rejects.toThrow(/not empty/);
  });
});

const productEdgeCases: [string, () => boolean][] = [
  ['inactive product', () => some('products', (p) => p.is_active === false)],
  [
    'produkt/modellvariante with ordernumber null',
    () => some('products', (p) => p.objekttyp !== 'produktgruppe' && p.ordernumber === null),
  ],
  ['all three objekttyp values', () => new Set(all('products').map((p) => p.objekttyp)).size === 3],
  [
    'images only from uploads (no image links)',
    () => some('products', (p) => arr(p.uploads).length > 0 && !links(p).some((l) => l.role === 'image')),
  ],
  [
    'uploads besides image links',
    () => some('products', (p) => arr(p.uploads).length > 0 && links(p).some((l) => l.role === 'image')),
  ],
  [
    'media links of non-image roles (datasheet, brochure)',
    () =>
      ['datasheet', 'brochure'].every((role) =>
        some('products', (p) => links(p).some((l) => l.role === role)),
      ),
  ],
  [
    'only non-image media links',
    () => some('products', (p) => links(p).length > 0 && links(p).every((l) => l.role !== 'image')),
  ],
  [
    'texts per channel',
    () =>
      some(
        'products',
        (p) => typeof p.texts === 'object' && p.texts !== null && Object.keys(p.texts).length > 0,
      ),
  ],
  [
    'texts absent and null',
    () => some('products', (p) => !('texts' in p)) && some('products', (p) => p.texts === null),
  ],
  ['names only in de', () => some('products', (p) => langKeys(p.names) === 'de')],
  ['names without fr', () => some('products', (p) => langKeys(p.names) === 'de,en')],
  [
    'fr name but no fr description',
    () =>
      some('products', (p) => langKeys(p.names) === 'de,en,fr' && !langKeys(p.descriptions).includes('fr')),
  ],
  ['end_of_life in the past', () => some('products', (p) => past(p.end_of_life))],
  ['sale_start in the future', () => some('products', (p) => future(p.sale_start))],
  [
    'HTML with <p>, <ul><li>, <strong>, &amp;, &nbsp; and links',
    () =>
      ['<p>', '<ul><li>', '<strong>', '&amp;', '&nbsp;', '<a href='].every((s) =>
        some('products', (p) => JSON.stringify(p.descriptions).includes(s)),
      ),
  ],
  [
    'features {} and null',
    () =>
      some('products', (p) => JSON.stringify(p.features) === '{}') &&
      some('products', (p) => p.features === null),
  ],
  [
    'features of mixed types',
    () =>
      ['number', 'string', 'boolean'].every((t) =>
        some('products', (p) => Object.values((p.features ?? {}) as Rec).some((v) => typeof v === t)),
      ) && some('products', (p) => Object.values((p.features ?? {}) as Rec).some(Array.isArray)),
  ],
  ['empty keywords', () => some('products', (p) => arr(p.keywords).length === 0)],
  [
    'front loader with manufacturers and tractor models',
    () => some('products', (p) => arr(p.manufacturer_ids).length > 1 && arr(p.tractor_model_ids).length > 1),
  ],
  [
    'media links out of position order',
    () =>
      some('products', (p) =>
        links(p).some(
          (l, i) =>
            i > 0 && l.role === 'image' && (links(p)[i - 1]?.position as number) > (l.position as number),
        ),
      ),
  ],
  [
    'main image not at position 1',
    () => some('products', (p) => links(p).some((l) => l.is_main === true && l.position !== 1)),
  ],
  ['unknown field', () => some('products', (p) => 'pim_workflow_state' in p)],
  [
    'taxon of a hidden taxonomy',
    () => {
      const hidden = new Set(
        all('taxons')
          .filter((t) => all('taxonomies').find((x) => x.id === t.taxonomy_id)?.frontend === false)
          .map((t) => t.id),
      );
      return some('products', (p) => arr(p.taxon_ids).some((id) => hidden.has(id)));
    },
  ],
  [
    'inner (non-leaf) taxon',
    () => {
      const parents = new Set(all('taxons').map((t) => t.parent_id));
      return some('products', (p) => arr(p.taxon_ids).some((id) => parents.has(id)));
    },
  ],
];

const articleEdgeCases: [string, () => boolean][] = [
  [
    'inactive spare and inactive main article',
    () => ['spare', 'main'].every((t) => some('articles', (a) => a.type === t && a.is_active === false)),
  ],
  [
    'discontinued (end_of_life past) but active',
    () => some('articles', (a) => past(a.end_of_life) && a.is_active === true),
  ],
  ['sale_start in the future', () => some('articles', (a) => future(a.sale_start))],
  ['weight null', () => some('articles', (a) => a.weight === null)],
  ['customs_tariff_number null', () => some('articles', (a) => a.customs_tariff_number === null)],
  [
    'names only in de, short_names and descriptions null',
    () =>
      some(
        'articles',
        (a) => langKeys(a.names) === 'de' && a.short_names === null && a.descriptions === null,
      ),
  ],
  ['stock 0', () => some('articles', (a) => a.stock === 0)],
  [
    'type codes MA, ZU, VT, ET',
    () => ['MA', 'ZU', 'VT', 'ET'].every((c) => some('articles', (a) => a.type_code === c)),
  ],
  [
    'order numbers 100.125.01, E 11-0455, A 12-345, 940.123.4',
    () =>
      [/^\d{3}\.\d{3}\.\d{2}$/, /^E \d{2}-\d{4}$/, /^[A-C] \d{2}-\d{3}$/, /^9\d{2}\.\d{3}\.\d$/].every((re) =>
        some('articles', (a) => re.test(a.ordernumber as string)),
      ),
  ],
  [
    'names with ", Ø, × and ß',
    () =>
      ['"', 'Ø', '×', 'ß'].every((ch) => some('articles', (a) => String((a.names as Rec).de).includes(ch))),
  ],
  [
    'description with a line break',
    () => some('articles', (a) => JSON.stringify(a.descriptions).includes('\\n')),
  ],
  [
    'in no product',
    () => {
      const used = new Set(all('products').flatMap((p) => arr(p.article_ids)));
      return some('articles', (a) => !used.has(a.id));
    },
  ],
  [
    'in several products',
    () => {
      const n = new Map<unknown, number>();
      for (const id of all('products').flatMap((p) => arr(p.article_ids))) n.set(id, (n.get(id) ?? 0) + 1);
      return [...n.values()].some((c) => c > 1);
    },
  ],
];

const mediaEdgeCases: [string, () => boolean][] = [
  [
    'every release_status',
    () =>
      ['released', 'released_channels', 'draft', 'in_review', 'blocked'].every((s) =>
        some('media', (m) => m.release_status === s),
      ),
  ],
  [
    'released_channels without website',
    () =>
      some(
        'media',
        (m) => m.release_status === 'released_channels' && !arr(m.release_channels).includes('website'),
      ),
  ],
  [
    'channels website, print and dealer_portal',
    () =>
      ['website', 'print', 'dealer_portal'].every((c) =>
        some('media', (m) => arr(m.release_channels).includes(c)),
      ),
  ],
  [
    'blocked although channels contain website',
    () => some('media', (m) => m.release_status === 'blocked' && arr(m.release_channels).includes('website')),
  ],
  ['expired valid_until', () => some('media', (m) => past(m.valid_until))],
  ['future valid_until', () => some('media', (m) => future(m.valid_until))],
  ['trashed', () => some('media', (m) => typeof m.trashed_at === 'string')],
  [
    'in an inactive folder',
    () => some('media', (m) => all('media_folders').find((f) => f.id === m.folder_id)?.is_active === false),
  ],
  [
    'in a role-restricted folder',
    () =>
      some(
        'media',
        (m) => typeof all('media_folders').find((f) => f.id === m.folder_id)?.role_restriction === 'string',
      ),
  ],
  ['in no folder', () => some('media', (m) => m.folder_id === null)],
  ['file null and size null', () => some('media', (m) => m.file === null && m.size === null)],
  [
    'size absent although there is a file',
    () => some('media', (m) => typeof m.file === 'string' && !('size' in m)),
  ],
  [
    'every ki_status and null',
    () =>
      ['ki_generiert', 'ungeprueft_altbestand', 'kein_ki', null].every((k) =>
        some('media', (m) => m.ki_status === k),
      ),
  ],
  ['AI-generated image', () => some('media', (m) => m.type === 'image' && m.ki_status === 'ki_generiert')],
  [
    'source_id present and absent',
    () => some('media', (m) => typeof m.source_id === 'string') && some('media', (m) => !('source_id' in m)),
  ],
  [
    'types image, datasheet, manual, brochure, logo, icon, technical_drawing and others',
    () =>
      [
        'image',
        'datasheet',
        'manual',
        'brochure',
        'logo',
        'icon',
        'technical_drawing',
        'video',
        'cad',
        'three_d_view',
        'audio',
      ].every((t) => some('media', (m) => m.type === t)),
  ],
  [
    'logo as SVG and PNG, drawing as SVG and PDF',
    () =>
      [
        ['logo', 'image/svg+xml'],
        ['logo', 'image/png'],
        ['technical_drawing', 'image/svg+xml'],
        ['technical_drawing', 'application/pdf'],
      ].every(([t, mime]) => some('media', (m) => m.type === t && m.mime_type === mime && m.file !== null)),
  ],
  [
    'image files in JPEG, PNG, WebP, GIF, TIFF and SVG',
    () =>
      ['jpeg', 'png', 'webp', 'gif', 'tiff', 'svg+xml'].every((f) =>
        some('media', (m) => m.mime_type === `image/${f}` && m.file !== null),
      ),
  ],
  [
    'created_at in Z and with offset',
    () =>
      some('media', (m) => String(m.created_at).endsWith('Z')) &&
      some('media', (m) => /\+0[12]:00$/.test(String(m.created_at))),
  ],
  [
    'not linked by any product',
    () => {
      const linked = new Set(all('products').flatMap((p) => links(p).map((l) => l.media_id)));
      return some('media', (m) => !linked.has(m.id));
    },
  ],
  [
    'folders three levels deep',
    () =>
      some('media_folders', (f) => {
        const parent = all('media_folders').find((x) => x.id === f.parent_id);
        return parent !== undefined && parent.parent_id !== null;
      }),
  ],
  [
    'inactive and role-restricted folders',
    () =>
      some('media_folders', (f) => f.is_active === false) &&
      some('media_folders', (f) => f.role_restriction !== null),
  ],
];

const otherEdgeCases: [string, () => boolean][] = [
  ['inactive manufacturer', () => some('manufacturers', (m) => m.is_active === false)],
  ['manufacturer names only in de', () => some('manufacturers', (m) => langKeys(m.names) === 'de')],
  [
    'tractor model without series (absent and null)',
    () =>
      some('tractor_models', (m) => !('tractor_series_id' in m)) &&
      some('tractor_models', (m) => m.tractor_series_id === null),
  ],
  [
    'tractor model with identifier and type null',
    () => some('tractor_models', (m) => m.identifier === null && m.type_of_tractor === null),
  ],
  [
    'hidden taxonomies personen, orte, wetter',
    () =>
      ['personen', 'orte', 'wetter'].every((s) =>
        some('taxonomies', (t) => t.slug === s && t.frontend === false),
      ),
  ],
  [
    'user with viewApiDocs and 2-3 users',
    () =>
      all('users').length >= 2 &&
      all('users').length <= 3 &&
      some('users', (u) => arr(u.permissions).includes('viewApiDocs')),
  ],
  [
    'mutual and one-way synonyms',
    () =>
      some('synonyms', (s) => Array.isArray(s.terms)) && some('synonyms', (s) => typeof s.input === 'string'),
  ],
];

describe.each([
  ['products', productEdgeCases],
  ['articles', articleEdgeCases],
  ['media', mediaEdgeCases],
  ['manufacturers, tractors, taxonomies, users', otherEdgeCases],
])('edge cases: %s', (_, cases) => {
  test.each(cases)('%s', (_name, check) => {
    expect(check()).toBe(true);
  });
});

describe('structure', () => {
  test('about 90 term slugs occur in more than one taxonomy', () => {
    const byslug = new Map<unknown, Set<unknown>>();
    for (const t of all('taxons')) byslug.set(t.slug, (byslug.get(t.slug) ?? new Set()).add(t.taxonomy_id));
    const shared = [...byslug.values()].filter((s) => s.size > 1).length;
    expect(shared).toBeGreaterThanOrEqual(80);
    expect(shared).toBeLessThanOrEqual(100);
  });

  test('term trees are three levels deep', () => {
    const byId = new Map(all('taxons').map((t) => [t.id, t]));
    const depth = (t: Rec): number => (t.parent_id === null ? 1 : 1 + depth(byId.get(t.parent_id) as Rec));
    expect(Math.max(...all('taxons').map(depth))).toBe(3);
  });

  test('image formats: the five built-ins, a custom contain format and an inactive one', () => {
    const formats = all('image_formats').map((f) => [f.key, f.width, f.height, f.fit, f.is_active]);
    expect(formats.slice(0, 5)).toEqual([
      ['thumb', 300, 300, 'crop', true],
      ['mini', 120, 120, 'crop', true],
      ['tile', 480, 480, 'crop', true],
      ['preview', 800, 800, 'max', true],
      ['hero', 1920, 1080, 'max', true],
    ]);
    expect(formats.some((f) => f[3] === 'contain' && f[4] === true)).toBe(true);
    expect(formats.some((f) => f[4] === false)).toBe(true);
  });

  test('manifest is exactly the format header', async () => {
    expect(JSON.parse(await readFile(join(dirA, 'manifest.json'), 'utf8'))).toEqual({
      format: 'catalog-snapshot',
      version: 1,
      generated_at: '2026-11-20T06:00:00+01:00',
      default_language: 'de',
    });
  });

  test('every synonym entry uses a word that occurs in product names or keywords', () => {
    const text = all('products')
      .map((p) => `${JSON.stringify(p.names)} ${JSON.stringify(p.keywords)}`)
      .join(' ')
      .toLowerCase();
    for (const s of all('synonyms')) {
      const words = [...arr(s.terms), s.input, ...arr(s.synonyms)].filter(
        (w): w is string => typeof w === 'string',
      );
      expect(words.some((w) => text.includes(w.toLowerCase()))).toBe(true);
    }
  });
});

describe('referential integrity', () => {
  const ids = (kind: (typeof FILES)[number]): Set<unknown> => new Set(all(kind).map((r) => r.id));
  const unique = (values: unknown[]): boolean => new Set(values).size === values.length;

  test('ids are unique per kind', () => {
    for (const kind of FILES.filter((k) => k !== 'image_formats' && k !== 'synonyms')) {
      expect([kind, unique(all(kind).map((r) => r.id))]).toEqual([kind, true]);
    }
    expect(unique(all('image_formats').map((f) => f.key))).toBe(true);
  });

  test('slugs, order numbers, upload ids and source ids are unique', () => {
    for (const kind of [
      'manufacturers',
      'tractor_series',
      'taxonomies',
      'products',
      'media_folders',
    ] as const) {
      expect([kind, unique(all(kind).map((r) => r.slug))]).toEqual([kind, true]);
    }
    expect(unique(all('taxons').map((t) => `${String(t.taxonomy_id)}:${String(t.slug)}`))).toBe(true);
    expect(unique(all('articles').map((a) => a.ordernumber))).toBe(true);
    expect(unique(all('products').flatMap((p) => arr(p.uploads).map((u) => (u as Rec).id)))).toBe(true);
    expect(
      unique(
        all('media')
          .filter((m) => 'source_id' in m)
          .map((m) => m.source_id),
      ),
    ).toBe(true);
  });

  test('every reference points to a record of the snapshot', () => {
    const missing: string[] = [];
    const check = (set: Set<unknown>, value: unknown, what: string): void => {
      if (value !== null && value !== undefined && !set.has(value))
        missing.push(`${what} → ${String(value)}`);
    };
    const [manufacturers, series, models, taxonomies, taxons, articles, folders, media] = (
      [
        'manufacturers',
        'tractor_series',
        'tractor_models',
        'taxonomies',
        'taxons',
        'articles',
        'media_folders',
        'media',
      ] as const
    ).map(ids);
    for (const s of all('tractor_series')) check(manufacturers!, s.manufacturer_id, `series ${String(s.id)}`);
    for (const m of all('tractor_models')) {
      check(manufacturers!, m.manufacturer_id, `model ${String(m.id)}`);
      check(series!, m.tractor_series_id, `model ${String(m.id)}`);
    }
    const taxonomyOf = new Map(all('taxons').map((t) => [t.id, t.taxonomy_id]));
    for (const t of all('taxons')) {
      check(taxonomies!, t.taxonomy_id, `taxon ${String(t.id)}`);
      check(taxons!, t.parent_id, `taxon ${String(t.id)} parent`);
      if (t.parent_id !== null && taxonomyOf.get(t.parent_id) !== t.taxonomy_id)
        missing.push(`taxon ${String(t.id)} parent in another taxonomy`);
    }
    for (const f of all('media_folders')) check(folders!, f.parent_id, `folder ${String(f.id)}`);
    for (const m of all('media')) check(folders!, m.folder_id, `media ${String(m.id)}`);
    for (const p of all('products')) {
      for (const id of arr(p.taxon_ids)) check(taxons!, id, `product ${String(p.id)} taxon`);
      for (const id of arr(p.manufacturer_ids))
        check(manufacturers!, id, `product ${String(p.id)} manufacturer`);
      for (const id of arr(p.tractor_model_ids)) check(models!, id, `product ${String(p.id)} model`);
      for (const id of arr(p.article_ids)) check(articles!, id, `product ${String(p.id)} article`);
      for (const l of links(p)) check(media!, l.media_id, `product ${String(p.id)} media link`);
    }
    expect(missing).toEqual([]);
  });

  test('media link roles are media types; files are referenced once and exist', async () => {
    const byId = new Map(all('media').map((m) => [m.id, m]));
    expect(
      all('products')
        .flatMap(links)
        .filter((l) => byId.get(l.media_id)?.type !== l.role),
    ).toEqual([]);
    const referenced = [
      ...all('media').map((m) => m.file),
      ...all('products').flatMap((p) => arr(p.uploads).map((u) => (u as Rec).file)),
    ].filter((f): f is string => typeof f === 'string');
    expect(unique(referenced)).toBe(true);
    const onDisk = (await walk(join(dirA, 'files'))).map((f) => relative(join(dirA, 'files'), f));
    expect(onDisk.sort()).toEqual([...referenced].sort());
  });
});

type FieldType =
  | 'int'
  | 'number'
  | 'string'
  | 'bool'
  | 'lang'
  | 'timestamp'
  | 'date'
  | 'int[]'
  | 'string[]'
  | 'object'
  | 'array';
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const is: Record<FieldType, (v: unknown) => boolean> = {
  int: Number.isInteger,
  number: (v) => typeof v === 'number',
  string: (v) => typeof v === 'string',
  bool: (v) => typeof v === 'boolean',
  lang: (v) =>
    typeof v === 'object' &&
    v !== null &&
    Object.entries(v).every(([k, s]) => ['de', 'en', 'fr'].includes(k) && typeof s === 'string'),
  timestamp: (v) => typeof v === 'string' && TS.test(v),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  'int[]': (v) => Array.isArray(v) && v.every(Number.isInteger),
  'string[]': (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  array: Array.isArray,
};
/** Field → type; a `*` marks required fields (present and not null). */
const FORMAT: Record<string, Record<string, string>> = {
  manufacturers: {
    id: 'int*',
    slug: 'string*',
    short_name: 'string',
    names: 'lang*',
    is_active: 'bool*',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  tractor_series: { id: 'int*', slug: 'string*', name: 'string', manufacturer_id: 'int*' },
  tractor_models: {
    id: 'int*',
    identifier: 'string',
    model: 'string*',
    type_of_tractor: 'string',
    manufacturer_id: 'int',
    tractor_series_id: 'int',
  },
  taxonomies: { id: 'int*', slug: 'string*', label: 'string*', frontend: 'bool*', position: 'int' },
  taxons: {
    id: 'int*',
    taxonomy_id: 'int*',
    parent_id: 'int',
    slug: 'string*',
    name: 'string*',
    position: 'int',
  },
  articles: {
    id: 'int*',
    type: 'string*',
    type_code: 'string',
    ordernumber: 'string*',
    names: 'lang*',
    short_names: 'lang',
    descriptions: 'lang',
    weight: 'number',
    customs_tariff_number: 'string',
    sale_start: 'date',
    end_of_life: 'date',
    is_active: 'bool*',
    price: 'number',
    stock: 'int',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  products: {
    id: 'int*',
    slug: 'string*',
    objekttyp: 'string',
    ordernumber: 'string',
    names: 'lang*',
    descriptions: 'lang',
    texts: 'object',
    product_page_url: 'string',
    features: 'object',
    sale_start: 'date',
    end_of_life: 'date',
    is_active: 'bool*',
    keywords: 'string[]',
    taxon_ids: 'int[]',
    manufacturer_ids: 'int[]',
    tractor_model_ids: 'int[]',
    article_ids: 'int[]',
    media_links: 'array',
    uploads: 'array',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  media_folders: {
    id: 'int*',
    name: 'string*',
    slug: 'string*',
    description: 'string',
    parent_id: 'int',
    position: 'int',
    is_active: 'bool*',
    role_restriction: 'string',
  },
  media: {
    id: 'int*',
    source_id: 'string',
    name: 'string*',
    file_name: 'string*',
    mime_type: 'string*',
    type: 'string*',
    size: 'int',
    file: 'string',
    alt: 'string',
    title: 'string',
    caption: 'string',
    description: 'string',
    copyright: 'string',
    license: 'string',
    ki_status: 'string',
    release_status: 'string*',
    release_channels: 'string[]',
    valid_until: 'timestamp',
    folder_id: 'int',
    trashed_at: 'timestamp',
    keywords: 'string[]',
    created_at: 'timestamp*',
    updated_at: 'timestamp',
  },
  image_formats: {
    key: 'string*',
    label: 'string*',
    width: 'int',
    height: 'int',
    fit: 'string*',
    quality: 'int',
    position: 'int',
    is_active: 'bool*',
  },
  users: {
    id: 'int*',
    name: 'string*',
    email: 'string*',
    email_verified_at: 'timestamp',
    permissions: 'string[]',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  media_link: { media_id: 'int*', role: 'string*', is_main: 'bool', position: 'int', usages: 'string[]' },
  upload: {
    id: 'int*',
    file: 'string*',
    file_name: 'string*',
    mime_type: 'string*',
    name: 'string',
    alt: 'string',
    title: 'string',
    position: 'int',
    created_at: 'timestamp',
  },
};
const ENUMS: Record<string, Record<string, readonly unknown[]>> = {
  articles: { type: ['main', 'spare'] },
  products: { objekttyp: ['produktgruppe', 'produkt', 'modellvariante', null] },
  media: {
    type: [
      'image',
      'datasheet',
      'manual',
      'brochure',
      'three_d_view',
      'view_360',
      'technical_drawing',
      'video',
      'audio',
      'logo',
      'icon',
      'cad',
      'interactive_image',
    ],
    ki_status: ['ungeprueft_altbestand', 'ki_generiert', 'kein_ki', null],
    release_status: ['released', 'released_channels', 'draft', 'in_review', 'blocked'],
  },
  image_formats: { fit: ['crop', 'max', 'contain'] },
};

function violations(kind: string, record: Rec): string[] {
  const out: string[] = [];
  for (const [field, spec] of Object.entries(FORMAT[kind] ?? {})) {
    const required = spec.endsWith('*');
    const type = spec.replace('*', '') as FieldType;
    const value = record[field];
    if (value === undefined || value === null) {
      if (required) out.push(`${kind} ${String(record.id ?? record.key)}: ${field} missing`);
    } else if (!is[type](value))
      out.push(`${kind} ${String(record.id ?? record.key)}: ${field} is not ${type}`);
    const allowed = ENUMS[kind]?.[field];
    if (allowed && value !== undefined && !allowed.includes(value))
      out.push(`${kind} ${String(record.id)}: ${field} = ${String(value)}`);
  }
  return out;
}

test('every record has the required fields of the format with the right types', () => {
  const problems: string[] = [];
  for (const kind of FILES) for (const record of all(kind)) problems.push(...violations(kind, record));
  for (const p of all('products')) {
    for (const l of links(p)) problems.push(...violations('media_link', l));
    for (const u of arr(p.uploads)) problems.push(...violations('upload', u as Rec));
  }
  for (const s of all('synonyms')) {
    const mutual = is['string[]'](s.terms) && arr(s.terms).length > 1;
    const oneWay = typeof s.input === 'string' && is['string[]'](s.synonyms);
    if (!mutual && !oneWay) problems.push(`synonym ${JSON.stringify(s)}`);
  }
  expect(problems).toEqual([]);
});

const FORMAT_MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

test('media files decode as the format their mime type claims, sizes match, three are 4000 px wide', async () => {
  const problems: string[] = [];
  const widths: number[] = [];
  const files = [...all('media'), ...all('products').flatMap((p) => arr(p.uploads) as Rec[])].filter(
    (r) => typeof r.file === 'string',
  );
  for (const r of files) {
    const path = join(dirA, 'files', r.file as string);
    const bytes = await readFile(path);
    if (typeof r.size === 'number' && r.size !== bytes.length)
      problems.push(`${String(r.id)}: size ${r.size} ≠ ${bytes.length}`);
    const mime = r.mime_type as string;
    if (mime.startsWith('image/')) {
      const meta = await sharp(bytes).metadata();
      if (FORMAT_MIME[meta.format] !== mime)
        problems.push(`${String(r.id)}: ${meta.format} claimed as ${mime}`);
      widths.push(meta.autoOrient.width);
      await sharp(bytes, { failOn: 'error' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    } else if (mime === 'application/pdf') {
      const text = bytes.toString('latin1');
      const xref = text
        .slice(text.lastIndexOf('\nxref\n') + 1)
        .split('\n')
        .slice(3)
        .filter((l) => / n $/.test(l));
      const ok =
        text.startsWith('%PDF-1.4') &&
        text.endsWith('%%EOF\n') &&
        xref.every((l, i) => text.startsWith(`${i + 1} 0 obj`, Number(l.slice(0, 10))));
      if (!ok || xref.length === 0) problems.push(`${String(r.id)}: broken PDF`);
    } else if (mime === 'model/gltf+json') {
      if ((JSON.parse(bytes.toString('utf8')) as { asset: { version: string } }).asset.version !== '2.0')
        problems.push(`${String(r.id)}: glTF`);
    } else if (mime === 'audio/wav') {
      if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
        problems.push(`${String(r.id)}: WAV`);
    } else if (mime === 'model/step') {
      if (!bytes.toString('latin1').startsWith('ISO-10303-21;')) problems.push(`${String(r.id)}: STEP`);
    } else problems.push(`${String(r.id)}: unexpected file of ${mime}`);
  }
  expect(problems).toEqual([]);
  expect(widths.filter((w) => w === 4000)).toHaveLength(3);
  const orientations = await Promise.all(
    all('media')
      .filter((m) => m.mime_type === 'image/jpeg' && m.file)
      .map(async (m) => (await sharp(join(dirA, 'files', m.file as string)).metadata()).orientation),
  );
  expect(orientations).toContain(6);
});

describe('scales', () => {
  test('small has about 300 products, 3000 articles and 800 media (±10 %)', async () => {
    const dir = join(root, 'small');
    const started = Date.now();
    const summary = await generateCatalog({ outDir: dir, scale: 'small', seed: 1 });
    expect(Date.now() - started).toBeLessThan(30_000);
    const lines = async (name: string): Promise<number> =>
      (await readFile(join(dir, name), 'utf8')).trimEnd().split('\n').length;
    const counts = {
      products: await lines('products.ndjson'),
      articles: await lines('articles.ndjson'),
      media: await lines('media.ndjson'),
    };
    expect(counts.products).toBe(summary.records['products.ndjson']);
    for (const [kind, target] of [
      ['products', 300],
      ['articles', 3000],
      ['media', 800],
    ] as const) {
      expect(Math.abs(counts[kind] - target) / target).toBeLessThanOrEqual(0.1);
    }
    await rm(dir, { recursive: true, force: true });
  });

  test.each(['medium', 'large'] as const)(
    '%s plans the stated counts (±10 %%) without writing files',
    (scale) => {
      const plan = planCatalog(scale, 1);
      const spec = SCALES[scale];
      expect(Math.abs(plan.products.count - spec.products) / spec.products).toBeLessThanOrEqual(0.1);
      expect(Math.abs(plan.mains + plan.spares.count - spec.articles) / spec.articles).toBeLessThanOrEqual(
        0.1,
      );
      expect(Math.abs(plan.media.count - spec.media) / spec.media).toBeLessThanOrEqual(0.1);
    },
  );
});
