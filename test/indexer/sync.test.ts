/**
 * Outbox sync against real Postgres and Meilisearch: first build, upserts and deletes, rows marked only
 * after Meilisearch confirmed, coalescing, failures (rows stay pending with attempts and last_error),
 * `*` rows, synonyms, and each fan-out rule seen in the documents.
 */
import { syncOutbox } from '../../indexer/jobs/sync';
import { MeiliTaskError } from '../../indexer/meili-tasks';
import type { IndexDefinition } from '../../indexer/indexes/types';
import { importSnapshot } from '../../src/import';
import { removeDir, writeSnapshot } from '../support/snapshot';
import {
  addOutbox,
  clearOutbox,
  documentIds,
  documents,
  indexUids,
  outbox,
  TEST_DEFINITIONS,
} from './harness';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false, definitions: TEST_DEFINITIONS });
});

afterAll(() => stack.stop());

interface ProductDoc {
  id: number;
  name: string;
  articles_count: number;
  taxa: string[];
  manufacturers: string[];
  folders: string[];
  uploads: string[];
}

const product = async (id: number) =>
  (await documents<ProductDoc>(stack.meili, stack.uid('products'))).find((d) => d.id === id);
const pending = async () => (await outbox(stack.database.db)).filter((r) => !r.processed);

/** Tasks Meilisearch received after `fromUid` for an index, oldest first. */
async function tasksSince(fromUid: number, uid: string) {
  const { results } = await stack.meili.tasks.getTasks({ indexUids: [uid], limit: 1000 });
  return results.filter((t) => t.uid > fromUid).reverse();
}
const lastTaskUid = async () => (await stack.meili.tasks.getTasks({ limit: 1 })).results[0]?.uid ?? 0;
/**
 * Tasks on this file's indexes after task `fromUid` (the Meilisearch is shared with the test files running
 * beside it, so its last task uid moves without us).
 */
async function ownTasksSince(fromUid: number) {
  const prefix = stack.uid('products').slice(0, -'products'.length);
  const { results } = await stack.meili.tasks.getTasks({ limit: 1000 });
  return results.filter((t) => t.uid > fromUid && (t.indexUid ?? '').startsWith(prefix));
}

describe('the first sync after an import', () => {
  it('builds the missing live indexes (with settings) and marks every row processed', async () => {
    expect((await pending()).length).toBeGreaterThan(50);
    const result = await syncOutbox(stack.indexer);
    expect(result.rebuilt.sort()).toEqual(['articles', 'media', 'products']);
    expect(await pending()).toEqual([]);
    expect(await documentIds(stack.meili, stack.uid('products'))).toEqual([
      1001, 1002, 1003, 1005, 1006, 1007, 1008,
    ]);
    expect((await documentIds(stack.meili, stack.uid('articles'))).length).toBe(19);
    expect((await stack.meili.index(stack.uid('products')).getSettings()).filterableAttributes).toEqual(
      expect.arrayContaining(['taxa', 'manufacturers']),
    );
    expect(await indexUids(stack.meili, stack.config.meiliIndexPrefix)).toEqual(
      ['articles', 'media', 'products'].map((n) => `${stack.config.meiliIndexPrefix}${n}`),
    );
  });

  it('does nothing when the outbox is drained', async () => {
    const before = await lastTaskUid();
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rows: 0, rounds: 0, rebuilt: [] });
    expect(await ownTasksSince(before)).toEqual([]);
  });
});

