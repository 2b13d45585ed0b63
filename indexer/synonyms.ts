/**
 * The `synonyms` table as a Meilisearch synonyms object. The products and media index definitions call
 * `loadSynonyms` from their `settings()`; the `synonyms` reindex target applies it alone.
 */
import type { Knex } from 'knex';

/** Meilisearch keeps at most this many synonyms per term (meilisearch-notes.md). */
export const MAX_SYNONYMS_PER_TERM = 50;

interface SynonymRow {
  kind: 'mutual' | 'one_way';
  input: string | null;
  terms: string[];
}

/**
 * Builds the synonyms object from rows (in order): a mutual group maps every term to all the others
 * (Meilisearch wants every direction listed); a one-way group maps its input to its terms. Keys that differ
 * only in case are merged (the first spelling wins), values are united case-insensitively, a term never
 * lists itself, and each key keeps its first 50 values.
 */
export function buildSynonyms(rows: readonly SynonymRow[]): Record<string, string[]> {
  const entries = new Map<string, { key: string; values: Map<string, string> }>();
  const add = (key: string, values: readonly string[]) => {
    const folded = key.toLowerCase();
    let entry = entries.get(folded);
    if (!entry) entries.set(folded, (entry = { key, values: new Map() }));
    for (const value of values) {
      const v = value.toLowerCase();
      if (v !== folded && !entry.values.has(v)) entry.values.set(v, value);
    }
  };
  for (const row of rows) {
    if (row.kind === 'mutual') {
      for (const term of row.terms) add(term, row.terms);
    } else if (row.input) {
      add(row.input, row.terms);
    }
  }
  const out: Record<string, string[]> = {};
  for (const { key, values } of entries.values()) {
    if (values.size > 0) out[key] = [...values.values()].slice(0, MAX_SYNONYMS_PER_TERM);
  }
  return out;
}

/** The synonyms of the `synonyms` table (see `buildSynonyms`); `{}` when the table is empty. */
export async function loadSynonyms(db: Knex): Promise<Record<string, string[]>> {
  const rows = await db<SynonymRow>('synonyms').select('kind', 'input', 'terms').orderBy('id');
  return buildSynonyms(rows);
}
