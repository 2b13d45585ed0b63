/**
 * One lexicon per indexing job (src/search/german): the jobs run their work inside `withLexicon`, and the
 * products and media definitions ask `currentLexicon` for the lexicon of the job they run in, so a full
 * reindex and the sync read the catalog's vocabulary once (one SQL query) and split with the same rules.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { Lexicon } from '../src/search/german/lexicon';
import { loadLexicon, type LexiconOptions } from '../src/search/german/vocabulary';

interface Scope {
  db: Knex;
  options: LexiconOptions;
  lexicon?: Promise<Lexicon>;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` with one lexicon for `db`: the first `currentLexicon(db)` inside it loads the vocabulary, every
 * later one gets the same lexicon (none loaded when no document is built). Nested calls for the same
 * database join the outer scope (a sync round that rebuilds an index), unless they pass options.
 */
export function withLexicon<T>(db: Knex, fn: () => Promise<T>, options?: LexiconOptions): Promise<T> {
  const outer = scopes.getStore();
  if (outer && outer.db === db && !options) return fn();
  return scopes.run({ db, options: options ?? {} }, fn);
}

/** The lexicon of the enclosing `withLexicon` for `db`; outside one, a freshly loaded lexicon. */
export function currentLexicon(db: Knex): Promise<Lexicon> {
  const scope = scopes.getStore();
  if (!scope || scope.db !== db) return loadLexicon(db);
  scope.lexicon ??= loadLexicon(db, scope.options);
  return scope.lexicon;
}

/**
 * Runs `fn` in a scope whose lexicon is `lexicon` (loaded by an earlier scope, see `scopeLexicon`): a sync
 * round that changes nothing the vocabulary reads (render rows only) reuses the previous round's.
 */
export function withLoadedLexicon<T>(db: Knex, lexicon: Promise<Lexicon>, fn: () => Promise<T>): Promise<T> {
  return scopes.run({ db, options: {}, lexicon }, fn);
}

/** The lexicon the enclosing `withLexicon` scope for `db` has loaded, if any (undefined outside or none yet). */
export function scopeLexicon(db: Knex): Promise<Lexicon> | undefined {
  const scope = scopes.getStore();
  return scope && scope.db === db ? scope.lexicon : undefined;
}
