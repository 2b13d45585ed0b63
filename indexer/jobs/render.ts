/**
 * The `render` job: brings the renditions of one image (a media-library asset or a product upload) up to
 * date with the active image formats. Idempotent: a format is rendered only when its rendition is missing,
 * was made with another format signature (fit, size, quality, renderer version) or from another original,
 * or its file is gone; renditions of formats no longer active are deleted. When anything changed, an
 * outbox row for the owner (`media_renditions` / `upload_renditions`) is written in the same transaction,
 * so a sync puts the new `conversions` into the documents; that row queues no render again. The job then
 * asks for a sync (`ctx.jobs.requestSync`), which the worker debounces: a backlog of renders is brought
 * into the indexes by a few sync rounds, each taking every render row written since the last.
 *
 * The `preview` job (`runPreview`) runs the same function for the CMS preview that asks for a rendition
 * not made yet (src/resources/content-media/render.ts waits for it): `only` restricts it to the format
 * asked for; the outbox row then makes the next sync queue the full job for the rest.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import type { Knex } from 'knex';
import type { IndexerContext } from '../context';
import type { PreviewRequest, PreviewResult, RenderRequest } from '../../src/jobs/render-queue';
import {
  isCurrentRendition,
  isRenderable,
  renditionPath,
  RASTER_MIME_TYPES,
  type RenderFormat,
} from '../../src/catalog/rendition-formats';
import { release } from '../render/input';
import type { RenderSlots } from '../render/slots';
import { OversizeInputError, renderFormats, RenderInputError, UnsupportedInputError } from '../render/sharp';

export interface RenderResult {
  target: RenderRequest['target'];
  id: number;
  /** `missing`: no such record; `no-file`: not taken over yet or not a raster image. */
  status: 'changed' | 'unchanged' | 'missing' | 'no-file';
  rendered: string[];
  removed: string[];
}

interface Owner {
  file_path: string | null;
  file_sha256: string | null;
  mime_type: string;
}

interface ExistingRow {
  id: string;
  format_key: string;
  file_path: string;
  source_sha256: string;
  format_signature: string;
}

const TABLES = { media: 'media', upload: 'product_uploads' } as const;
const COLUMNS = { media: 'media_id', upload: 'upload_id' } as const;
/**
 * The outbox entity a render writes for its owner: fanout.ts updates the documents that show the owner, as
 * for a `media`/`product_upload` row, but queues no render job for it (the render has just run).
 */
export const RENDITION_OUTBOX = { media: 'media_renditions', upload: 'upload_renditions' } as const;
const OUTBOX = RENDITION_OUTBOX;

/** A job id as a file-name part (`[A-Za-z0-9_-]`, at most 64), or a random one without a job. */
function tempTagOf(jobId: string | undefined): string {
  const tag = jobId?.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return tag ? `job-${tag}` : randomBytes(6).toString('hex');
}

/** Directories this process has made sure of (`renditions/<aa>`: 256 at most per MEDIA_ROOT). */
const madeDirs = new Set<string>();

/**
 * Writes `data` to `target` atomically (temp file `<target>.<tag>.tmp` + rename); a file already there is
 * left alone. The tag is the job's id, so the rerun of a job whose worker was killed mid-write reuses and
 * renames the temp file it left behind, while other jobs writing the same target never share one.
 */
async function writeOnce(target: string, data: Buffer, tag: string): Promise<void> {
  if ((await stat(target).catch(() => null))?.size === data.length) return;
  const dir = path.dirname(target);
  if (!madeDirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  }
  const temp = `${target}.${tag}.tmp`;
  try {
    await writeFile(temp, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true }); // removed since (a restore, a cleanup)
    await writeFile(temp, data);
  }
  await rename(temp, target);
}

/** What rendering needs of the indexer's context, and the most pixels one render decodes. */
export type RenderContext = Pick<IndexerContext, 'db' | 'mediaRoot' | 'logger' | 'jobs'> & {
  /** RENDER_MAX_PIXELS (indexer/render/sharp.ts); default its default. */
  maxPixels?: number;
  /**
   * The worker's decode slots (indexer/render/slots.ts): the decode and encodes of a job run in one, its
   * reads and writes outside. Default: none (the render runs at once).
   */
  slots?: RenderSlots;
};

/** Deletes the files among `paths` that no rendition row references any more (they may be shared). */
async function deleteUnreferenced(ctx: RenderContext, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const used = new Set(
    await ctx.db('renditions').whereIn('file_path', paths).distinct().pluck<string[]>('file_path'),
  );
  for (const file of new Set(paths)) {
    if (used.has(file)) continue;
    await unlink(path.join(ctx.mediaRoot, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT')
        ctx.logger.warn({ err: error, file }, 'render: could not delete a rendition');
    });
  }
}

