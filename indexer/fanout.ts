/**
 * Fan-out: which documents of which index an outbox round touches. The importer records the record that
 * changed (a taxon, a medium...); the documents that show it are worked out here, set-based, in a fixed
 * number of queries whatever the round size. Only *candidate* ids are collected: the index definition's
 * `documents()` decides whether each one is upserted (still belongs) or deleted.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { INDEX_NAMES, type IndexName } from '../src/search/indexes';

export interface OutboxRow {
  id: number;
  entity: string;
  entity_id: string;
  action: 'upsert' | 'delete';
}

export interface ChangePlan {
  /** Indexes to rebuild completely (a `*` row, a taxonomy change); their ids are left out below. */
  rebuild: Set<IndexName>;
  /** Candidate document ids per index, ascending, each once. */
  ids: Record<IndexName, number[]>;
  /** The synonyms changed: apply them to the products and media indexes. */
  synonyms: boolean;
  /** Rows of an entity the indexer does not know (logged; marked processed like the others). */
  unknown: OutboxRow[];
  /** Images whose renditions may be out of date (jobs/render.ts decides; up-to-date ones cost a read). */
  renders: RenderPlan;
}

export interface RenderPlan {
  /** Every image: an image format changed, or a `*` row of media and uploads. */
  all: boolean;
  media: number[];
  uploads: number[];
}

/** Entities whose record ids feed the queries below. */
const KEYED = [
  'product',
  'product_upload',
  'article',
  'taxon',
  'manufacturer',
  'media',
  'media_folder',
] as const;
type KeyedEntity = (typeof KEYED)[number];

/** What a `*` row (more than the bulk threshold of changes of one kind) rebuilds. */
const BULK_REBUILDS: Record<KeyedEntity, IndexName[]> = {
  product: ['products'],
  product_upload: ['products'],
  article: ['articles', 'products'], // products show articles_count and active articles
  taxon: ['products'],
  manufacturer: ['products'],
  media: ['media', 'products'],
  media_folder: ['media', 'products'],
};

/**
 * Entities that change no document. `image_format` changes renditions (every image gets a render job,
 * which re-renders only the formats whose signature changed; the render's own outbox row then updates the
 * documents). Tractor series and models, users and PDF catalogs are not indexed; deleting a tractor
 * model already records its products as `product` rows (importer).
 */
const NOT_INDEXED = new Set(['image_format', 'tractor_series', 'tractor_model', 'user', 'catalog']);

/**
 * Rows a finished render writes (indexer/jobs/render.ts): the documents that show the image change like
 * for a change of the image itself, but no render job is queued (it has just run).
 */
const RENDITION_ROWS: Record<string, KeyedEntity> = {
  media_renditions: 'media',
  upload_renditions: 'product_upload',
};

const isKeyed = (entity: string): entity is KeyedEntity => (KEYED as readonly string[]).includes(entity);

/** The changed ids of every keyed entity, one `int[]` each, referenced once by the queries below. */
const PARAMS = `p AS (SELECT ${KEYED.map((e) => `?::int[] AS ${e}`).join(', ')})`;
const FOLDERS = `folders AS (SELECT f.id FROM media_folders f, p WHERE f.id = ANY(p.media_folder)
                 UNION SELECT f.id FROM media_folders f JOIN folders ON f.parent_id = folders.id)`;

/**
 * Candidate product ids for the changed records: the products themselves, the products of changed uploads,
 * articles, manufacturers and media, of changed taxons and all their descendants (facets carry the
 * ancestors' slugs), and of the media in changed folders and all their subfolders.
 */
const PRODUCTS_SQL = `
  WITH RECURSIVE ${PARAMS}, ${FOLDERS},
    taxa AS (SELECT t.id FROM taxons t, p WHERE t.id = ANY(p.taxon)
             UNION SELECT t.id FROM taxons t JOIN taxa ON t.parent_id = taxa.id)
  SELECT unnest(p.product) AS id FROM p
  UNION SELECT u.product_id FROM product_uploads u, p WHERE u.id = ANY(p.product_upload)
  UNION SELECT a.product_id FROM product_articles a, p WHERE a.article_id = ANY(p.article)
  UNION SELECT product_id FROM product_taxons WHERE taxon_id IN (SELECT id FROM taxa)
  UNION SELECT m.product_id FROM product_manufacturers m, p WHERE m.manufacturer_id = ANY(p.manufacturer)
  UNION SELECT l.product_id FROM product_media_links l, p WHERE l.media_id = ANY(p.media)
  UNION SELECT l.product_id FROM product_media_links l JOIN media m ON m.id = l.media_id
          JOIN folders ON folders.id = m.folder_id
  ORDER BY 1`;

