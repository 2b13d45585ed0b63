/**
 * Every relative link in the repository's Markdown pages (README.md, SECURITY.md, BENCHMARKS.md, docs/**)
 * resolves: the file or folder exists, and a `#anchor` names a heading of the target page as GitHub
 * slugs it. Links to the web and links that leave the repository (the spec in ../shared) are not checked:
 * a clone cannot see them. Reads files only; no services.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The Markdown pages to check, relative to the repository root. */
function pages(): string[] {
  const top = ['README.md', 'SECURITY.md', 'BENCHMARKS.md'].filter((f) => fs.existsSync(path.join(ROOT, f)));
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(rel);
      return entry.name.endsWith('.md') ? [rel] : [];
    });
  return [...top, ...walk('docs')];
}

/** The text without fenced code blocks (whose `#` lines and brackets are not Markdown). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text without code: fences dropped, inline code reduced to a placeholder (links stay links). */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, 'code');
}

/** The link targets of a page: inline `[text](target)` and reference definitions `[label]: target`. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const defined = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (m) => m[1] ?? '',
  );
  return [...inline, ...defined];
}

/** GitHub's anchors for the headings of a page: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of withoutFences(markdown)
    .replace(/`([^`\n]*)`/g, '$1')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (heading ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

describe('relative links in the Markdown pages', () => {
  const files = pages();

  it('reads anchors and links as GitHub does', () => {
    expect([
      ...anchors('# The path of `one` request\n```sh\n# not a heading\n```\n## Tests\n## Tests\n'),
    ]).toEqual(['the-path-of-one-request', 'tests', 'tests-1']);
    expect(targets('[a](x.md#b) `[c](code.md)`\n\n[d]: y.md\n```\n[e](z.md)\n```\n')).toEqual([
      'x.md#b',
      'y.md',
    ]);
  });

  it('finds the pages', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', path.join('docs', 'architecture.md')]));
  });

  it.each(files)('%s: every relative link resolves', (file) => {
    const markdown = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const broken: string[] = [];
    for (const target of targets(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved =
        rawPath === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), decodeURI(rawPath));
      if (path.relative(ROOT, resolved).startsWith('..')) continue; // outside the repository
      if (!fs.existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined || !resolved.endsWith('.md') || fs.statSync(resolved).isDirectory()) continue;
      if (!anchors(fs.readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`${target}: no heading for #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
