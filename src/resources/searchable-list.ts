/**
 * The one path of every searchable list (`/products`, `/media`, `/articles`, their `/content/...` forms):
 * the result cache, the index search, the Postgres fallback while Meilisearch is out, the search log, the
 * page links and the reply. A resource describes only what differs (`SearchableList`: its index search,
 * its serializer, its stored list form, its fallback, its search-log filters); `searchableList` turns that
 * into the route's handler factory. Spec "Search semantics", "Pagination envelope"; docs/search.md.
 *
 * A page from the index is spliced from the items' stored list forms (src/search/list-form.ts) when every
 * hit holds one made for this app and, for products, for this instant: the same bytes the serializer
 * writes, without parsing the records into objects and serializing them again. Otherwise the page is
 * searched again for the records' fields and serialized as the Postgres fallback's is.
 */
import type { Knex } from 'knex';
import { nearestExpiry } from '../catalog/visibility';
import type { AppConfig } from '../../config/env';
import type { RouteDeps } from '../deps';
import { indexTag } from '../edge/tags';
import { itemsFromForms, replyWithItems, serializeItems, type SerializedItems } from '../http/caching';
import { pageLinks } from '../http/pagination';
import type { ParsedQuery } from '../http/query';
import type { RouteContext, RouteHandler } from '../http/router';
import { searchEndpointOf, type SearchFilters } from '../search-log';
import { LOGGABLE } from '../search-log/row';
import { degradedAnswers } from '../search/degraded';
import { germanSearch, type GermanSearchOptions, type GermanSearchResult } from '../search/german/query';
import { isMeilisearchOutage } from '../search/http-client';
import { indexUids, type IndexName, type IndexUids } from '../search/indexes';
import {
  formBytes,
  isStoredForm,
  LIST_FROM_FIELD,
  LIST_KEY_FIELD,
  LIST_UNTIL_FIELD,
} from '../search/list-form';
import { pageParams } from '../search/request';

/** What every list's parameters have: the search text and the page. */
export interface ListParams {
  search: string | undefined;
  page: number;
  perPage: number;
}

/** One page of records from the index or from Postgres, and what the list adds to `meta` (facet counts). */
export interface ListPage<R> {
  records: R[];
  total: number;
  meta?: Record<string, unknown>;
}

/** What a list passes to its serializer: the request's instant (ms since epoch) and the configuration. */
export interface SerializeInput {
  now: number;
  config: AppConfig;
}

/** A document of an index as a search retrieved it: the attributes asked for. */
export type Hit = Record<string, unknown>;

/** How a list's items are stored in its index as ready list forms (src/search/list-form.ts). */
export interface StoredListForm {
  /** the attribute holding the form (`_list`, `_list_cms`) */
  field: string;
  /** the `_list_key` of forms made for this app (`listFormKey`) */
  key: (config: AppConfig) => string;
  /** what else the page needs of a hit: `id` for the tags, what `expiry` reads */
  fields: readonly string[];
  /** the forms hold only between `_list_from` and `_list_until` (products: images that expire) */
  timed?: boolean;
  /** when a hit's item changes (ms since epoch), or null: the page's expiry, as `expiries` gives it */
  expiry?: (hit: Hit) => number | null;
}

/** A searchable list: only what differs from one list to another. */
export interface SearchableList<P extends ListParams, R extends { id: number }> {
  /** the index it searches: also the result cache's generation (any write to the index drops the entries) */
  index: IndexName;
  /** the result cache key's prefix; the parsed parameters follow it */
  cacheKey: string;
  /** what the degraded warning names, e.g. "product lists" */
  degradedLabel: string;
  /** the parameters as the list uses them (`parsed`: as the query schema parsed them); default: as parsed */
  params?: (parsed: P, deps: RouteDeps) => P;
  /**
   * one page from the index at `now` (ms since epoch), its hits with the attributes `fields`; throws what
   * the Meilisearch client throws
   */
  search: (deps: ListDeps, params: P, now: number, fields: readonly string[]) => Promise<ListPage<object>>;
  /** the attributes of a document that make the record `serialize` reads */
  recordFields: readonly string[];
  /** one record as the wire has it */
  serialize: (record: R, input: SerializeInput) => unknown;
  /** the items' stored list forms, written by the indexer with `serialize`; without it, records only */
  stored?: StoredListForm;
  /**
   * the `valid_until`s of a record: the reply may be kept until the first of them (Cache-Control);
   * without it, the reply names no expiry
   */
  expiries?: (record: R) => (string | null)[];
  /**
   * when a cached page ends instead of at its items' first expiry, e.g. the next instant any medium
   * expires (one elsewhere shifts the pages and the total); run beside the search on a miss
   */
  cachedUntil?: (deps: RouteDeps, now: number) => Promise<number | undefined>;
  /**
   * the cache tags of a record shown in a page (src/edge/tags.ts), e.g. `product-<id>`; the page adds
   * its index's tag (`index-products`), as any change of the index may change it
   */
  tags?: (record: Pick<R, 'id'>) => string[];
  /** the page from Postgres while Meilisearch is out, for the parameters it `answers` exactly */
  fallback?: {
    answers: (params: P) => boolean;
    list: (db: Knex, params: P, now: number) => Promise<ListPage<R>>;
  };
  /**
   * the valid filters the list applied, as the search log keeps them (`search_log.filters`: the values
   * the params parser accepted, under the query parameter's name; never the search text, the page or
   * display options), built after the response; required by a route declared with `searchSession`
   */
  searchFilters?: (params: P) => SearchFilters;
}

