/**
 * `GET /taxonomies` (spec "Taxonomies"): the public dimensions with their term trees, not paginated, no
 * query parameters (any given are ignored). The source of valid `dimension:slug` pairs for the `taxons`
 * filter of `/products`. `GET /content/taxonomies` and `GET /content/taxonomies/{slug}` (token with
 * `content:catalog:read`) serve a CMS: the same dimensions with term counts, and one dimension's full tree
 * with product counts (docs/api/content-catalog.md).
 */
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { Handler } from '../../http/routes';
import {
  findContentTaxonomy,
  listContentTaxonomies,
  listContentTaxons,
  listFrontendTaxonomies,
  listFrontendTaxons,
} from './query';
import { serializeContentTaxonomy, serializeContentTaxonomyDetail, serializeTaxonomies } from './serializer';

/** `GET /taxonomies`: 200 `{ data: taxonomy[] }` by `position`, then `slug`; non-frontend dimensions never appear. */
export function list(deps: AppDeps): Handler {
  return async (_req, res) => {
    const [taxonomies, taxons] = await Promise.all([
      listFrontendTaxonomies(deps.db),
      listFrontendTaxons(deps.db),
    ]);
    res.json({ data: serializeTaxonomies(taxonomies, taxons) });
  };
}

/**
 * `GET /content/taxonomies`: 200 `{ data: dimension[] }`, the frontend dimensions by `position`, then `slug`,
 * each with `terms_count` and without terms; internal dimensions never appear. One query.
 */
export function contentList(deps: AppDeps): Handler {
  return async (_req, res) => {
    const taxonomies = await listContentTaxonomies(deps.db);
    res.json({ data: taxonomies.map(serializeContentTaxonomy) });
  };
}

/**
 * `GET /content/taxonomies/{slug}`: 200 `{ data: dimension }` with its full term tree, each term with `path`
 * and `products_count`. 404 `not_found` for an unknown or internal (non-frontend) dimension. Two queries.
 */
export function contentShow(deps: AppDeps): Handler {
  return async (req, res) => {
    const slug = String(req.params.slug);
    const [taxonomy, taxons] = await Promise.all([
      findContentTaxonomy(deps.db, slug),
      listContentTaxons(deps.db, slug),
    ]);
    if (!taxonomy) throw new ApiError(404);
    res.json({ data: serializeContentTaxonomyDetail(taxonomy, taxons) });
  };
}
