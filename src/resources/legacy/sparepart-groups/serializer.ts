/** Spare-part groups under the earlier overview's names: every field listed, no price or stock. */
import type { z } from 'zod';
import type { ArticleRecord } from '../../../catalog/records';
import { wireTimestamp } from '../../../catalog/wire';
import { legacyArticleFields } from '../shared';
import type { SparepartGroupRecord } from './query';
import type {
  LegacySparepartGroupDetailSchema,
  LegacySparepartGroupSchema,
  LegacySparepartSchema,
} from './schema';

export type LegacySparepartGroup = z.infer<typeof LegacySparepartGroupSchema>;
export type LegacySparepart = z.infer<typeof LegacySparepartSchema>;
export type LegacySparepartGroupDetail = z.infer<typeof LegacySparepartGroupDetailSchema>;

/** The list form of a group. */
export function serializeGroup(record: SparepartGroupRecord): LegacySparepartGroup {
  return {
    id: record.id,
    slug: record.slug,
    order_number: record.ordernumber,
    name: record.names,
    spareparts_count: record.spareparts_count,
    created_at: wireTimestamp(record.created_at),
    updated_at: wireTimestamp(record.updated_at),
  };
}

/** A spare part of a group: the article's legacy fields. */
export function serializeSparepart(article: ArticleRecord): LegacySparepart {
  return legacyArticleFields(article);
}

/** The detail form: the group and its spare parts. */
export function serializeGroupDetail(
  record: SparepartGroupRecord,
  spareparts: ArticleRecord[],
): LegacySparepartGroupDetail {
  return { ...serializeGroup(record), spareparts: spareparts.map(serializeSparepart) };
}
