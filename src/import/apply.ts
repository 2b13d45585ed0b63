/**
 * Stage 3 of an import: write the checked staging tables into the catalog tables, set-based.
 *
 * - A row is inserted or updated only when its `source_hash` differs, so re-importing the same snapshot
 *   writes nothing and records nothing in the outbox.
 * - Every write records an `index_outbox` row in the same transaction (at-least-once for the indexer).
 * - Relation rows (taxons, manufacturers, tractor models, articles, media links, keywords) of a changed
 *   product or medium are rebuilt; uploads are upserted by id so their renditions survive.
 * - Deleting a record that products link to (a taxon, an article, a medium...) records those products
 *   in the outbox too, because after the delete nothing can tell the indexer which products showed it.
 */
import type { PoolClient } from 'pg';
import { BUILTIN_IMAGE_FORMATS } from '../catalog/image-formats';
import type { ImportMode } from './checks';
import { KINDS, tableColumns, type Kind, type KindName } from './kinds';
import { stagingTable } from './stage';

export interface KindCounts {
  read: number;
  upserted: number;
  deleted: number;
}

/** Product relation tables: staged int[] list → table and column, and the kind the column points to. */
const RELATIONS = [
  { list: 'taxon_ids', table: 'product_taxons', column: 'taxon_id', source: 'taxons' },
  {
    list: 'manufacturer_ids',
    table: 'product_manufacturers',
    column: 'manufacturer_id',
    source: 'manufacturers',
  },
  {
    list: 'tractor_model_ids',
    table: 'product_tractor_models',
    column: 'tractor_model_id',
    source: 'tractor_models',
  },
  { list: 'article_ids', table: 'product_articles', column: 'article_id', source: 'articles' },
] as const;

/** Changes of one kind above this count are recorded as one `*` outbox row (rebuild that index). */
export const DEFAULT_BULK_THRESHOLD = 50_000;

interface ApplyContext {
  client: PoolClient;
  mode: ImportMode;
  bulkThreshold: number;
}

async function count(client: PoolClient, sql: string): Promise<number> {
  return (await client.query(sql)).rowCount ?? 0;
}

/**
 * Records `n` changes whose keys are in column `key` of table `from`. Past the bulk threshold one row with
 * entity_id `*` stands for all of them: the indexer rebuilds that index instead of syncing record by record.
 */
async function outbox(
  ctx: ApplyContext,
  entity: string,
  action: 'upsert' | 'delete',
  from: string,
  n: number,
  key = 'key',
) {
  if (n === 0) return;
  const sql =
    n > ctx.bulkThreshold
      ? `INSERT INTO index_outbox (entity, entity_id, action) VALUES ('${entity}', '*', '${action}')`
      : `INSERT INTO index_outbox (entity, entity_id, action) SELECT '${entity}', ${key}::text, '${action}' FROM ${from}`;
  await ctx.client.query(sql);
}

async function upsertKind(ctx: ApplyContext, kind: Kind): Promise<number> {
  const { client } = ctx;
  const columns = tableColumns(kind);
  const updates = [...columns.filter((c) => c !== kind.key), 'source_hash']
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  const keyType = kind.key === 'id' ? 'int' : 'text';
  await client.query(`CREATE TEMP TABLE chg_${kind.name} (key ${keyType}) ON COMMIT DROP`);
  const n = await count(
    client,
    `WITH up AS (
       INSERT INTO ${kind.table} (${columns.join(', ')}, source_hash)
       SELECT ${columns.join(', ')}, source_hash FROM ${stagingTable(kind.name)} WHERE NOT deleted
       ON CONFLICT (${kind.key}) DO UPDATE SET ${updates}
       WHERE ${kind.table}.source_hash IS DISTINCT FROM EXCLUDED.source_hash
       RETURNING ${kind.key}
     ) INSERT INTO chg_${kind.name} SELECT ${kind.key} FROM up`,
  );
  await outbox(ctx, kind.entity, 'upsert', `chg_${kind.name}`, n);
  return n;
}

/** Keys of `kind` this import deletes: absent from a full snapshot, or marked `_deleted`. */
function doomed(kind: Kind, mode: ImportMode): string {
  const stg = stagingTable(kind.name);
  const t = kind.table;
  if (kind.name === 'image_formats') {
    // Built-in formats always exist: leaving them out or deleting them resets them (resetBuiltinFormats).
    return mode === 'full'
      ? `SELECT key FROM image_formats t WHERE NOT is_builtin
           AND NOT EXISTS (SELECT 1 FROM ${stg} s WHERE s.key = t.key AND NOT s.deleted)`
      : `SELECT t.key FROM image_formats t JOIN ${stg} s ON s.key = t.key AND s.deleted WHERE NOT t.is_builtin`;
  }
  return mode === 'full'
    ? `SELECT ${kind.key} FROM ${t} t WHERE NOT EXISTS (SELECT 1 FROM ${stg} s WHERE s.${kind.key} = t.${kind.key} AND NOT s.deleted)`
    : `SELECT t.${kind.key} FROM ${t} t JOIN ${stg} s ON s.${kind.key} = t.${kind.key} AND s.deleted`;
}

