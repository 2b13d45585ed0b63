/**
 * The response bodies the tests read, as TypeScript types inferred from the zod schemas the API answers
 * with (src/resources/<resource>/schema.ts, src/http/pagination.ts, src/http/errors.ts), so a test's
 * idea of a body cannot drift from the documented one. Use them as `api.json<Page<Medium>>('/media')`.
 * Field orders, which the types do not carry, are written out here where several tests expect them.
 */
import type { z } from 'zod';
import type { Paginated } from '../../src/http/pagination';
import type {
  ArticleDetailSchema,
  ArticleProductSchema,
  ArticleSchema,
} from '../../src/resources/articles/schema';
import type { CmsMediumSchema } from '../../src/resources/content-media/schema';
import type { CmsFolderSchema, MediaFolderSchema } from '../../src/resources/media-folders/schema';
import type { ConversionSchema, MediumSchema } from '../../src/resources/media/schema';
import type {
  ProductDetailSchema,
  ProductFacetsSchema,
  ProductSchema,
} from '../../src/resources/products/schema';
import type { SuggestionSchema } from '../../src/resources/search-suggestions/schema';
import type { ContentTermNodeSchema, TaxonomyTermNodeSchema } from '../../src/resources/taxonomies/schema';
import type { TractorModelSchema } from '../../src/resources/tractor-models/schema';

export type { ErrorBody } from '../../src/http/errors';

/** A paginated list of `Item`: `{ data, links, meta }` (spec "Pagination envelope"). */
export type Page<Item> = Paginated<Item>;

/** A single resource or a plain list: `{ data }`. */
export interface Data<T> {
  data: T;
}

export type Medium = z.infer<typeof MediumSchema>;
/** The fields of a public medium in the order the API writes them (spec "Medium (asset)"). */
export const MEDIUM_FIELDS = [
  'id',
  'name',
  'file_name',
  'mime_type',
  'type',
  'size',
  'url',
  'thumb_url',
  'conversions',
  'srcset',
  'alt',
  'title',
  'caption',
  'description',
  'copyright',
  'license',
  'ki_status',
  'ki_label',
  'folder',
  'created_at',
];
export type Conversion = z.infer<typeof ConversionSchema>;
export type CmsMedium = z.infer<typeof CmsMediumSchema>;
export type MediaFolder = z.infer<typeof MediaFolderSchema>;
export type CmsFolder = z.infer<typeof CmsFolderSchema>;

export type Product = z.infer<typeof ProductSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
/** `/products` and `/content/products`: `meta.facets` only with `facets=1`. */
export type ProductPage = Page<Product> & {
  meta: { facets?: z.infer<typeof ProductFacetsSchema> };
};

export type Article = z.infer<typeof ArticleSchema>;
export type ArticleProduct = z.infer<typeof ArticleProductSchema>;
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

export type TaxonomyTermNode = z.infer<typeof TaxonomyTermNodeSchema>;
export type ContentTermNode = z.infer<typeof ContentTermNodeSchema>;
export type TractorModel = z.infer<typeof TractorModelSchema>;
export type Suggestion = z.infer<typeof SuggestionSchema>;
