/**
 * The record kinds of a catalog snapshot, declared once: file, target table, staged columns, how a
 * validated record becomes a row, which fields must be unique and which fields reference other kinds.
 * The importer (stage.ts, checks.ts, apply.ts) is generic over these declarations.
 */
import path from 'node:path';
import type { z } from 'zod';
import { SnapshotFileError, type OriginalStore } from './files';
import { ImportError } from './errors';
import * as r from './records';

/** A staged column: its name (also the target column unless `stagedOnly`) and its Postgres type. */
export interface Column {
  name: string;
  type: string;
  /** Only in the staging table (child lists as jsonb), not a column of the target table. */
  stagedOnly?: boolean;
}

/** A reference from a field of this kind to the key of another kind. */
export interface Reference {
  field: string;
  kind: KindName;
  /** `list`: an int[] of ids; `objects`: a jsonb array of objects holding the id at `member`. */
  shape: 'scalar' | 'list' | 'objects';
  member?: string;
}

export interface RowContext {
  /** Stores the files records reference (read from the snapshot, written to MEDIA_ROOT). */
  originals: OriginalStore;
  file: string;
  line: number;
}

export interface Kind<R = unknown> {
  name: KindName;
  file: string;
  table: string;
  /** Entity name written to the index outbox. */
  entity: string;
  key: 'id' | 'key';
  schema: z.ZodType<R>;
  columns: Column[];
  /** Values in `columns` order (key first). Async when it stores files. */
  toRow(record: R, ctx: RowContext): unknown[] | Promise<unknown[]>;
  unique: string[][];
  references: Reference[];
  /** Self-reference that forms a tree (checked for cycles). */
  tree?: 'parent_id';
}

export type KindName =
  | 'manufacturers'
  | 'tractor_series'
  | 'tractor_models'
  | 'taxonomies'
  | 'taxons'
  | 'articles'
  | 'media_folders'
  | 'media'
  | 'products'
  | 'image_formats'
  | 'users'
  | 'catalogs';

const cols = (spec: string): Column[] =>
  spec
    .trim()
    .split(/\s*,\s*/)
    .map((pair) => {
      const [name, type, staged] = pair.split(/\s+/);
      return { name: name!, type: type!, stagedOnly: staged === 'staged' };
    });

const list = <T>(value: T[] | null | undefined): T[] => value ?? [];

/** A relation or keyword list without repetitions (first occurrence kept): repeating an id means nothing. */
const unique = <T>(value: T[] | null | undefined): T[] => (value ? [...new Set(value)] : []);

/** Keywords trimmed, empty ones dropped, each once. */
const keywords = (value: string[] | null | undefined): string[] =>
  unique((value ?? []).map((k) => k.trim()).filter((k) => k !== ''));

async function stored(ctx: RowContext, field: string, file: string) {
  try {
    return await ctx.originals.store(file);
  } catch (error) {
    if (error instanceof SnapshotFileError) throw new ImportError(ctx.file, ctx.line, field, error.message);
    throw error;
  }
}

const manufacturers: Kind<r.ManufacturerRecord> = {
  name: 'manufacturers',
  file: 'manufacturers.ndjson',
  table: 'manufacturers',
  entity: 'manufacturer',
  key: 'id',
  schema: r.manufacturerRecord,
  columns: cols(
    'id int, slug text, short_name text, names jsonb, is_active bool, created_at timestamptz, updated_at timestamptz',
  ),
  toRow: (m) => [m.id, m.slug, m.short_name, m.names, m.is_active, m.created_at, m.updated_at],
  unique: [['slug']],
  references: [],
};

const tractorSeries: Kind<r.TractorSeriesRecord> = {
  name: 'tractor_series',
  file: 'tractor_series.ndjson',
  table: 'tractor_series',
  entity: 'tractor_series',
  key: 'id',
  schema: r.tractorSeriesRecord,
  columns: cols('id int, slug text, name text, manufacturer_id int'),
  toRow: (s) => [s.id, s.slug, s.name, s.manufacturer_id],
  unique: [['slug']],
  references: [{ field: 'manufacturer_id', kind: 'manufacturers', shape: 'scalar' }],
};

const tractorModels: Kind<r.TractorModelRecord> = {
  name: 'tractor_models',
  file: 'tractor_models.ndjson',
  table: 'tractor_models',
  entity: 'tractor_model',
  key: 'id',
  schema: r.tractorModelRecord,
  columns: cols(
    'id int, identifier text, model text, type_of_tractor text, manufacturer_id int, tractor_series_id int',
  ),
  toRow: (m) => [m.id, m.identifier, m.model, m.type_of_tractor, m.manufacturer_id, m.tractor_series_id],
  unique: [],
  references: [
    { field: 'manufacturer_id', kind: 'manufacturers', shape: 'scalar' },
    { field: 'tractor_series_id', kind: 'tractor_series', shape: 'scalar' },
  ],
};

