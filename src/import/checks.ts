/**
 * Stage 2 of an import: set-based checks of the staged snapshot against itself and, in partial mode,
 * against the database, before anything is written. Each check throws an `ImportError` naming the file,
 * line and field of the first offending record; the transaction is then rolled back untouched.
 */
import type { PoolClient } from 'pg';
import { ImportError } from './errors';
import { kindByName, KINDS, type Kind, type Reference } from './kinds';
import { stagingTable } from './stage';

export type ImportMode = 'full' | 'partial';

/**
 * SQL for the records of `kind` as they will be after the import, with their staging `line`
 * (null for rows that stay as they are, which only exist in partial mode).
 */
export function finalRows(kind: Kind, mode: ImportMode, columns: string[]): string {
  const stg = stagingTable(kind.name);
  const list = [kind.key, ...columns.filter((c) => c !== kind.key)].join(', ');
  const staged = `SELECT line, ${list} FROM ${stg} WHERE NOT deleted`;
  if (mode === 'full') return `(${staged})`;
  const kept = `SELECT NULL::int AS line, ${list} FROM ${kind.table} t
    WHERE NOT EXISTS (SELECT 1 FROM ${stg} s WHERE s.${kind.key} = t.${kind.key})`;
  return `(${staged} UNION ALL ${kept})`;
}

async function first<T>(client: PoolClient, sql: string): Promise<T | undefined> {
  const { rows } = await client.query(sql);
  return rows[0] as T | undefined;
}

async function checkDuplicateKeys(client: PoolClient, kind: Kind): Promise<void> {
  const hit = await first<{ line: number; key: string; first_line: number }>(
    client,
    `SELECT line, ${kind.key}::text AS key, first_line FROM (
       SELECT line, ${kind.key}, min(line) OVER (PARTITION BY ${kind.key}) AS first_line FROM ${stagingTable(kind.name)}
     ) x WHERE line > first_line ORDER BY line LIMIT 1`,
  );
  if (hit) {
    throw new ImportError(
      kind.file,
      hit.line,
      kind.key,
      `duplicate ${kind.key} ${hit.key} (first on line ${hit.first_line})`,
    );
  }
}

async function checkUnique(
  client: PoolClient,
  kind: Kind,
  fields: string[],
  mode: ImportMode,
): Promise<void> {
  const rows = finalRows(kind, mode, fields);
  const notNull = fields.map((f) => `${f} IS NOT NULL`).join(' AND ');
  const group = fields.join(', ');
  const clash = await first<Record<string, unknown>>(
    client,
    `SELECT ${group} FROM ${rows} f WHERE ${notNull} GROUP BY ${group} HAVING count(*) > 1 LIMIT 1`,
  );
  if (!clash) return;
  const hit = await first<{ line: number; key: string; other_key: string; other_line: number | null }>(
    client,
    `SELECT f.line, f.${kind.key}::text AS key, o.${kind.key}::text AS other_key, o.line AS other_line
       FROM ${rows} f JOIN ${rows} o ON ${fields.map((x) => `o.${x} = f.${x}`).join(' AND ')} AND o.${kind.key} <> f.${kind.key}
      WHERE f.line IS NOT NULL AND (o.line IS NULL OR o.line < f.line) AND ${fields.map((x) => `f.${x} IS NOT NULL`).join(' AND ')}
      ORDER BY f.line LIMIT 1`,
  );
  if (!hit) return;
  const field = fields[fields.length - 1]!;
  const value = JSON.stringify(fields.length === 1 ? clash[field] : fields.map((f) => clash[f]));
  const where = hit.other_line === null ? `existing ${kind.key} ${hit.other_key}` : `line ${hit.other_line}`;
  throw new ImportError(
    kind.file,
    hit.line,
    field,
    `duplicate ${fields.join(' + ')} ${value} (also used by ${where})`,
  );
}

