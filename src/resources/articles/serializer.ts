/**
 * Article records of `GET /articles` and `GET /content/articles`: the embedded form of the spec plus
 * `created_at` and `updated_at`; the detail of `GET /content/articles/{ordernumber}` adds `products`. Pure.
 */
import type { z } from 'zod';
import type { ArticleRecord, ProductRecord } from '../../catalog/records';
import { serializeEmbeddedArticle, serializeProduct, type SerializeContext } from '../products/serializer';
import type { ArticleDetailSchema, ArticleProductSchema, ArticleSchema } from './schema';

export type ArticleListJson = z.infer<typeof ArticleSchema>;

/** A product as the article detail links it: enough to name, picture and link it (`/content/products/{slug}`). */
export type ArticleProductJson = z.infer<typeof ArticleProductSchema>;

export type ArticleDetailJson = z.infer<typeof ArticleDetailSchema>;

/** An article in list form (never price or stock). */
export function serializeArticle(a: ArticleRecord): ArticleListJson {
  return { ...serializeEmbeddedArticle(a), created_at: a.created_at, updated_at: a.updated_at };
}

/** A product of an article's `products`: a subset of the product list form, its `primary_image` included. */
export function serializeArticleProduct(p: ProductRecord, ctx: SerializeContext): ArticleProductJson {
  const product = serializeProduct(p, ctx);
  return {
    id: product.id,
    slug: product.slug,
    objekttyp: product.objekttyp,
    ordernumber: product.ordernumber,
    names: product.names,
    primary_image: product.primary_image,
  };
}

/** The article detail: the list form plus the active products it belongs to, in the order given. */
export function serializeArticleDetail(
  a: ArticleRecord,
  products: readonly ProductRecord[],
  ctx: SerializeContext,
): ArticleDetailJson {
  return { ...serializeArticle(a), products: products.map((p) => serializeArticleProduct(p, ctx)) };
}
