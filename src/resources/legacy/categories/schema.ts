/** The wire form of a category (the earlier overview's `/categories`: a term). */
import { LanguageObjectSchema, TimestampSchema } from '../../../openapi/wire';
import { z } from '../../../openapi/zod';

export const LegacyCategorySchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    name: LanguageObjectSchema.openapi({
      description: 'The term’s name under the server language’s code (`{"de": "Pressen"}`).',
    }),
    short_name: LanguageObjectSchema.openapi({
      description: 'The same as `name` (terms have no short name).',
    }),
    parent_id: z.int().nullable().openapi({ description: 'The parent category, null at the top.' }),
    position: z.int(),
    taxonomy_slug: z.string().openapi({
      description: 'The category dimension: `/products?taxons=<taxonomy_slug>:<slug>` lists the products.',
    }),
    products_count: z
      .int()
      .openapi({ description: 'Active products with the term or one of its descendants.' }),
    created_at: TimestampSchema.openapi({ description: 'Always null: terms carry no timestamps.' }),
    updated_at: TimestampSchema.openapi({ description: 'Always null: terms carry no timestamps.' }),
  })
  .openapi('LegacyCategory', {
    description: 'A term of the category dimension under the earlier overview’s names.',
  });
