/**
 * What some test files need from the machine beyond node_modules, checked once before the run (jest's
 * globalSetup): Debian's Chromium for the browser tests, PHP with Debian's Laravel and the Laravel harness
 * for the Laravel comparison, Varnish with vmod xkey for the edge cache tests. A missing one fails the run at once with one line naming it and `npm run
 * setup` (which installs or checks them all), instead of each of those files failing later. A run narrowed
 * to files that do not need it (`npx jest test/api`) is not held up. File checks only: no process starts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The Laravel harness: ../shared/laravel-ref beside the repository, or LARAVEL_REF_DIR. */
export const LARAVEL_REF_DIR = process.env.LARAVEL_REF_DIR ?? path.resolve(ROOT, '../shared/laravel-ref');

interface Prerequisite {
  what: string;
  present: () => boolean;
  /** The test files that need it, relative to the repository. */
  tests: string[];
}

const PREREQUISITES: Prerequisite[] = [
  {
    what: 'Chromium (/usr/bin/chromium)',
    present: () => existsSync('/usr/bin/chromium'),
    tests: ['test/openapi/docs-page.test.ts', 'test/search-report/report-html.test.ts'],
  },
  {
    // Debian's php-laravel-framework puts Laravel on PHP's include path, /usr/share/php
    what: 'PHP with Laravel (php-cli, php-laravel-framework)',
    present: () => existsSync('/usr/bin/php') && existsSync('/usr/share/php/Illuminate/autoload.php'),
    tests: ['test/http/laravel-links.test.ts'],
  },
  {
    what: 'Varnish with vmod xkey (varnish, varnish-modules)',
    present: () =>
      existsSync('/usr/sbin/varnishd') &&
      existsSync('/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so'),
    tests: ['test/edge/varnish.test.ts'],
  },
  {
    what: `the Laravel harness (${path.join(LARAVEL_REF_DIR, 'paginate.php')}; or set LARAVEL_REF_DIR)`,
    present: () => existsSync(path.join(LARAVEL_REF_DIR, 'paginate.php')),
    tests: ['test/http/laravel-links.test.ts'],
  },
];

/** The part of jest's global configuration that says which test files this run selected. */
interface RunSelection {
  rootDir: string;
  testPathPatterns?: {
    isSet(): boolean;
    toExecutor(o: { rootDir: string }): { isMatch(p: string): boolean };
  };
}

/**
 * Ends the run (exit 1) with the one line `missing X: run \`npm run setup\`` for the first prerequisite a
 * selected test file lacks; nothing has started yet, so nothing is left behind.
 */
export function checkPrerequisites(run: RunSelection): void {
  const patterns = run.testPathPatterns?.isSet()
    ? run.testPathPatterns.toExecutor({ rootDir: run.rootDir })
    : undefined;
  for (const p of PREREQUISITES) {
    const needed = !patterns || p.tests.some((test) => patterns.isMatch(path.join(ROOT, test)));
    if (needed && !p.present()) {
      process.stderr.write(`missing ${p.what}: run \`npm run setup\`\n`);
      process.exit(1);
    }
  }
}
