/**
 * The public folder tree route (spec "GET /media-folders"); handler in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list } from './handlers';
import { MediaFolderSchema } from './schema';

/** The public folder tree. */
export const MEDIA_FOLDER_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/media-folders',
    edgeTags: [indexTag('folders')],
    auth: 'public',
    operationId: 'listMediaFolders',
    tag: 'Media',
    summary: 'The public folder tree',
    description: 'Sorted by position and name, not paginated; `children` two levels deep.',
    response: dataOf(z.array(MediaFolderSchema)),
    okDescription: 'The root folders.',
    handler: list,
  }),
];