async function deleteKind(ctx: ApplyContext, kind: Kind): Promise<number> {
  const { client } = ctx;
  await client.query(`CREATE TEMP TABLE del_${kind.name} ON COMMIT DROP AS ${doomed(kind, ctx.mode)}`);
  const fanout = RELATIONS.find((r) => r.source === kind.name);
  if (fanout) {
    await client.query(
      `INSERT INTO fanout_products SELECT DISTINCT product_id FROM ${fanout.table}
        WHERE ${fanout.column} IN (SELECT id FROM del_${kind.name}) ON CONFLICT DO NOTHING`,
    );
  }
  if (kind.name === 'media') {
    await client.query(
      `INSERT INTO fanout_products SELECT DISTINCT product_id FROM product_media_links
        WHERE media_id IN (SELECT id FROM del_media) ON CONFLICT DO NOTHING`,
    );
  }
  // Relation rows have no FKs (see the migration): remove those of deleted records here.
  const orphans: [string, string][] =
    kind.name === 'products'
      ? [...RELATIONS.map((r) => r.table), 'product_media_links', 'search_keywords'].map((t) => [
          t,
          'product_id',
        ])
      : kind.name === 'media'
        ? [
            ['product_media_links', 'media_id'],
            ['search_keywords', 'media_id'],
          ]
        : fanout
          ? [[fanout.table, fanout.column]]
          : [];
  for (const [table, column] of orphans) {
    await client.query(`DELETE FROM ${table} WHERE ${column} IN (SELECT ${kind.key} FROM del_${kind.name})`);
  }
  const n = await count(
    client,
    `DELETE FROM ${kind.table} WHERE ${kind.key} IN (SELECT ${kind.key} FROM del_${kind.name})`,
  );
  await outbox(ctx, kind.entity, 'delete', `del_${kind.name}`, n, kind.key);
  return n;
}

/**
 * Built-in formats a full snapshot leaves out, or a partial one marks `_deleted`, are reset to their
 * built-in definition instead of being deleted.
 */
async function resetBuiltinFormats({ client, mode }: ApplyContext): Promise<number> {
  const dropped =
    mode === 'full'
      ? 'NOT EXISTS (SELECT 1 FROM stg_image_formats s WHERE s.key = f.key AND NOT s.deleted)'
      : 'EXISTS (SELECT 1 FROM stg_image_formats s WHERE s.key = f.key AND s.deleted)';
  const reset = await client.query(
    `WITH builtin AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
                        AS b(key text, label text, width int, height int, fit text, position int))
     UPDATE image_formats f SET label = b.label, width = b.width, height = b.height, fit = b.fit, quality = NULL,
            position = b.position, is_active = true, source_hash = NULL
       FROM builtin b
      WHERE f.key = b.key AND f.source_hash IS NOT NULL AND ${dropped}
     RETURNING f.key`,
    [JSON.stringify(BUILTIN_IMAGE_FORMATS)],
  );
  for (const row of reset.rows as { key: string }[]) {
    await client.query(
      `INSERT INTO index_outbox (entity, entity_id, action) VALUES ('image_format', $1, 'upsert')`,
      [row.key],
    );
  }
  return reset.rowCount ?? 0;
}

async function rebuildProductRelations(client: PoolClient): Promise<void> {
  const changed = 'SELECT s.* FROM stg_products s JOIN chg_products c ON c.key = s.id';
  for (const r of RELATIONS) {
    await client.query(`DELETE FROM ${r.table} WHERE product_id IN (SELECT key FROM chg_products)`);
    await client.query(
      `INSERT INTO ${r.table} (product_id, ${r.column}, position)
       SELECT s.id, e.value, e.ord - 1 FROM (${changed}) s
         CROSS JOIN LATERAL unnest(s.${r.list}) WITH ORDINALITY e(value, ord)`,
    );
  }
  await client.query('DELETE FROM product_media_links WHERE product_id IN (SELECT key FROM chg_products)');
  await client.query(
    `INSERT INTO product_media_links (product_id, media_id, role, is_main, position, usages)
     SELECT s.id, l.media_id, l.role, l.is_main, l.position, l.usages FROM (${changed}) s
       CROSS JOIN LATERAL jsonb_to_recordset(s.media_links)
         AS l(media_id int, role text, is_main bool, position int, usages text[])`,
  );
  await rebuildKeywords(client, 'product_id', 'products');
}

