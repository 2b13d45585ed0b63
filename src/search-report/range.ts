/**
 * The report's date range: whole UTC days, both ends inclusive, as the views count days.
 */

/** A usage mistake on the command line: the CLI prints its message as one line and exits 1. */
export class ReportUsageError extends Error {}

export interface DateRange {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day, YYYY-MM-DD (inclusive) */
  to: string;
  /** every day from `from` to `to` */
  days: string[];
}

/** Days in the default range (today and the 29 days before it). */
export const DEFAULT_DAYS = 30;
/** Upper bound on a range: the log keeps 400 days by default; a longer range is a typo. */
export const MAX_DAYS = 3660;

const DAY_MS = 86_400_000;

const formatDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Milliseconds of UTC midnight of a YYYY-MM-DD day that exists on the calendar, else null. */
function dayMs(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  return formatDay(ms) === value ? ms : null; // 2026-02-30 rolls over to March: not a day
}

/**
 * The range of `--from` and `--to` (either may be missing): `to` defaults to today (UTC), `from` to
 * 29 days before `to`. Throws ReportUsageError for a value that is not a YYYY-MM-DD calendar day, or
 * `from` after `to`.
 */
export function resolveRange(options: { from?: string; to?: string }, now: Date = new Date()): DateRange {
  const parse = (flag: string, value: string): number => {
    const ms = dayMs(value);
    if (ms === null)
      throw new ReportUsageError(`${flag} ${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
    return ms;
  };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = options.to === undefined ? today : parse('--to', options.to);
  const from = options.from === undefined ? to - (DEFAULT_DAYS - 1) * DAY_MS : parse('--from', options.from);
  if (from > to) throw new ReportUsageError(`--from ${formatDay(from)} is after --to ${formatDay(to)}`);
  const count = Math.round((to - from) / DAY_MS) + 1;
  if (count > MAX_DAYS) throw new ReportUsageError(`the range spans ${count} days, at most ${MAX_DAYS}`);
  const days = Array.from({ length: count }, (_, i) => formatDay(from + i * DAY_MS));
  return { from: formatDay(from), to: formatDay(to), days };
}
