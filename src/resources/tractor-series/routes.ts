/**
 * The tractor series routes (spec "Tractor series"); handlers in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { dataOf, route, slugParam, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list, show } from './handlers';
import { TractorSeriesDetailSchema, TractorSeriesSchema } from './schema';

/** The public tractor series routes. */
export const TRACTOR_SERIES_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/tractor-series',
    edgeTags: [indexTag('series'), indexTag('models')],
    auth: 'public',
    operationId: 'listTractorSeries',
    tag: 'Tractors',
    summary: 'All tractor series',
    description: 'Sorted by `slug`, each with `manufacturer`; not paginated.',
    response: dataOf(z.array(TractorSeriesSchema)),
    okDescription: 'The series.',
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/tractor-series/{slug}',
    edgeTags: [indexTag('series'), indexTag('models')],
    auth: 'public',
    operationId: 'showTractorSeries',
    tag: 'Tractors',
    summary: 'One tractor series with its models',
    pathParams: slugParam('The series slug.'),
    response: dataOf(TractorSeriesDetailSchema),
    okDescription: 'The series.',
    errors: [404],
    handler: show,
  }),
];
