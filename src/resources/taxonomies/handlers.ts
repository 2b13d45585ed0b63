/**
 * `GET /taxonomies` (spec "Taxonomies"): the public dimensions with their term trees, not paginated, no
 * query parameters (any given are ignored). The source of valid `dimension:slug` pairs for the `taxons`
 * filter of `/products`. `GET /content/taxonomies` and `GET /content/taxonomies/{slug}` (token with
 * `content:catalog:read`) serve a CMS: the same dimensions with term counts, and one dimension's full tree
 * with product counts (docs/api/content-catalog.md).
 */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { ApiError } from '../../http/errors';
import type { RouteHandler } from '../../http/router';
import {
  findContentTaxonomy,
  listContentTaxonomies,
  listContentTaxons,
  listFrontendTaxonomies,
  listFrontendTaxons,
} from './query';
import { serializeContentTaxonomy, serializeContentTaxonomyDetail, serializeTaxonomies } from './serializer';

/** `GET /taxonomies`: 200 `{ data: taxonomy[] }` by `position`, then `slug`; non-frontend dimensions never appear. */
export function list(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const [taxonomies, taxons] = await Promise.all([
      listFrontendTaxonomies(deps.db),
      listFrontendTaxons(deps.db),
    ]);
    return reply({ data: serializeTaxonomies(taxonomies, taxons) });
  };
}

/**
 * `GET /content/taxonomies`: 200 `{ data: dimension[] }`, the frontend dimensions by `position`, then `slug`,
 * each with `terms_count` and without terms; internal dimensions never appear. One query.
 */
export function contentList(deps: AppDeps): RouteHandler<undefined> {
  return async () => {
    const taxonomies = await listContentTaxonomies(deps.db);
    return reply({ data: taxonomies.map(serializeContentTaxonomy) });
  };
}

/**
 * `GET /content/taxonomies/{slug}`: 200 `{ data: dimension }` with its full term tree, each term with `path`
 * and `products_count`. 404 `not_found` for an unknown or internal (non-frontend) dimension. Two queries.
 */
export function contentShow(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const slug = String(req.params.slug);
    const [taxonomy, taxons] = await Promise.all([
      findContentTaxonomy(deps.db, slug),
      listContentTaxons(deps.db, slug),
    ]);
    if (!taxonomy) throw new ApiError(404);
    return reply({ data: serializeContentTaxonomyDetail(taxonomy, taxons) });
  };
}
