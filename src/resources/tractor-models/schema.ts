/** The tractor model wire forms (spec "Tractor model"); the serializers' return types are inferred from them. */
import { nullable, z } from '../../openapi/zod';
import { ManufacturerSchema } from '../manufacturers/schema';

const summaryShape = {
  id: z.int(),
  identifier: z.string().nullable().openapi({ description: 'Identifier from the source system.' }),
  model: z.string(),
  type_of_tractor: z.string().nullable(),
  manufacturer_id: z.int().nullable(),
  tractor_series_id: z.int().nullable(),
};

/** A tractor model without `manufacturer` and `series`. */
export const TractorModelSummarySchema = z
  .strictObject(summaryShape)
  .openapi('TractorModelSummary', { description: 'A tractor model without `manufacturer` and `series`.' });

/** A series as embedded in a tractor model: without its own manufacturer. */
export const ModelSeriesSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    names: z.string().nullable().openapi({ description: 'Plain text in the server language.' }),
    manufacturer_id: z.int(),
  })
  .openapi('ModelSeries');

export const TractorModelSchema = z
  .strictObject({
    ...summaryShape,
    manufacturer: nullable(ManufacturerSchema).openapi({
      description: 'Null when the model has none or it is inactive.',
    }),
    series: nullable(ModelSeriesSchema),
  })
  .openapi('TractorModel', { description: 'A tractor model with `manufacturer` and `series`.' });
