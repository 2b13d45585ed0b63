/**
 * Query parameters of `GET /products` (spec "GET /products" and "General rules"): empty, unknown and
 * invalid values are ignored, `per_page` is clamped to 1..100 (default 15), `page` below 1 is 1.
 */
import { parsePage, parsePerPage } from '../../http/pagination';
import { booleanParam, idsParam, listParam, stringParam } from '../../http/params';
import type { ParsedQuery } from '../../http/query-string';
import { z } from '../../openapi/zod';

export const PRODUCTS_PER_PAGE = { default: 15, max: 100 };

/** One entry of the taxonomy filter: `dimension:slug`, or a bare `slug` (any dimension, rule 4). */
export interface TaxonEntry {
  dimension: string | undefined;
  slug: string;
}

export interface ProductListParams {
  taxons: TaxonEntry[];
  manufacturer: string | undefined;
  ids: number[] | undefined;
  search: string | undefined;
  /** `facets=1`: add term counts per frontend dimension in `meta.facets` (beyond the spec; costs time) */
  facets: boolean;
  page: number;
  perPage: number;
}

/** `taxons` in its three spellings (comma list, array, single value; rule 6) as entries. */
export function parseTaxons(query: ParsedQuery): TaxonEntry[] {
  return (listParam(query, 'taxons') ?? []).flatMap((entry): TaxonEntry[] => {
    const colon = entry.indexOf(':');
    if (colon === -1) return [{ dimension: undefined, slug: entry }];
    const dimension = entry.slice(0, colon).trim();
    const slug = entry.slice(colon + 1).trim();
    return dimension && slug ? [{ dimension, slug }] : [];
  });
}

/** The product list parameters of a parsed query string. Never throws. */
export function parseProductListParams(query: ParsedQuery): ProductListParams {
  return {
    taxons: parseTaxons(query),
    manufacturer: stringParam(query, 'manufacturer'),
    // A comma list is understood here; only /media documents that it is not (spec "General rules" 4).
    ids: idsParam(query, 'ids', { commaList: true }),
    search: stringParam(query, 'search'),
    facets: booleanParam(query, 'facets') ?? false,
    page: parsePage(query.page),
    perPage: parsePerPage(query.per_page, PRODUCTS_PER_PAGE),
  };
}

/**
 * The documented query of `GET /products` and `GET /content/products` for the OpenAPI document. Parsing
 * stays in `parseProductListParams` (lenient: invalid values are ignored, never rejected).
 */
export const ProductListQuerySchema = z.object({
  taxons: z.string().optional().openapi({
    description:
      'Taxonomy filter: `dimension:slug` entries as a comma list (`a:b,c:d`), as `taxons[]=a:b&taxons[]=c:d` or a single value. Same dimension: OR; different dimensions: AND; child terms count; unknown entries are ignored; a bare `slug` matches any dimension.',
  }),
  manufacturer: z.string().optional().openapi({ description: 'Manufacturer slug.' }),
  'ids[]': z
    .array(z.int().min(1))
    .optional()
    .openapi({ description: 'Only these product ids (`ids[]=1&ids[]=2`; `ids=1` and `ids=1,2` work too).' }),
  search: z.string().optional().openapi({
    description:
      'Catalog search in order number, names (all languages), slug, keywords and synonyms; every word must occur. German compounds are split: a part finds its compounds (`Säge` finds the Kettensäge; heads rank before other parts), a one-word compound the catalog never writes is searched as its parts (`Heckenscherenmesser` finds `Messer für Heckenschere`), `ae`/`oe`/`ue`/`ss` stand for umlauts; a complete last word is not matched as the start of a longer one (`Kranz` does not find the Kranzange).',
  }),
  facets: z.enum(['0', '1']).optional().openapi({
    description: '`1`: term counts per frontend dimension in `meta.facets` (beyond the spec; costs time).',
  }),
  page: z
    .int()
    .min(1)
    .optional()
    .openapi({ description: 'Page number, default 1; anything but an integer ≥ 1 is page 1.' }),
  per_page: z
    .int()
    .min(1)
    .max(PRODUCTS_PER_PAGE.max)
    .optional()
    .openapi({
      description: `Page size, default ${PRODUCTS_PER_PAGE.default}, max ${PRODUCTS_PER_PAGE.max}; a larger value is set to ${PRODUCTS_PER_PAGE.max}, a smaller one to 1.`,
    }),
});
