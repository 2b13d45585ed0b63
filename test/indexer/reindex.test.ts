/**
 * Full reindex against the run's Meilisearch: build, swap, delete; searches on the live index keep
 * answering while it runs; no build index is left behind (also after a crash or a rejected batch); the
 * synonyms and `all` targets; orphan build indexes deleted at worker start.
 */
import {
  applySynonyms,
  deleteOrphanBuilds,
  reindexIndex,
  runReindex,
  type ReindexProgress,
} from '../../indexer/jobs/reindex';
import { MeiliTaskError, waitForTask } from '../../indexer/meili-tasks';
import { createMeiliClient } from '../../src/search/indexes';
import type { IndexDefinition } from '../../indexer/indexes/types';
import { loadSynonyms } from '../../indexer/synonyms';
import { documentIds, eventually, indexUids, TEST_DEFINITIONS } from './harness';
import { startStack, type Stack } from '../support/stack';

const N = 20_000;
let version = 1;

/** 20,000 generated documents (no table needed), labelled with `version` to tell old from new. */
const generated: IndexDefinition = {
  name: 'articles',
  settings: async () => ({ searchableAttributes: ['title', 'body'], pagination: { maxTotalHits: N } }),
  ids: async (_db, afterId, limit) =>
    Array.from({ length: Math.max(0, Math.min(limit, N - afterId)) }, (_, i) => afterId + 1 + i),
  count: async () => N,
  documents: async (_db, ids) =>
    ids.map((id) => ({ id, title: `Dokument ${id} v${version}`, body: `Ersatzteil Nummer ${id * 7}` })),
};

/** Like `generated`, but Meilisearch rejects one document of the third batch (invalid id). */
const rejected: IndexDefinition = {
  ...generated,
  documents: async (db, ids) =>
    (await generated.documents(db, ids)).map((d) =>
      d.id === 2500 ? { ...d, id: 'a b' as unknown as number } : d,
    ),
};

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    api: false,
    index: false,
    definitions: TEST_DEFINITIONS,
    push: { batchSize: 1000 },
  });
  stack.indexer.definitions = { ...TEST_DEFINITIONS, articles: generated };
});

afterAll(() => stack.stop());

const stats = (uid: string) => stack.meili.index(uid).getStats();

describe('reindexIndex', () => {
  it('builds the live index from nothing, reporting progress up to the total', async () => {
    const progress: ReindexProgress[] = [];
    const result = await reindexIndex(stack.indexer, generated, (p) => {
      progress.push(p);
    });
    expect(result).toMatchObject({ index: 'articles', uid: stack.uid('articles'), documents: N });
    expect((await stats(stack.uid('articles'))).numberOfDocuments).toBe(N);
    expect((await stack.meili.index(stack.uid('articles')).getSettings()).searchableAttributes).toEqual([
      'title',
      'body',
    ]);
    expect(progress[0]).toEqual({ index: 'articles', pushed: 0, total: N });
    expect(progress.at(-1)).toEqual({ index: 'articles', pushed: N, total: N });
    const pushed = progress.map((p) => p.pushed);
    expect(pushed).toEqual([...pushed].sort((a, b) => a - b));
    expect(await indexUids(stack.meili, stack.config.meiliIndexPrefix)).toEqual([stack.uid('articles')]);
  });

  it('keeps answering searches on the live index while it rebuilds, then serves the new documents', async () => {
    version = 2;
    const index = stack.meili.index(stack.uid('articles'));
    let running = true;
    const hits: number[] = [];
    const errors: unknown[] = [];
    const sawBuild: boolean[] = [];
    const searches = (async () => {
      while (running) {
        try {
          const result = await index.search('Dokument', { limit: 1 });
          hits.push(result.estimatedTotalHits ?? 0);
          sawBuild.push((await indexUids(stack.meili, `${stack.uid('articles')}__build_`)).length > 0);
        } catch (error) {
          errors.push(error);
        }
      }
    })();
    try {
      await reindexIndex(stack.indexer, generated);
    } finally {
      running = false;
      await searches;
    }
    expect(errors).toEqual([]);
    expect(hits.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...hits)).toBeGreaterThan(0); // the live index never had zero documents
    expect(sawBuild).toContain(true); // the searches really ran while the build index existed
    const fresh = await index.search('v2', { limit: 1 });
    expect(fresh.estimatedTotalHits).toBe(N);
  });

  it('leaves no build index behind after a second run', async () => {
    await reindexIndex(stack.indexer, generated);
    expect(await indexUids(stack.meili, stack.config.meiliIndexPrefix)).toEqual([stack.uid('articles')]);
  });

  it('deletes a build index a crashed run left behind', async () => {
    const stale = `${stack.uid('articles')}__build_1700000000000`;
    await stack.meili.createIndex(stale, { primaryKey: 'id' }).waitTask();
    expect(await indexUids(stack.meili, stack.config.meiliIndexPrefix)).toContain(stale);
    await reindexIndex(stack.indexer, generated);
    expect(await indexUids(stack.meili, stack.config.meiliIndexPrefix)).toEqual([stack.uid('articles')]);
  });

  it("fails with Meilisearch's message when a batch is rejected, and keeps the live index as it was", async () => {
    version = 3;
    const error = await reindexIndex(stack.indexer, rejected).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliTaskError);
    expect((error as Error).message).toMatch(
      /Document identifier `"a b"` is invalid.*\[invalid_document_id\]/,
    );
    expect((await stats(stack.uid('articles'))).numberOfDocuments).toBe(N);
    expect((await stack.meili.index(stack.uid('articles')).search('v3')).estimatedTotalHits).toBe(0);
    await eventually(async () => (await indexUids(stack.meili, stack.config.meiliIndexPrefix)).length === 1);
  });
});

