/**
 * Bad snapshots: every class of bad input stops the import with an error naming file, line and field,
 * and leaves the database exactly as it was (same rows, same row versions, nothing in the outbox).
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ImportError, importSnapshot, type ImportMode } from '../../src/import';
import { editRecords, fingerprint, replaceLine } from '../support/snapshot';
import { runTs } from '../support/command';
import { startStack, type Stack } from '../support/stack';

type Json = Record<string, unknown>;
let stack: Stack;
let mediaRoot: string;
let loaded: Record<string, string>;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false });
  mediaRoot = stack.mediaRoot;
  loaded = await fingerprint(stack.database.db);
});

afterAll(async () => {
  await stack?.stop();
});

const edit = (file: string, id: number, change: (r: Json) => Json) => (dir: string) =>
  editRecords(dir, file, (rs) => rs.map((r) => (r.id === id ? change(r) : r)));

interface Case {
  name: string;
  mutate: (dir: string) => Promise<void>;
  mode?: ImportMode;
  file: string;
  line: number | null;
  field: string | null;
  reason: RegExp;
}

const cases: Case[] = [
  {
    name: 'invalid JSON',
    mutate: (dir) => replaceLine(dir, 'products.ndjson', 3, '{"id": 1003, "slug": '),
    file: 'products.ndjson',
    line: 3,
    field: null,
    reason: /invalid JSON/,
  },
  {
    name: 'a line that is not an object',
    mutate: (dir) => replaceLine(dir, 'taxons.ndjson', 2, '[102]'),
    file: 'taxons.ndjson',
    line: 2,
    field: null,
    reason: /one JSON object/,
  },
  {
    name: 'a missing required field',
    mutate: edit('articles.ndjson', 2005, ({ ordernumber: _, ...r }) => r),
    file: 'articles.ndjson',
    line: 5,
    field: 'ordernumber',
    reason: /required/,
  },
  {
    name: 'a wrong type',
    mutate: edit('manufacturers.ndjson', 12, (r) => ({ ...r, is_active: 'yes' })),
    file: 'manufacturers.ndjson',
    line: 2,
    field: 'is_active',
    reason: /must be boolean, got string/,
  },
  {
    name: 'a wrong type inside a list',
    mutate: edit('products.ndjson', 1008, (r) => ({ ...r, taxon_ids: [109, '115'] })),
    file: 'products.ndjson',
    line: 8,
    field: 'taxon_ids[1]',
    reason: /must be number, got string/,
  },
  {
    name: 'a timestamp without offset',
    mutate: edit('media.ndjson', 5002, (r) => ({ ...r, created_at: '2020-08-03 15:30:00' })),
    file: 'media.ndjson',
    line: 2,
    field: 'created_at',
    reason: /ISO 8601/,
  },
  {
    name: 'an unknown enum value',
    mutate: edit('media.ndjson', 5004, (r) => ({ ...r, release_status: 'published' })),
    file: 'media.ndjson',
    line: 4,
    field: 'release_status',
    reason: /unknown value "published".*released_channels/,
  },
  {
    name: 'an unknown media link role',
    mutate: edit('products.ndjson', 1002, (r) => ({
      ...r,
      media_links: [{ media_id: 5001, role: 'picture' }],
    })),
    file: 'products.ndjson',
    line: 2,
    field: 'media_links[0].role',
    reason: /unknown value "picture"/,
  },
  {
    name: 'a duplicate id',
    mutate: (dir) => editRecords(dir, 'articles.ndjson', (rs) => [...rs, { ...rs[0]!, ordernumber: 'X-1' }]),
    file: 'articles.ndjson',
    line: 21,
    field: 'id',
    reason: /duplicate id 2001 \(first on line 1\)/,
  },
  {
    name: 'a duplicate slug',
    mutate: edit('products.ndjson', 1008, (r) => ({ ...r, slug: 'rp-125-f' })),
    file: 'products.ndjson',
    line: 8,
    field: 'slug',
    reason: /duplicate slug "rp-125-f" \(also used by line 2\)/,
  },
  {
    name: 'a duplicate term slug inside one taxonomy',
    mutate: edit('taxons.ndjson', 104, (r) => ({ ...r, slug: 'rundballenpressen' })),
    file: 'taxons.ndjson',
    line: 4,
    field: 'slug',
    reason: /duplicate taxonomy_id \+ slug/,
  },
  {
    name: 'a duplicate order number',
    mutate: edit('articles.ndjson', 2003, (r) => ({ ...r, ordernumber: '100.125.01' })),
    file: 'articles.ndjson',
    line: 3,
    field: 'ordernumber',
    reason: /duplicate ordernumber/,
  },
  {
    name: 'a reference to a record that exists nowhere',
    mutate: edit('tractor_models.ndjson', 31, (r) => ({ ...r, manufacturer_id: 99 })),
    file: 'tractor_models.ndjson',
    line: 1,
    field: 'manufacturer_id',
    reason: /references manufacturers 99, which exists nowhere/,
  },
  {
    name: 'a dangling reference in a relation list',
    mutate: edit('products.ndjson', 1002, (r) => ({ ...r, article_ids: [2001, 2999] })),
    file: 'products.ndjson',
    line: 2,
    field: 'article_ids[1]',
    reason: /references articles 2999/,
  },
  {
    name: 'a dangling media link',
    mutate: edit('products.ndjson', 1003, (r) => ({
      ...r,
      media_links: [
        { media_id: 5005, role: 'image' },
        { media_id: 5999, role: 'image' },
      ],
    })),
    file: 'products.ndjson',
    line: 3,
    field: 'media_links[1].media_id',
    reason: /references media 5999/,
  },
  {
    name: 'a term whose parent lies in another taxonomy',
    mutate: edit('taxons.ndjson', 112, (r) => ({ ...r, parent_id: 101 })),
    file: 'taxons.ndjson',
    line: 12,
    field: 'parent_id',
    reason: /another taxonomy/,
  },
  {
    name: 'a folder tree with a cycle',
    mutate: edit('media_folders.ndjson', 401, (r) => ({ ...r, parent_id: 403 })),
    file: 'media_folders.ndjson',
    line: 1,
    field: 'parent_id',
    reason: /cycle/,
  },
  {
    name: 'a missing file',
    mutate: edit('media.ndjson', 5001, (r) => ({ ...r, file: 'media/gibt-es-nicht.jpg' })),
    file: 'media.ndjson',
    line: 1,
    field: 'file',
    reason: /file not found: files\/media\/gibt-es-nicht.jpg/,
  },
  {
    name: 'a missing upload file',
    mutate: edit('products.ndjson', 1008, (r) => ({
      ...r,
      uploads: [{ id: 9001, file: 'uploads/weg.jpg', file_name: 'weg.jpg', mime_type: 'image/jpeg' }],
    })),
    file: 'products.ndjson',
    line: 8,
    field: 'uploads[0].file',
    reason: /file not found/,
  },
  {
    name: 'a file path that leaves files/',
    mutate: edit('media.ndjson', 5001, (r) => ({ ...r, file: '../manifest.json' })),
    file: 'media.ndjson',
    line: 1,
    field: 'file',
    reason: /must not leave the files\/ folder/,
  },
  {
    name: 'an upload id used twice',
    mutate: edit('products.ndjson', 1007, (r) => ({
      ...r,
      uploads: [
        { id: 9001, file: 'uploads/fl-45-p-komfort.jpg', file_name: 'a.jpg', mime_type: 'image/jpeg' },
      ],
    })),
    file: 'products.ndjson',
    line: 8,
    field: 'uploads[0].id',
    reason: /duplicate upload id 9001/,
  },
  {
    name: 'a manifest of another format',
    mutate: (dir) =>
      writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ format: 'catalog-snapshot', version: 2 })),
    file: 'manifest.json',
    line: null,
    field: 'version',
    reason: /unknown value 2/,
  },
  {
    name: 'a partial deletion of a record others still reference',
    mode: 'partial',
    mutate: async (dir) => {
      for (const file of await readdir(dir)) if (file.endsWith('.ndjson')) await rm(path.join(dir, file));
      await writeFile(
        path.join(dir, 'manufacturers.ndjson'),
        JSON.stringify({ id: 11, _deleted: true }) + '\n',
      );
    },
    file: 'manufacturers.ndjson',
    line: 1,
    field: '_deleted',
    reason: /tractor_series 21 still references it/,
  },
];

describe.each(cases)('$name', ({ mutate, mode, file, line, field, reason }) => {
  it(`stops with ${file}${line ? ` line ${line}` : ''}${field ? ` field ${field}` : ''} and changes nothing`, async () => {
    const dir = await stack.copySample();
    await mutate(dir);
    const error = await importSnapshot(stack.database.db, dir, { mode: mode ?? 'full', mediaRoot }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    const e = error as ImportError;
    expect({ file: e.file, line: e.line, field: e.field }).toEqual({ file, line, field });
    expect(e.reason).toMatch(reason);
    expect(await fingerprint(stack.database.db)).toEqual(loaded);
  });
});

describe('npm run catalog:import on a bad snapshot', () => {
  it('exits 1 with one line naming file, line and field', async () => {
    const dir = await stack.copySample();
    await edit('articles.ndjson', 2007, (r) => ({ ...r, type: 'zubehoer' }))(dir);
    const result = await runTs('src/cli/catalog-import.ts', [dir, '--quiet'], stack.childEnv());
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'catalog:import failed: articles.ndjson, line 7, field "type": unknown value "zubehoer" (allowed: main, spare)',
    );
    expect(await fingerprint(stack.database.db)).toEqual(loaded);
  });
});
