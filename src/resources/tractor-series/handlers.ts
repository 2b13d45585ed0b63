/**
 * `GET /tractor-series` and `GET /tractor-series/{slug}` (spec "Tractor series"): not paginated, no query
 * parameters (any given are ignored), no active filter on series.
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import type { RouteHandler } from '../../http/router';
import { serializeTractorModelSummary } from '../tractor-models/serializer';
import { findSeries, listSeries, modelsOfSeries } from './query';
import { serializeTractorSeries, serializeTractorSeriesDetail } from './serializer';

/** `GET /tractor-series`: 200 `{ data: series[] }` sorted by `slug`, each with `manufacturer` (or null). */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const records = await listSeries(deps.db);
    return reply({ data: records.map(serializeTractorSeries) });
  };
}

/** `GET /tractor-series/{slug}`: 200 `{ data: series }` with `models`; 404 `not_found` for an unknown slug. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = req.params.slug;
    const record = typeof slug === 'string' ? await findSeries(deps.db, slug) : undefined;
    if (!record) throw new ApiError(404);
    const models = await modelsOfSeries(deps.db, record.id);
    return reply({ data: serializeTractorSeriesDetail(record, models.map(serializeTractorModelSummary)) });
  };
}
