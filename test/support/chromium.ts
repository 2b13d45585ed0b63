/**
 * Headless Debian Chromium for the browser tests (the docs page, the search report), driven by
 * playwright-core. `launchChromium(dir)` starts it with a fresh profile under `dir` (its --user-data-dir)
 * and the flags this closed network needs; throws when /usr/bin/chromium is missing (.ci/run installs it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps calling Google's hosts, which this network refuses.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser context with a new profile in `<dir>/profile`, viewport 1280×900; close it in `afterAll`. */
export async function launchChromium(dir: string): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
  return chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
}
