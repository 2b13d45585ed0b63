/**
 * The CMS medium (docs/api/content-media.md, "Record"): the public Medium of the spec, built by the public
 * serializer, plus what an editor needs to choose, and the URLs of the protected preview and download.
 * Pure.
 *
 * The public file URLs (`url`, `thumb_url`, `conversions`, `srcset`) are served by `/files` only while the
 * medium is public, so for a medium that is not (released for print only, in a role-restricted folder)
 * they would be dead links: they are null / `{}` then, and `preview_url` and `download_url` are the way to
 * its files.
 */
import { isRenderable } from '../../catalog/rendition-formats';
import type { CmsMediumRecord } from '../../catalog/records';
import type { z } from 'zod';
import { serializeMedium } from '../media/serializer';
import type { CmsMediumSchema } from './schema';

/** The public record's fields (without `usages`, which only product links carry) and the CMS's own. */
export type CmsMediumJson = z.infer<typeof CmsMediumSchema>;

/**
 * Serializes a CMS medium; `appUrl` is APP_URL (public file URLs), `apiBaseUrl` `$APP_URL/api/v1`.
 * `folder.path` falls back to the folder name when the record carries no path.
 */
export function serializeCmsMedium(
  medium: CmsMediumRecord,
  appUrl: string,
  apiBaseUrl: string,
): CmsMediumJson {
  const base = serializeMedium(medium, appUrl);
  const own = `${apiBaseUrl}/content/media/${medium.id}`;
  const hasFile = medium.file_path !== null && medium.file_sha256 !== null;
  return {
    id: base.id,
    name: base.name,
    file_name: base.file_name,
    mime_type: base.mime_type,
    type: base.type,
    size: base.size,
    url: medium.public ? base.url : null,
    thumb_url: medium.public ? base.thumb_url : null,
    conversions: medium.public ? base.conversions : {},
    srcset: medium.public ? base.srcset : null,
    alt: base.alt,
    title: base.title,
    caption: base.caption,
    description: base.description,
    copyright: base.copyright,
    license: base.license,
    ki_status: base.ki_status,
    ki_label: base.ki_label,
    folder: medium.folder && {
      id: medium.folder.id,
      name: medium.folder.name,
      slug: medium.folder.slug,
      path: medium.folder_path ?? medium.folder.name,
    },
    created_at: base.created_at,
    source_id: medium.source_id,
    public: medium.public,
    release_status: medium.release_status,
    release_channels: medium.release_channels,
    valid_until: medium.valid_until,
    keywords: medium.keywords,
    preview_url: hasFile && isRenderable(medium.mime_type) ? `${own}/preview` : null,
    download_url: hasFile ? `${own}/download` : null,
  };
}