/** The active formats in position order. */
export async function activeFormats(db: Knex): Promise<RenderFormat[]> {
  return db('image_formats')
    .where('is_active', true)
    .orderBy([{ column: 'position' }, { column: 'key' }])
    .select('key', 'width', 'height', 'fit', 'quality');
}

/**
 * Runs one render job. Throws `UnrecoverableError` (no retries: the bytes will not get better) when the
 * original is corrupt, truncated, of a kind no decoder here handles (a HEIF codec other than HEVC or
 * AV1) or over the pixel limit (RENDER_MAX_PIXELS) without shrink-on-load; its message is the job's
 * failure reason. Renditions made from an older original are deleted first, so none shows a picture the record no
 * longer has. With `only` (format keys), only those of the active formats are brought up to date; stale
 * renditions of other formats are removed as usual, never left pointing at an older original.
 */
export async function runRender(
  ctx: RenderContext,
  request: RenderRequest,
  only?: readonly string[],
  jobId?: string,
): Promise<RenderResult> {
  const tempTag = tempTagOf(jobId);
  const { target, id } = request;
  const result: RenderResult = { target, id, status: 'unchanged', rendered: [], removed: [] };
  const column = COLUMNS[target];
  // One round trip: the owner, its renditions and the active formats.
  const { rows: found } = await ctx.db.raw<{
    rows: (Owner & { existing: ExistingRow[]; formats: RenderFormat[] })[];
  }>(
    `SELECT o.file_path, o.file_sha256, o.mime_type,
       coalesce((SELECT json_agg(json_build_object('id', r.id::text, 'format_key', r.format_key,
                  'file_path', r.file_path, 'source_sha256', r.source_sha256, 'format_signature', r.format_signature))
                 FROM renditions r WHERE r.${column} = o.id), '[]') AS existing,
       coalesce((SELECT json_agg(json_build_object('key', f.key, 'width', f.width, 'height', f.height,
                  'fit', f.fit, 'quality', f.quality) ORDER BY f.position, f.key)
                 FROM image_formats f WHERE f.is_active), '[]') AS formats
     FROM ${TABLES[target]} o WHERE o.id = ?`,
    [id],
  );
  const owner = found[0];
  if (!owner) return { ...result, status: 'missing' }; // its renditions went with it (FK cascade)
  const existing = owner.existing;
  const sha = owner.file_sha256?.trim() ?? null;
  const renderable = Boolean(owner.file_path && sha && isRenderable(owner.mime_type));
  const formats = renderable ? owner.formats : [];
  const wanted = new Map(formats.map((f) => [f.key, f]));
  const byKey = new Map(existing.map((r) => [r.format_key, r]));

  const todo: RenderFormat[] = [];
  for (const format of formats) {
    if (only && !only.includes(format.key)) continue;
    const row = byKey.get(format.key);
    const current =
      row &&
      (await isCurrentRendition(
        ctx.mediaRoot,
        { path: row.file_path, sourceSha256: row.source_sha256, signature: row.format_signature },
        sha,
        format,
      ));
    if (!current) todo.push(format);
  }
  // Inactive formats, and renditions of an older original (they go even when the new one fails).
  const stale = existing.filter((r) => !wanted.has(r.format_key) || r.source_sha256 !== sha);
  const removeStale = async () => {
    if (stale.length === 0) return;
    await ctx.db.transaction(async (trx) => {
      await trx('renditions')
        .whereIn(
          'id',
          stale.map((r) => r.id),
        )
        .delete();
      await trx('index_outbox').insert({ entity: OUTBOX[target], entity_id: String(id), action: 'upsert' });
    });
    await deleteUnreferenced(
      ctx,
      stale.map((r) => r.file_path),
    );
    result.removed = stale.map((r) => r.format_key);
  };

  if (todo.length === 0) {
    await removeStale();
    if (stale.length > 0) await ctx.jobs?.requestSync();
    return { ...result, status: !renderable ? 'no-file' : stale.length > 0 ? 'changed' : 'unchanged' };
  }

  let renditions;
  try {
    const render = () =>
      renderFormats(path.join(ctx.mediaRoot, owner.file_path!), todo, { maxPixels: ctx.maxPixels });
    // With `only` this is a preview someone waits for: it takes the next free slot.
    renditions = await (ctx.slots ? ctx.slots.run(render, only !== undefined) : render());
  } catch (error) {
    if (
      error instanceof RenderInputError ||
      error instanceof UnsupportedInputError ||
      error instanceof OversizeInputError
    ) {
      await removeStale();
      if (stale.length > 0) await ctx.jobs?.requestSync();
      throw new UnrecoverableError(`${target} ${id} (${owner.mime_type}): ${error.message}`);
    }
    throw error;
  }
  const files = renditions.map((r) => renditionPath(sha!, r.signature, r.extension));
  // The files at once: a stat, an open, a write, a close and a rename each, which one after the other
  // left the cores idle between two renders. Formats of equal settings share a file: written once.
  const distinct = new Map(renditions.map((r, i) => [files[i]!, r.data]));
  await Promise.all(
    [...distinct].map(([file, data]) => writeOnce(path.join(ctx.mediaRoot, file), data, tempTag)),
  );
  const rows: Record<string, unknown>[] = [];
  for (const [i, r] of renditions.entries()) {
    const file = files[i]!;
    rows.push({
      [column]: id,
      format_key: r.key,
      file_path: file,
      mime_type: r.mimeType,
      width: r.width,
      height: r.height,
      size: r.data.length,
      source_sha256: sha!,
      format_signature: r.signature,
      created_at: ctx.db.fn.now(),
    });
  }
  // Written and measured: their memory is freed now rather than by a full collection (render/input.ts).
  for (const r of renditions) release(r.data);
  // Stale rows not replaced now: inactive formats and (with `only`) formats of an older original left out.
  const renderedKeys = new Set(renditions.map((r) => r.key));
  const gone = stale.filter((r) => !renderedKeys.has(r.format_key));
  // One statement (atomic, no BEGIN/COMMIT round trips): drop the stale rows not replaced, upsert the new
  // ones, write the outbox row.
  const upsert = ctx.db('renditions').insert(rows).onConflict([column, 'format_key']).merge();
  const drop = ctx
    .db('renditions')
    .whereIn(
      'id',
      gone.map((r) => r.id),
    )
    .delete();
  await ctx.db.raw(
    `WITH dropped AS (?), upserted AS (?) INSERT INTO index_outbox (entity, entity_id, action) VALUES (?, ?, 'upsert')`,
    [drop, upsert, OUTBOX[target], String(id)],
  );
  // Files of replaced and removed renditions, unless another row still uses them.
  const replaced = existing.filter((r) => renderedKeys.has(r.format_key) || gone.includes(r));
  await deleteUnreferenced(
    ctx,
    replaced.map((r) => r.file_path).filter((file) => !rows.some((row) => row.file_path === file)),
  );
  await ctx.jobs?.requestSync();
  return {
    ...result,
    status: 'changed',
    rendered: renditions.map((r) => r.key),
    removed: gone.map((r) => r.format_key),
  };
}

