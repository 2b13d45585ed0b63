/**
 * What the indexer needs to know about one Meilisearch index: its settings and how to build its documents
 * from Postgres. The job code (full reindex, outbox sync) is generic over this; the definitions live beside
 * this file, one per index (products.ts, articles.ts, media.ts), registered in registry.ts.
 */
import type { Knex } from 'knex';
import type { Settings } from 'meilisearch';
import type { IndexName } from '../../src/search/indexes';
import type { ListFormBase } from '../../src/search/list-form';

export interface IndexDocument {
  id: number;
}

/** How documents are built: the base URLs of their stored list forms (src/search/list-form.ts). */
export interface DocumentOptions {
  /** undefined: the documents carry no stored list forms (the API serializes their records) */
  listForms?: ListFormBase;
}

export interface IndexDefinition<Doc extends IndexDocument = IndexDocument> {
  name: IndexName;
  /**
   * The complete settings of the index, applied on every full reindex before documents are pushed.
   * `documentCount` is the number of records about to be indexed (for `pagination.maxTotalHits`).
   */
  settings(db: Knex, documentCount: number): Promise<Settings>;
  /** Ids of every record that belongs in the index, ascending, after `afterId`, at most `limit` (keyset). */
  ids(db: Knex, afterId: number, limit: number): Promise<number[]>;
  /** The number of records `ids` pages through (for progress and `maxTotalHits`). */
  count(db: Knex): Promise<number>;
  /**
   * Documents of those `ids` that belong in the index, in a fixed number of queries whatever the batch size.
   * An id without a document (deleted, inactive, not public) must be deleted from the index.
   */
  documents(db: Knex, ids: readonly number[], options?: DocumentOptions): Promise<Doc[]>;
}
