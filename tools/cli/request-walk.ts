/**
 * `npm run walk`: which source files one API request runs (tools/request-walk.ts), printed in order and by
 * folder. Needs Postgres (DATABASE_URL's server: it creates and drops a database of its own) and Redis
 * (REDIS_URL); starts and stops the bundled Meilisearch itself.
 *
 *   npm run walk [-- --request '/products?search=…&taxons=…'] [--runs 3] [--snapshot <dir>] [--json]
 *
 * `--request` is a path under /api/v1 (default: a German compound in a frontend taxon of the sample
 * catalog); `--snapshot` a catalog snapshot directory (default the shared sample catalog); `--json` prints
 * the whole measurement as JSON. Exits 1 with one line on failure. Interrupted (Ctrl-C), it stops its
 * children but leaves its database `catalog_walk_<hex>` behind: drop it by hand.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_REQUEST, DEFAULT_WARMUPS, formatWalk, SAMPLE_SNAPSHOT, walkRequest } from '../request-walk';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      request: { type: 'string', default: DEFAULT_REQUEST },
      runs: { type: 'string', default: '3' },
      snapshot: { type: 'string', default: SAMPLE_SNAPSHOT },
      json: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  const request = values.request.startsWith('/') ? values.request : `/${values.request}`;
  const walk = await walkRequest({
    request,
    warmups: DEFAULT_WARMUPS.filter((r) => r !== request),
    runs,
    snapshotDir: values.snapshot,
    log: (message) => console.error(message),
  });
  console.log(values.json ? JSON.stringify(walk, null, 2) : formatWalk(walk));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`walk failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
