/**
 * `GET /products` answered by the products index (Meilisearch): filters, search, order, page and facet
 * counts. The filter values a client sends are first resolved against Postgres (which taxonomy terms and
 * manufacturers exist and are public), so unknown entries are ignored (rule 5) and every value that reaches
 * the filter string is quoted (src/search/request.ts).
 */
import type { Knex } from 'knex';
import type { ProductRecord } from '../../catalog/records';
import { TAXONOMY_FACET_PREFIX } from '../../search/documents';
import { allOf, anyOf, eq } from '../../search/request';
import { cachedLookup } from '../filter-lookups';
import { searchIndex, type ListPage, type SearchDeps } from '../searchable-list';
import type { ProductListParams, TaxonEntry } from './params';

/** Fields of a document that make the list record (search helpers are not fetched). */
export const PRODUCT_RECORD_FIELDS: (keyof ProductRecord)[] = [
  'id',
  'slug',
  'objekttyp',
  'ordernumber',
  'names',
  'descriptions',
  'product_page_url',
  'features',
  'sale_start',
  'end_of_life',
  'linked_images',
  'uploaded_images',
  'articles_count',
  'taxons',
  'created_at',
  'updated_at',
];

export interface FrontendTaxonomy {
  readonly id: number;
  readonly slug: string;
  /** its facet attribute in the products index (`taxonomy_<id>`, src/search/documents.ts) */
  readonly facet: string;
  /** requested term slugs that exist in this taxonomy */
  readonly matched: ReadonlySet<string>;
}

/** Frontend taxonomies, each with the requested term slugs it has (one query). */
export async function frontendTaxonomies(db: Knex, slugs: string[]): Promise<FrontendTaxonomy[]> {
  const { rows } = await db.raw<{ rows: { id: number; slug: string; term: string | null }[] }>(
    `SELECT tx.id, tx.slug, t.slug AS term
       FROM taxonomies tx LEFT JOIN taxons t ON t.taxonomy_id = tx.id AND t.slug = ANY(?)
      WHERE tx.frontend ORDER BY tx.position, tx.slug`,
    [slugs],
  );
  const out = new Map<number, FrontendTaxonomy & { matched: Set<string> }>();
  for (const row of rows) {
    const entry = out.get(row.id) ?? {
      id: row.id,
      slug: row.slug,
      facet: `${TAXONOMY_FACET_PREFIX}${row.id}`,
      matched: new Set<string>(),
    };
    if (row.term !== null) entry.matched.add(row.term);
    out.set(row.id, entry);
  }
  return [...out.values()];
}

/**
 * `frontendTaxonomies` of the distinct `slugs` through the look-up cache (src/resources/filter-lookups.ts):
 * the answer is shared by the requests that name the same slugs, and must not be changed.
 */
export function cachedFrontendTaxonomies(
  deps: Pick<SearchDeps, 'db' | 'resultCache'>,
  slugs: string[],
): Promise<FrontendTaxonomy[]> {
  const sorted = [...new Set(slugs)].sort();
  return cachedLookup(
    deps,
    'products',
    'frontend-taxonomies',
    JSON.stringify(sorted),
    () => frontendTaxonomies(deps.db, sorted),
    (taxonomies) =>
      taxonomies.reduce((n, t) => n + 96 + 2 * (t.slug.length + t.facet.length) + 64 * t.matched.size, 0),
  );
}

/**
 * The groups of the taxonomy filter (spec "Taxonomy filter"): one per dimension named (its known slugs;
 * OR within it, AND across groups) and one for the bare slugs (`taxonomy` null: the slug in any public
 * dimension); unknown entries are dropped. A product matches a group when one of its terms or their
 * ancestors (child terms count) has one of the slugs.
 */
export function taxonGroups(
  entries: TaxonEntry[],
  taxonomies: FrontendTaxonomy[],
): { taxonomy: FrontendTaxonomy | null; slugs: string[] }[] {
  const groups = new Map<FrontendTaxonomy | null, Set<string>>();
  const add = (taxonomy: FrontendTaxonomy | null, slug: string) =>
    groups.set(taxonomy, (groups.get(taxonomy) ?? new Set()).add(slug));
  for (const { dimension, slug, legacyCategory } of entries) {
    if (legacyCategory) {
      // The category dimension: the first frontend one (`taxonomies` is ordered by position, slug).
      const categories = taxonomies[0];
      if (categories?.matched.has(slug)) add(categories, slug);
      continue;
    }
    if (dimension === undefined) {
      if (taxonomies.some((t) => t.matched.has(slug))) add(null, slug);
      continue;
    }
    const taxonomy = taxonomies.find((t) => t.slug === dimension);
    if (taxonomy?.matched.has(slug)) add(taxonomy, slug);
  }
  return [...groups].map(([taxonomy, slugs]) => ({ taxonomy, slugs: [...slugs] }));
}