/** A page as the result cache keeps it: the items serialized once, the total, the extra meta, the expiry. */
interface SerializedPage {
  items: SerializedItems;
  total: number;
  meta?: Record<string, unknown>;
  /** ms since epoch: an item's `valid_until` */
  expiresAt?: number;
  /** the cache tags of the page: its index's and its records' */
  tags: string[];
}

/**
 * The handler factory of `list`: the page from the result cache (keyed by the list's index generation and
 * the parsed parameters), else from the index, else, while Meilisearch is out and the list's fallback
 * answers the parameters, from Postgres (`X-Search-Degraded: 1`). A route declared with `searchSession`
 * logs the search under its path (`/content/products` → `content/products`). Replies with Laravel's page
 * links and the list's extra `meta`.
 */
export function searchableList<P extends ListParams, R extends { id: number }>(
  list: SearchableList<P, R>,
): (deps: RouteDeps, ctx: RouteContext) => RouteHandler<P> {
  return (routeDeps, ctx) => {
    const deps: ListDeps = { ...routeDeps, indexUids: indexUids(routeDeps.config.meiliIndexPrefix) };
    const endpoint = ctx.searchSession ? searchEndpointOf(ctx.path) : undefined;
    if (endpoint && !list.searchFilters) throw new Error(`${ctx.path}: a logged list needs searchFilters`);
    const onDegraded = degradedAnswers(deps.logger, list.degradedLabel);
    const serializePage = (page: ListPage<R>, now: number): SerializedPage => {
      const input = { now, config: deps.config };
      const items = serializeItems(page.records.map((r) => list.serialize(r, input)));
      const expiresAt = list.expiries && nearestExpiry(page.records.flatMap(list.expiries), now);
      const tags = [indexTag(list.index), ...(list.tags ? page.records.flatMap(list.tags) : [])];
      return {
        items,
        tags,
        total: page.total,
        ...(page.meta ? { meta: page.meta } : {}),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      };
    };
    const spliced = list.stored && storedPages(list, deps);
    const fromIndex = async (params: P, now: number): Promise<SerializedPage> => {
      const page = spliced && (await spliced(params, now));
      if (page) return page;
      const found = await list.search(deps, params, now, list.recordFields);
      // The hits hold the attributes of `recordFields`: the records.
      return serializePage(found as ListPage<unknown> as ListPage<R>, now);
    };
    const load = async (params: P, now: number) => {
      const [page, until] = await Promise.all([fromIndex(params, now), list.cachedUntil?.(deps, now)]);
      const expiresAt = list.cachedUntil ? until : page.expiresAt;
      return {
        value: page,
        size: page.items.bytes.length + 256,
        ...(expiresAt === undefined ? {} : { expiresAt }),
      };
    };
    return async (req, res, parsed) => {
      const params = list.params ? list.params(parsed, deps) : parsed;
      const now = Date.now();
      const key = `${list.cacheKey}?${JSON.stringify(params)}`;
      let page: SerializedPage;
      try {
        page = await deps.resultCache.get(list.index, key, () => load(params, now), now, 'repeated');
      } catch (error) {
        // Meilisearch down: a list its fallback answers exactly comes from Postgres.
        if (!list.fallback?.answers(params) || !isMeilisearchOutage(error)) throw error;
        onDegraded(res, error);
        page = serializePage(await list.fallback.list(deps.db, params, now), now);
      }
      if (endpoint) {
        deps.searchLog.record(req, {
          endpoint,
          query: params.search,
          filters: () => list.searchFilters!(params),
          total: page.total,
        });
      }
      const body = pageLinks(page.items.count, page.total, {
        path: ctx.url,
        query: req.query as ParsedQuery,
        page: params.page,
        perPage: params.perPage,
      });
      const rest = page.meta ? { ...body, meta: { ...body.meta, ...page.meta } } : body;
      const reply = replyWithItems(rest, page.items, page.expiresAt, page.tags);
      // A shared cache must not answer a logged search: each one has to reach the search log.
      if (endpoint && params.search !== undefined && LOGGABLE.test(params.search)) reply.edgeMaxAge = 0;
      return reply;
    };
  };
}

