/** Loggers whose lines a test can read. */
import { Writable } from 'node:stream';
import pino from 'pino';

/** A logged line: pino's JSON object. */
export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** A pino logger at `level` (default warn) whose lines land, parsed, in `lines`. */
export function captureLogger(lines: LogLine[], level: pino.Level = 'warn'): pino.Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return pino({ level }, sink);
}
