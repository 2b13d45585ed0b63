/**
 * The filters of each searchable list as `search_log.filters` keeps them: the values the list's params
 * parser accepted (invalid ones were already dropped there), under the query parameter's name. Never the
 * search text itself, `page`, `per_page` or display options such as `facets`.
 */
import type { ContentMediaListParams } from '../resources/content-media/params';
import type { MediaListParams } from '../resources/media/params';
import type { ProductListParams } from '../resources/products/params';
import { cleanFilters, type SearchFilters } from './normalize';

/**
 * `/products` and `/content/products`: `taxons` (as `dimension:slug` or bare `slug`), `manufacturer`, `ids`,
 * and the legacy aliases `category` and `maker` (docs/api/legacy.md) under their own names, as the request
 * sent them.
 */
export function productSearchFilters(params: ProductListParams): SearchFilters {
  const taxons = params.taxons.filter((t) => !t.legacyCategory);
  return cleanFilters({
    taxons: taxons.map((t) => (t.dimension === undefined ? t.slug : `${t.dimension}:${t.slug}`)),
    category: params.taxons.filter((t) => t.legacyCategory).map((t) => t.slug),
    manufacturer: params.manufacturer,
    maker: params.maker,
    ids: params.ids,
  });
}

/** `/media`: `type`, `renderable`, `ids`, `folder`. */
export function mediaSearchFilters(params: MediaListParams): SearchFilters {
  return cleanFilters({
    type: params.type,
    renderable: params.renderable,
    ids: params.ids,
    folder: params.folder,
  });
}

/** `/content/media`: the filters of `/media` plus `channel`. */
export function contentMediaSearchFilters(params: ContentMediaListParams): SearchFilters {
  return cleanFilters({ ...mediaSearchFilters(params), channel: params.channel });
}
