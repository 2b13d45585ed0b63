/**
 * Article records of `GET /articles` and `GET /content/articles`: the embedded form of the spec plus
 * `created_at` and `updated_at`; the detail of `GET /content/articles/{ordernumber}` adds `products`. Pure.
 */
import type { ArticleRecord, LanguageObject, ProductRecord } from '../../search/documents';
import type { MediumJson } from '../media/serializer';
import {
  serializeEmbeddedArticle,
  serializeProduct,
  type ArticleJson,
  type SerializeContext,
} from '../products/serializer';

export interface ArticleListJson extends ArticleJson {
  created_at: string | null;
  updated_at: string | null;
}

/** A product as the article detail links it: enough to name, picture and link it (`/content/products/{slug}`). */
export interface ArticleProductJson {
  id: number;
  slug: string;
  objekttyp: string | null;
  ordernumber: string | null;
  names: LanguageObject;
  /** the product list form's `primary_image` (same image rules, same medium object) */
  primary_image: MediumJson | null;
}

export interface ArticleDetailJson extends ArticleListJson {
  products: ArticleProductJson[];
}

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