const taxonomies: Kind<r.TaxonomyRecord> = {
  name: 'taxonomies',
  file: 'taxonomies.ndjson',
  table: 'taxonomies',
  entity: 'taxonomy',
  key: 'id',
  schema: r.taxonomyRecord,
  columns: cols('id int, slug text, label text, frontend bool, position int'),
  toRow: (t) => [t.id, t.slug, t.label, t.frontend, t.position ?? 0],
  unique: [['slug']],
  references: [],
};

const taxons: Kind<r.TaxonRecord> = {
  name: 'taxons',
  file: 'taxons.ndjson',
  table: 'taxons',
  entity: 'taxon',
  key: 'id',
  schema: r.taxonRecord,
  columns: cols('id int, taxonomy_id int, parent_id int, slug text, name text, position int'),
  toRow: (t) => [t.id, t.taxonomy_id, t.parent_id, t.slug, t.name, t.position ?? 0],
  unique: [['taxonomy_id', 'slug']],
  references: [
    { field: 'taxonomy_id', kind: 'taxonomies', shape: 'scalar' },
    { field: 'parent_id', kind: 'taxons', shape: 'scalar' },
  ],
  tree: 'parent_id',
};

const articles: Kind<r.ArticleRecord> = {
  name: 'articles',
  file: 'articles.ndjson',
  table: 'articles',
  entity: 'article',
  key: 'id',
  schema: r.articleRecord,
  columns: cols(`id int, type text, type_code text, ordernumber text, names jsonb, short_names jsonb,
    descriptions jsonb, weight numeric, customs_tariff_number text, sale_start date, end_of_life date,
    is_active bool, price numeric, stock int, created_at timestamptz, updated_at timestamptz`),
  toRow: (a) => [
    a.id,
    a.type,
    a.type_code,
    a.ordernumber,
    a.names,
    a.short_names,
    a.descriptions,
    a.weight,
    a.customs_tariff_number,
    a.sale_start,
    a.end_of_life,
    a.is_active,
    a.price,
    a.stock,
    a.created_at,
    a.updated_at,
  ],
  unique: [['ordernumber']],
  references: [],
};

const mediaFolders: Kind<r.MediaFolderRecord> = {
  name: 'media_folders',
  file: 'media_folders.ndjson',
  table: 'media_folders',
  entity: 'media_folder',
  key: 'id',
  schema: r.mediaFolderRecord,
  columns: cols(
    'id int, name text, slug text, description text, parent_id int, position int, is_active bool, role_restriction text',
  ),
  toRow: (f) => [
    f.id,
    f.name,
    f.slug,
    f.description,
    f.parent_id,
    f.position ?? 0,
    f.is_active,
    f.role_restriction,
  ],
  unique: [['slug']],
  references: [{ field: 'parent_id', kind: 'media_folders', shape: 'scalar' }],
  tree: 'parent_id',
};

const media: Kind<r.MediaRecord> = {
  name: 'media',
  file: 'media.ndjson',
  table: 'media',
  entity: 'media',
  key: 'id',
  schema: r.mediaRecord,
  columns: cols(`id int, source_id text, name text, file_name text, mime_type text, type text, size bigint,
    file_path text, file_sha256 text, alt text, title text, caption text, description text, copyright text,
    license text, ki_status text, release_status text, release_channels text[], valid_until timestamptz,
    folder_id int, trashed_at timestamptz, created_at timestamptz, updated_at timestamptz,
    keywords text[] staged`),
  async toRow(m, ctx) {
    const file = m.file ? await stored(ctx, 'file', m.file) : null;
    return [
      m.id,
      m.source_id,
      m.name,
      m.file_name,
      m.mime_type,
      m.type,
      m.size ?? file?.size ?? null,
      file?.path ?? null,
      file?.sha256 ?? null,
      m.alt,
      m.title,
      m.caption,
      m.description,
      m.copyright,
      m.license,
      m.ki_status,
      m.release_status,
      list(m.release_channels),
      m.valid_until,
      m.folder_id,
      m.trashed_at,
      m.created_at,
      m.updated_at,
      keywords(m.keywords),
    ];
  },
  unique: [['source_id']],
  references: [{ field: 'folder_id', kind: 'media_folders', shape: 'scalar' }],
};