/** Staged rows must reference records that exist after the import (snapshot rules: "exists nowhere"). */
async function checkReference(
  client: PoolClient,
  kind: Kind,
  ref: Reference,
  mode: ImportMode,
): Promise<void> {
  const target = kindByName(ref.kind);
  const parents = finalRows(target, mode, []);
  const stg = stagingTable(kind.name);
  const exists = (value: string) => `EXISTS (SELECT 1 FROM ${parents} p WHERE p.${target.key} = ${value})`;
  let sql: string;
  if (ref.shape === 'scalar') {
    sql = `SELECT s.line, s.${ref.field}::text AS value, NULL::bigint AS ord FROM ${stg} s
            WHERE NOT s.deleted AND s.${ref.field} IS NOT NULL AND NOT ${exists(`s.${ref.field}`)}`;
  } else {
    const [elements, element] =
      ref.shape === 'list'
        ? ['unnest', 'e.value']
        : ['jsonb_array_elements', `(e.value -> '${ref.member}')::int`];
    sql = `SELECT s.line, ${element}::text AS value, e.ord FROM ${stg} s
             CROSS JOIN LATERAL ${elements}(s.${ref.field}) WITH ORDINALITY e(value, ord)
            WHERE NOT s.deleted AND NOT ${exists(element)}`;
  }
  const hit = await first<{ line: number; value: string; ord: number | null }>(
    client,
    `${sql} ORDER BY 1, 3 LIMIT 1`,
  );
  if (hit) {
    const field =
      ref.shape === 'scalar'
        ? ref.field
        : `${ref.field}[${Number(hit.ord) - 1}]${ref.member ? `.${ref.member}` : ''}`;
    throw new ImportError(
      kind.file,
      hit.line,
      field,
      `references ${ref.kind} ${hit.value}, which exists nowhere`,
    );
  }
}

/** Partial mode: a `_deleted` record must not still be referenced (scalar fields) by a record that stays. */
async function checkDeletionsUnreferenced(client: PoolClient, kind: Kind, ref: Reference): Promise<void> {
  const target = kindByName(ref.kind);
  const hit = await first<{ line: number; key: string }>(
    client,
    `SELECT d.line, c.${kind.key}::text AS key FROM ${stagingTable(target.name)} d
       JOIN ${kind.table} c ON c.${ref.field} = d.${target.key}
      WHERE d.deleted AND NOT EXISTS (SELECT 1 FROM ${stagingTable(kind.name)} s WHERE s.${kind.key} = c.${kind.key})
      ORDER BY d.line LIMIT 1`,
  );
  if (hit) {
    throw new ImportError(
      target.file,
      hit.line,
      '_deleted',
      `cannot delete: ${kind.name} ${hit.key} still references it (${ref.field})`,
    );
  }
}

async function checkTreeCycles(client: PoolClient, kind: Kind, mode: ImportMode): Promise<void> {
  const rows = finalRows(kind, mode, ['parent_id']);
  const hit = await first<{ line: number | null; key: string }>(
    client,
    `WITH RECURSIVE nodes AS ${rows},
     up(start, node, depth) AS (
       SELECT ${kind.key}, parent_id, 1 FROM nodes WHERE parent_id IS NOT NULL
       UNION ALL
       SELECT up.start, n.parent_id, up.depth + 1 FROM up JOIN nodes n ON n.${kind.key} = up.node
        WHERE n.parent_id IS NOT NULL AND up.node <> up.start AND up.depth < 100)
     SELECT n.line, n.${kind.key}::text AS key FROM up JOIN nodes n ON n.${kind.key} = up.start
      WHERE up.node = up.start ORDER BY n.line NULLS LAST LIMIT 1`,
  );
  if (hit) {
    throw new ImportError(
      kind.file,
      hit.line,
      'parent_id',
      `${kind.name} ${hit.key} is its own ancestor (a cycle)`,
    );
  }
}

