/**
 * Where the suggestions of `GET /search/suggestions` come from (docs/api/search-suggestions.md):
 * - the products index (Meilisearch), which holds active products only, so an inactive product is never
 *   suggested: order numbers (also typed without separators, through `ordernumber_compact`) and names in the
 *   server language (fallback `de`); Meilisearch matches the last word as a prefix;
 * - `search_log` (Postgres): popular past searches of the public product search, only those that found
 *   something, hold no URL, e-mail address or phone number, and were made by enough distinct clients
 *   (the log's anonymous per-day client keys, never a header the client chooses) that neither one person
 *   nor one client can put a text there.
 * `findSuggestionSources` runs two Meilisearch searches and one SQL statement in parallel, whatever the input.
 * `q` reaches Meilisearch only as the search text, and Postgres only as a bound LIKE pattern with its
 * wildcards escaped.
 */
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import { compactOrdernumber } from '../../catalog/ordernumbers';
import type { ProductDocument } from '../../search/documents';
import { indexUid } from '../../search/indexes';
import { withoutOperators } from '../../search/german/query';
import { isSuggestible } from '../../search-log/row';

/** What a suggestion needs of a product document. */
export type SuggestedProduct = Pick<
  ProductDocument,
  'id' | 'slug' | 'ordernumber' | 'names' | 'product_page_url'
>;

const PRODUCT_FIELDS: (keyof SuggestedProduct)[] = ['id', 'slug', 'ordernumber', 'names', 'product_page_url'];

/** A past search of the public product list, grouped case-insensitively. */
export interface PopularSearch {
  /** the spelling most clients used, each client's own most frequent one counted once */
  query: string;
  /** distinct client keys that made it (one client counts once per UTC day, however often it searched) */
  clients: number;
}

export interface SuggestionSources {
  /** products whose order number starts with `q`, by order number */
  ordernumbers: SuggestedProduct[];
  /** products whose name matches `q` (every word, the last as a prefix), by relevance */
  products: SuggestedProduct[];
  /** popular searches starting with `q`, most frequent first */
  searches: PopularSearch[];
}

/**
 * Which logged searches may be suggested: those of the public product search (`endpoint` as the search
 * logger writes it), with at least one result, marked `suggestible` by the logger, from the last `days`
 * days, and — a query is free text a person typed — only when made by at least `minClients` distinct
 * clients, `minClientsOnOneDay` of them on the same UTC day. A client is a `client_key` of the log: one
 * address (an IPv6 /64) on one UTC day, so one address, however patient, never meets the same-day rule
 * alone. Each client counts once per query, for the thresholds, the ranking and the spelling shown.
 */
export const POPULAR_SEARCHES = {
  endpoint: 'products',
  days: 90,
  minClients: 3,
  minClientsOnOneDay: 2,
};

/** `value` with the LIKE wildcards `%` and `_` and the escape character `\` escaped by `\`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The one SQL statement of the popular searches starting with `q` (case-insensitive), at most `limit`,
 * ranked by number of clients, then text. `votes` has one row per query and client (its most frequent
 * spelling, its first UTC day); the window counts the clients of each query's days. Served by the index
 * `search_log_query_prefix` (migrations/20261121120000_search_log_query_prefix.ts).
 */
export function popularSearchesQuery(db: Knex, q: string, limit: number): Knex.Raw {
  const { endpoint, days, minClients, minClientsOnOneDay } = POPULAR_SEARCHES;
  return db.raw(
    `WITH votes AS (
       SELECT lower(query) AS query_key, client_key,
              mode() WITHIN GROUP (ORDER BY query) AS query,
              min((created_at AT TIME ZONE 'UTC')::date) AS day
         FROM search_log
        WHERE lower(query) LIKE lower(?) ESCAPE '\\'
          AND result_count > 0
          AND endpoint = ?
          AND suggestible
          AND client_key IS NOT NULL
          AND created_at > now() - make_interval(days => ?)
        GROUP BY lower(query), client_key
     ), daily AS (
       SELECT query_key, query, count(*) OVER (PARTITION BY query_key, day) AS same_day
         FROM votes
     )
     SELECT mode() WITHIN GROUP (ORDER BY query) AS query, count(*)::int AS clients
       FROM daily
      GROUP BY query_key
     HAVING count(*) >= ? AND max(same_day) >= ?
      ORDER BY count(*) DESC, query_key
      LIMIT ?`,
    [`${escapeLike(q)}%`, endpoint, days, minClients, minClientsOnOneDay, limit],
  );
}

