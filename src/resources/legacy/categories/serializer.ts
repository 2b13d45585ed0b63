/** A category (a term of the category dimension) under the earlier overview's names. */
import type { z } from 'zod';
import type { ContentTaxonRecord } from '../../taxonomies/query';
import type { LegacyCategorySchema } from './schema';

export type LegacyCategory = z.infer<typeof LegacyCategorySchema>;

/** The category resource of `record`; `language` keys the plain-string name (SERVER_LANGUAGE). */
export function serializeCategory(record: ContentTaxonRecord, language: string): LegacyCategory {
  return {
    id: record.id,
    slug: record.slug,
    name: { [language]: record.name },
    short_name: { [language]: record.name },
    parent_id: record.parent_id,
    position: record.position,
    taxonomy_slug: record.taxonomy_slug,
    products_count: record.products_count,
    created_at: null,
    updated_at: null,
  };
}