describe('record changes', () => {
  beforeEach(() => clearOutbox(stack.database.db));

  it('upserts a changed record and deletes one that no longer belongs, then marks the rows', async () => {
    await stack.database
      .db('products')
      .where('id', 1001)
      .update({ names: { de: 'Rundballenpressen (neu)' } });
    await stack.database.db('products').where('id', 1002).update({ is_active: false });
    await addOutbox(stack.database.db, ['product', 1001], ['product', 1002]);
    const result = await syncOutbox(stack.indexer);
    expect(result).toMatchObject({ rows: 2, rounds: 1 });
    expect(result.upserted.products).toBe(1);
    expect(result.deleted.products).toBe(1);
    expect((await product(1001))?.name).toBe('Rundballenpressen (neu)');
    expect(await product(1002)).toBeUndefined();
    expect(await pending()).toEqual([]);
  });

  it('marks the rows processed only after Meilisearch confirmed the tasks', async () => {
    await stack.database.db('products').where('id', 1002).update({ is_active: true });
    await addOutbox(stack.database.db, ['product', 1002]);
    const pendingWhenConfirmed: number[] = [];
    const waitForTask = stack.indexer.meili.tasks.waitForTask.bind(stack.indexer.meili.tasks);
    const spy = jest.spyOn(stack.indexer.meili.tasks, 'waitForTask').mockImplementation(async (...args) => {
      const task = await waitForTask(...args);
      pendingWhenConfirmed.push((await pending()).length);
      return task;
    });
    try {
      await syncOutbox(stack.indexer);
    } finally {
      spy.mockRestore();
    }
    expect(pendingWhenConfirmed).toEqual([1]);
    expect(await pending()).toEqual([]);
    expect(await product(1002)).toBeDefined();
  });

  it('coalesces: a record changed three times is written once', async () => {
    const before = await lastTaskUid();
    await addOutbox(stack.database.db, ['product', 1003], ['product', 1003], ['product', 1003]);
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rows: 3 });
    const tasks = await tasksSince(before, stack.uid('products'));
    expect(tasks.map((t) => [t.type, t.details?.receivedDocuments])).toEqual([
      ['documentAdditionOrUpdate', 1],
    ]);
  });

  it('works through the outbox in bounded rounds', async () => {
    await addOutbox(
      stack.database.db,
      ['product', 1001],
      ['article', 2001],
      ['media', 5001],
      ['product', 1005],
      ['user', 1],
    );
    expect(await syncOutbox(stack.indexer, { roundSize: 2 })).toMatchObject({ rows: 5, rounds: 3 });
    expect(await pending()).toEqual([]);
  });

  it('marks rows that change no document without writing anything (and an unknown entity)', async () => {
    const before = await lastTaskUid();
    await addOutbox(
      stack.database.db,
      ['image_format', 'thumb'],
      ['tractor_model', 31],
      ['tractor_series', 21],
      ['user', 2],
      ['gizmo', 7],
    );
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rows: 5, rebuilt: [], synonyms: false });
    expect(await pending()).toEqual([]);
    expect(await ownTasksSince(before)).toEqual([]);
  });
});

describe('a task Meilisearch rejects', () => {
  const broken: IndexDefinition = {
    ...TEST_DEFINITIONS.products,
    documents: async (db, ids) =>
      (await TEST_DEFINITIONS.products.documents(db, ids)).map((d) =>
        d.id === 1005 ? { ...d, id: 'a b' as unknown as number } : d,
      ),
  };

  beforeAll(() => clearOutbox(stack.database.db));

  it('fails the sync with its message and leaves the rows pending with attempts and last_error', async () => {
    const ctx = { ...stack.indexer, definitions: { ...TEST_DEFINITIONS, products: broken } };
    await addOutbox(stack.database.db, ['product', 1005], ['product', 1006]);
    for (const attempt of [1, 2]) {
      const error = await syncOutbox(ctx).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MeiliTaskError);
      expect(await pending()).toEqual(
        ['1005', '1006'].map((id) => ({
          entity: 'product',
          entity_id: id,
          processed: false,
          attempts: attempt,
          last_error: expect.stringMatching(
            /^MeiliTaskError: .*Document identifier `"a b"` is invalid.*invalid_document_id/,
          ),
        })),
      );
    }
  });

  it('processes the same rows once the cause is fixed', async () => {
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rows: 2 });
    expect(await pending()).toEqual([]);
  });
});

describe('rows that rebuild', () => {
  beforeEach(() => clearOutbox(stack.database.db));

  it('a `*` row rebuilds the indexes of its entity inline, then marks the row', async () => {
    await stack.database.db('articles').where('id', 2020).update({ is_active: false });
    await addOutbox(stack.database.db, ['article', '*'], ['article', 2001]);
    const result = await syncOutbox(stack.indexer);
    expect(result.rebuilt.sort()).toEqual(['articles', 'products']);
    expect(result.upserted).toEqual({ products: 0, articles: 0, media: 0 });
    expect(await documentIds(stack.meili, stack.uid('articles'))).not.toContain(2020);
    expect(await pending()).toEqual([]);
    expect(
      (await indexUids(stack.meili, stack.config.meiliIndexPrefix)).filter((u) => u.includes('__build_')),
    ).toEqual([]);
  });

  it('a synonyms row applies the synonyms table to products and media', async () => {
    await stack.database.db('synonyms').where('kind', 'one_way').delete();
    await addOutbox(stack.database.db, ['synonyms', 'all']);
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rows: 1, synonyms: true });
    for (const name of ['products', 'media'] as const) {
      const synonyms = await stack.meili.index(stack.uid(name)).getSynonyms();
      expect(synonyms).toHaveProperty('Rundballer');
      expect(synonyms).not.toHaveProperty('Ballengreifer');
    }
  });
});

