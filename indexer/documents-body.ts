/**
 * The body of one addDocuments request as a string of one byte per character. A request of `batchSize`
 * products is about 20 MB of JSON; `JSON.stringify` of the whole array (what `addDocuments(docs)` sends)
 * makes it a string of two bytes per character (42 MB on the worker's heap) as soon as one document holds a
 * character beyond Latin-1, which the catalog's do. Here each document is turned into JSON on its own, with
 * those characters written as `\uXXXX` escapes, so the joined body takes half that. With the worker's
 * bounded heap growth (config/runtime.ts) that keeps its peak RSS through a reindex far lower; neither does
 * alone. Meilisearch reads the same documents from it: the requests and their number are those of
 * `addDocuments(docs)`.
 */
import type { EnqueuedTaskPromise, Index } from 'meilisearch';
import { documentOptions, type IndexerContext } from './context';
import type { IndexDefinition } from './indexes/types';

/** A character V8 cannot store in a one-byte string. */
const WIDE = /[\u0100-\uffff]/;
const WIDE_ALL = /[\u0100-\uffff]/g;

/** `\uXXXX` of one UTF-16 code unit (each half of a surrogate pair on its own, as JSON allows). */
const escapeUnit = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `JSON.stringify(value)` with every character beyond Latin-1 escaped: the same JSON value, as a string of
 * one byte per character (the escaped text goes through Latin-1 once, which makes V8 store it so).
 */
export function latin1Json(value: unknown): string {
  const json = JSON.stringify(value);
  if (!WIDE.test(json)) return json;
  return Buffer.from(json.replace(WIDE_ALL, escapeUnit), 'latin1').toString('latin1');
}

/** One request's documents: the JSON array and the ids of the documents in it, in order. */
export interface DocumentsBody {
  /** `[...]`: the documents as JSON; empty when there is none. */
  json: string;
  ids: number[];
}

/** The documents of `ids` (those `definition.documents` returns) as one JSON body (module comment). */
export async function documentsBody(
  ctx: IndexerContext,
  definition: IndexDefinition,
  ids: readonly number[],
): Promise<DocumentsBody> {
  const docs = await definition.documents(ctx.db, ids, documentOptions(ctx));
  const parts = docs.map(latin1Json);
  const kept = docs.map((doc) => doc.id);
  return { json: parts.length > 0 ? `[${parts.join(',')}]` : '', ids: kept };
}

/** Enqueues the documents of `body` into `index` (primary key `id`), as `addDocuments` would. */
export function addDocumentsBody(index: Index, body: DocumentsBody): EnqueuedTaskPromise {
  return index.addDocumentsFromString(body.json, 'application/json', { primaryKey: 'id' });
}
