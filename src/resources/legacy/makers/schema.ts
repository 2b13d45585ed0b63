/** The wire form of a maker (the earlier overview's `/makers`). */
import { LanguageObjectSchema, TimestampSchema } from '../../../openapi/wire';
import { z } from '../../../openapi/zod';

export const LegacyMakerSchema = z
  .strictObject({
    id: z.int(),
    shortname: z.string().nullable().openapi({ description: 'The manufacturer’s `short_name`.' }),
    name: LanguageObjectSchema,
    slug: z.string().openapi({ description: 'The slug of `/manufacturers/{slug}` (the successor).' }),
    tractors_count: z.int().openapi({ description: 'Tractor models of this manufacturer.' }),
    products_count: z.int().openapi({ description: 'Active products linked to this manufacturer.' }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('LegacyMaker', { description: 'An active manufacturer under the earlier overview’s names.' });
