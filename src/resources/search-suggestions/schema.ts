/** The suggestions of `GET /search/suggestions` (docs/api/search-suggestions.md); types are inferred from them. */
import { nullable, z } from '../../openapi/zod';

export const SuggestionTypeSchema = z.enum(['ordernumber', 'product', 'query']);

export const SuggestionProductSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    name: z.string().openapi({ description: 'Plain text in the server language, fallback German.' }),
    ordernumber: z.string().nullable(),
    product_page_url: z.string().nullable(),
  })
  .openapi('SuggestionProduct');

export const SuggestionSchema = z
  .strictObject({
    text: z.string().openapi({ description: 'What the search box shows and inserts when picked.' }),
    type: SuggestionTypeSchema,
    product: nullable(SuggestionProductSchema).openapi({
      description: 'For `ordernumber` and `product`: where a pick leads; null for `query`.',
    }),
  })
  .openapi('Suggestion');
