/**
 * The bench's results writer (bench/results-file.ts): an area's markers delimit what it replaces, the rest
 * of BENCHMARKS.md stays byte for byte, and a missing or malformed marker is an error that names the area
 * and writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AREAS,
  checkMarkers,
  replaceSection,
  ResultsFileError,
  RESULTS_FILE,
  writeResults,
  type MeasurementStamp,
} from '../../bench/results-file';

const FILE = [
  '# Benchmarks',
  '',
  'Preface, by hand.  Two spaces and a trailing space kept. ',
  '',
  '## Import',
  '',
  '<!-- bench:import -->',
  '',
  'old import row',
  '',
  '<!-- /bench:import -->',
  '',
  '## Rate limits',
  '',
  'How to read it.',
  '',
  '<!-- bench:rate-limit -->',
  'old rate-limit row',
  '<!-- /bench:rate-limit -->',
  '',
  'Trailing text without a final newline',
].join('\n');

const STAMP: MeasurementStamp = {
  commit: 'abc1234',
  tree: 'clean',
  date: '2026-01-02T03:04:05Z',
  node: 'v24.0.0',
  cores: 2,
  load: 1.5,
};

describe('replaceSection', () => {
  it('replaces only the lines between its own markers and keeps the rest byte for byte', () => {
    const out = replaceSection(FILE, 'rate-limit', '| a |\n|---|\n| 1 |\n');
    const before = FILE.slice(
      0,
      FILE.indexOf('<!-- bench:rate-limit -->') + '<!-- bench:rate-limit -->'.length,
    );
    const after = FILE.slice(FILE.indexOf('<!-- /bench:rate-limit -->'));
    expect(out).toBe(`${before}\n\n| a |\n|---|\n| 1 |\n\n${after}`);
    expect(out).toContain('old import row');
    expect(out).not.toContain('old rate-limit row');
  });

  it('gives the same file when the same body is written twice', () => {
    const once = replaceSection(FILE, 'import', 'new');
    expect(replaceSection(once, 'import', 'new')).toBe(once);
  });

  it('fails, naming the area and the marker, when a marker is missing', () => {
    expect(() => replaceSection(FILE, 'chaos', 'x')).toThrow(ResultsFileError);
    expect(() => replaceSection(FILE, 'chaos', 'x')).toThrow(
      /area "chaos": marker <!-- bench:chaos --> not found/,
    );
    const noEnd = FILE.replace('<!-- /bench:import -->', '');
    expect(() => replaceSection(noEnd, 'import', 'x')).toThrow(/marker <!-- \/bench:import --> not found/);
  });

  it('fails when the markers repeat or come in the wrong order', () => {
    const twice = `${FILE}\n<!-- bench:import -->\n<!-- /bench:import -->\n`;
    expect(() => replaceSection(twice, 'import', 'x')).toThrow(/more than once/);
    const swapped = FILE.replace('<!-- bench:import -->', '@@')
      .replace('<!-- /bench:import -->', '<!-- bench:import -->')
      .replace('@@', '<!-- /bench:import -->');
    expect(() => replaceSection(swapped, 'import', 'x')).toThrow(/comes before/);
  });
});

describe('writeResults', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    file = path.join(dir, 'BENCHMARKS.md');
    writeFileSync(file, FILE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the stamp line and the table, formatted, into its area only', () => {
    writeResults(
      [{ area: 'import', markdown: '| scale | records |\n|---|---:|\n| medium | 135,687 |', run: '`x`' }],
      STAMP,
      file,
    );
    const out = readFileSync(file, 'utf8');
    expect(out).toContain(
      'Measured at `abc1234` (tree clean), 2026-01-02T03:04:05Z, Node v24.0.0, 2 cores, load average 1.5; `x`.\n\n' +
        '| scale  | records |\n| ------ | ------: |\n| medium | 135,687 |\n',
    );
    const outside = (text: string) => text.replace(/<!-- bench:import -->[\s\S]*<!-- \/bench:import -->/, '');
    expect(outside(out)).toBe(outside(FILE));
  });

  it('writes nothing when one of the areas has no markers', () => {
    expect(() =>
      writeResults(
        [
          { area: 'import', markdown: 'new' },
          { area: 'chaos', markdown: 'new' },
        ],
        STAMP,
        file,
      ),
    ).toThrow(/area "chaos": marker <!-- bench:chaos --> not found/);
    expect(readFileSync(file, 'utf8')).toBe(FILE);
  });
});

describe('BENCHMARKS.md', () => {
  it('has one marker pair for every area the benches write', () => {
    expect(() => checkMarkers(AREAS, RESULTS_FILE)).not.toThrow();
  });
});