/** The Meilisearch filter of the taxonomy entries (`taxonGroups`; a term's ancestors are indexed with it). */
export function taxonFilter(entries: TaxonEntry[], taxonomies: FrontendTaxonomy[]): string[] {
  return taxonGroups(entries, taxonomies).map(({ taxonomy, slugs }) =>
    anyOf(taxonomy === null ? 'taxon_slugs' : taxonomy.facet, slugs),
  );
}

/**
 * The slug of the active manufacturer the filter names, or undefined: `manufacturer` (a slug) when an
 * active manufacturer has it, else the legacy `maker` as a slug, a short name (any case) or an
 * id. One query, none without a filter.
 */
export async function activeManufacturerSlug(
  db: Knex,
  params: Pick<ProductListParams, 'manufacturer' | 'maker'>,
): Promise<string | undefined> {
  const { manufacturer, maker } = params;
  if (manufacturer === undefined && maker === undefined) return undefined;
  const makerId = maker !== undefined && /^[1-9]\d{0,9}$/.test(maker) ? Number(maker) : null;
  const row = await db('manufacturers')
    .where('is_active', true)
    .where((q) => {
      if (manufacturer !== undefined) q.orWhere('slug', manufacturer);
      if (maker !== undefined) {
        q.orWhere('slug', maker).orWhereRaw('lower(short_name) = lower(?)', [maker]);
        if (makerId !== null && makerId <= 2_147_483_647) q.orWhere('id', makerId);
      }
    })
    .orderByRaw('(slug = ?) DESC, (slug = ?) DESC, id', [manufacturer ?? null, maker ?? null])
    .first<{ slug: string } | undefined>('slug');
  return row?.slug;
}

/**
 * `activeManufacturerSlug` through the look-up cache (src/resources/filter-lookups.ts); no look-up
 * without a filter.
 */
export async function cachedActiveManufacturerSlug(
  deps: Pick<SearchDeps, 'db' | 'resultCache'>,
  params: Pick<ProductListParams, 'manufacturer' | 'maker'>,
): Promise<string | undefined> {
  const { manufacturer, maker } = params;
  if (manufacturer === undefined && maker === undefined) return undefined;
  const slug = await cachedLookup(
    deps,
    'products',
    'active-manufacturer',
    JSON.stringify([manufacturer ?? null, maker ?? null]),
    async () => (await activeManufacturerSlug(deps.db, { manufacturer, maker })) ?? null,
    (found) => 2 * (found?.length ?? 0),
  );
  return slug ?? undefined;
}

/** A page of products; with `facets=1`, `meta.facets`: taxonomy slug → term slug → matching products. */
export type ProductPage = ListPage<ProductRecord>;

/**
 * One page of the product list; `search` goes through the German query rewrite (src/search/german). The
 * hits hold the attributes `fields` (default: the record's). Throws what the Meilisearch client throws
 * (the app maps it to 503).
 */
export async function searchProducts(
  deps: SearchDeps,
  params: ProductListParams,
  fields: readonly string[] = PRODUCT_RECORD_FIELDS,
): Promise<ProductPage> {
  const [taxonomies, manufacturer] = await Promise.all([
    // Postgres only when the request needs it: a plain search or list goes to Meilisearch alone.
    params.taxons.length > 0 || params.facets
      ? cachedFrontendTaxonomies(
          deps,
          params.taxons.map((t) => t.slug),
        )
      : [],
    cachedActiveManufacturerSlug(deps, params),
  ]);
  const filter = allOf([
    ...taxonFilter(params.taxons, taxonomies),
    ...(manufacturer !== undefined ? [eq('manufacturer_slugs', manufacturer)] : []),
    ...(params.ids ? [anyOf('id', params.ids)] : []),
  ]);
  const result = await searchIndex<ProductRecord & Record<string, unknown>>(deps, 'products', params, {
    filter,
    sort: ['ordernumber:asc', 'id:asc'],
    fields,
    // Facet distributions are a large share of a search's cost in Meilisearch: only when asked for.
    facets: params.facets ? taxonomies.map((t) => t.facet) : undefined,
  });
  if (!params.facets) return { records: result.hits, total: result.total };
  const facets: Record<string, Record<string, number>> = {};
  for (const taxonomy of taxonomies) {
    facets[taxonomy.slug] = result.facetDistribution?.[taxonomy.facet] ?? {};
  }
  return { records: result.hits, total: result.total, meta: { facets } };
}
