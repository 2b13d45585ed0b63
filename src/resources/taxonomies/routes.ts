/**
 * `GET /taxonomies` (spec "Taxonomies"): the public dimensions with their term trees, not paginated, no
 * query parameters (any given are ignored). The source of valid `dimension:slug` pairs for the `taxons`
 * filter of `/products`.
 */
import type { AppDeps } from '../../app';
import { ApiError } from '../../http/errors';
import type { Handler } from '../../http/routes';
import { listFrontendTaxonomies, listFrontendTaxons } from './query';
import { serializeTaxonomies } from './serializer';

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

/** `GET /content/taxonomies`. Placeholder: filled in by issue 5. */
export function contentList(_deps: AppDeps): Handler {
  return () => {
    throw new ApiError(404);
  };
}

/** `GET /content/taxonomies/{slug}`. Placeholder: filled in by issue 5. */
export function contentShow(_deps: AppDeps): Handler {
  return () => {
    throw new ApiError(404);
  };
}
