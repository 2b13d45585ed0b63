/**
 * The renditions the file cases serve: a few public JPEG images of the medium catalog rendered with the
 * worker's own render job (`runRender`, in-process, into the benchmark's MEDIA_ROOT and database), and the
 * URLs the API shows for them in `conversions`, each with the file behind it for the bare static server.
 */
import type { Knex } from 'knex';
import type { AppConfig } from '../../config/env';
import { activeFormats, runRender } from '../../indexer/jobs/render';
import { benchIndexerContext } from './services';
import type { RenditionSetup } from './types';

/** One rendition file as both servers are asked for it. */
export interface RenditionFile {
  /** The API's URL path (`/files/media/<id>/<hash>/<format>/<name>`), from `conversions`. */
  url: string;
  /** The same file's path under MEDIA_ROOT as a URL path (`/renditions/<aa>/<id>.jpg`), for the static server. */
  staticPath: string;
  /** Bytes of the file (the `renditions` row's size). */
  size: number;
}

/**
 * Runs the render job for each of `ids` (media) in-process, one after the other, as the worker would: a
 * rendition already current (an earlier run) is left alone. Without a queue (`ctx.jobs` absent) no sync
 * is requested; the caller's full reindex afterwards puts the renditions into the media documents.
 */
export async function renderImages(db: Knex, config: AppConfig, ids: number[]): Promise<RenditionSetup> {
  const ctx = benchIndexerContext(db, config);
  const formats = (await activeFormats(db)).map((f) => f.key);
  const started = Date.now();
  let rendered = 0;
  for (const id of ids) {
    const result = await runRender(ctx, { target: 'media', id });
    if (result.status === 'changed') rendered += 1;
    else if (result.status !== 'unchanged') throw new Error(`render media ${id}: ${result.status}`);
  }
  return {
    images: ids.length,
    formats,
    files: ids.length * formats.length,
    renderMs: Date.now() - started,
    rendered,
  };
}

interface MediumConversions {
  id: number;
  conversions: Record<string, { url: string }>;
}

/**
 * The rendition files of `ids` as the API lists them (`GET /api/v1/media?type=image&ids[]=...`): every
 * conversion URL of every image, with its file and size from the `renditions` rows. Throws when the API
 * does not list every image with every format in `formats`.
 */
export async function renditionFiles(
  apiOrigin: string,
  db: Knex,
  ids: number[],
  formats: string[],
): Promise<RenditionFile[]> {
  const query = new URLSearchParams([
    ['type', 'image'],
    ['per_page', String(ids.length)],
  ]);
  for (const id of ids) query.append('ids[]', String(id));
  const res = await fetch(`${apiOrigin}/api/v1/media?${query}`);
  if (res.status !== 200) throw new Error(`GET /api/v1/media?${query} answered ${res.status}`);
  const { data } = (await res.json()) as { data: MediumConversions[] };
  const rows: { media_id: number; format_key: string; file_path: string; size: string }[] = await db(
    'renditions',
  )
    .whereIn('media_id', ids)
    .select('media_id', 'format_key', 'file_path', 'size');
  const byKey = new Map(rows.map((r) => [`${r.media_id}/${r.format_key}`, r]));
  if (data.length !== ids.length) throw new Error(`/media listed ${data.length} of the ${ids.length} images`);
  const files: RenditionFile[] = [];
  for (const medium of data) {
    for (const format of formats) {
      const conversion = medium.conversions[format];
      const row = byKey.get(`${medium.id}/${format}`);
      if (!conversion || !row) throw new Error(`medium ${medium.id} has no ${format} rendition`);
      files.push({
        url: new URL(conversion.url).pathname,
        staticPath: `/${row.file_path}`,
        size: Number(row.size),
      });
    }
  }
  return files;
}
