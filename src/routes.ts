/**
 * Every route of `/api/v1`, one line each (the spec's "Endpoint overview"). Handlers live in
 * src/resources/<resource>/routes.ts.
 */
import { Router } from 'express';
import type { AppDeps } from './deps';
import { requireToken } from './http/auth';
import { get } from './http/routes';
import * as articles from './resources/articles/routes';
import * as contentMedia from './resources/content-media/routes';
import * as imageFormats from './resources/image-formats/routes';
import * as mediaFolders from './resources/media-folders/routes';
import * as media from './resources/media/routes';
import * as products from './resources/products/routes';
import * as manufacturers from './resources/manufacturers/routes';
import * as taxonomies from './resources/taxonomies/routes';
import * as tractorModels from './resources/tractor-models/routes';
import * as tractorSeries from './resources/tractor-series/routes';
import * as searchSuggestions from './resources/search-suggestions/routes';
import * as user from './resources/user/routes';

/** The router mounted at `/api/v1`. */
export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  get(router, '/products', products.list(deps));
  get(router, '/products/:slug', products.show(deps));
  get(router, '/articles', articles.list(deps));
  get(router, '/manufacturers', manufacturers.list(deps));
  get(router, '/manufacturers/:slug', manufacturers.show(deps));
  get(router, '/tractor-series', tractorSeries.list(deps));
  get(router, '/tractor-series/:slug', tractorSeries.show(deps));
  get(router, '/tractor-models', tractorModels.list(deps));
  get(router, '/tractor-models/:tractorModel', tractorModels.show(deps));
  get(router, '/taxonomies', taxonomies.list(deps));
  get(router, '/media', media.list(deps));
  get(router, '/media/:media', media.show(deps));
  get(router, '/media-folders', mediaFolders.list(deps));
  get(router, '/image-formats', imageFormats.list(deps));

  // Protected (spec "Authentication"): any valid token, or a token with the named ability.
  const anyToken = requireToken(deps.db);
  const catalogRead = requireToken(deps.db, 'content:catalog:read');
  const mediaRead = requireToken(deps.db, 'content:media:read');
  const content = `${deps.config.apiBaseUrl}/content`;
  get(router, '/user', user.show(deps), anyToken);
  get(router, '/search/suggestions', searchSuggestions.show(deps), anyToken);
  get(router, '/content/products', products.list(deps, `${content}/products`), catalogRead);
  get(router, '/content/products/:slug', products.show(deps), catalogRead);
  get(router, '/content/articles', articles.list(deps, `${content}/articles`), catalogRead);
  get(router, '/content/articles/:ordernumber', articles.show(deps), catalogRead);
  get(router, '/content/taxonomies', taxonomies.contentList(deps), catalogRead);
  get(router, '/content/taxonomies/:slug', taxonomies.contentShow(deps), catalogRead);
  get(router, '/content/media', contentMedia.list(deps), mediaRead);
  get(router, '/content/media/:media', contentMedia.show(deps), mediaRead);
  get(router, '/content/media/:media/preview', contentMedia.preview(deps), mediaRead);
  get(router, '/content/media/:media/download', contentMedia.download(deps), mediaRead);
  get(router, '/content/media-folders', contentMedia.folders(deps), mediaRead);
  return router;
}
