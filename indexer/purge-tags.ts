/**
 * Which edge cache tags (src/edge/tags.ts) a sync round changed: the tag of each record in its outbox rows,
 * the tags of the documents the fan-out touched (a product page shows its manufacturer, media, articles),
 * and the index tag of each kind-wide list a row changes. The round purges them once its documents are
 * confirmed (jobs/sync.ts); a rebuild or synonym change purges its index tag itself (jobs/reindex.ts).
 */
import { indexTag, recordTag, type IndexName as TagIndex, type TagKind } from '../src/edge/tags';
import type { IndexName } from '../src/search/indexes';
import type { ChangePlan, OutboxRow } from './fanout';

/** Outbox entity → the kind of its record tag and the index tag of the lists that show it. */
const ENTITY_TAGS: Record<string, { kind?: TagKind; list?: TagIndex }> = {
  product: { kind: 'product', list: 'products' },
  article: { kind: 'article', list: 'articles' },
  media: { kind: 'medium', list: 'media' },
  media_renditions: { kind: 'medium' },
  manufacturer: { kind: 'manufacturer', list: 'manufacturers' },
  taxonomy: { kind: 'taxonomy', list: 'taxonomies' },
  // A taxon is shown inside its taxonomy's answer: every taxonomy answer is purged (they are few).
  taxon: { list: 'taxonomies' },
  media_folder: { kind: 'folder', list: 'folders' },
  image_format: { kind: 'format', list: 'formats' },
  tractor_series: { kind: 'series', list: 'series' },
  tractor_model: { kind: 'model', list: 'models' },
};

/** The record kind of each search index's documents. */
const DOCUMENT_KIND: Record<IndexName, TagKind> = {
  products: 'product',
  articles: 'article',
  media: 'medium',
};

/**
 * The tags one round changed: its rows' own tags, `<kind>-<id>` of every candidate document of `plan`, and
 * `index-<name>` of each index in `indexes` (those whose documents the round wrote or deleted). A `*` row
 * (a bulk change) gives its list's index tag. Entities without answers of their own (users, synonyms)
 * give none.
 */
export function roundTags(
  rows: readonly OutboxRow[],
  plan: Pick<ChangePlan, 'ids'>,
  indexes: Iterable<IndexName>,
): Set<string> {
  const tags = new Set<string>();
  for (const row of rows) {
    const known = Object.hasOwn(ENTITY_TAGS, row.entity) ? ENTITY_TAGS[row.entity] : undefined;
    if (!known) continue;
    if (row.entity_id === '*') {
      if (known.list) tags.add(indexTag(known.list));
      continue;
    }
    if (!/^\d{1,10}$/.test(row.entity_id)) continue; // the fan-out logs malformed ids
    if (known.kind) tags.add(recordTag(known.kind, row.entity_id));
    // A changed record changes the lists of its kind; a rendition changes no list answer.
    if (known.list && row.entity !== 'media_renditions') tags.add(indexTag(known.list));
  }
  for (const [name, ids] of Object.entries(plan.ids) as [IndexName, number[]][]) {
    for (const id of ids) tags.add(recordTag(DOCUMENT_KIND[name], id));
  }
  for (const name of indexes) tags.add(indexTag(name));
  return tags;
}
