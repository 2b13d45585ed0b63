/** A main article under the earlier overview's names: every field listed, no price or stock. */
import type { z } from 'zod';
import { legacyArticleFields } from '../shared';
import type { MainArticleRecord } from './query';
import type { LegacyMainArticleSchema } from './schema';

export type LegacyMainArticle = z.infer<typeof LegacyMainArticleSchema>;

/** The main article resource of `record`. */
export function serializeMainArticle({ article, products, makers }: MainArticleRecord): LegacyMainArticle {
  return {
    ...legacyArticleFields(article),
    products: products.map((p) => ({ id: p.id, slug: p.slug, order_number: p.ordernumber, name: p.names })),
    makers: makers.map((m) => ({ id: m.id, shortname: m.short_name, name: m.names })),
    created_at: article.created_at,
    updated_at: article.updated_at,
  };
}