const products: Kind<r.ProductRecord> = {
  name: 'products',
  file: 'products.ndjson',
  table: 'products',
  entity: 'product',
  key: 'id',
  schema: r.productRecord,
  columns: cols(`id int, slug text, objekttyp text, ordernumber text, names jsonb, descriptions jsonb,
    texts jsonb, product_page_url text, features jsonb, sale_start date, end_of_life date, is_active bool,
    created_at timestamptz, updated_at timestamptz, keywords text[] staged, taxon_ids int[] staged,
    manufacturer_ids int[] staged, tractor_model_ids int[] staged, article_ids int[] staged,
    media_links jsonb staged, uploads jsonb staged`),
  async toRow(p, ctx) {
    const uploads = [];
    for (const [index, u] of list(p.uploads).entries()) {
      const file = await stored(ctx, `uploads[${index}].file`, u.file);
      uploads.push({
        id: u.id,
        file_path: file.path,
        file_sha256: file.sha256,
        size: file.size,
        file_name: u.file_name,
        mime_type: u.mime_type,
        name: u.name ?? null,
        alt: u.alt ?? null,
        title: u.title ?? null,
        position: u.position ?? 0,
        created_at: u.created_at ?? null,
      });
    }
    const seen = new Set<string>();
    const links = list(p.media_links)
      .filter((l) => !seen.has(`${l.media_id}:${l.role}`) && seen.add(`${l.media_id}:${l.role}`))
      .map((l) => ({
        media_id: l.media_id,
        role: l.role,
        is_main: l.is_main ?? false,
        position: l.position ?? 0,
        usages: list(l.usages),
      }));
    return [
      p.id,
      p.slug,
      p.objekttyp,
      p.ordernumber,
      p.names,
      p.descriptions,
      p.texts,
      p.product_page_url,
      p.features,
      p.sale_start,
      p.end_of_life,
      p.is_active,
      p.created_at,
      p.updated_at,
      keywords(p.keywords),
      unique(p.taxon_ids),
      unique(p.manufacturer_ids),
      unique(p.tractor_model_ids),
      unique(p.article_ids),
      links,
      uploads,
    ];
  },
  unique: [['slug']],
  references: [
    { field: 'taxon_ids', kind: 'taxons', shape: 'list' },
    { field: 'manufacturer_ids', kind: 'manufacturers', shape: 'list' },
    { field: 'tractor_model_ids', kind: 'tractor_models', shape: 'list' },
    { field: 'article_ids', kind: 'articles', shape: 'list' },
    { field: 'media_links', kind: 'media', shape: 'objects', member: 'media_id' },
  ],
};

const imageFormats: Kind<r.ImageFormatRecord> = {
  name: 'image_formats',
  file: 'image_formats.ndjson',
  table: 'image_formats',
  entity: 'image_format',
  key: 'key',
  schema: r.imageFormatRecord,
  columns: cols(
    'key text, label text, width int, height int, fit text, quality int, position int, is_active bool',
  ),
  toRow: (f) => [f.key, f.label, f.width, f.height, f.fit, f.quality, f.position ?? 0, f.is_active],
  unique: [],
  references: [],
};

const users: Kind<r.UserRecord> = {
  name: 'users',
  file: 'users.ndjson',
  table: 'users',
  entity: 'user',
  key: 'id',
  schema: r.userRecord,
  columns: cols(
    'id int, name text, email text, email_verified_at timestamptz, permissions text[], created_at timestamptz, updated_at timestamptz',
  ),
  toRow: (u) => [
    u.id,
    u.name,
    u.email.toLowerCase(),
    u.email_verified_at,
    list(u.permissions),
    u.created_at,
    u.updated_at,
  ],
  unique: [['email']],
  references: [],
};

const catalogs: Kind<r.CatalogRecord> = {
  name: 'catalogs',
  file: 'catalogs.ndjson',
  table: 'catalogs',
  entity: 'catalog',
  key: 'id',
  schema: r.catalogRecord,
  columns: cols(`id int, slug text, title text, subtitle text, description text, language text, format text,
    page_count int, status text, valid_from timestamptz, valid_until timestamptz, generated_at timestamptz,
    position int, file_path text, file_sha256 text, file_name text, size bigint, created_at timestamptz,
    updated_at timestamptz`),
  async toRow(c, ctx) {
    const file = await stored(ctx, 'file', c.file);
    return [
      c.id,
      c.slug,
      c.title,
      c.subtitle,
      c.description,
      c.language,
      c.format,
      c.page_count,
      c.status,
      c.valid_from,
      c.valid_until,
      c.generated_at,
      c.position ?? 0,
      file.path,
      file.sha256,
      c.file_name ?? path.posix.basename(c.file),
      file.size,
      c.created_at,
      c.updated_at,
    ];
  },
  unique: [['slug']],
  references: [],
};

/** All kinds in dependency order (parents before the kinds that reference them). */
export const KINDS: Kind[] = [
  manufacturers,
  tractorSeries,
  tractorModels,
  taxonomies,
  taxons,
  articles,
  mediaFolders,
  media,
  products,
  imageFormats,
  users,
  catalogs,
] as Kind[];

export const kindByName = (name: KindName): Kind => KINDS.find((k) => k.name === name)!;

/** Columns of the target table (staged-only columns excluded). */
export const tableColumns = (kind: Kind): string[] =>
  kind.columns.filter((c) => !c.stagedOnly).map((c) => c.name);
