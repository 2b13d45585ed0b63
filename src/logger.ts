/** The process's pino logger, at LOG_LEVEL, JSON lines on stdout. */
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/env';

export type { Logger };

/** A pino logger named `name` at the configured level. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel });
}
