/**
 * Query parameters of `GET /products` and `GET /content/products` (spec "GET /products" and "General
 * rules"): empty, unknown and invalid values are ignored, `per_page` is clamped to 1..100 (default 15),
 * `page` below 1 is 1. `ProductListQuery` documents them (OpenAPI) and parses them.
 */
import {
  flag,
  flagValue,
  idsValue,
  lenient,
  listValue,
  parseQuery,
  querySchema,
  type ParsedQuery,
} from '../../http/query';
import { pageFields } from '../../http/pagination';
import { z } from '../../openapi/zod';
import { cleanFilters, type SearchFilters } from '../../search-log/row';

export const PRODUCTS_PER_PAGE = { default: 15, max: 100 };

/** One entry of the taxonomy filter: `dimension:slug`, or a bare `slug` (any dimension, rule 4). */
export interface TaxonEntry {
  dimension: string | undefined;
  slug: string;
  /**
   * from the legacy alias `category=<slug>` (docs/api/legacy.md): a term of the category
   * dimension, the first frontend dimension by position (`dimension` is then undefined)
   */
  legacyCategory?: true;
}

export interface ProductListParams {
  taxons: TaxonEntry[];
  manufacturer: string | undefined;
  /** the legacy alias `maker`: a manufacturer's slug, short name or id; used without `manufacturer` */
  maker: string | undefined;
  ids: number[] | undefined;
  search: string | undefined;
  /** `facets=1`: add term counts per frontend dimension in `meta.facets` (beyond the spec; costs time) */
  facets: boolean;
  page: number;
  perPage: number;
}

/** The entries of a `taxons` value (its three spellings joined as one comma list, rule 6). */
export function taxonEntries(taxons: string | undefined): TaxonEntry[] {
  return (listValue(taxons) ?? []).flatMap((entry): TaxonEntry[] => {
    const colon = entry.indexOf(':');
    if (colon === -1) return [{ dimension: undefined, slug: entry }];
    const dimension = entry.slice(0, colon).trim();
    const slug = entry.slice(colon + 1).trim();
    return dimension && slug ? [{ dimension, slug }] : [];
  });
}

/** The query of `GET /products` and `GET /content/products`, parsed into `ProductListParams`. */
export const ProductListQuery = querySchema(
  {
    taxons: lenient(
      z.string().optional().openapi({
        description:
          'Taxonomy filter: `dimension:slug` entries as a comma list (`a:b,c:d`), as `taxons[]=a:b&taxons[]=c:d` or a single value. Same dimension: OR; different dimensions: AND; child terms count; unknown entries are ignored; a bare `slug` matches any dimension.',
      }),
      (raw) => listValue(raw)?.join(','),
    ),
    manufacturer: lenient(z.string().optional().openapi({ description: 'Manufacturer slug.' })),
    category: lenient(
      z.string().optional().openapi({
        description:
          'Deprecated alias of the earlier overview (docs/api/legacy.md): a term slug of the category dimension (the first of `/taxonomies`), as `taxons=<that dimension>:<slug>`; a comma list or `category[]=` for several (OR). Unknown slugs are ignored.',
        deprecated: true,
      }),
      (raw) => listValue(raw)?.join(','),
    ),
    maker: lenient(
      z.string().optional().openapi({
        description:
          'Deprecated alias of the earlier overview (docs/api/legacy.md): an active manufacturer’s slug, short name (any case) or id, for when `manufacturer` is absent or names none. Unknown values are ignored.',
        deprecated: true,
      }),
    ),
    'ids[]': lenient(
      z.array(z.int().min(1)).optional().openapi({
        description: 'Only these product ids (`ids[]=1&ids[]=2`; `ids=1` and `ids=1,2` work too).',
      }),
      // A comma list is understood here; only /media documents that it is not (spec "General rules" 4).
      (raw) => idsValue(raw, { commaList: true }),
    ),
    search: lenient(
      z.string().optional().openapi({
        description:
          'Catalog search in order number, names (all languages), slug, keywords and synonyms; every word must occur. German compounds are split: a part finds its compounds (`Säge` finds the Kettensäge; heads rank before other parts), a one-word compound the catalog never writes is searched as its parts (`Heckenscherenmesser` finds `Messer für Heckenschere`), `ae`/`oe`/`ue`/`ss` stand for umlauts; a complete last word is not matched as the start of a longer one (`Kranz` does not find the Kranzange).',
      }),
    ),
    facets: lenient(
      z.enum(['0', '1']).optional().openapi({
        description:
          '`1`: term counts per frontend dimension in `meta.facets` (beyond the spec; costs time).',
      }),
      flagValue,
    ),
    ...pageFields(PRODUCTS_PER_PAGE),
  },
  (q): ProductListParams => ({
    taxons: [
      ...taxonEntries(q.taxons),
      ...(listValue(q.category) ?? []).map((slug): TaxonEntry => ({
        dimension: undefined,
        slug,
        legacyCategory: true,
      })),
    ],
    manufacturer: q.manufacturer,
    maker: q.maker,
    ids: q['ids[]'],
    search: q.search,
    facets: flag(q.facets) ?? false,
    page: q.page ?? 1,
    perPage: q.per_page ?? PRODUCTS_PER_PAGE.default,
  }),
);

/** `params` without the legacy aliases `category` and `maker` (when the legacy layer is off). */
export function withoutLegacyAliases(params: ProductListParams): ProductListParams {
  return { ...params, taxons: params.taxons.filter((t) => !t.legacyCategory), maker: undefined };
}

/** The product list parameters of a parsed query string. Never throws. */
export function parseProductListParams(query: ParsedQuery): ProductListParams {
  return parseQuery(ProductListQuery, query);
}

/**
 * The filters as the search log keeps them (`search_log.filters`): `taxons` (as `dimension:slug` or bare
 * `slug`), `manufacturer`, `ids`, and the legacy aliases `category` and `maker` (docs/api/legacy.md) under
 * their own names, as the request sent them; the values the parser accepted only.
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
