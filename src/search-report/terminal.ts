/**
 * The report as plain text for a terminal: a summary line and aligned tables, no colours, so the output
 * reads the same in a pipe, a file or a CI log.
 */
import type { SearchReport } from './query';

type Align = 'left' | 'right';
interface Column {
  title: string;
  align: Align;
}

const QUERY_WIDTH = 40;

/**
 * A query as it may be printed: visitors typed it, so control characters (which could drive the terminal)
 * become U+FFFD, and long queries are cut to `QUERY_WIDTH` characters.
 */
export function printable(query: string, width = QUERY_WIDTH): string {
  // eslint-disable-next-line no-control-regex
  const safe = query.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
  const chars = [...safe];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : safe;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** "+150%", "-20%", "0%", "new" (nothing the week before), or "-" for ranges under 14 days. */
export function weekChange(lastWeek: number | null, previousWeek: number | null): string {
  if (lastWeek === null || previousWeek === null) return '-';
  if (previousWeek === 0) return lastWeek === 0 ? '0%' : 'new';
  const change = Math.round((100 * (lastWeek - previousWeek)) / previousWeek);
  return `${change > 0 ? '+' : ''}${change}%`;
}

const width = (text: string) => [...text].length;

/** Columns padded to their widest cell, two spaces apart, a dashed line under the titles. */
export function table(columns: Column[], rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map(String));
  const widths = columns.map((c, i) => Math.max(width(c.title), ...cells.map((row) => width(row[i] ?? ''))));
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
        return columns[i]?.align === 'right' ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}

const L = (title: string): Column => ({ title, align: 'left' });
const R = (title: string): Column => ({ title, align: 'right' });
const day = (iso: string) => iso.slice(0, 10);

function section(title: string, body: string, empty: boolean): string {
  return `${title}\n\n${empty ? '(none)' : body}`;
}

/** The whole report as text, ending in a newline. */
export function formatReport(report: SearchReport): string {
  const t = report.totals;
  const judged = t.sessionSearches - t.undecidedSearches;
  const summary = [
    `Search report ${report.from} to ${report.to} (${report.days.length} days, UTC)`,
    '',
    `searches ${t.searches}, found nothing ${t.zeroResultSearches} (${percent(t.zeroResultSearches, t.searches)}), ` +
      `sessions ${t.sessions}, refinements ${t.refinements}, ` +
      `abandoned ${t.abandonedSearches} of ${judged} judged searches (${percent(t.abandonedSearches, judged)})`,
  ].join('\n');

  const daily = table(
    [L('day'), R('searches'), R('found nothing'), R('share'), R('sessions'), R('refined'), R('abandoned')],
    [
      ...report.daily.map((d) => [
        d.day,
        d.searches,
        d.zeroResultSearches,
        percent(d.zeroResultSearches, d.searches),
        d.sessions,
        d.refinements,
        d.abandonedSearches,
      ]),
      [
        'total',
        t.searches,
        t.zeroResultSearches,
        percent(t.zeroResultSearches, t.searches),
        t.sessions,
        t.refinements,
        t.abandonedSearches,
      ],
    ],
  );

  const top = table(
    [
      R('#'),
      L('query'),
      L('endpoint'),
      R('searches'),
      R('sessions'),
      R('found nothing'),
      R('last 7 days'),
      R('7 before'),
      R('change'),
    ],
    report.topQueries.map((q, i) => [
      i + 1,
      printable(q.query),
      q.endpoint,
      q.searches,
      q.sessions,
      q.zeroResultSearches,
      q.lastWeek ?? '-',
      q.previousWeek ?? '-',
      weekChange(q.lastWeek, q.previousWeek),
    ]),
  );

  const zero = table(
    [
      R('#'),
      L('query'),
      L('endpoint'),
      R('found nothing'),
      R('searches'),
      R('sessions'),
      L('last seen'),
      R('change'),
    ],
    report.zeroResultQueries.map((q, i) => [
      i + 1,
      printable(q.query),
      q.endpoint,
      q.zeroResultSearches,
      q.searches,
      q.sessions,
      day(q.lastSeen),
      weekChange(q.lastWeek, q.previousWeek),
    ]),
  );

  const refinements = table(
    [
      L('from query'),
      L('to query'),
      L('endpoint'),
      R('times'),
      R('sessions'),
      R('from found nothing'),
      R('to found nothing'),
    ],
    report.refinements.map((r) => [
      printable(r.fromQuery, 30),
      printable(r.toQuery, 30),
      r.endpoint,
      r.refinements,
      r.sessions,
      r.fromZeroResult,
      r.toZeroResult,
    ]),
  );

  const abandoned = table(
    [L('query'), L('endpoint'), R('abandoned'), R('sessions'), L('last seen')],
    report.abandonedQueries.map((q) => [
      printable(q.query),
      q.endpoint,
      q.abandonedSearches,
      q.sessions,
      day(q.lastSeen),
    ]),
  );

  return (
    [
      summary,
      section('Searches per day', daily, false),
      section(
        'Top queries (change: last 7 days of the range against the 7 before)',
        top,
        !report.topQueries.length,
      ),
      section('Queries that found nothing', zero, !report.zeroResultQueries.length),
      section(
        'Refinements (next search in the same session within 10 minutes, another query)',
        refinements,
        !report.refinements.length,
      ),
      section(
        'Abandoned searches (inferred: found nothing, no further search in the session within 30 minutes)',
        abandoned,
        !report.abandonedQueries.length,
      ),
    ].join('\n\n') + '\n'
  );
}
