/** The wire forms of a spare-part group (the earlier overview's `/sparepart-groups`). No price. */
import { LanguageObjectSchema, TimestampSchema } from '../../../openapi/wire';
import { z } from '../../../openapi/zod';

const groupShape = {
  id: z.int().openapi({ description: 'The product id.' }),
  slug: z.string().openapi({ description: 'The product slug: `/products/{slug}` is the successor.' }),
  order_number: z.string().nullable(),
  name: LanguageObjectSchema,
  spareparts_count: z.int().openapi({ description: 'Active spare-part articles of the product.' }),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

export const LegacySparepartGroupSchema = z.strictObject(groupShape).openapi('LegacySparepartGroup', {
  description: 'An active product with active spare-part articles (list form).',
});

export const LegacySparepartSchema = z
  .strictObject({
    id: z.int(),
    order_number: z.string(),
    name: LanguageObjectSchema,
    short_name: LanguageObjectSchema,
    description: LanguageObjectSchema,
    type_code: z.string().nullable(),
    weight: z.string().nullable().openapi({ description: 'Decimal text with three decimals (kg).' }),
    customs_tariff_number: z.string().nullable(),
    is_published: z.literal(true),
    sol: TimestampSchema,
    eol: TimestampSchema,
  })
  .openapi('LegacySparepart', { description: 'An active spare-part article; never a price or stock.' });

export const LegacySparepartGroupDetailSchema = z
  .strictObject({ ...groupShape, spareparts: z.array(LegacySparepartSchema) })
  .openapi('LegacySparepartGroupDetail', { description: 'A spare-part group with its spare parts.' });
