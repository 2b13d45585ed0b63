/**
 * `GET /search/suggestions` (spec "GET /search/suggestions", any valid token; the ability `search` is not
 * checked): completions for a search box from order numbers, product names and popular past searches of
 * public products. Parameters, response and ranking: docs/api/search-suggestions.md.
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import type { RouteHandler } from '../../http/router';
import type { SuggestionParams } from './params';
import { findSuggestionSources } from './query';
import { serializeSuggestions } from './serializer';

/**
 * `{ data: suggestion[] }` for `q` (2 to 100 characters) and `limit` (default 10, 1..20). Errors: 422
 * `validation_failed` for a missing, short or long `q` (after the token check: 401 comes first), 503 when
 * Meilisearch or Postgres is unreachable or the products index is not built yet.
 */
export function show(deps: AppDeps): RouteHandler<SuggestionParams> {
  return async (_req, _res, params) => {
    const language = deps.config.serverLanguage;
    const sources = await findSuggestionSources(
      { db: deps.db, meili: deps.meili, prefix: deps.config.meiliIndexPrefix, language },
      params.q,
      params.limit,
    );
    return reply({ data: serializeSuggestions(sources, params.limit, language) });
  };
}
