/**
 * The image format route (spec "GET /image-formats"); handler in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list } from './handlers';
import { ImageFormatSchema } from './schema';

/** The active image formats. */
export const IMAGE_FORMAT_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/image-formats',
    edgeTags: [indexTag('formats')],
    auth: 'public',
    operationId: 'listImageFormats',
    tag: 'Media',
    summary: 'The active image formats',
    description: 'Sorted by position, not paginated.',
    response: dataOf(z.array(ImageFormatSchema)),
    okDescription: 'The formats.',
    handler: list,
  }),
];
