/**
 * The article wire forms of `/articles`, `/content/articles` and `/content/articles/{ordernumber}`
 * (docs/api/products-and-articles.md, docs/api/content-catalog.md); the serializers' return types are
 * inferred from these schemas.
 */
import { nullable, z } from '../../openapi/zod';
import { LanguageObjectSchema, TimestampSchema } from '../../openapi/wire';
import { MediumSchema } from '../media/schema';
import { embeddedArticleShape } from '../products/schema';

const articleShape = { ...embeddedArticleShape, created_at: TimestampSchema, updated_at: TimestampSchema };

export const ArticleSchema = z
  .strictObject(articleShape)
  .openapi('Article', { description: 'An active article (list form; never price or stock).' });

/** A product as the article detail links it. */
export const ArticleProductSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    objekttyp: z.string().nullable(),
    ordernumber: z.string().nullable(),
    names: LanguageObjectSchema,
    primary_image: nullable(MediumSchema),
  })
  .openapi('ArticleProduct');

export const ArticleDetailSchema = z
  .strictObject({ ...articleShape, products: z.array(ArticleProductSchema) })
  .openapi('ArticleDetail', { description: 'An article with the active products it belongs to.' });