/**
 * Popular searches starting with `q` (see `POPULAR_SEARCHES`), at most `limit`. The text rule of the
 * logger (src/search-log/row.ts `isSuggestible`) is applied again to what would be shown, so a stricter
 * rule takes effect on rows logged before it.
 */
export async function popularSearches(db: Knex, q: string, limit: number): Promise<PopularSearch[]> {
  const { rows } = (await popularSearchesQuery(db, q, limit)) as { rows: PopularSearch[] };
  return rows
    .map((r) => ({ query: String(r.query), clients: r.clients }))
    .filter((r) => isSuggestible(r.query));
}

function isUnsearchableAttribute(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === 'invalid_search_attributes_to_search_on';
}

/**
 * Products matching `q` in `attributes` (every word; the last one as a prefix; no Meilisearch operator:
 * `withoutOperators`). Undefined when Meilisearch rejects an attribute because no document has it (an
 * empty index, a language nobody translated to).
 */
async function searchOn(
  meili: Meilisearch,
  uid: string,
  q: string,
  options: { attributes: string[]; limit: number; sort?: string[] },
): Promise<SuggestedProduct[] | undefined> {
  try {
    const result = await meili.index(uid).search<SuggestedProduct>(withoutOperators(q), {
      attributesToSearchOn: options.attributes,
      matchingStrategy: 'all',
      limit: options.limit,
      sort: options.sort,
      attributesToRetrieve: PRODUCT_FIELDS,
    });
    return result.hits;
  } catch (error) {
    if (isUnsearchableAttribute(error)) return undefined;
    throw error;
  }
}

/** True when `ordernumber` starts with `q`, compared case-insensitively as written or without separators. */
export function isOrdernumberPrefix(ordernumber: string | null, q: string): boolean {
  if (!ordernumber) return false;
  if (ordernumber.toLowerCase().startsWith(q.toLowerCase())) return true;
  const compactQ = compactOrdernumber(q);
  return compactQ !== null && (compactOrdernumber(ordernumber) ?? '').startsWith(compactQ);
}

const byOrdernumber = (a: SuggestedProduct, b: SuggestedProduct): number => {
  const x = (a.ordernumber ?? '').toLowerCase();
  const y = (b.ordernumber ?? '').toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

/** Products whose order number starts with `q` (see `isOrdernumberPrefix`), by order number, at most `limit`. */
export async function findOrdernumberPrefixes(
  meili: Meilisearch,
  uid: string,
  q: string,
  limit: number,
): Promise<SuggestedProduct[]> {
  // Meilisearch matches the words of a number anywhere (`125` finds `100.125`); only a prefix of the whole
  // number completes what was typed, so twice the limit is fetched and the rest dropped here.
  const hits = await searchOn(meili, uid, q, {
    attributes: ['ordernumber', 'ordernumber_compact'],
    limit: limit * 2,
    sort: ['ordernumber:asc'],
  });
  return (hits ?? [])
    .filter((p) => isOrdernumberPrefix(p.ordernumber, q))
    .sort(byOrdernumber)
    .slice(0, limit);
}

/**
 * Products whose name in `language` or in German (the fallback) matches `q`, synonyms included, by
 * relevance, at most `limit`. When no product has a name in `language`, the German names alone.
 */
export async function findProductNames(
  meili: Meilisearch,
  uid: string,
  q: string,
  language: string,
  limit: number,
): Promise<SuggestedProduct[]> {
  const attributes = [...new Set([`names.${language}`, 'names.de'])];
  const hits = await searchOn(meili, uid, q, { attributes, limit });
  if (hits) return hits;
  if (attributes.length === 1) return [];
  return (await searchOn(meili, uid, q, { attributes: ['names.de'], limit })) ?? [];
}

/**
 * The three sources for `q`, looked up in parallel, each with at most `limit` entries. Rejects with what
 * knex or the Meilisearch client throws (the app maps an unreachable service or a missing index to 503).
 */
export async function findSuggestionSources(
  deps: { db: Knex; meili: Meilisearch; prefix: string; language: string },
  q: string,
  limit: number,
): Promise<SuggestionSources> {
  const uid = indexUid(deps.prefix, 'products');
  const [ordernumbers, products, searches] = await Promise.all([
    findOrdernumberPrefixes(deps.meili, uid, q, limit),
    findProductNames(deps.meili, uid, q, deps.language, limit),
    popularSearches(deps.db, q, limit),
  ]);
  return { ordernumbers, products, searches };
}
