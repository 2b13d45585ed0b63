/**
 * `GET /media` (list and search, from Meilisearch) and `GET /media/{media}` (one asset, from Postgres).
 * Spec "GET /media", "GET /media/{media}"; decisions in docs/api/media.md.
 */
import type { AppDeps } from '../../deps';
import { nearestExpiry } from '../../catalog/visibility';
import { replyWithItems, serialized, serializeItems, type SerializedItems } from '../../http/caching';
import { ApiError } from '../../http/errors';
import { pageLinks } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query-string';
import type { RouteHandler } from '../../http/router';
import { searchDepsOf } from '../products/search';
import { recordSearch } from '../../search-log';
import { mediaSearchFilters } from '../../search-log/filters';
import { mediumKey, type MediaListParams } from './params';
import { findPublicMedium } from './query';
import { degradedAnswers } from '../../search/degraded';
import { isMeilisearchOutage } from '../../search/http-client';
import { resultCacheOf } from '../../search/result-cache';
import { listMediaFromPostgres, mediaAnswerableFromPostgres } from './fallback';
import { cachedMediaPage, searchMedia, type MediaPage } from './search';
import { serializeMedium } from './serializer';

/** The paginated list of public media, newest first (by relevance with `search`). */
export function list(deps: AppDeps): RouteHandler<MediaListParams> {
  const onDegraded = degradedAnswers(deps.logger, 'media lists');
  /** A page serialized once: its items' JSON and the first `valid_until` among them. */
  const serializePage = (found: MediaPage, now: number): SerializedMediaPage => {
    const items = serializeItems(found.records.map((m) => serializeMedium(m, deps.config.appUrl)));
    const expiresAt = nearestExpiry(
      found.records.map((m) => m.valid_until),
      now,
    );
    return { items, total: found.total, ...(expiresAt === undefined ? {} : { expiresAt }) };
  };
  return async (req, res, params) => {
    const query = req.query as ParsedQuery;
    const now = Date.now();
    const search = searchDepsOf(deps);
    let page: SerializedMediaPage;
    try {
      page = await cachedMediaPage(
        search,
        resultCacheOf(deps),
        `media?${JSON.stringify(params)}`,
        now,
        async () => serializePage(await searchMedia(search, params, now), now),
        (value) => value.items.bytes.length + 256,
      );
    } catch (error) {
      // Meilisearch down: a list without search is answered from Postgres, exactly.
      if (!mediaAnswerableFromPostgres(params) || !isMeilisearchOutage(error)) throw error;
      onDegraded(res, error);
      page = serializePage(await listMediaFromPostgres(deps.db, params, now), now);
    }
    recordSearch(req, {
      endpoint: 'media',
      query: params.search,
      filters: mediaSearchFilters(params),
      total: page.total,
    });
    const body = pageLinks(page.items.count, page.total, {
      path: `${deps.config.apiBaseUrl}/media`,
      query,
      page: params.page,
      perPage: params.perPage,
    });
    return replyWithItems(body, page.items, page.expiresAt);
  };
}

/** A media page as the result cache keeps it: the items serialized, the total, the first expiry. */
interface SerializedMediaPage {
  items: SerializedItems;
  total: number;
  /** ms since epoch: an item's `valid_until` */
  expiresAt?: number;
}

/** One public asset by id or `ext:<source_id>`; 404 when unknown, malformed or not public right now. */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const key = mediumKey(req.params.media);
    if (!key) throw new ApiError(404);
    const now = Date.now();
    // Kept in the result cache under the `catalog` generation (any synced change drops it) until it expires.
    const answer = await resultCacheOf(deps).get(
      'catalog',
      `media/${'id' in key ? key.id : `ext:${key.sourceId}`}`,
      async () => {
        const record = await findPublicMedium(deps.db, key, now);
        if (!record) return { value: undefined, size: 0 }; // not kept
        const expiresAt = nearestExpiry([record.valid_until], now);
        const out = serialized({ data: serializeMedium(record, deps.config.appUrl) }, expiresAt);
        return {
          value: out,
          size: out.bytes.length + 256,
          ...(expiresAt === undefined ? {} : { expiresAt }),
        };
      },
      now,
    );
    if (!answer) throw new ApiError(404);
    return answer;
  };
}