/**
 * How long a list serializes records after it met stored forms made for another app or version (ms),
 * unless its index changes meanwhile (a reindex may bring the forms).
 */
const RECORDS_AFTER_MISMATCH_MS = 60_000;

/**
 * The page of `params` at `now` spliced from the stored forms of `list` (see the module comment), or
 * undefined when a hit has none that holds: the caller searches the records then. After a hit whose forms
 * were made for another APP_URL or version (or an index built before them), the pages of the next
 * minute go to the records at once, without the search that would find the same, until the index's
 * generation changes.
 */
function storedPages<P extends ListParams, R extends { id: number }>(
  list: SearchableList<P, R>,
  deps: ListDeps,
) {
  const stored = list.stored!;
  const key = stored.key(deps.config);
  const fields = [
    stored.field,
    LIST_KEY_FIELD,
    ...(stored.timed ? [LIST_FROM_FIELD, LIST_UNTIL_FIELD] : []),
    ...stored.fields,
  ];
  let recordsUntil = 0;
  let recordsGeneration: string | undefined;
  const generation = () => deps.generations?.current(list.index);
  return async (params: P, now: number): Promise<SerializedPage | undefined> => {
    if (now < recordsUntil && generation() === recordsGeneration) return undefined;
    const found = await list.search(deps, params, now, fields);
    const forms: Buffer[] = [];
    const tags = [indexTag(list.index)];
    let expiresAt: number | undefined;
    for (const record of found.records) {
      const hit = record as Hit;
      const form = formBytes(hit[stored.field]);
      if (hit[LIST_KEY_FIELD] !== key) {
        if (recordsUntil <= now) {
          deps.logger.warn(
            { index: list.index, key: hit[LIST_KEY_FIELD] ?? null, expected: key },
            'lists: stored list forms made for another APP_URL or version, serializing records until a reindex',
          );
        }
        recordsUntil = now + RECORDS_AFTER_MISMATCH_MS;
        recordsGeneration = generation();
        return undefined;
      }
      if (form === undefined) return undefined;
      if (stored.timed) {
        const from = hit[LIST_FROM_FIELD] as number | null;
        const until = hit[LIST_UNTIL_FIELD] as number | null;
        if ((from !== null && now < from) || (until !== null && now >= until)) return undefined;
      }
      const at = stored.expiry?.(hit) ?? null;
      if (at !== null && at > now && (expiresAt === undefined || at < expiresAt)) expiresAt = at;
      forms.push(form);
      if (list.tags) tags.push(...list.tags(hit as Pick<R, 'id'>));
    }
    return {
      items: itemsFromForms(forms),
      tags,
      total: found.total,
      ...(found.meta ? { meta: found.meta } : {}),
      ...(expiresAt === undefined ? {} : { expiresAt }),
    };
  };
}

/**
 * What a search of the indexes needs of the app's dependencies: Postgres, Meilisearch, the live uids of
 * the indexes (of this process's prefix), the German lexicon and, where there is one, the result cache
 * that keeps the filters' look-ups (tools such as the relevance bench give just the others).
 */
export type SearchDeps = Pick<RouteDeps, 'db' | 'meili' | 'lexicon'> &
  Partial<Pick<RouteDeps, 'resultCache'>> & { indexUids: IndexUids };

/** What a list's search gets: the route's dependencies and the index uids, computed once at mount. */
export type ListDeps = RouteDeps & SearchDeps;

/** How a list searches its index: the filter, the order without a search, the fields, the facets. */
export type IndexQuery = Pick<GermanSearchOptions, 'filter' | 'facets'> & {
  /** the order of the plain list; a search is ordered by relevance */
  sort: string[];
  fields: readonly string[];
};

/** The stored-form attributes of each `fields` array (a list passes the same array on every search). */
const storedFormFields = new WeakMap<readonly string[], readonly string[]>();

/** The attributes of `fields` that hold stored list forms, found once per array. */
function storedFormsIn(fields: readonly string[]): readonly string[] {
  let forms = storedFormFields.get(fields);
  if (!forms) storedFormFields.set(fields, (forms = fields.filter(isStoredForm)));
  return forms;
}

/**
 * One page of `index` for `params`: `search` through the German query rewrite (src/search/german) with
 * the app's lexicon. Throws what the Meilisearch client throws (the app maps it to 503).
 */
export async function searchIndex<T extends Record<string, unknown>>(
  deps: SearchDeps,
  index: IndexName,
  params: ListParams,
  query: IndexQuery,
): Promise<GermanSearchResult<T>> {
  return germanSearch<T>(deps.meili, deps.indexUids[index], params.search, await deps.lexicon(), {
    filter: query.filter,
    ...pageParams(params.page, params.perPage),
    sort: params.search ? undefined : query.sort,
    attributesToRetrieve: query.fields,
    facets: query.facets,
    storedForms: storedFormsIn(query.fields),
  });
}