async function checkTaxonParents(client: PoolClient, mode: ImportMode): Promise<void> {
  const rows = finalRows(kindByName('taxons'), mode, ['taxonomy_id', 'parent_id']);
  const hit = await first<{ line: number; parent_id: number }>(
    client,
    `SELECT c.line, c.parent_id FROM ${rows} c JOIN ${rows} p ON p.id = c.parent_id
      WHERE c.taxonomy_id <> p.taxonomy_id AND COALESCE(c.line, p.line) IS NOT NULL
      ORDER BY c.line NULLS LAST LIMIT 1`,
  );
  if (hit) {
    throw new ImportError(
      'taxons.ndjson',
      hit.line,
      'parent_id',
      `parent ${hit.parent_id} belongs to another taxonomy`,
    );
  }
}

/**
 * Derives `stg_uploads` (one row per product upload) and checks that upload ids are unique across
 * products, also against uploads of products this partial import leaves alone.
 */
async function stageAndCheckUploads(client: PoolClient, mode: ImportMode): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE stg_uploads ON COMMIT DROP AS
     SELECT s.line, s.id AS product_id, (u.ord - 1)::int AS idx, u.id, u.file_path, u.file_sha256, u.size,
            u.file_name, u.mime_type, u.name, u.alt, u.title, u.position, u.created_at,
            md5(u.value::text) AS source_hash
       FROM stg_products s
       CROSS JOIN LATERAL (
         SELECT e.value, e.ord, r.* FROM jsonb_array_elements(s.uploads) WITH ORDINALITY e(value, ord),
           jsonb_to_record(e.value) AS r(id int, file_path text, file_sha256 text, size bigint, file_name text,
             mime_type text, name text, alt text, title text, position int, created_at timestamptz)
       ) u
      WHERE NOT s.deleted`,
  );
  await client.query('CREATE INDEX ON stg_uploads (id)');
  await client.query('ANALYZE stg_uploads');
  const dup = await first<{ line: number; idx: number; id: number; other: string }>(
    client,
    `SELECT u.line, u.idx, u.id, o.product_id::text AS other FROM stg_uploads u
       JOIN stg_uploads o ON o.id = u.id AND (o.line, o.idx) < (u.line, u.idx)
      ORDER BY u.line, u.idx LIMIT 1`,
  );
  if (dup) {
    throw new ImportError(
      'products.ndjson',
      dup.line,
      `uploads[${dup.idx}].id`,
      `duplicate upload id ${dup.id} (also on product ${dup.other})`,
    );
  }
  if (mode === 'partial') {
    const taken = await first<{ line: number; idx: number; id: number; other: string }>(
      client,
      `SELECT u.line, u.idx, u.id, pu.product_id::text AS other FROM stg_uploads u
         JOIN product_uploads pu ON pu.id = u.id AND pu.product_id <> u.product_id
        WHERE NOT EXISTS (SELECT 1 FROM stg_products s WHERE s.id = pu.product_id)
        ORDER BY u.line, u.idx LIMIT 1`,
    );
    if (taken) {
      throw new ImportError(
        'products.ndjson',
        taken.line,
        `uploads[${taken.idx}].id`,
        `upload id ${taken.id} belongs to product ${taken.other}`,
      );
    }
  }
}

/** Runs every check over the staged snapshot; throws `ImportError` on the first problem. */
export async function checkSnapshot(client: PoolClient, mode: ImportMode): Promise<void> {
  for (const kind of KINDS) {
    await checkDuplicateKeys(client, kind);
    for (const fields of kind.unique) await checkUnique(client, kind, fields, mode);
  }
  for (const kind of KINDS) {
    for (const ref of kind.references) {
      await checkReference(client, kind, ref, mode);
      if (mode === 'partial' && ref.shape === 'scalar') await checkDeletionsUnreferenced(client, kind, ref);
    }
    if (kind.tree) await checkTreeCycles(client, kind, mode);
  }
  await checkTaxonParents(client, mode);
  await stageAndCheckUploads(client, mode);
}
