/**
 * The API's lexicon for query-side splitting (query.ts): the dictionary and curated words, plus the
 * catalog's vocabulary read from Postgres (vocabulary.ts), so queries split as the indexer splits documents.
 * The vocabulary is read on first use and again when older than `refreshMs`; a search never waits for a
 * refresh (the previous lexicon serves meanwhile). A read that fails or passes its deadline degrades to the
 * dictionary and curated words alone for `retryMs`, and is logged; searches go on.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { buildLexicon, type Lexicon } from './lexicon';
import { loadLexicon } from './vocabulary';

export interface LexiconProviderOptions {
  /** Age after which the vocabulary is read again, ms (default 10 minutes). */
  refreshMs?: number;
  /** Wait after a failed read before the next try, ms (default 30 s). */
  retryMs?: number;
  /** Deadline of the vocabulary query, ms (default 2 s). */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

/** Returns the current lexicon; never rejects. */
export type LexiconProvider = () => Promise<Lexicon>;

/** A provider reading `db`'s vocabulary (see the module comment). */
export function lexiconProvider(db: Knex, options: LexiconProviderOptions = {}): LexiconProvider {
  const { refreshMs = 10 * 60_000, retryMs = 30_000, timeoutMs = 2_000, logger } = options;
  let current: Promise<Lexicon> | undefined;
  let validUntil = 0;
  let refreshing = false;
  const load = async (): Promise<Lexicon> => {
    try {
      const lexicon = await loadLexicon(db, { timeoutMs });
      validUntil = Date.now() + refreshMs;
      return lexicon;
    } catch (error) {
      logger?.warn(
        { err: error },
        'search: catalog vocabulary unavailable, splitting with the dictionary alone',
      );
      validUntil = Date.now() + retryMs;
      return buildLexicon();
    }
  };
  return () => {
    if (!current) {
      current = load();
    } else if (Date.now() >= validUntil && !refreshing) {
      refreshing = true;
      void load().then((lexicon) => {
        current = Promise.resolve(lexicon);
        refreshing = false;
      });
    }
    return current;
  };
}
