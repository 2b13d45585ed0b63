/** The wire form of a manufacturer (spec "Manufacturer"); the serializer's return type is inferred from it. */
import { z } from '../../openapi/zod';
import { LanguageObjectSchema } from '../../openapi/wire';

export const ManufacturerSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    short_name: z.string().nullable(),
    names: LanguageObjectSchema,
  })
  .openapi('Manufacturer', {
    description:
      'An active manufacturer; the same in lists, details and embedded in tractor series and models.',
  });
