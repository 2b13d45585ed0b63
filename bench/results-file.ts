/**
 * BENCHMARKS.md as the benches' current results: each area's numbers live between the markers
 * `<!-- bench:<area> -->` and `<!-- /bench:<area> -->`, and a bench run with `--write` replaces that
 * section with the tables its own report just printed, headed by where and when they were measured.
 * Everything outside the markers (the hand-written preface of each area, the targets) is left byte for byte.
 *
 * - `replaceSection(text, area, body)`: pure; throws a `ResultsFileError` when the area's markers are
 *   missing, repeated or in the wrong order.
 * - `measurementStamp()`: the commit, whether the tree differs from it, the UTC time, Node, the cores and load,
 *   taken once at the start of a run (a run takes minutes, and the tree may move meanwhile).
 * - `checkMarkers(areas)`: the same checks up front, before a run spends minutes measuring.
 * - `writeResults(sections, stamp)`: replaces every given area in one read and one atomic write, each
 *   body formatted by Prettier first (`npm run lint` checks BENCHMARKS.md with `prettier --check`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The results file, at the repository's root. */
export const RESULTS_FILE = path.resolve(__dirname, '..', 'BENCHMARKS.md');

/** The areas that have markers in BENCHMARKS.md, in the file's order. */
export const AREAS = [
  'api',
  'freshness',
  'memory',
  'edge',
  'hostile',
  'rate-limit',
  'render',
  'index-first',
  'import',
  'relevance-demo',
  'relevance-kitchen',
  'relevance-construction',
  'relevance-haustechnik',
  'relevance-splits',
  'chaos',
] as const;
export type Area = (typeof AREAS)[number];

/** A missing or malformed marker pair, or an unknown area: the file was not written. */
export class ResultsFileError extends Error {
  override name = 'ResultsFileError';
}

/** Where and when a run measured: the first line of each section it writes. */
export interface MeasurementStamp {
  /** Short SHA of HEAD, or `unknown` outside a git checkout. */
  commit: string;
  /** `clean`, or `dirty: N files differ` when tracked or new files other than the results file differ from HEAD. */
  tree: string;
  /** ISO 8601, UTC, to the second. */
  date: string;
  node: string;
  cores: number;
  /** The machine's one-minute load average at the start: above the cores, the run shared them. */
  load: number;
}

const open = (area: string) => `<!-- bench:${area} -->`;
const close = (area: string) => `<!-- /bench:${area} -->`;

/** Every index of `needle` in `text`. */
function indexesOf(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/**
 * `text` with the lines between the area's two markers replaced by `body` (which is trimmed and framed by
 * blank lines, so that Markdown renders its tables); the markers and everything outside them unchanged.
 */
export function replaceSection(text: string, area: string, body: string): string {
  const start = indexesOf(text, open(area));
  const end = indexesOf(text, close(area));
  const where = `${path.basename(RESULTS_FILE)}, area "${area}"`;
  if (start.length === 0 || end.length === 0) {
    throw new ResultsFileError(
      `${where}: marker ${start.length === 0 ? open(area) : close(area)} not found; add the pair ` +
        `${open(area)} … ${close(area)} where the area's results belong`,
    );
  }
  if (start.length > 1 || end.length > 1) {
    throw new ResultsFileError(`${where}: its markers appear more than once; keep one pair`);
  }
  const from = start[0]! + open(area).length;
  const to = end[0]!;
  if (to < from) throw new ResultsFileError(`${where}: ${close(area)} comes before ${open(area)}`);
  return `${text.slice(0, from)}\n\n${body.trim()}\n\n${text.slice(to)}`;
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: path.dirname(RESULTS_FILE),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** The stamp of a run starting now (see `MeasurementStamp`). */
export function measurementStamp(): MeasurementStamp {
  const own = path.basename(RESULTS_FILE);
  // The results file itself is left out: writing one area must not make the next area's stamp dirty.
  const changed = (git(['status', '--porcelain', '--untracked-files=normal']) ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && line.slice(3) !== own);
  return {
    commit: git(['rev-parse', '--short', 'HEAD']) ?? 'unknown',
    tree: changed.length === 0 ? 'clean' : `dirty: ${changed.length} files differ`,
    date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    node: process.version,
    cores: os.cpus().length,
    load: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

/**
 * The first line of a section: `Measured at <commit> (tree <state>), <date>, Node <version>, <cores> cores,
 * load average <load>; <run>.`
 */
export function stampLine(stamp: MeasurementStamp, run?: string): string {
  return (
    `Measured at \`${stamp.commit}\` (tree ${stamp.tree}), ${stamp.date}, Node ${stamp.node}, ` +
    `${stamp.cores} cores, load average ${stamp.load}${run ? `; ${run}` : ''}.`
  );
}

/**
 * Throws a `ResultsFileError` unless every area of `areas` has one well-formed marker pair in `file`: a run
 * with `--write` checks this before it spends minutes measuring.
 */
export function checkMarkers(areas: readonly Area[], file = RESULTS_FILE): void {
  const text = readFileSync(file, 'utf8');
  for (const area of areas) replaceSection(text, area, '');
}

/** One area's fresh results: its report's Markdown and, optionally, how the run was invoked. */
export interface Section {
  area: Area;
  markdown: string;
  /** The command and options that produced it, e.g. "`npm run bench -- --only import --write`". */
  run?: string;
}

/** `markdown` as `prettier --write` would leave it in BENCHMARKS.md (the project's settings). */
function formatMarkdown(markdown: string): string {
  // Prettier's CLI rather than its API: the API loads its plugins with a dynamic import, which jest refuses.
  const bin = path.resolve(__dirname, '..', 'node_modules', '.bin', 'prettier');
  return execFileSync(bin, ['--stdin-filepath', RESULTS_FILE], { input: markdown, encoding: 'utf8' });
}

/**
 * Replaces each section's area in `file` (default BENCHMARKS.md) with its stamp line and Markdown, as
 * Prettier formats it with the project's settings; all areas are checked before anything is written, and
 * the file is replaced atomically. Rejects with a `ResultsFileError` (nothing written) on a bad marker.
 */
export function writeResults(sections: Section[], stamp: MeasurementStamp, file = RESULTS_FILE): void {
  let text = readFileSync(file, 'utf8');
  for (const s of sections) {
    if (!(AREAS as readonly string[]).includes(s.area))
      throw new ResultsFileError(`unknown area "${s.area}"`);
    text = replaceSection(
      text,
      s.area,
      formatMarkdown(`${stampLine(stamp, s.run)}\n\n${s.markdown.trim()}\n`),
    );
  }
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** The command line of this run as Markdown code, for the stamp (`npm run <script> -- <args>`). */
export function runLine(script: string): string {
  const args = process.argv.slice(2).join(' ');
  return `\`npm run ${script}${args ? ` -- ${args}` : ''}\``;
}
