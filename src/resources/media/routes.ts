/**
 * The public media routes (spec "GET /media", "GET /media/{media}"); handlers in handlers.ts.
 */
import { paginatedSchema } from '../../http/pagination';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { list, show } from './handlers';
import { MediaListQuery, MediumPathParams } from './params';
import { MediumSchema } from './schema';

/** The public media routes. */
export const MEDIA_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/media',
    auth: 'public',
    operationId: 'listMedia',
    tag: 'Media',
    summary: 'List public media',
    description: 'Newest first (by relevance with `search`), paginated.',
    query: MediaListQuery,
    response: paginatedSchema(MediumSchema),
    okDescription: 'A page of media.',
    searchSession: true,
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/media/{media}',
    auth: 'public',
    operationId: 'showMedium',
    tag: 'Media',
    summary: 'One public medium',
    pathParams: MediumPathParams,
    response: dataOf(MediumSchema),
    okDescription: 'The medium.',
    errors: [404],
    handler: show,
  }),
];
