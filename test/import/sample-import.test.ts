/**
 * catalog:import of the shared sample snapshot against real Postgres: row counts, relations, files,
 * idempotence, full mode deleting what is gone, partial mode with `_deleted`, and the outbox.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importSnapshot, type ImportMode } from '../../src/import';
import { editRecords, fingerprint, removeDir, SAMPLE_SNAPSHOT, writeSnapshot } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let mediaRoot: string;

const run = (dir: string, mode: ImportMode = 'full') =>
  importSnapshot(stack.database.db, dir, { mode, mediaRoot });
const ids = async (table: string) => (await stack.database.db(table).orderBy('id').pluck('id')).map(Number);
const pending = async () =>
  (
    await stack.database
      .db('index_outbox')
      .whereNull('processed_at')
      .orderBy('id')
      .select('entity', 'entity_id', 'action')
  ).map(
    (r: { entity: string; entity_id: string; action: string }) => `${r.action} ${r.entity} ${r.entity_id}`,
  );
const markOutboxDone = () =>
  stack.database.db('index_outbox').update({ processed_at: stack.database.db.fn.now() });

async function sampleCopy(): Promise<string> {
  const dir = await stack.copySample();
  return dir;
}

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  mediaRoot = stack.mediaRoot;
});

afterAll(async () => {
  await stack?.stop();
});

describe('first import of the sample snapshot', () => {
  beforeAll(() => run(SAMPLE_SNAPSHOT));

  it('loads every record of every file', async () => {
    const expected = {
      manufacturers: 4,
      tractor_series: 2,
      tractor_models: 5,
      taxonomies: 3,
      taxons: 17,
      articles: 20,
      products: 8,
      product_uploads: 3,
      media_folders: 5,
      media: 16,
      image_formats: 7,
      synonyms: 3,
      users: 2,
    };
    const counts: Record<string, number> = {};
    for (const table of Object.keys(expected)) {
      counts[table] = Number((await stack.database.db(table).count({ n: '*' }))[0]!.n);
    }
    expect(counts).toEqual(expected);
  });

  it('stores the relations of products as listed', async () => {
    const rel = async (table: string, column: string, productId: number) =>
      (await stack.database.db(table).where({ product_id: productId }).orderBy('position').pluck(column)).map(
        Number,
      );
    expect(await rel('product_manufacturers', 'manufacturer_id', 1006)).toEqual([11, 12, 13]);
    expect(await rel('product_tractor_models', 'tractor_model_id', 1006)).toEqual([31, 32, 33, 34]);
    expect(await rel('product_taxons', 'taxon_id', 1002)).toEqual([103, 112, 113]);
    expect(await rel('product_articles', 'article_id', 1002)).toEqual([
      2001, 2002, 2009, 2010, 2011, 2012, 2014, 2015,
    ]);
    const links = await stack.database
      .db('product_media_links')
      .where({ product_id: 1002 })
      .orderBy('media_id');
    expect(links.map((l) => [l.media_id, l.role, l.is_main, l.position, l.usages])).toEqual([
      [5001, 'image', true, 2, ['website', 'catalog', 'price_list']],
      [5002, 'image', false, 3, ['website']],
      [5003, 'image', false, 1, ['website', 'configurator']],
      [5011, 'image', false, 4, ['website']],
      [5012, 'datasheet', false, 1, []],
    ]);
    const articleProducts = (
      await stack.database
        .db('product_articles')
        .where({ article_id: 2009 })
        .orderBy('product_id')
        .pluck('product_id')
    ).map(Number);
    expect(articleProducts).toEqual([1002, 1003, 1004]);
    expect(
      await stack.database
        .db('search_keywords')
        .where({ product_id: 1002 })
        .orderBy('position')
        .pluck('keyword'),
    ).toEqual(['Rundballen', 'Festkammer', 'Heu', 'Stroh', 'Silage']);
    expect(
      await stack.database
        .db('search_keywords')
        .where({ media_id: 5001 })
        .orderBy('position')
        .pluck('keyword'),
    ).toEqual(['Seitenansicht', 'Festkammer', 'Rundballen']);
  });

  it('keeps values exactly: nulls, dates, decimals, language objects, trees', async () => {
    const m35 = await stack.database.db('tractor_models').where({ id: 35 }).first();
    expect([m35.identifier, m35.type_of_tractor, m35.tractor_series_id]).toEqual([null, null, null]);
    const m34 = await stack.database.db('tractor_models').where({ id: 34 }).first();
    expect(m34.tractor_series_id).toBeNull();
    const a2009 = await stack.database.db('articles').where({ id: 2009 }).first();
    expect(a2009.weight).toBe('0.085');
    const a2012 = await stack.database.db('articles').where({ id: 2012 }).first();
    expect([a2012.short_names, a2012.descriptions, a2012.sale_start]).toEqual([null, null, null]);
    const a2015 = await stack.database.db('articles').where({ id: 2015 }).first();
    expect(a2015.end_of_life).toBe('2024-06-30');
    const p1002 = await stack.database.db('products').where({ id: 1002 }).first();
    expect(Object.keys(p1002.names)).toEqual(['de', 'en', 'fr']);
    expect(p1002.descriptions.fr).toBeUndefined();
    expect(p1002.features.bindung).toEqual(['Garn', 'Netz']);
    const m5012 = await stack.database.db('media').where({ id: 5012 }).first();
    expect(new Date(m5012.created_at).toISOString()).toBe('2026-03-02T08:45:00.000Z');
    const folder403 = await stack.database.db('media_folders').where({ id: 403 }).first();
    expect(folder403.parent_id).toBe(402);
  });

  it('copies files into MEDIA_ROOT under content-addressed paths and computes missing sizes', async () => {
    const m5005 = await stack.database.db('media').where({ id: 5005 }).first();
    expect(m5005.size).toBe(15192);
    expect(m5005.file_path).toMatch(/^originals\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    const stored = readFileSync(path.join(mediaRoot, m5005.file_path));
    expect(
      stored.equals(readFileSync(path.join(SAMPLE_SNAPSHOT, 'files/media/rp-160-v-profi-schneidrotor.webp'))),
    ).toBe(true);
    const m5013 = await stack.database.db('media').where({ id: 5013 }).first();
    expect([m5013.file_path, m5013.size]).toEqual([null, null]);
    const upload = await stack.database.db('product_uploads').where({ id: 9002 }).first();
    expect(upload.product_id).toBe(1008);
    expect(existsSync(path.join(mediaRoot, upload.file_path))).toBe(true);
  });

  it('ignores unknown fields and keeps channel texts (never served) in their own column', async () => {
    const p1002 = await stack.database.db('products').where({ id: 1002 }).first();
    expect(p1002).not.toHaveProperty('pim_workflow_state');
    expect(p1002.texts.print.de).toContain('Kanaltext');
  });

  it('records every imported record in the index outbox', async () => {
    const outbox = await pending();
    expect(outbox).toContain('upsert product 1004');
    expect(outbox).toContain('upsert media 5016');
    expect(outbox).toContain('upsert product_upload 9003');
    expect(outbox).toContain('upsert synonyms all');
    expect(outbox.filter((o) => o.startsWith('upsert article '))).toHaveLength(20);
  });

  it('changes no row and enqueues nothing when the same snapshot is imported again', async () => {
    await markOutboxDone();
    const before = await fingerprint(stack.database.db);
    const summary = await run(SAMPLE_SNAPSHOT);
    expect(summary.changes).toBe(0);
    expect(await fingerprint(stack.database.db)).toEqual(before);
    expect(await pending()).toEqual([]);
  });
});

describe('bulk changes', () => {
  it('records more changes of one kind than the threshold as one "*" outbox row (rebuild that index)', async () => {
    const other = await startStack({ catalog: 'empty', api: false });
    try {
      await importSnapshot(other.database.db, SAMPLE_SNAPSHOT, {
        mode: 'full',
        mediaRoot,
        bulkThreshold: 10,
      });
      const rows: { entity: string; entity_id: string }[] = await other.database
        .db('index_outbox')
        .select('entity', 'entity_id');
      expect(rows.filter((r) => r.entity === 'article')).toEqual([{ entity: 'article', entity_id: '*' }]);
      expect(rows.filter((r) => r.entity === 'taxon')).toEqual([{ entity: 'taxon', entity_id: '*' }]);
      expect(rows.filter((r) => r.entity === 'product')).toHaveLength(8);
    } finally {
      await other.stop();
    }
  });
});

describe('full mode', () => {
  it('deletes records the snapshot no longer contains and records the deletions', async () => {
    await run(SAMPLE_SNAPSHOT);
    await markOutboxDone();
    const dir = await sampleCopy();
    await editRecords(dir, 'articles.ndjson', (rs) => rs.filter((r) => r.id !== 2020));
    await editRecords(dir, 'media.ndjson', (rs) => rs.filter((r) => r.id !== 5011));
    await editRecords(dir, 'products.ndjson', (rs) =>
      rs.map((r) =>
        r.id === 1002
          ? {
              ...r,
              media_links: (r.media_links as { media_id: number }[]).filter((l) => l.media_id !== 5011),
            }
          : r,
      ),
    );
    await editRecords(dir, 'synonyms.ndjson', (rs) => rs.slice(0, 2));

    const summary = await run(dir);

    expect(await ids('articles')).not.toContain(2020);
    expect(await ids('media')).not.toContain(5011);
    expect(await stack.database.db('synonyms').count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await pending()).sort()).toEqual(
      ['delete article 2020', 'delete media 5011', 'upsert product 1002', 'upsert synonyms all'].sort(),
    );
    expect(summary.kinds.articles).toEqual({ read: 19, upserted: 0, deleted: 1 });
  });

  it('treats a missing optional file as "no records of this kind", but keeps the built-in image formats', async () => {
    await run(SAMPLE_SNAPSHOT);
    const dir = await sampleCopy();
    await removeDir(path.join(dir, 'users.ndjson'));
    await removeDir(path.join(dir, 'image_formats.ndjson'));
    await run(dir);
    expect(await ids('users')).toEqual([]);
    const formats = await stack.database
      .db('image_formats')
      .orderBy('position')
      .select('key', 'width', 'height', 'fit', 'is_active');
    expect(formats).toEqual([
      { key: 'thumb', width: 300, height: 300, fit: 'crop', is_active: true },
      { key: 'mini', width: 120, height: 120, fit: 'crop', is_active: true },
      { key: 'tile', width: 480, height: 480, fit: 'crop', is_active: true },
      { key: 'preview', width: 800, height: 800, fit: 'max', is_active: true },
      { key: 'hero', width: 1920, height: 1080, fit: 'max', is_active: true },
    ]);
  });
});

describe('partial mode', () => {
  beforeEach(async () => {
    await run(SAMPLE_SNAPSHOT);
    await markOutboxDone();
  });

  const partial = async (files: Parameters<typeof writeSnapshot>[0]) => {
    const dir = await writeSnapshot(files, await stack.tempDir('snapshot-'));
    return run(dir, 'partial');
  };

  it('upserts what it contains, deletes only `_deleted` records, and leaves everything else alone', async () => {
    const summary = await partial({
      'articles.ndjson': [
        { id: 2020, _deleted: true },
        {
          id: 2021,
          type: 'spare',
          ordernumber: 'E 90-0002',
          names: { de: 'Scherbolzen M10' },
          is_active: true,
        },
      ],
      'manufacturers.ndjson': [
        { id: 14, slug: 'eicher', short_name: 'Eicher', names: { de: 'Eicher' }, is_active: true },
      ],
    });

    expect(await ids('articles')).toEqual([...Array.from({ length: 19 }, (_, i) => 2001 + i), 2021]);
    expect(await ids('products')).toHaveLength(8);
    expect(await ids('users')).toEqual([1, 2]);
    expect((await stack.database.db('manufacturers').where({ id: 14 }).first()).is_active).toBe(true);
    expect((await pending()).sort()).toEqual([
      'delete article 2020',
      'upsert article 2021',
      'upsert manufacturer 14',
    ]);
    expect(summary.changes).toBe(3);
  });

  it('cascades a deleted taxon out of the products that showed it and records those products', async () => {
    await partial({ 'taxons.ndjson': [{ id: 113, _deleted: true }] });
    expect(await stack.database.db('product_taxons').where({ taxon_id: 113 })).toEqual([]);
    expect((await pending()).sort()).toEqual(['delete taxon 113', 'upsert product 1002']);
  });

  it('deletes custom image formats by key and resets a deleted built-in one', async () => {
    await partial({
      'image_formats.ndjson': [
        { key: 'social', _deleted: true },
        { key: 'hero', _deleted: true },
      ],
    });
    expect(await stack.database.db('image_formats').orderBy('position').pluck('key')).toEqual([
      'thumb',
      'mini',
      'tile',
      'preview',
      'hero',
      'katalog',
    ]);
    expect((await pending()).sort()).toEqual(['delete image_format social', 'upsert image_format hero']);
  });

  it('is idempotent: the same partial snapshot twice changes nothing the second time', async () => {
    const dir = await sampleCopy();
    await editRecords(dir, 'products.ndjson', (rs) =>
      rs.map((r) => (r.id === 1005 ? { ...r, names: { de: 'Frontlader (neu)' } } : r)),
    );
    await run(dir, 'partial');
    const before = await fingerprint(stack.database.db);
    expect((await run(dir, 'partial')).changes).toBe(0);
    expect(await fingerprint(stack.database.db)).toEqual(before);
  });
});
