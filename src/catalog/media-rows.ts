/**
 * A media-library asset as a `MediumRecord` (spec "Medium (asset)") from a Postgres row or a JSON object
 * built in SQL: shared by `/media`, `/content/media`, the images of products and the indexer's documents.
 */
import { wireTimestamp } from './wire';
import { renditionsFromRow } from '../media/renditions';
import type { MediumRecord } from './records';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** A media-library row or JSON object (with folder_id/_name/_slug) as a MediumRecord. */
export function mediumFromRow(row: Row): MediumRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    file_name: String(row.file_name),
    mime_type: String(row.mime_type),
    type: String(row.type),
    size: row.size === null ? null : Number(row.size),
    file_path: text(row.file_path),
    file_sha256: text(row.file_sha256),
    alt: text(row.alt),
    title: text(row.title),
    caption: text(row.caption),
    description: text(row.description),
    copyright: text(row.copyright),
    license: text(row.license),
    ki_status: text(row.ki_status),
    folder:
      row.folder_id === null
        ? null
        : { id: Number(row.folder_id), name: String(row.folder_name), slug: String(row.folder_slug) },
    ...(row.usages ? { usages: row.usages as string[] } : {}),
    valid_until: wireTimestamp(row.valid_until as Date | null),
    created_at: wireTimestamp(row.created_at as Date | null),
    source: 'media',
    renditions: renditionsFromRow(row.renditions),
  };
}