async function rebuildKeywords(client: PoolClient, owner: 'product_id' | 'media_id', kind: KindName) {
  await client.query(`DELETE FROM search_keywords WHERE ${owner} IN (SELECT key FROM chg_${kind})`);
  await client.query(
    `INSERT INTO search_keywords (${owner}, keyword, position)
     SELECT s.id, e.value, e.ord - 1 FROM ${stagingTable(kind)} s JOIN chg_${kind} c ON c.key = s.id
       CROSS JOIN LATERAL unnest(s.keywords) WITH ORDINALITY e(value, ord)`,
  );
}

/** Upserts product uploads by id (renditions keep pointing at them) and deletes those gone. */
async function applyUploads(ctx: ApplyContext): Promise<KindCounts> {
  const { client } = ctx;
  const columns =
    'id, product_id, file_path, file_sha256, size, file_name, mime_type, name, alt, title, position, created_at';
  const updates = [...columns.split(', ').slice(1), 'source_hash']
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  await client.query('CREATE TEMP TABLE chg_uploads (key int) ON COMMIT DROP');
  const upserted = await count(
    client,
    `WITH up AS (
       INSERT INTO product_uploads (${columns}, source_hash) SELECT ${columns}, source_hash FROM stg_uploads
       ON CONFLICT (id) DO UPDATE SET ${updates}
       WHERE product_uploads.source_hash IS DISTINCT FROM EXCLUDED.source_hash RETURNING id
     ) INSERT INTO chg_uploads SELECT id FROM up`,
  );
  await outbox(ctx, 'product_upload', 'upsert', 'chg_uploads', upserted);
  const gone =
    ctx.mode === 'full'
      ? 'SELECT id FROM product_uploads u WHERE NOT EXISTS (SELECT 1 FROM stg_uploads s WHERE s.id = u.id)'
      : `SELECT id FROM product_uploads u WHERE u.product_id IN (SELECT id FROM stg_products)
           AND NOT EXISTS (SELECT 1 FROM stg_uploads s WHERE s.id = u.id)`;
  await client.query(`CREATE TEMP TABLE del_uploads ON COMMIT DROP AS ${gone}`);
  const deleted = await count(client, 'DELETE FROM product_uploads WHERE id IN (SELECT id FROM del_uploads)');
  await outbox(ctx, 'product_upload', 'delete', 'del_uploads', deleted, 'id');
  return { read: 0, upserted, deleted };
}

/** Full mode replaces the synonym set; partial mode only adds groups. One outbox row when it changed. */
async function applySynonyms({ client, mode }: ApplyContext): Promise<KindCounts> {
  const inserted = await count(
    client,
    `INSERT INTO synonyms (kind, input, terms, source_hash)
     SELECT DISTINCT ON (source_hash) kind, input, terms, source_hash FROM stg_synonyms ORDER BY source_hash, line
     ON CONFLICT (source_hash) DO NOTHING`,
  );
  const deleted =
    mode === 'full'
      ? await count(
          client,
          'DELETE FROM synonyms t WHERE NOT EXISTS (SELECT 1 FROM stg_synonyms s WHERE s.source_hash = t.source_hash)',
        )
      : 0;
  if (inserted + deleted > 0) {
    await client.query(
      `INSERT INTO index_outbox (entity, entity_id, action) VALUES ('synonyms', 'all', 'upsert')`,
    );
  }
  return { read: 0, upserted: inserted, deleted };
}

/**
 * Applies the staged snapshot. Returns counts per kind (`product_uploads` and `synonyms` included).
 * Runs inside the caller's transaction; deferred constraints are checked at its commit.
 */
export async function applySnapshot(
  client: PoolClient,
  mode: ImportMode,
  bulkThreshold = DEFAULT_BULK_THRESHOLD,
): Promise<Record<string, KindCounts>> {
  const ctx: ApplyContext = { client, mode, bulkThreshold };
  const counts: Record<string, KindCounts> = {};
  await client.query('CREATE TEMP TABLE fanout_products (id int PRIMARY KEY) ON COMMIT DROP');
  for (const kind of KINDS) {
    counts[kind.name] = { read: 0, upserted: await upsertKind(ctx, kind), deleted: 0 };
  }
  await rebuildProductRelations(client);
  await rebuildKeywords(client, 'media_id', 'media');
  counts.product_uploads = await applyUploads(ctx);
  for (const kind of [...KINDS].reverse()) counts[kind.name]!.deleted = await deleteKind(ctx, kind);
  counts.image_formats!.upserted += await resetBuiltinFormats(ctx);
  counts.synonyms = await applySynonyms(ctx);
  await client.query(
    `DELETE FROM fanout_products f WHERE EXISTS (SELECT 1 FROM chg_products c WHERE c.key = f.id)
        OR NOT EXISTS (SELECT 1 FROM products p WHERE p.id = f.id)`,
  );
  const fannedOut = Number((await client.query('SELECT count(*) AS n FROM fanout_products')).rows[0].n);
  await outbox(ctx, 'product', 'upsert', 'fanout_products', fannedOut, 'id');
  return counts;
}
