/**
 * `npm run relevance -- [--catalog demo|kitchen|construction|haustechnik|all] [--no-build] [--no-curated]
 * [--failures] [--json <file>] [--write]`: search relevance on four catalogs, each with its judged query set,
 * and the decompounder's split accuracy:
 * - `demo`: the medium demo catalog (agricultural machines), test/relevance/queries.ndjson, in the API
 *   benchmark's database (`catalog_bench_api_medium`, imported once and reused, bench/api/services.ts);
 * - `kitchen`: a commercial-kitchen catalog written without looking at the decompounder, whose judged
 *   compound parts never stand alone in its text (test/relevance/kitchen/), imported into
 *   `catalog_relevance_kitchen` on every run (73 products, a second);
 * - `construction`: construction machinery and power tools, written blind in the same way and held out: run
 *   for the first time after the decompounder was finished (test/relevance/construction/);
 * - `haustechnik`: building services, written blind with the linguistic classes that failed on catalogs of
 *   other makers (false splits, combining forms, two-letter parts, agent nouns, compounds typed in parts;
 *   test/relevance/haustechnik/);
 * - the split accuracy on the gold list test/fixtures/german/split-gold.tsv (tools/relevance/splits.ts), with
 *   the dictionary and the curated words (the gold list belongs to no catalog), printed after the catalogs.
 * Every judged query goes through the API's own search code (`searchProducts` / `searchMedia` with the
 * parameters `GET /products?search=` and `GET /media?search=` parse, first page of 10), and the report gives
 * success@1, MRR@10, recall@10 and the zero-result rate, overall and per query class, as Markdown tables.
 *
 * Meilisearch is the bundled server on a data dir of its own (.data/bench/meili-relevance, kept between
 * runs). The indexes are rebuilt with the indexer's own `reindexIndex` unless `--no-build` reuses the ones of
 * the last run. Compounds are split with the German dictionary, the catalog's own vocabulary and the curated
 * domain words (src/search/german); `--no-curated` leaves the curated words out, on the indexing and the query
 * side, which says how the splitting generalizes to a catalog they were not written for.
 * `--failures` lists the queries whose first result is not wanted, with what came first, and the gold words
 * not split exactly.
 * `--write` also replaces each catalog's section of BENCHMARKS.md (areas `relevance-<catalog>` and
 * `relevance-splits`, bench/results-file.ts) with its table; refused with
 * `--no-curated` or `--no-build`, whose figures are not those of the code as it stands.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { Meilisearch } from 'meilisearch';
import pino from 'pino';
import { getConfig, loadConfig } from '../config/env';
import { DEFAULT_PUSH_OPTIONS, type IndexerContext } from '../indexer/context';
import { reindexIndex } from '../indexer/jobs/reindex';
import { INDEX_DEFINITIONS } from '../indexer/registry';
import { currentLexicon, withLexicon } from '../indexer/vocabulary';
import { createDb, dropDatabase, ensureDatabase, migrateLatest, withDatabase } from '../src/db/database';
import { roleKeyEnv, startBundledMeilisearch } from '../tools/dev/meilisearch';
import { importSnapshot } from '../src/import';
import { parseMediaListParams } from '../src/resources/media/params';
import { searchMedia } from '../src/resources/media/search';
import { parseProductListParams } from '../src/resources/products/params';
import { searchProducts } from '../src/resources/products/search';
import type { SearchDeps } from '../src/resources/searchable-list';
import { buildLexicon, LEXICON } from '../src/search/german/lexicon';
import { loadLexicon } from '../src/search/german/vocabulary';
import { createApiMeiliClient, createMeiliClient, indexUids } from '../src/search/indexes';
import {
  loadQueries,
  measure,
  reportTable,
  type JudgedQuery,
  type QueryOutcome,
} from '../tools/relevance/queries';
import { loadGold, reportSplits, splitFailures, splitOutcomes } from '../tools/relevance/splits';
import { exitWithError } from '../src/cli/exit';
import { ensureSnapshot, prepareDatabase } from './api/services';
import { checkMarkers, measurementStamp, runLine, writeResults, type Area } from './results-file';

const ROOT = path.resolve(__dirname, '..');
const MEILI_DIR = path.join(ROOT, '.data', 'bench', 'meili-relevance');
/** Catalogs of other domains, each a folder of test/relevance with `snapshot/` and `queries.ndjson`. */
const OTHER_CATALOGS = ['kitchen', 'construction', 'haustechnik'] as const;
type CatalogName = 'demo' | (typeof OTHER_CATALOGS)[number];

