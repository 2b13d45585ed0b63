/**
 * The CMS media routes (spec "Protected media endpoints", ability `content:media:read`): list, one
 * medium, its preview and download, and the folder tree; handlers in handlers.ts.
 */
import { paginatedSchema } from '../../http/pagination';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { CmsFolderSchema } from '../media-folders/schema';
import { MediumPathParams } from '../media/params';
import { download, folders, list, preview, show } from './handlers';
import { ContentMediaListQuery, PreviewQuery } from './params';
import { CmsMediumSchema } from './schema';

/** The CMS media routes. */
export const CONTENT_MEDIA_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/content/media',
    auth: 'content:media:read',
    operationId: 'listContentMedia',
    tag: 'Content (CMS)',
    summary: 'List media as the CMS sees them',
    description: 'Newest first (by relevance with `search`), paginated.',
    query: ContentMediaListQuery,
    response: paginatedSchema(CmsMediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}',
    auth: 'content:media:read',
    operationId: 'showContentMedium',
    tag: 'Content (CMS)',
    summary: 'One medium as the CMS sees it',
    pathParams: MediumPathParams,
    response: dataOf(CmsMediumSchema),
    okDescription: 'The medium.',
    errors: [404],
    handler: show,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}/preview',
    auth: 'content:media:read',
    operationId: 'previewContentMedium',
    tag: 'Content (CMS)',
    summary: 'A rendition of a medium (the file)',
    description:
      'Rendered on demand by the worker when none is stored; the request waits up to `PREVIEW_TIMEOUT_MS` (default 15 s). 404 for an unknown format, a medium without a renderable file, or an original that cannot be decoded. 503 `service_unavailable` with `Retry-After` (seconds) when the rendition is not ready in time or the render queue (Redis) does not answer; the render goes on, so retry after `Retry-After`.',
    pathParams: MediumPathParams,
    query: PreviewQuery,
    response: 'file',
    okDescription: 'The rendition (JPEG or WebP).',
    errors: [404, 416],
    handler: preview,
  }),
  route({
    method: 'GET',
    path: '/content/media/{media}/download',
    auth: 'content:media:read',
    operationId: 'downloadContentMedium',
    tag: 'Content (CMS)',
    summary: 'The original file of a medium',
    pathParams: MediumPathParams,
    response: 'file',
    okDescription: 'The original, as an attachment under its file name.',
    errors: [404, 416],
    handler: download,
  }),
  route({
    method: 'GET',
    path: '/content/media-folders',
    auth: 'content:media:read',
    operationId: 'listContentMediaFolders',
    tag: 'Content (CMS)',
    summary: 'The active folder tree, every level',
    response: dataOf(z.array(CmsFolderSchema)),
    okDescription: 'The root folders.',
    handler: folders,
  }),
];
