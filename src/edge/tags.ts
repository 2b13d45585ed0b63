/**
 * Cache tag names shared by the API (which names what each public answer depends on, in the header
 * `EDGE_TAG_HEADER`) and the worker (which purges exactly the tags it changed). A tag is
 * `<kind>-<id>` for one record (`product-1000002`) or `index-<name>` for everything listed from one index
 * (`index-products`): a list page changes with any change of its index, so that tag purges it.
 *
 * The rule both sides keep: a change of the record `<kind> <id>` purges `recordTag(kind, id)` and
 * `indexTagOf(kind)`; a change of many records of a kind at once purges `indexTagOf(kind)` and
 * `everyTag(kind)`. Answers that show few records name each one; lists, legacy endpoints and the small
 * kinds (manufacturers, series, models, taxonomies, folders, formats, catalogs) name the kind-wide tag.
 */

/** The kinds of record a tag can name. */
export type TagKind =
  | 'product'
  | 'article'
  | 'medium'
  | 'manufacturer'
  | 'taxonomy'
  | 'folder'
  | 'format'
  | 'series'
  | 'model'
  | 'catalog';

/** The index (or kind-wide) tags: a change anywhere in it purges the answers tagged with it. */
export type IndexName =
  | 'products'
  | 'articles'
  | 'media'
  | 'manufacturers'
  | 'taxonomies'
  | 'folders'
  | 'formats'
  | 'series'
  | 'models'
  | 'catalogs';

/** The tag of one record, e.g. `recordTag('product', 1000002)` → `product-1000002`. */
export function recordTag(kind: TagKind, id: number | string): string {
  return `${kind}-${String(id)}`;
}

/** The tag of a whole index, e.g. `indexTag('products')` → `index-products`. */
export function indexTag(name: IndexName): string {
  return `index-${name}`;
}

/**
 * The tag every answer carries that shows records of `kind` one by one outside a list (a detail, a stored
 * file), e.g. `every-product`: a bulk change of the kind, whose ids are not known one by one, purges it.
 */
export function everyTag(kind: TagKind): string {
  return `every-${kind}`;
}

/** True for an index tag (`index-…`). */
export function isIndexTag(tag: string): boolean {
  return tag.startsWith('index-');
}

/** The longest header value `formatTags` returns (bytes): proxies and CDNs cap header sizes near 8 KB. */
export const MAX_TAGS_LENGTH = 8000;

/** What joins the tags of one header value: a space, or a comma for Cloudflare's `Cache-Tag`. */
export type TagSeparator = ' ' | ',';

/**
 * The separator the cache behind `header` reads: Cloudflare splits `Cache-Tag` at commas (a space would
 * make the whole list one tag); Varnish xkey and Fastly's `Surrogate-Key` split at spaces. Any case.
 */
export function tagSeparator(header: string): TagSeparator {
  return header.toLowerCase() === 'cache-tag' ? ',' : ' ';
}

const KIND_INDEX: Record<TagKind, IndexName> = {
  product: 'products',
  article: 'articles',
  medium: 'media',
  manufacturer: 'manufacturers',
  taxonomy: 'taxonomies',
  folder: 'folders',
  format: 'formats',
  series: 'series',
  model: 'models',
  catalog: 'catalogs',
};

/** The index tag that covers a record tag of `kind` (a superset of it). */
export function indexTagOf(kind: TagKind): string {
  return indexTag(KIND_INDEX[kind]);
}

/**
 * `tags` as a header value: joined by `separator` (see `tagSeparator`), deduplicated, in first-seen
 * order. When that would exceed `maxLength` characters, each record tag is replaced by its kind's index
 * tag (which purges a superset), so the answer is still purged on any change it depends on. Empty input
 * gives `''`.
 */
export function formatTags(
  tags: readonly string[],
  separator: TagSeparator = ' ',
  maxLength = MAX_TAGS_LENGTH,
): string {
  const unique = [...new Set(tags.filter((tag) => tag.length > 0))];
  const joined = unique.join(separator);
  if (joined.length <= maxLength) return joined;
  const widened = unique.map((tag) => {
    if (isIndexTag(tag)) return tag;
    const kind = tag.slice(0, tag.indexOf('-')) as TagKind;
    return kind in KIND_INDEX ? indexTagOf(kind) : tag;
  });
  return [...new Set(widened)].join(separator);
}
