/** The process's pino logger, at LOG_LEVEL, JSON lines on stdout, and a throttled warning for dependency errors. */
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/env';

export type { Logger };

/** A pino logger named `name` at the configured level. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel });
}

/** How often a throttled warning is logged at most, ms. */
const WARN_EVERY_MS = 60_000;

/**
 * A function that logs `message` as a warning at most once per `everyMs`; the calls in between are counted
 * and reported as `suppressed` with the next warning.
 */
export function throttledWarning(
  logger: Logger,
  message: string,
  everyMs = WARN_EVERY_MS,
): (error: unknown) => void {
  let last = -Infinity;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < everyMs) {
      suppressed++;
      return;
    }
    last = now;
    logger.warn({ err: error, suppressed }, message);
    suppressed = 0;
  };
}