interface Catalog {
  name: CatalogName;
  /** Database URL with the catalog imported. */
  url: string;
  queries: JudgedQuery[];
  indexes: readonly ('products' | 'media')[];
}

/** A catalog of test/relevance/<name> in a fresh database of its own (dropped and imported again: a second). */
async function prepareOther(name: string, serverUrl: string, log: (m: string) => void): Promise<string> {
  const url = withDatabase(serverUrl, `catalog_relevance_${name}`);
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 2);
  try {
    await migrateLatest(db);
    await importSnapshot(db, path.join(ROOT, 'test', 'relevance', name, 'snapshot'), {
      mode: 'full',
      mediaRoot: path.join(ROOT, '.data', 'bench', `media-relevance-${name}`),
    });
    log(`${name} catalog imported into catalog_relevance_${name}`);
    return url;
  } finally {
    await db.destroy();
  }
}

interface RunOptions {
  build: boolean;
  curated: boolean;
  failures: boolean;
  log: (m: string) => void;
}

/** Indexes one catalog (unless `build` is off) and runs its judged queries; the outcomes in query order. */
async function runCatalog(catalog: Catalog, meili: { url: string; masterKey: string }, o: RunOptions) {
  const prefix = `relevance_${catalog.name}_`;
  const db = createDb(catalog.url, 4);
  let closeSearch = async (): Promise<void> => {};
  try {
    const config = loadConfig({
      DATABASE_URL: catalog.url,
      MEILI_URL: meili.url,
      ...(await roleKeyEnv(meili, prefix)),
      MEILI_INDEX_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    });
    const client: Meilisearch = createMeiliClient(config);
    if (o.build) await buildIndexes(db, client, prefix, config.mediaRoot, catalog, o);
    // The query side splits with the same sources as the indexer did, and searches with the API's key.
    const lexicon = loadLexicon(db, { curated: o.curated });
    const search = createApiMeiliClient(config);
    closeSearch = search.close;
    const deps: SearchDeps = {
      db,
      meili: search.meili,
      indexUids: indexUids(prefix),
      lexicon: () => lexicon,
    };
    const started = Date.now();
    const outcomes: QueryOutcome[] = [];
    for (const query of catalog.queries) {
      const params = { search: query.q, per_page: '10' };
      if (query.index === 'products') {
        const page = await searchProducts(deps, parseProductListParams(params));
        outcomes.push({ query, keys: page.records.map((r) => r.slug), total: page.total });
      } else {
        const page = await searchMedia(deps, parseMediaListParams(params), Date.now());
        outcomes.push({ query, keys: page.records.map((r) => String(r.id)), total: page.total });
      }
    }
    o.log(
      `${catalog.name}: ${catalog.queries.length} queries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return outcomes;
  } finally {
    await closeSearch();
    await db.destroy();
  }
}

async function buildIndexes(
  db: Knex,
  client: Meilisearch,
  prefix: string,
  mediaRoot: string,
  catalog: Catalog,
  o: RunOptions,
): Promise<void> {
  const ctx: IndexerContext = {
    db,
    meili: client,
    indexPrefix: prefix,
    definitions: INDEX_DEFINITIONS,
    logger: pino({ level: 'silent' }),
    push: DEFAULT_PUSH_OPTIONS,
    mediaRoot,
  };
  await withLexicon(
    db,
    async () => {
      const loading = Date.now();
      const lexicon = await currentLexicon(db);
      o.log(
        `${catalog.name} lexicon (${o.curated ? 'dictionary + catalog + curated' : 'dictionary + catalog'}): ` +
          `${lexicon.catalogWords.size} catalog words and forms, ${lexicon.brands.size} brand words, ` +
          `loaded in ${Date.now() - loading} ms`,
      );
      for (const name of catalog.indexes) {
        const r = await reindexIndex(ctx, INDEX_DEFINITIONS[name]);
        o.log(
          `${catalog.name} ${name}: ${r.documents} documents indexed in ${(r.durationMs / 1000).toFixed(1)} s`,
        );
      }
    },
    { curated: o.curated },
  );
}

function printFailures(outcomes: QueryOutcome[]): void {
  for (const o of outcomes.filter((o) => measure(o).successAt1 === 0)) {
    console.log(
      `- [${o.query.index}/${o.query.class}] "${o.query.q}": ${o.total} hits, first ` +
        `${o.keys.slice(0, 3).join(', ') || '-'}; wanted ${o.query.want.length} (${o.query.want.slice(0, 3).join(', ')})`,
    );
  }
  console.log('');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      catalog: { type: 'string', default: 'all' },
      'no-build': { type: 'boolean', default: false },
      'no-curated': { type: 'boolean', default: false },
      failures: { type: 'boolean', default: false },
      json: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  const log = (m: string) => console.error(m);
  const which = values.catalog;
  const names: readonly string[] = ['demo', ...OTHER_CATALOGS];
  if (which !== 'all' && !names.includes(which)) throw new Error(`unknown catalog ${which}`);
  const areaOf = (name: string) => `relevance-${name}` as Area;
  const stamp = measurementStamp();
  if (values.write) {
    if (values['no-curated'] || values['no-build']) {
      throw new Error('--write records the default run only: drop --no-curated and --no-build, or --write');
    }
    const areas = names.filter((n) => which === 'all' || which === n).map(areaOf);
    checkMarkers(which === 'all' ? [...areas, 'relevance-splits'] : areas);
  }
  const serverUrl = getConfig().databaseUrl;
  const catalogs: Catalog[] = [];
  if (which === 'all' || which === 'demo') {
    await ensureSnapshot(log);
    const { url } = await prepareDatabase(serverUrl, log);
    catalogs.push({ name: 'demo', url, queries: loadQueries(), indexes: ['products', 'media'] });
  }
  for (const name of OTHER_CATALOGS) {
    if (which !== 'all' && which !== name) continue;
    const url = await prepareOther(name, serverUrl, log);
    const queries = loadQueries(path.join(ROOT, 'test', 'relevance', name, 'queries.ndjson'));
    catalogs.push({ name, url, queries, indexes: ['products'] });
  }
  const meili = await startBundledMeilisearch({ dataDir: MEILI_DIR });
  const options: RunOptions = {
    build: !values['no-build'],
    curated: !values['no-curated'],
    failures: values.failures,
    log,
  };
  const rows: { catalog: string; q: string; class: string; top: string[]; total: number }[] = [];
  try {
    for (const catalog of catalogs) {
      const outcomes = await runCatalog(catalog, meili, options);
      console.log(`### ${catalog.name} (${options.curated ? 'with' : 'without'} the curated words)\n`);
      if (options.failures) printFailures(outcomes);
      const table = reportTable(outcomes);
      console.log(table);
      console.log('');
      if (values.write) {
        writeResults([{ area: areaOf(catalog.name), markdown: table, run: runLine('relevance') }], stamp);
        log(`BENCHMARKS.md: ${areaOf(catalog.name)} written`);
      }
      for (const o of outcomes) {
        rows.push({ catalog: catalog.name, q: o.query.q, class: o.query.class, top: o.keys, total: o.total });
      }
    }
    if (which === 'all') {
      const outcomes = splitOutcomes(loadGold(), buildLexicon({ base: options.curated ? LEXICON : [] }));
      console.log(`### split accuracy (${outcomes.length} words of the gold list)\n`);
      if (options.failures) console.log(`${splitFailures(outcomes).join('\n')}\n`);
      const table = reportSplits(outcomes);
      console.log(`${table}\n`);
      if (values.write) {
        writeResults([{ area: 'relevance-splits', markdown: table, run: runLine('relevance') }], stamp);
        log('BENCHMARKS.md: relevance-splits written');
      }
    }
    if (values.json) await writeFile(values.json, JSON.stringify(rows, null, 1));
  } finally {
    await meili.stop();
  }
}

main()
  // Done: exit once the output is written; the Meilisearch client's `waitForTask` of each index build leaves a
  // 10-minute timer behind, which would otherwise keep the finished run alive that long.
  .then(() => process.stdout.write('', () => process.exit(0)))
  .catch((error: unknown) => exitWithError('relevance failed', error, { stack: true }));
