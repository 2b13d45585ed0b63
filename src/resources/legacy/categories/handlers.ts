/**
 * `GET /categories` and `GET /categories/{slug}` (legacy layer): the terms of the category dimension
 * (see query.ts) with their product counts, not paginated; successor `/taxonomies`.
 */
import type { AppDeps } from '../../../deps';
import { reply } from '../../../http/caching';
import { ApiError } from '../../../http/errors';
import type { RouteHandler } from '../../../http/router';
import { listCategories } from './query';
import { serializeCategory } from './serializer';

/** `GET /categories`: 200 `{ data: category[] }`, by position, slug, id. Two queries. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const records = await listCategories(deps.db);
    return reply({ data: records.map((r) => serializeCategory(r, deps.config.serverLanguage)) });
  };
}

/**
 * `GET /categories/{slug}`: 200 `{ data: category }`; 404 when no term of the category dimension has the
 * slug. Two queries (the dimension is small: the list is read and the term picked from it).
 */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = req.params.slug;
    const record = (await listCategories(deps.db)).find((r) => r.slug === slug);
    if (!record) throw new ApiError(404);
    return reply({ data: serializeCategory(record, deps.config.serverLanguage) });
  };
}
