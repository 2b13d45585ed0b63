/**
 * The API's lexicon for query-side splitting (query.ts): the dictionary and curated words, plus the
 * catalog's vocabulary read from Postgres (vocabulary.ts), so queries split as the indexer splits documents.
 * The vocabulary is read on first use and again when older than `refreshMs`; a search never waits for a
 * refresh (the previous lexicon serves meanwhile). A read that fails or passes its deadline degrades to the
 * dictionary and curated words alone for `retryMs`, and is logged; searches go on.
 */
import type { Knex } from 'knex';
import { buildLexicon, type Lexicon } from './lexicon';
import { loadLexicon } from './vocabulary';

export interface LexiconProviderOptions {
  /** Age after which the vocabulary is read again, ms (default 10 minutes). */
  refreshMs?: number;
  /** Wait after a failed read before the next try, ms (default 30 s). */
  retryMs?: number;
  /** Deadline of the vocabulary query, ms (default 2 s). */
  timeoutMs?: number;
  /** Where a failed read is reported (the app's pino logger). */
  logger?: { warn(details: object, message: string): void };
}

/** Returns the current lexicon; never rejects. */
export type LexiconProvider = () => Promise<Lexicon>;

/** A provider reading `db`'s vocabulary (see the module comment). */
export function lexiconProvider(db: Knex, options: LexiconProviderOptions = {}): LexiconProvider {
  const { refreshMs = 10 * 60_000, retryMs = 30_000, timeoutMs = 2_000, logger } = options;
  let current: Promise<Lexicon> | undefined;
  /** The read in flight, if any: never two at once. */
  let reading: Promise<Lexicon> | undefined;
  let validUntil = 0;
  const read = async (): Promise<Lexicon> => {
    try {
      // The query's own timeout cancels it on the server; the race also bounds getting a connection.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const lexicon = await Promise.race([loadLexicon(db, { timeoutMs }), deadline]).finally(() =>
        clearTimeout(timer),
      );
      validUntil = Date.now() + refreshMs;
      return lexicon;
    } catch (error) {
      logger?.warn(
        { err: error },
        'search: catalog vocabulary unavailable, splitting with the dictionary alone',
      );
      validUntil = Date.now() + retryMs;
      return buildLexicon();
    } finally {
      reading = undefined;
    }
  };
  return () => {
    if (!current) {
      current = reading = read();
    } else if (!reading && Date.now() >= validUntil) {
      reading = read();
      void reading.then((lexicon) => {
        current = Promise.resolve(lexicon);
      });
    }
    return current;
  };
}
