/** The wire form of a main article (the earlier overview's `/main-articles`). No price. */
import { LanguageObjectSchema, TimestampSchema } from '../../../openapi/wire';
import { z } from '../../../openapi/zod';
import { LegacyMakerSummarySchema } from '../shared';

export const LegacyArticleProductSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    order_number: z.string().nullable(),
    name: LanguageObjectSchema,
  })
  .openapi('LegacyArticleProduct', { description: 'An active product of the article.' });

export const LegacyMainArticleSchema = z
  .strictObject({
    id: z.int(),
    order_number: z.string(),
    name: LanguageObjectSchema,
    short_name: LanguageObjectSchema,
    description: LanguageObjectSchema,
    type_code: z.string().nullable(),
    weight: z.string().nullable().openapi({ description: 'Decimal text with three decimals (kg).' }),
    customs_tariff_number: z.string().nullable(),
    is_published: z.literal(true).openapi({ description: 'Always true: only active articles are listed.' }),
    sol: TimestampSchema.openapi({ description: 'Start of life: the sales start (`sale_start`).' }),
    eol: TimestampSchema.openapi({ description: 'End of life (`end_of_life`); does not hide the article.' }),
    products: z.array(LegacyArticleProductSchema),
    makers: z.array(LegacyMakerSummarySchema).openapi({
      description: 'The active manufacturers of its active products.',
    }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('LegacyMainArticle', {
    description:
      'An active article of type `main` under the earlier overview’s names; never a price or stock.',
  });