describe('fan-out, seen in the documents', () => {
  beforeEach(() => clearOutbox(stack.database.db));

  it('taxon: renaming a parent term updates the facets of the products of its descendants', async () => {
    await stack.database.db('taxons').where('id', 102).update({ slug: 'pressen-neu' });
    await addOutbox(stack.database.db, ['taxon', 102]);
    await syncOutbox(stack.indexer);
    for (const id of [1001, 1002, 1003]) expect((await product(id))?.taxa).toContain('pressen-neu');
    expect((await product(1005))?.taxa).not.toContain('pressen-neu');
  });

  it('taxon from a partial import: the importer records it, the sync updates its product', async () => {
    const dir = await writeSnapshot({
      'taxons.ndjson': [{ id: 109, taxonomy_id: 1, parent_id: 107, slug: 'ballen-handling', name: 'Ballen' }],
    });
    try {
      await importSnapshot(stack.database.db, dir, { mode: 'partial', mediaRoot: stack.mediaRoot });
    } finally {
      await removeDir(dir);
    }
    expect((await pending()).map((r) => `${r.entity}:${r.entity_id}`)).toEqual(['taxon:109']);
    await syncOutbox(stack.indexer);
    expect((await product(1008))?.taxa).toContain('ballen-handling');
  });

  it('manufacturer: its products', async () => {
    await stack.database.db('manufacturers').where('id', 11).update({ slug: 'fendt-neu' });
    await addOutbox(stack.database.db, ['manufacturer', 11]);
    await syncOutbox(stack.indexer);
    expect((await product(1006))?.manufacturers).toContain('fendt-neu');
    expect((await product(1007))?.manufacturers).toContain('fendt-neu');
  });

  it('article: the article document and the article count of its products', async () => {
    expect((await product(1002))?.articles_count).toBe(8);
    await stack.database.db('articles').where('id', 2001).update({ is_active: false });
    await addOutbox(stack.database.db, ['article', 2001]);
    await syncOutbox(stack.indexer);
    expect(await documentIds(stack.meili, stack.uid('articles'))).not.toContain(2001);
    expect((await product(1002))?.articles_count).toBe(7);
  });

  it('product_upload: its product', async () => {
    await stack.database.db('product_uploads').where('id', 9003).update({ file_name: 'komfort-neu.jpg' });
    await addOutbox(stack.database.db, ['product_upload', 9003]);
    await syncOutbox(stack.indexer);
    expect((await product(1007))?.uploads).toEqual(['komfort-neu.jpg']);
  });

  it('media: the medium, and it is deleted when documents() drops it', async () => {
    await stack.database.db('media').where('id', 5002).update({ trashed_at: stack.database.db.fn.now() });
    await stack.database.db('media').where('id', 5001).update({ name: 'Seitenansicht neu' });
    await addOutbox(stack.database.db, ['media', 5002], ['media', 5001]);
    await syncOutbox(stack.indexer);
    const media = await documents<{ id: number; name: string }>(stack.meili, stack.uid('media'));
    expect(media.find((m) => m.id === 5002)).toBeUndefined();
    expect(media.find((m) => m.id === 5001)?.name).toBe('Seitenansicht neu');
  });

  it('media_folder: media of the folder and its subfolders, and their products', async () => {
    await stack.database.db('media_folders').where('id', 402).update({ slug: 'rundballen-neu' });
    await stack.database.db('media_folders').where('id', 403).update({ slug: 'details-neu' });
    await addOutbox(stack.database.db, ['media_folder', 402]); // 403 changes too, but only 402 is recorded
    await syncOutbox(stack.indexer);
    const media = await documents<{ id: number; folder: string }>(stack.meili, stack.uid('media'));
    expect(media.find((m) => m.id === 5001)?.folder).toBe('rundballen-neu');
    expect(media.find((m) => m.id === 5003)?.folder).toBe('details-neu');
    expect((await product(1002))?.folders).toEqual(['details-neu', 'rundballen-neu']);
  });

  it('taxonomy: rebuilds products', async () => {
    await addOutbox(stack.database.db, ['taxonomy', 2]);
    expect(await syncOutbox(stack.indexer)).toMatchObject({ rebuilt: ['products'] });
  });
});
