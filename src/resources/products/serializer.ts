/**
 * The Product resource (spec "Product" and its image rules), pure functions from records to JSON.
 *
 * Image rules: the public media-library images (role `image`, main first, then position) whose `valid_until`
 * has not passed at `now`; only when none is left, the images uploaded on the product. `primary_image` is
 * the first image or null. `texts`, prices and stock are never part of a product.
 */
import { isCurrent } from '../../catalog/visibility';
import type { ArticleRecord, ProductRecord, TermRecord } from '../../catalog/records';
import type { z } from 'zod';
import { serializeMedium } from '../media/serializer';
import { serializeManufacturer } from '../manufacturers/serializer';
import { serializeTractorModelSummary } from '../tractor-models/serializer';
import type { ProductRelations } from './query';
import type { EmbeddedArticleSchema, ProductDetailSchema, ProductSchema } from './schema';

export type ProductJson = z.infer<typeof ProductSchema>;

export type ProductDetailJson = z.infer<typeof ProductDetailSchema>;

/** An article as embedded in the product detail view (spec "Article"). */
export type ArticleJson = z.infer<typeof EmbeddedArticleSchema>;

/** Request-time inputs of serialization: the clock (ms since epoch) and the public base URL. */
export interface SerializeContext {
  now: number;
  appUrl: string;
}

function term(t: TermRecord): TermRecord {
  return {
    id: t.id,
    taxonomy_id: t.taxonomy_id,
    taxonomy_slug: t.taxonomy_slug,
    parent_id: t.parent_id,
    slug: t.slug,
    names: t.names,
    position: t.position,
  };
}

/** A product in list form. */
export function serializeProduct(p: ProductRecord, ctx: SerializeContext): ProductJson {
  const linked = p.linked_images.filter((m) => isCurrent(m.valid_until, ctx.now));
  const images = (linked.length > 0 ? linked : p.uploaded_images).map((m) => serializeMedium(m, ctx.appUrl));
  return {
    id: p.id,
    slug: p.slug,
    objekttyp: p.objekttyp,
    ordernumber: p.ordernumber,
    names: p.names,
    descriptions: p.descriptions,
    product_page_url: p.product_page_url,
    features: p.features,
    sale_start: p.sale_start,
    end_of_life: p.end_of_life,
    primary_image: images[0] ?? null,
    images,
    articles_count: p.articles_count,
    taxons: p.taxons.map(term),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** An article as embedded in a product (no timestamps, no relations, never price or stock). */
export function serializeEmbeddedArticle(a: ArticleRecord): ArticleJson {
  return {
    id: a.id,
    type: a.type,
    type_code: a.type_code,
    ordernumber: a.ordernumber,
    names: a.names,
    short_names: a.short_names,
    descriptions: a.descriptions,
    weight: a.weight,
    customs_tariff_number: a.customs_tariff_number,
    sale_start: a.sale_start,
    end_of_life: a.end_of_life,
  };
}

/** A product with `articles`, `manufacturers` and `tractor_models` (detail view). */
export function serializeProductDetail(
  p: ProductRecord,
  relations: ProductRelations,
  ctx: SerializeContext,
): ProductDetailJson {
  return {
    ...serializeProduct(p, ctx),
    articles: relations.articles.map(serializeEmbeddedArticle),
    manufacturers: relations.manufacturers.map(serializeManufacturer),
    tractor_models: relations.tractorModels.map(serializeTractorModelSummary),
  };
}
