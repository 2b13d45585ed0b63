/**
 * The search box completions route (spec "GET /search/suggestions"); handler in handlers.ts.
 */
import { dataOf, route, type ApiRoute } from '../../http/router';
import { z } from '../../openapi/zod';
import { show } from './handlers';
import { SuggestionQuery } from './params';
import { SuggestionSchema } from './schema';

/** Completions for any valid token. */
export const SEARCH_SUGGESTION_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/search/suggestions',
    auth: 'any-token',
    operationId: 'searchSuggestions',
    tag: 'Catalog',
    summary: 'Completions for a search box',
    description:
      'Order numbers first, then product names, then popular searches; public products only. Not logged.',
    query: SuggestionQuery,
    response: dataOf(z.array(SuggestionSchema)),
    okDescription: 'The suggestions (`[]` when nothing matches).',
    errors: [422],
    handler: show,
  }),
];
