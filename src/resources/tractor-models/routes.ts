/**
 * The tractor model routes (spec "Tractor models"); handlers in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { paginatedSchema } from '../../http/pagination';
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list, show } from './handlers';
import { ModelListQuery } from './params';
import { TractorModelSchema } from './schema';

/** The public tractor model routes. */
export const TRACTOR_MODEL_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/tractor-models',
    edgeTags: [indexTag('models'), indexTag('series')],
    auth: 'public',
    operationId: 'listTractorModels',
    tag: 'Tractors',
    summary: 'List tractor models',
    description:
      'Sorted by `model`, with `manufacturer` and `series`, paginated. No series filter: use `/tractor-series/{slug}`.',
    query: ModelListQuery,
    response: paginatedSchema(TractorModelSchema),
    okDescription: 'A page of tractor models.',
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/tractor-models/{tractorModel}',
    edgeTags: [indexTag('models'), indexTag('series')],
    auth: 'public',
    operationId: 'showTractorModel',
    tag: 'Tractors',
    summary: 'One tractor model',
    pathParams: z.object({
      tractorModel: z.string().regex(/^\d+$/).openapi({ description: 'The integer model id.' }),
    }),
    response: dataOf(TractorModelSchema),
    okDescription: 'The model (list form).',
    errors: [404],
    handler: show,
  }),
];
