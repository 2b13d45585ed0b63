/**
 * The index definitions of the service, one per Meilisearch index. The worker uses them unless a test
 * passes its own (`createIndexWorker({ definitions })`).
 */
import type { IndexDefinitions } from './context';
import { articlesIndex } from './indexes/articles';
import { mediaIndex } from './indexes/media';
import { productsIndex } from './indexes/products';

export const INDEX_DEFINITIONS: IndexDefinitions = {
  products: productsIndex,
  articles: articlesIndex,
  media: mediaIndex,
};
