/**
 * The route table of `/api/v1` (the spec's "Endpoint overview"): every resource folder declares its own
 * routes in its routes.ts (`route({...})` of src/http/router.ts: method, path, who may call it, query,
 * response, handler), and this index spreads them in the order Express mounts them and the OpenAPI
 * document (src/openapi/document.ts) lists them. A resource's handlers live in its handlers.ts, its query
 * schemas in params.ts, its response schemas in schema.ts.
 */
import type { ApiRoute } from './http/router';
import { ARTICLE_ROUTES, CONTENT_ARTICLE_ROUTES } from './resources/articles/routes';
import { CONTENT_MEDIA_ROUTES } from './resources/content-media/routes';
import { IMAGE_FORMAT_ROUTES } from './resources/image-formats/routes';
import { LEGACY_ROUTES } from './resources/legacy/routes';
import { MANUFACTURER_ROUTES } from './resources/manufacturers/routes';
import { MEDIA_FOLDER_ROUTES } from './resources/media-folders/routes';
import { MEDIA_ROUTES } from './resources/media/routes';
import { CONTENT_PRODUCT_ROUTES, PRODUCT_ROUTES } from './resources/products/routes';
import { SEARCH_SUGGESTION_ROUTES } from './resources/search-suggestions/routes';
import { CONTENT_TAXONOMY_ROUTES, TAXONOMY_ROUTES } from './resources/taxonomies/routes';
import { TRACTOR_MODEL_ROUTES } from './resources/tractor-models/routes';
import { TRACTOR_SERIES_ROUTES } from './resources/tractor-series/routes';
import { USER_ROUTES } from './resources/user/routes';

/**
 * Every route of `/api/v1`, public ones first (the legacy layer's deprecated ones last among them, so
 * the current endpoints head the document), then the protected ones (spec "Authentication").
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...PRODUCT_ROUTES,
  ...ARTICLE_ROUTES,
  ...MANUFACTURER_ROUTES,
  ...TRACTOR_SERIES_ROUTES,
  ...TRACTOR_MODEL_ROUTES,
  ...TAXONOMY_ROUTES,
  ...MEDIA_ROUTES,
  ...MEDIA_FOLDER_ROUTES,
  ...IMAGE_FORMAT_ROUTES,
  ...LEGACY_ROUTES,
  ...USER_ROUTES,
  ...SEARCH_SUGGESTION_ROUTES,
  ...CONTENT_PRODUCT_ROUTES,
  ...CONTENT_ARTICLE_ROUTES,
  ...CONTENT_TAXONOMY_ROUTES,
  ...CONTENT_MEDIA_ROUTES,
];
