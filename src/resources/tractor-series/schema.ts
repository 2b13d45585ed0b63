/** The tractor series wire forms (spec "Tractor series"); the serializers' return types are inferred from them. */
import { nullable, z } from '../../openapi/zod';
import { ManufacturerSchema } from '../manufacturers/schema';
import { TractorModelSummarySchema } from '../tractor-models/schema';

const seriesShape = {
  id: z.int(),
  slug: z.string(),
  names: z.string().nullable().openapi({ description: 'Plain text in the server language.' }),
  manufacturer_id: z.int(),
  manufacturer: nullable(ManufacturerSchema).openapi({
    description: "Null when the series' manufacturer is inactive.",
  }),
};

export const TractorSeriesSchema = z.strictObject(seriesShape).openapi('TractorSeries');

export const TractorSeriesDetailSchema = z
  .strictObject({ ...seriesShape, models: z.array(TractorModelSummarySchema) })
  .openapi('TractorSeriesDetail', { description: 'A series with its models.' });