/**
 * Runs one `preview` job: the format `request.format` of medium `request.mediumId`, as `runRender` with
 * `only`. Returns `unrenderable` (logged as a warning) instead of failing when the original cannot be
 * decoded or is over the pixel limit, so the waiting API can answer 404; other errors fail the job.
 */
export async function runPreview(
  ctx: RenderContext,
  request: PreviewRequest,
  jobId?: string,
): Promise<PreviewResult> {
  try {
    await runRender(ctx, { target: 'media', id: request.mediumId }, [request.format], jobId);
    return { status: 'rendered' };
  } catch (error) {
    if (!(error instanceof UnrecoverableError)) throw error;
    ctx.logger.warn({ err: error, ...request }, 'preview: original cannot be rendered');
    return { status: 'unrenderable' };
  }
}

/**
 * Every image that may need a render job: files of a renderable type, and any owner that still has
 * renditions (its type or file changed since). Ascending ids, media first.
 */
export async function allRenderRequests(db: Knex): Promise<RenderRequest[]> {
  const types = [...RASTER_MIME_TYPES];
  const sql = (table: string, column: string) =>
    `SELECT id FROM ${table} o WHERE (o.file_path IS NOT NULL AND lower(split_part(o.mime_type, ';', 1)) = ANY(?))
        OR EXISTS (SELECT 1 FROM renditions r WHERE r.${column} = o.id) ORDER BY id`;
  const media = await db.raw<{ rows: { id: number }[] }>(sql('media', 'media_id'), [types]);
  const uploads = await db.raw<{ rows: { id: number }[] }>(sql('product_uploads', 'upload_id'), [types]);
  return [
    ...media.rows.map((r) => ({ target: 'media' as const, id: r.id })),
    ...uploads.rows.map((r) => ({ target: 'upload' as const, id: r.id })),
  ];
}

/** Queues render jobs for every image (reindex target `renditions`). Returns how many. */
export async function queueAllRenders(ctx: IndexerContext): Promise<number> {
  if (!ctx.jobs) throw new Error('queueing renders needs the worker queue');
  const requests = await allRenderRequests(ctx.db);
  await ctx.jobs.enqueueRenders(requests);
  ctx.logger.info({ jobs: requests.length }, 'render jobs queued for every image');
  return requests.length;
}
