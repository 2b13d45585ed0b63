/**
 * The terminal formatter's small rules: queries are printed safely, percentages and week-over-week changes.
 */
import { percent, printable, table, weekChange } from '../../src/search-report/terminal';

test('a query with control characters cannot drive the terminal; long ones are cut', () => {
  expect(printable('\u001b[2Jred\u0007\u009b')).toBe('\ufffd[2Jred\ufffd\ufffd');
  expect(printable('Mähwerk'.repeat(10), 12)).toBe('MähwerkMähw…');
  expect(printable('kurz')).toBe('kurz');
});

test('percent and week-over-week change', () => {
  expect(percent(1, 3)).toBe('33.3%');
  expect(percent(0, 0)).toBe('-');
  expect(weekChange(5, 2)).toBe('+150%');
  expect(weekChange(1, 4)).toBe('-75%');
  expect(weekChange(3, 3)).toBe('0%');
  expect(weekChange(3, 0)).toBe('new');
  expect(weekChange(0, 0)).toBe('0%');
  expect(weekChange(null, null)).toBe('-');
});

test('tables align left and right', () => {
  const text = table(
    [
      { title: 'query', align: 'left' },
      { title: 'n', align: 'right' },
    ],
    [
      ['Mähwerk', 12],
      ['a', 3],
    ],
  );
  expect(text).toBe(['query     n', '-------  --', 'Mähwerk  12', 'a         3'].join('\n'));
});
