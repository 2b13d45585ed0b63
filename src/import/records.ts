/**
 * Zod schemas of the snapshot records (`catalog-snapshot-format.md`, "Records"), one per file.
 * Unknown fields are stripped; absent and `null` optional fields both parse to `null`/absent.
 * `describeIssue` turns the first zod issue into the field path and reason an `ImportError` shows.
 */
import { z } from 'zod';
import { IMAGE_FITS, KI_STATUSES, MEDIA_TYPES, RELEASE_STATUSES } from '../catalog/model';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const id = z.number().int().min(1).max(2147483647);
const int = z.number().int().min(-2147483648).max(2147483647);
const text = z.string();
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

/** ISO 8601 timestamp with an offset (`Z` or `+01:00`) that names a real instant. */
const timestamp = z
  .string()
  .regex(TIMESTAMP, 'must be an ISO 8601 timestamp with offset, e.g. 2026-11-20T06:00:00+01:00')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a valid point in time');

/** Calendar date `YYYY-MM-DD` that exists. */
const date = z
  .string()
  .regex(DATE, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'is not a valid date');

const LANGUAGE_CODE = /^[a-z]{2}([-_][A-Za-z]{2})?$/;

/**
 * `{ "de": "...", "en": "..." }`: any subset of language codes; `null` values are dropped.
 * (Keys are checked in one pass: a key schema per entry costs a third of an article's validation.)
 */
