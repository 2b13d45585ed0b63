/** The wire form of a tractor (the earlier overview's `/tractors`: a tractor model). */
import { TimestampSchema } from '../../../openapi/wire';
import { nullable, z } from '../../../openapi/zod';
import { nullableMaker } from '../shared';

export const LegacyTractorSeriesSchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    name: z.string().nullable().openapi({ description: 'Plain text in the server language.' }),
  })
  .openapi('LegacyTractorSeries');

export const LegacyTractorSchema = z
  .strictObject({
    id: z.int(),
    identification: z.string().nullable().openapi({ description: 'The model’s `identifier`.' }),
    model: z.string(),
    series: z.string().nullable().openapi({ description: 'The name of its series (`tractor_series.name`).' }),
    type_of_tractor: z.string().nullable(),
    maker: nullableMaker().openapi({ description: 'Its manufacturer; null when none or inactive.' }),
    tractor_series: nullable(LegacyTractorSeriesSchema),
    performance_classes: z.array(z.string()).openapi({
      description: 'Always empty: the snapshot format has no performance classes.',
    }),
    created_at: TimestampSchema.openapi({ description: 'Always null: tractor models carry no timestamps.' }),
    updated_at: TimestampSchema.openapi({ description: 'Always null: tractor models carry no timestamps.' }),
  })
  .openapi('LegacyTractor', { description: 'A tractor model under the earlier overview’s names.' });
