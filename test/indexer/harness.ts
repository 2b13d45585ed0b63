/**
 * What the indexer tests share: small index definitions over the real catalog tables (so fan-out results
 * show in the documents; `startStack({ api: false, index: false, definitions: TEST_DEFINITIONS })`), and
 * helpers to read and write the outbox and to read the live indexes.
 */
import type { Knex } from 'knex';
import type { Meilisearch, Settings } from 'meilisearch';
import pino from 'pino';
import type { IndexDefinitions } from '../../indexer/context';
import type { IndexDefinition } from '../../indexer/indexes/types';
import { loadSynonyms } from '../../indexer/synonyms';
import type { IndexName } from '../../src/search/indexes';

export const silentLogger = pino({ level: 'silent' });

/** A definition over one table: active rows by id, documents from one query. */
function tableDefinition(
  name: IndexName,
  table: string,
  where: string,
  documentsSql: string,
  settings: (db: Knex) => Promise<Settings>,
): IndexDefinition {
  return {
    name,
    settings: (db) => settings(db),
    ids: async (db, afterId, limit) =>
      (await db(table).whereRaw(where).where('id', '>', afterId).orderBy('id').limit(limit).pluck('id')).map(
        Number,
      ),
    count: async (db) => Number((await db(table).whereRaw(where).count({ n: '*' }))[0]!.n),
    documents: async (db, ids) => (await db.raw(documentsSql, [`{${ids.join(',')}}`])).rows,
  };
}

/**
 * Products (active only) with every field a fan-out rule feeds: taxon slugs with their ancestors,
 * manufacturer slugs, active articles, linked media and their folders, uploads.
 */
const PRODUCT_DOCUMENTS = `
  SELECT p.id, p.slug, p.names->>'de' AS name,
    (SELECT count(*)::int FROM product_articles pa JOIN articles a ON a.id = pa.article_id AND a.is_active
      WHERE pa.product_id = p.id) AS articles_count,
    ARRAY(WITH RECURSIVE up AS (SELECT t.id, t.parent_id, t.slug FROM product_taxons pt JOIN taxons t
                                  ON t.id = pt.taxon_id WHERE pt.product_id = p.id
                                UNION SELECT t.id, t.parent_id, t.slug FROM taxons t JOIN up ON t.id = up.parent_id)
          SELECT DISTINCT slug FROM up ORDER BY slug) AS taxa,
    ARRAY(SELECT m.slug FROM product_manufacturers pm JOIN manufacturers m ON m.id = pm.manufacturer_id
           WHERE pm.product_id = p.id ORDER BY m.slug) AS manufacturers,
    ARRAY(SELECT m.name FROM product_media_links l JOIN media m ON m.id = l.media_id
           WHERE l.product_id = p.id ORDER BY m.id) AS media,
    ARRAY(SELECT DISTINCT f.slug FROM product_media_links l JOIN media m ON m.id = l.media_id
           JOIN media_folders f ON f.id = m.folder_id WHERE l.product_id = p.id ORDER BY f.slug) AS folders,
    ARRAY(SELECT u.file_name FROM product_uploads u WHERE u.product_id = p.id ORDER BY u.id) AS uploads
  FROM products p WHERE p.id = ANY(?::int[]) AND p.is_active ORDER BY p.id`;

export const TEST_DEFINITIONS: IndexDefinitions = {
  products: tableDefinition('products', 'products', 'is_active', PRODUCT_DOCUMENTS, async (db) => ({
    searchableAttributes: ['name', 'slug', 'taxa', 'manufacturers'],
    filterableAttributes: ['taxa', 'manufacturers'],
    synonyms: await loadSynonyms(db),
  })),
  articles: tableDefinition(
    'articles',
    'articles',
    'is_active',
    `SELECT id, ordernumber, names->>'de' AS name FROM articles WHERE id = ANY(?::int[]) AND is_active ORDER BY id`,
    async () => ({ searchableAttributes: ['ordernumber', 'name'] }),
  ),
  media: tableDefinition(
    'media',
    'media',
    'trashed_at IS NULL',
    `SELECT m.id, m.name, f.slug AS folder FROM media m LEFT JOIN media_folders f ON f.id = m.folder_id
      WHERE m.id = ANY(?::int[]) AND m.trashed_at IS NULL ORDER BY m.id`,
    async (db) => ({ searchableAttributes: ['name'], synonyms: await loadSynonyms(db) }),
  ),
};

export interface OutboxState {
  entity: string;
  entity_id: string;
  processed: boolean;
  attempts: number;
  last_error: string | null;
}

/** Every outbox row in id order, with whether it is processed. */
export async function outbox(db: Knex): Promise<OutboxState[]> {
  const rows = await db('index_outbox')
    .orderBy('id')
    .select('entity', 'entity_id', 'processed_at', 'attempts', 'last_error');
  return rows.map((r: OutboxState & { processed_at: Date | null }) => ({
    entity: r.entity,
    entity_id: r.entity_id,
    processed: r.processed_at !== null,
    attempts: r.attempts,
    last_error: r.last_error,
  }));
}

/** Marks every outbox row processed (a clean start for a test that adds its own rows). */
export async function clearOutbox(db: Knex): Promise<void> {
  await db('index_outbox').whereNull('processed_at').update({ processed_at: db.fn.now() });
}

/** Adds pending outbox rows, e.g. `addOutbox(db, ['taxon', 102], ['media', 5001, 'delete'])`. */
export async function addOutbox(db: Knex, ...rows: [string, string | number, ('upsert' | 'delete')?][]) {
  await db('index_outbox').insert(
    rows.map(([entity, id, action]) => ({ entity, entity_id: String(id), action: action ?? 'upsert' })),
  );
}

/** All documents of an index (up to 1000), by id. */
export async function documents<T = Record<string, unknown>>(meili: Meilisearch, uid: string): Promise<T[]> {
  const { results } = await meili.index(uid).getDocuments({ limit: 1000 });
  return (results as (T & { id: number })[]).sort((a, b) => a.id - b.id);
}

/** Ids of the documents of an index, ascending. */
export async function documentIds(meili: Meilisearch, uid: string): Promise<number[]> {
  return (await documents<{ id: number }>(meili, uid)).map((d) => d.id);
}

/** Uids of the indexes of a prefix, sorted. */
export async function indexUids(meili: Meilisearch, prefix: string): Promise<string[]> {
  const { results } = await meili.getRawIndexes({ limit: 1000 });
  return results
    .map((i) => i.uid)
    .filter((uid) => uid.startsWith(prefix))
    .sort();
}

/** Polls `check` every 100 ms until it returns true; throws after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