describe('runReindex targets', () => {
  it('synonyms: applies the synonyms table to the live products and media indexes, building missing ones', async () => {
    const expected = await loadSynonyms(stack.database.db);
    await runReindex(stack.indexer, 'synonyms');
    for (const name of ['products', 'media'] as const) {
      expect(await stack.meili.index(stack.uid(name)).getSynonyms()).toEqual(expected);
    }
    // Built in full, not created bare: documents and the other settings are there.
    expect(await documentIds(stack.meili, stack.uid('products'))).toEqual([
      1001, 1002, 1003, 1005, 1006, 1007, 1008,
    ]);
    expect((await stack.meili.index(stack.uid('media')).getSettings()).searchableAttributes).toEqual([
      'name',
    ]);
    await stack.database.db('synonyms').where('kind', 'one_way').delete();
    await applySynonyms(stack.indexer);
    expect(await stack.meili.index(stack.uid('products')).getSynonyms()).not.toHaveProperty('Ballengreifer');
  });

  it('all: rebuilds products, articles and media from the catalog', async () => {
    const ctx = {
      ...stack.indexer,
      indexPrefix: `${stack.config.meiliIndexPrefix}all_`,
      definitions: TEST_DEFINITIONS,
    };
    const results = await runReindex(ctx, 'all');
    expect(results.map((r) => [r.index, r.documents])).toEqual([
      ['products', 7],
      ['articles', 19],
      ['media', 15],
    ]);
    const uid = (name: string) => `${ctx.indexPrefix}${name}`;
    expect(await documentIds(stack.meili, uid('products'))).toEqual([
      1001, 1002, 1003, 1005, 1006, 1007, 1008,
    ]);
    expect(await documentIds(stack.meili, uid('articles'))).not.toContain(2019);
    expect(await documentIds(stack.meili, uid('media'))).not.toContain(5011);
    const { hits } = await stack.meili.index(uid('products')).search('Rundballer');
    expect(hits.map((d) => d.id)).toEqual(expect.arrayContaining([1001, 1002, 1003]));
  });
});

describe('deleteOrphanBuilds (worker start)', () => {
  const prefix = () => `${stack.config.meiliIndexPrefix}orphans_`;
  const ctx = () => ({ ...stack.indexer, indexPrefix: prefix() });
  const create = async (uid: string) => waitForTask(stack.meili, stack.meili.createIndex(uid), 30_000);

  it("deletes every index's build left by an interrupted reindex, and nothing else", async () => {
    const orphans = [`${prefix()}media__build_1700000000000`, `${prefix()}products__build_1700000000001`];
    const kept = [`${prefix()}media`, `${prefix()}other_products__build_1`];
    for (const uid of [...orphans, ...kept]) await create(uid);
    expect((await deleteOrphanBuilds(ctx(), async () => false)).sort()).toEqual(orphans);
    expect(await indexUids(stack.meili, prefix())).toEqual(kept.sort());
  });

  it('keeps them while a reindex runs in another worker', async () => {
    const build = `${prefix()}articles__build_1700000000002`;
    await create(build);
    expect(await deleteOrphanBuilds(ctx(), async () => true)).toEqual([]);
    expect(await indexUids(stack.meili, `${prefix()}articles`)).toEqual([build]);
    expect(await deleteOrphanBuilds(ctx(), async () => false)).toEqual([build]);
  });

  it('never throws: Meilisearch unreachable is logged and skipped', async () => {
    const meili = createMeiliClient({
      meiliUrl: 'http://127.0.0.1:9',
      appEnv: 'local',
      meiliMasterKey: undefined,
      meiliAdminKey: undefined,
    });
    await expect(deleteOrphanBuilds({ ...ctx(), meili }, async () => false)).resolves.toEqual([]);
  });
});
