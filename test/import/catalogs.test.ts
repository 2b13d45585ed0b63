/**
 * The optional `catalogs.ndjson` of a snapshot (docs/snapshot-catalogs.md): imported like every
 * other kind (streamed, validated with file, line and field, PDFs stored by content, idempotent, deleted by
 * a full snapshot without it or by `_deleted` in a partial one), recorded in the outbox as `catalog`.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImportError, importSnapshot } from '../../src/import';
import { addCatalogs, CATALOG_RECORDS, pdfBytes } from '../support/catalogs';
import { fingerprint, SAMPLE_SNAPSHOT, writeSnapshot } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';

type Json = Record<string, unknown>;
let stack: Stack;
let mediaRoot: string;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  mediaRoot = stack.mediaRoot;
});
afterAll(async () => {
  await stack?.stop();
});

async function sampleWithCatalogs(records: Json[] = CATALOG_RECORDS): Promise<string> {
  const dir = await stack.copySample();
  await addCatalogs(dir, records);
  return dir;
}

const withRecord = (id: number, change: (r: Json) => Json) =>
  CATALOG_RECORDS.map((r) => (r.id === id ? change(r) : r));

it('imports the catalogs with their PDFs stored by content, and a second import changes nothing', async () => {
  const dir = await sampleWithCatalogs();
  const summary = await importSnapshot(stack.database.db, dir, { mode: 'full', mediaRoot });
  expect(summary.kinds.catalogs).toEqual({ read: 5, upserted: 5, deleted: 0 });
  const rows = await stack.database
    .db('catalogs')
    .orderBy('id')
    .select('id', 'slug', 'status', 'language', 'file_name', 'file_path', 'file_sha256', 'size', 'position');
  expect(rows.map((r: Json) => [r.id, r.slug, r.status, r.language, r.file_name, r.position])).toEqual([
    [1, 'gesamtkatalog-2026', 'published', 'de', 'gesamtkatalog-2026.pdf', 1],
    [2, 'full-line-2026', 'published', 'en', 'Full line 2026 (EN).pdf', 2],
    [3, 'entwurf-2027', 'draft', 'de', 'entwurf-2027.pdf', 0],
    [4, 'ersatzteile-2024', 'published', 'de', 'ersatzteile-2024.pdf', 0],
    [5, 'herbst-2036', 'published', 'de', 'herbst-2036.pdf', 0],
  ]);
  const first = rows[0] as { file_path: string; file_sha256: string; size: string };
  const bytes = pdfBytes('gesamtkatalog-2026');
  const sha = createHash('sha256').update(bytes).digest('hex');
  expect(first.file_sha256).toBe(sha);
  expect(first.file_path).toBe(`originals/${sha.slice(0, 2)}/${sha}.pdf`);
  expect(Number(first.size)).toBe(bytes.length);
  expect(await readFile(path.join(mediaRoot, first.file_path))).toEqual(bytes);
  expect(await stack.database.db('index_outbox').where({ entity: 'catalog' }).pluck('entity_id')).toEqual(
    expect.arrayContaining(['1', '2', '3', '4', '5']),
  );

  const before = await fingerprint(stack.database.db);
  const again = await importSnapshot(stack.database.db, dir, { mode: 'full', mediaRoot });
  expect(again.changes).toBe(0);
  expect(await fingerprint(stack.database.db)).toEqual(before);
});

it('updates a changed catalog only, and deletes by _deleted (partial) and by absence (full)', async () => {
  await importSnapshot(stack.database.db, await sampleWithCatalogs(), { mode: 'full', mediaRoot });
  const changed = await sampleWithCatalogs(withRecord(2, (r) => ({ ...r, title: 'Full line 2026/27' })));
  const summary = await importSnapshot(stack.database.db, changed, { mode: 'full', mediaRoot });
  expect(summary.kinds.catalogs).toEqual({ read: 5, upserted: 1, deleted: 0 });

  const partial = await writeSnapshot(
    { 'catalogs.ndjson': [{ id: 3, _deleted: true }] },
    await stack.tempDir('snapshot-'),
  );
  const deleted = await importSnapshot(stack.database.db, partial, { mode: 'partial', mediaRoot });
  expect(deleted.kinds.catalogs).toMatchObject({ deleted: 1 });
  expect((await stack.database.db('catalogs').pluck('id')).sort()).toEqual([1, 2, 4, 5]);

  const full = await importSnapshot(stack.database.db, SAMPLE_SNAPSHOT, { mode: 'full', mediaRoot });
  expect(full.kinds.catalogs).toMatchObject({ deleted: 4 });
  expect(await stack.database.db('catalogs').pluck('id')).toEqual([]);
});

const bad: { name: string; records: Json[]; line: number; field: string; reason: RegExp }[] = [
  {
    name: 'a missing title',
    records: withRecord(2, ({ title: _, ...r }) => r),
    line: 2,
    field: 'title',
    reason: /required/,
  },
  {
    name: 'an unknown status',
    records: withRecord(3, (r) => ({ ...r, status: 'archived' })),
    line: 3,
    field: 'status',
    reason: /unknown value "archived" \(allowed: published, draft\)/,
  },
  {
    name: 'a file that is not a PDF',
    records: withRecord(1, (r) => ({ ...r, file: 'media/hofmeister-logo.svg' })),
    line: 1,
    field: 'file',
    reason: /must be a PDF file/,
  },
  {
    name: 'a missing PDF',
    records: withRecord(4, (r) => ({ ...r, file: 'kataloge/gibt-es-nicht.pdf' })),
    line: 4,
    field: 'file',
    reason: /file not found: files\/kataloge\/gibt-es-nicht\.pdf/,
  },
  {
    name: 'a language that is not a code',
    records: withRecord(5, (r) => ({ ...r, language: 'Deutsch' })),
    line: 5,
    field: 'language',
    reason: /language code/,
  },
  {
    name: 'a duplicate slug',
    records: withRecord(5, (r) => ({ ...r, slug: 'gesamtkatalog-2026' })),
    line: 5,
    field: 'slug',
    reason: /duplicate slug "gesamtkatalog-2026" \(also used by line 1\)/,
  },
];

describe.each(bad)('stops on $name', ({ records, line, field, reason }) => {
  it(`with catalogs.ndjson, line ${line}, field "${field}" and changes nothing`, async () => {
    const dir = await sampleWithCatalogs(records);
    const before = await fingerprint(stack.database.db);
    const error = await importSnapshot(stack.database.db, dir, { mode: 'full', mediaRoot }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    const { file, line: at, field: named, reason: why } = error as ImportError;
    expect([file, at, named]).toEqual(['catalogs.ndjson', line, field]);
    expect(why).toMatch(reason);
    expect((error as Error).message).toMatch(
      new RegExp(`^catalogs\\.ndjson, line ${line}, field "${field}": `),
    );
    expect(await fingerprint(stack.database.db)).toEqual(before);
  });
});
