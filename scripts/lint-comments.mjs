#!/usr/bin/env node
/**
 * Fails when a code comment cites an issue number ("issue 16", "issues 13–15", "(#14)"): a reader of the
 * repository cannot open the tracker, so a comment says the reason itself. Scans the .ts, .js and .mjs
 * files under the given files or folders (default: src, indexer, config, migrations), prints
 * `file:line: comment` for each hit and exits 1 when there is one. Strings are skipped, so an error text
 * or a URL never counts; a comment is `// ...` to the line's end or `/* ... *\/` across lines.
 *
 * Usage: node scripts/lint-comments.mjs [path ...]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DEFAULT_PATHS = ['src', 'indexer', 'config', 'migrations'].map((dir) => path.join(ROOT, dir));
const EXTENSIONS = /\.(ts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const ISSUE_CITATIONS = [/\b[Ii]ssues?[ -]#?\d+/, /\(#\d+\)/];

/** Every .ts/.js/.mjs file under `target` (a file or a folder), in name order. */
function sourceFiles(target) {
  if (!statSync(target).isDirectory()) return EXTENSIONS.test(target) ? [target] : [];
  return readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      if (entry.isDirectory())
        return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path.join(target, entry.name));
      return EXTENSIONS.test(entry.name) ? [path.join(target, entry.name)] : [];
    });
}

/**
 * The comments of `text` as `{ line, text }`, one entry per line a comment covers (line numbers from 1).
 * One pass over the characters with four states: code, a string (quote ' " or `), a line comment and a
 * block comment. Template-literal `${...}` is read as part of the string, which is enough for comments.
 */
function commentLines(text) {
  const lines = [];
  let state = 'code';
  let quote = '';
  let line = 1;
  let current = '';
  const flush = () => {
    if (current.trim()) lines.push({ line, text: current.trim() });
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') {
      if (state === 'line' || state === 'block') flush();
      if (state === 'line') state = 'code';
      line++;
      continue;
    }
    if (state === 'code') {
      if (c === '/' && next === '/') [state, i] = ['line', i + 1];
      else if (c === '/' && next === '*') [state, i] = ['block', i + 1];
      else if (c === "'" || c === '"' || c === '`') [state, quote] = ['string', c];
    } else if (state === 'string') {
      if (c === '\\') i++;
      else if (c === quote) state = 'code';
    } else if (state === 'block' && c === '*' && next === '/') {
      flush();
      [state, i] = ['code', i + 1];
    } else {
      current += c;
    }
  }
  if (state === 'line' || state === 'block') flush();
  return lines;
}

const targets = process.argv.length > 2 ? process.argv.slice(2).map((p) => path.resolve(p)) : DEFAULT_PATHS;
let hits = 0;
for (const file of targets.flatMap(sourceFiles)) {
  for (const comment of commentLines(readFileSync(file, 'utf8'))) {
    if (ISSUE_CITATIONS.some((pattern) => pattern.test(comment.text))) {
      console.log(`${path.relative(process.cwd(), file)}:${comment.line}: ${comment.text}`);
      hits++;
    }
  }
}
if (hits > 0) {
  console.error(
    `${hits} comment(s) cite an issue number: say the reason instead (see docs/ for references).`,
  );
  process.exit(1);
}
