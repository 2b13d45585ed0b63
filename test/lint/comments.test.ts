/**
 * The comment check of `npm run lint` (scripts/lint-comments.mjs): no comment under src/, indexer/,
 * config/ or migrations/ cites an issue number, and a file whose comments do fails with `file:line`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/lint-comments.mjs');

/** Runs the check from the repository root over `paths` (none: its default folders). */
function lintComments(...paths: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...paths], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout };
}

describe('scripts/lint-comments.mjs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lint-comments-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on the tree', () => {
    expect(lintComments()).toEqual({ status: 0, stdout: '' });
  });

  it('fails with file:line for every comment that cites an issue number, and only for comments', () => {
    const file = path.join(dir, 'sample.ts');
    writeFileSync(
      file,
      [
        '/**',
        ' * The legacy layer (issue 16): kept for old clients.', // line 2
        ' */',
        "export const message = 'see issue 16'; // a string is not a comment",
        'export const url = "https://example.org/#12"; // issues 13-15 of the tracker', // line 5
        '/* fixed in (#14) */', // line 6
        'export const total = 3; // counts issue-free rows',
        '',
      ].join('\n'),
    );
    const { status, stdout } = lintComments(dir);
    const name = path.relative(ROOT, file);
    expect(status).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      `${name}:2: * The legacy layer (issue 16): kept for old clients.`,
      `${name}:5: issues 13-15 of the tracker`,
      `${name}:6: fixed in (#14)`,
    ]);
  });

  it('passes files whose comments say the reason instead, and reads only .ts, .js and .mjs files', () => {
    const clean = path.join(dir, 'clean');
    mkdirSync(clean);
    writeFileSync(path.join(clean, 'notes.md'), 'issue 16\n');
    writeFileSync(
      path.join(clean, 'sample.mjs'),
      "// The legacy layer stays for the earlier overview's clients.\nexport const a = 'issue 16';\n",
    );
    expect(lintComments(clean)).toEqual({ status: 0, stdout: '' });
  });
});
