/** A main article under the earlier overview's names (issue 16): every field listed, no price or stock. */
import type { z } from 'zod';
import type { MainArticleRecord } from './query';
import type { LegacyMainArticleSchema } from './schema';

export type LegacyMainArticle = z.infer<typeof LegacyMainArticleSchema>;

/** The main article resource of `record`. */
export function serializeMainArticle({ article, products, makers }: MainArticleRecord): LegacyMainArticle {
  return {
    id: article.id,
    order_number: article.ordernumber,
    name: article.names,
    short_name: article.short_names,
    description: article.descriptions,
    type_code: article.type_code,
    weight: article.weight,
    customs_tariff_number: article.customs_tariff_number,
    is_published: true,
    sol: article.sale_start,
    eol: article.end_of_life,
    products: products.map((p) => ({ id: p.id, slug: p.slug, order_number: p.ordernumber, name: p.names })),
    makers: makers.map((m) => ({ id: m.id, shortname: m.short_name, name: m.names })),
    created_at: article.created_at,
    updated_at: article.updated_at,
  };
}
