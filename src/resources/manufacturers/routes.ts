/**
 * The manufacturer routes (spec "Manufacturers"); handlers in handlers.ts.
 */
import { indexTag } from '../../edge/tags';
import { dataOf, route, slugParam, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { list, show } from './handlers';
import { ManufacturerSchema } from './schema';

/** The public manufacturer routes. */
export const MANUFACTURER_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/manufacturers',
    edgeTags: [indexTag('manufacturers')],
    auth: 'public',
    operationId: 'listManufacturers',
    tag: 'Catalog',
    summary: 'All active manufacturers',
    description: 'Sorted by `short_name`, not paginated.',
    response: dataOf(z.array(ManufacturerSchema)),
    okDescription: 'The manufacturers.',
    handler: list,
  }),
  route({
    method: 'GET',
    path: '/manufacturers/{slug}',
    edgeTags: [indexTag('manufacturers')],
    auth: 'public',
    operationId: 'showManufacturer',
    tag: 'Catalog',
    summary: 'One active manufacturer',
    pathParams: slugParam('The manufacturer slug.'),
    response: dataOf(ManufacturerSchema),
    okDescription: 'The manufacturer.',
    errors: [404],
    handler: show,
  }),
];
