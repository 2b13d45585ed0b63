/**
 * The Product wire forms (spec "Product", "Article (as embedded in the product detail view)"); the
 * serializers' return types are inferred from these schemas.
 */
import { nullable, z } from '../../openapi/zod';
import { ManufacturerSchema } from '../manufacturers/schema';
import { LanguageObjectSchema, TimestampSchema } from '../../openapi/wire';
import { MediumSchema } from '../media/schema';
import { TermSchema } from '../taxonomies/schema';
import { TractorModelSummarySchema } from '../tractor-models/schema';

export const embeddedArticleShape = {
  id: z.int(),
  type: z.string().openapi({ description: 'Values used: `main`, `spare`.' }),
  type_code: z.string().nullable(),
  ordernumber: z.string(),
  names: LanguageObjectSchema,
  short_names: LanguageObjectSchema,
  descriptions: LanguageObjectSchema,
  weight: z.string().nullable().openapi({ description: 'Decimal text with three decimals.' }),
  customs_tariff_number: z.string().nullable(),
  sale_start: TimestampSchema,
  end_of_life: TimestampSchema,
};

/** An article as embedded in a product (no timestamps, no relations). */
export const EmbeddedArticleSchema = z.strictObject(embeddedArticleShape).openapi('EmbeddedArticle');

const productShape = {
  id: z.int(),
  slug: z.string(),
  objekttyp: z
    .string()
    .nullable()
    .openapi({ description: 'One of `produktgruppe`, `produkt`, `modellvariante`.' }),
  ordernumber: z.string().nullable(),
  names: LanguageObjectSchema,
  descriptions: LanguageObjectSchema,
  product_page_url: z.string().nullable(),
  features: z
    .record(z.string(), z.unknown())
    .nullable()
    .openapi({ description: 'Technical data, key to value; the keys depend on a field template.' }),
  sale_start: TimestampSchema,
  end_of_life: TimestampSchema,
  primary_image: nullable(MediumSchema).openapi({ description: 'The first entry of `images`, else null.' }),
  images: z.array(MediumSchema).openapi({ description: 'Released images, main image first.' }),
  articles_count: z.int(),
  taxons: z.array(TermSchema),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

/** A product in list form. */
export const ProductSchema = z
  .strictObject(productShape)
  .openapi('Product', { description: 'An active product (list form).' });

/** A product with `articles`, `manufacturers` and `tractor_models`. */
export const ProductDetailSchema = z
  .strictObject({
    ...productShape,
    articles: z.array(EmbeddedArticleSchema),
    manufacturers: z.array(ManufacturerSchema),
    tractor_models: z.array(TractorModelSummarySchema),
  })
  .openapi('ProductDetail', {
    description: 'An active product with its active articles, manufacturers and tractor models.',
  });

/** `meta.facets` of `/products?facets=1`: taxonomy slug → term slug → number of matching products. */
export const ProductFacetsSchema = z
  .record(z.string(), z.record(z.string(), z.int()))
  .openapi('ProductFacets', {
    description: 'Only with `facets=1`: taxonomy slug → term slug → number of matching products.',
  });