/** Candidate media ids: the changed media and the media in changed folders and their subfolders. */
const MEDIA_SQL = `
  WITH RECURSIVE ${PARAMS}, ${FOLDERS}
  SELECT unnest(p.media) AS id FROM p
  UNION SELECT m.id FROM media m JOIN folders ON m.folder_id = folders.id
  ORDER BY 1`;

async function selectIds(db: Knex, sql: string, keys: Record<KeyedEntity, number[]>): Promise<number[]> {
  // Validated integers only, so a Postgres array literal per entity is safe and keeps one bind each.
  const bindings = KEYED.map((e) => `{${keys[e].join(',')}}`);
  const { rows } = (await db.raw(sql, bindings)) as { rows: { id: number }[] };
  return rows.map((r) => r.id);
}

/** An outbox entity id as a catalog id (a positive Postgres int), or null when it is not one. */
function parseId(entityId: string): number | null {
  if (!/^\d{1,10}$/.test(entityId)) return null;
  const n = Number(entityId);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * Plans one outbox round: coalesces the rows (a record changed three times is one candidate), maps each
 * entity to the indexes it touches and queries the affected ids (two queries at most). Rows of
 * non-indexed entities contribute nothing; malformed ids and unknown entities are logged and skipped.
 */
export async function planChanges(db: Knex, rows: readonly OutboxRow[], logger: Logger): Promise<ChangePlan> {
  const keys = Object.fromEntries(KEYED.map((e) => [e, new Set<number>()])) as Record<
    KeyedEntity,
    Set<number>
  >;
  const rebuild = new Set<IndexName>();
  const unknown: OutboxRow[] = [];
  let synonyms = false;
  const renders: RenderPlan = { all: false, media: [], uploads: [] };
  // Images whose own row is in the round (a render row alone queues no render).
  const changed = { media: new Set<number>(), product_upload: new Set<number>() };
  for (const row of rows) {
    const renditionsOf = Object.hasOwn(RENDITION_ROWS, row.entity) ? RENDITION_ROWS[row.entity] : undefined;
    if (renditionsOf) {
      const id = parseId(row.entity_id);
      if (id !== null) keys[renditionsOf].add(id);
      else logger.warn({ outboxId: row.id, entity: row.entity, entityId: row.entity_id }, 'outbox: bad id');
      continue;
    }
    if (row.entity === 'image_format') renders.all = true;
    // A taxonomy is a facet attribute of products: it appears or disappears in the settings.
    if (row.entity === 'taxonomy') rebuild.add('products');
    else if (row.entity === 'synonyms') synonyms = true;
    else if (NOT_INDEXED.has(row.entity)) continue;
    else if (!isKeyed(row.entity)) unknown.push(row);
    else if (row.entity_id === '*') {
      BULK_REBUILDS[row.entity].forEach((name) => rebuild.add(name));
      if (row.entity === 'media' || row.entity === 'product_upload') renders.all = true;
    } else {
      const id = parseId(row.entity_id);
      if (id !== null) {
        keys[row.entity].add(id);
        if (row.entity === 'media' || row.entity === 'product_upload') changed[row.entity].add(id);
      } else logger.warn({ outboxId: row.id, entity: row.entity, entityId: row.entity_id }, 'outbox: bad id');
    }
  }
  for (const row of unknown) {
    logger.warn({ outboxId: row.id, entity: row.entity }, 'outbox: unknown entity, marked processed');
  }

  const lists = Object.fromEntries(KEYED.map((e) => [e, [...keys[e]]])) as Record<KeyedEntity, number[]>;
  const ids = Object.fromEntries(INDEX_NAMES.map((n) => [n, [] as number[]])) as Record<IndexName, number[]>;
  const any = (...entities: KeyedEntity[]) => entities.some((e) => lists[e].length > 0);
  if (!rebuild.has('products') && any(...KEYED)) ids.products = await selectIds(db, PRODUCTS_SQL, lists);
  if (!rebuild.has('articles')) ids.articles = lists.article.sort((a, b) => a - b);
  if (!rebuild.has('media') && any('media', 'media_folder')) {
    ids.media = await selectIds(db, MEDIA_SQL, lists);
  }
  if (!renders.all) {
    // Deleted records need no job: their renditions went with them (FK cascade).
    renders.media = [...changed.media].sort((a, b) => a - b);
    renders.uploads = [...changed.product_upload].sort((a, b) => a - b);
  }
  return { rebuild, ids, synonyms, unknown, renders };
}