const languageObject = z.record(z.string(), text.nullable()).transform((o, ctx) => {
  const out: Record<string, string> = {};
  for (const key in o) {
    if (!LANGUAGE_CODE.test(key)) {
      ctx.addIssue({ code: 'custom', message: `"${key}" is not a language code`, path: [key] });
      return z.NEVER;
    }
    const value = o[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
});

const idList = z.array(id);
const stringList = z.array(text);

export const manufacturerRecord = z.object({
  id,
  slug: nonEmpty,
  short_name: opt(text),
  names: languageObject,
  is_active: z.boolean(),
  created_at: opt(timestamp),
  updated_at: opt(timestamp),
});

export const tractorSeriesRecord = z.object({
  id,
  slug: nonEmpty,
  name: opt(text),
  manufacturer_id: id,
});

export const tractorModelRecord = z.object({
  id,
  identifier: opt(text),
  model: nonEmpty,
  type_of_tractor: opt(text),
  manufacturer_id: opt(id),
  tractor_series_id: opt(id),
});

export const taxonomyRecord = z.object({
  id,
  slug: nonEmpty,
  label: nonEmpty,
  frontend: z.boolean(),
  position: opt(int),
});

export const taxonRecord = z.object({
  id,
  taxonomy_id: id,
  parent_id: opt(id),
  slug: nonEmpty,
  name: nonEmpty,
  position: opt(int),
});

export const articleRecord = z.object({
  id,
  type: z.enum(['main', 'spare']),
  type_code: opt(text),
  ordernumber: nonEmpty,
  names: languageObject,
  short_names: opt(languageObject),
  descriptions: opt(languageObject),
  weight: opt(z.number().min(0).max(999_999_999)),
  customs_tariff_number: opt(text),
  sale_start: opt(date),
  end_of_life: opt(date),
  is_active: z.boolean(),
  price: opt(z.number().min(0).max(999_999_999_999)),
  stock: opt(int),
  created_at: opt(timestamp),
  updated_at: opt(timestamp),
});

const mediaLink = z.object({
  media_id: id,
  role: z.enum(MEDIA_TYPES),
  is_main: opt(z.boolean()),
  position: opt(int),
  usages: opt(stringList),
});

const upload = z.object({
  id,
  file: nonEmpty,
  file_name: nonEmpty,
  mime_type: nonEmpty,
  name: opt(text),
  alt: opt(text),
  title: opt(text),
  position: opt(int),
  created_at: opt(timestamp),
});

export const productRecord = z.object({
  id,
  slug: nonEmpty,
  objekttyp: opt(z.enum(['produktgruppe', 'produkt', 'modellvariante'])),
  ordernumber: opt(text),
  names: languageObject,
  descriptions: opt(languageObject),
  texts: opt(z.record(z.string(), z.unknown())),
  product_page_url: opt(text),
  features: opt(z.record(z.string(), z.unknown())),
  sale_start: opt(date),
  end_of_life: opt(date),
  is_active: z.boolean(),
  keywords: opt(stringList),
  taxon_ids: opt(idList),
  manufacturer_ids: opt(idList),
  tractor_model_ids: opt(idList),
  article_ids: opt(idList),
  media_links: opt(z.array(mediaLink)),
  uploads: opt(z.array(upload)),
  created_at: opt(timestamp),
  updated_at: opt(timestamp),
});

export const mediaFolderRecord = z.object({
  id,
  name: nonEmpty,
  slug: nonEmpty,
  description: opt(text),
  parent_id: opt(id),
  position: opt(int),
  is_active: z.boolean(),
  role_restriction: opt(text),
});

export const mediaRecord = z.object({
  id,
  source_id: opt(nonEmpty),
  name: nonEmpty,
  file_name: nonEmpty,
  mime_type: nonEmpty,
  type: z.enum(MEDIA_TYPES),
  size: opt(z.number().int().min(0)),
  file: opt(nonEmpty),
  alt: opt(text),
  title: opt(text),
  caption: opt(text),
  description: opt(text),
  copyright: opt(text),
  license: opt(text),
  ki_status: opt(z.enum(KI_STATUSES)),
  release_status: z.enum(RELEASE_STATUSES),
  release_channels: opt(stringList),
  valid_until: opt(timestamp),
  folder_id: opt(id),
  trashed_at: opt(timestamp),
  keywords: opt(stringList),
  created_at: timestamp,
  updated_at: opt(timestamp),
});

export const imageFormatRecord = z.object({
  key: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lower-case letters, digits, "_" or "-"'),
  label: nonEmpty,
  width: opt(z.number().int().min(1).max(10000)),
  height: opt(z.number().int().min(1).max(10000)),
  fit: z.enum(IMAGE_FITS),
  quality: opt(z.number().int().min(1).max(100)),
  position: opt(int),
  is_active: z.boolean(),
});

export const synonymRecord = z.union(
  [
    z.object({ terms: z.array(nonEmpty).min(2, 'needs at least two terms') }),
    z.object({ input: nonEmpty, synonyms: z.array(nonEmpty).min(1, 'needs at least one synonym') }),
  ],
  { error: 'must be {"terms": [...]} or {"input": "...", "synonyms": [...]}' },
);

export const userRecord = z.object({
  id,
  name: nonEmpty,
  email: z.email(),
  email_verified_at: opt(timestamp),
  permissions: opt(stringList),
  created_at: opt(timestamp),
  updated_at: opt(timestamp),
});

/**
 * A published PDF catalog (docs/snapshot-catalogs.md, optional `catalogs.ndjson`): the file is a PDF
 * under `files/`, public while `status` is `published` and now lies between `valid_from` and `valid_until`.
 */
export const catalogRecord = z.object({
  id,
  slug: nonEmpty,
  title: nonEmpty,
  subtitle: opt(text),
  description: opt(text),
  language: z.string().regex(LANGUAGE_CODE, 'must be a language code such as de or en'),
  format: opt(text),
  page_count: opt(z.number().int().min(1).max(100_000)),
  status: z.enum(['published', 'draft']),
  valid_from: opt(timestamp),
  valid_until: opt(timestamp),
  generated_at: opt(timestamp),
  position: opt(int),
  file: nonEmpty.refine((v) => /\.pdf$/i.test(v), 'must be a PDF file under files/ (ending in .pdf)'),
  file_name: opt(nonEmpty),
  created_at: opt(timestamp),
  updated_at: opt(timestamp),
});

/** `{ "id": 5, "_deleted": true }`: deletes a record by id (partial imports). */
export const deletionRecord = z.object({ id, _deleted: z.literal(true) });
/** `{ "key": "social", "_deleted": true }`: deletes an image format by key (partial imports). */
export const formatDeletionRecord = z.object({ key: imageFormatRecord.shape.key, _deleted: z.literal(true) });

export type ManufacturerRecord = z.infer<typeof manufacturerRecord>;
export type TractorSeriesRecord = z.infer<typeof tractorSeriesRecord>;
export type TractorModelRecord = z.infer<typeof tractorModelRecord>;
export type TaxonomyRecord = z.infer<typeof taxonomyRecord>;
export type TaxonRecord = z.infer<typeof taxonRecord>;
export type ArticleRecord = z.infer<typeof articleRecord>;
export type ProductRecord = z.infer<typeof productRecord>;
export type MediaFolderRecord = z.infer<typeof mediaFolderRecord>;
export type MediaRecord = z.infer<typeof mediaRecord>;
export type ImageFormatRecord = z.infer<typeof imageFormatRecord>;
export type SynonymRecord = z.infer<typeof synonymRecord>;
export type UserRecord = z.infer<typeof userRecord>;
export type CatalogRecord = z.infer<typeof catalogRecord>;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a decimal number';
  return typeof value;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Formats a zod path as `media_links[2].media_id`. */
export function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}

/** The field path and a one-line reason for the first problem of a failed parse of `input`. */
export function describeIssue(error: z.ZodError, input: unknown): { field: string | null; reason: string } {
  const issue = error.issues[0]!;
  const field = issue.path.length ? formatPath(issue.path) : null;
  const actual = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return actual === undefined
        ? { field, reason: 'is required but missing' }
        : {
            field,
            reason: `must be ${issue.expected === 'int' ? 'an integer' : issue.expected}, got ${typeName(actual)}`,
          };
    case 'invalid_value':
      return {
        field,
        reason: `unknown value ${JSON.stringify(actual)} (allowed: ${issue.values.map(String).join(', ')})`,
      };
    default:
      return { field, reason: `${issue.message} (got ${JSON.stringify(actual) ?? 'nothing'})` };
  }
}
