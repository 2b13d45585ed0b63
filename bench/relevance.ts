/**
 * `npm run relevance -- [--no-build] [--no-curated] [--failures] [--json <file>]`: search relevance on the medium demo
 * catalog (issue 6). Runs every judged query of test/relevance/queries.ndjson through the API's own search
 * code (`searchProducts` / `searchMedia` with the parameters `GET /products?search=` and
 * `GET /media?search=` parse, first page of 10) and prints success@1, MRR@10, recall@10 and the
 * zero-result rate, overall and per query class, as a Markdown table.
 *
 * Services: the API benchmark's medium catalog database (`catalog_bench_api_medium`, imported once and
 * reused, bench/api/services.ts) and the bundled Meilisearch on a data dir of its own
 * (.data/bench/meili-relevance, kept between runs). The products and media indexes are rebuilt with the
 * indexer's own `reindexIndex` (about 10 s) unless `--no-build` reuses the ones of the last run.
 * Compounds are split with the catalog's own vocabulary plus the curated base list (indexer/vocabulary.ts);
 * `--no-curated` builds the indexes with the catalog's vocabulary alone, which says how the splitting
 * generalizes to a catalog the curated list was not written for.
 * `--failures` lists the queries whose first result is not wanted, with what came first.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { getConfig, loadConfig } from '../config/env';
import { DEFAULT_PUSH_OPTIONS, type IndexerContext } from '../indexer/context';
import { reindexIndex } from '../indexer/jobs/reindex';
import { INDEX_DEFINITIONS } from '../indexer/registry';
import { currentLexicon, withLexicon } from '../indexer/vocabulary';
import { createDb } from '../src/db/database';
import { startBundledMeilisearch } from '../src/dev/meilisearch';
import { parseMediaListParams } from '../src/resources/media/params';
import { searchMedia } from '../src/resources/media/search';
import { parseProductListParams } from '../src/resources/products/params';
import { searchProducts } from '../src/resources/products/search';
import { createMeiliClient } from '../src/search/indexes';
import { loadQueries, measure, reportTable, type QueryOutcome } from '../test/relevance/queries';
import { ensureSnapshot, prepareDatabase } from './api/services';

const ROOT = path.resolve(__dirname, '..');
const MEILI_DIR = path.join(ROOT, '.data', 'bench', 'meili-relevance');
const PREFIX = 'relevance_';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'no-curated': { type: 'boolean', default: false },
      failures: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const log = (m: string) => console.error(m);
  const queries = loadQueries();
  await ensureSnapshot(log);
  const { url } = await prepareDatabase(getConfig().databaseUrl, log);
  const meili = await startBundledMeilisearch({ dataDir: MEILI_DIR });
  const db = createDb(url, 4);
  try {
    const config = loadConfig({
      DATABASE_URL: url,
      MEILI_URL: meili.url,
      MEILI_MASTER_KEY: meili.masterKey,
      MEILI_INDEX_PREFIX: PREFIX,
      LOG_LEVEL: 'silent',
    });
    const client = createMeiliClient(config);
    if (!values['no-build']) {
      const ctx: IndexerContext = {
        db,
        meili: client,
        indexPrefix: PREFIX,
        definitions: INDEX_DEFINITIONS,
        logger: pino({ level: 'silent' }),
        push: DEFAULT_PUSH_OPTIONS,
        mediaRoot: config.mediaRoot,
      };
      const curated = !values['no-curated'];
      await withLexicon(
        db,
        async () => {
          const loading = Date.now();
          const lexicon = await currentLexicon(db);
          log(
            `lexicon (${curated ? 'curated + catalog' : 'catalog only'}): ${lexicon.heads.size} catalog words ` +
              `and forms, ${lexicon.parts.size} parts, ${lexicon.brands.size} brand words, ` +
              `loaded in ${Date.now() - loading} ms`,
          );
          for (const name of ['products', 'media'] as const) {
            const r = await reindexIndex(ctx, INDEX_DEFINITIONS[name]);
            log(`${name}: ${r.documents} documents indexed in ${(r.durationMs / 1000).toFixed(1)} s`);
          }
        },
        { curated },
      );
    }
    const deps = { db, meili: client, prefix: PREFIX };
    const started = Date.now();
    const outcomes: QueryOutcome[] = [];
    for (const query of queries) {
      const params = { search: query.q, per_page: '10' };
      if (query.index === 'products') {
        const page = await searchProducts(deps, parseProductListParams(params));
        outcomes.push({ query, keys: page.records.map((r) => r.slug), total: page.total });
      } else {
        const page = await searchMedia(deps, parseMediaListParams(params), Date.now());
        outcomes.push({ query, keys: page.records.map((r) => String(r.id)), total: page.total });
      }
    }
    log(`${queries.length} queries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (values.failures) {
      for (const o of outcomes.filter((o) => measure(o).successAt1 === 0)) {
        console.log(
          `- [${o.query.index}/${o.query.class}] "${o.query.q}": ${o.total} hits, first ` +
            `${o.keys.slice(0, 3).join(', ') || '-'}; wanted ${o.query.want.length} (${o.query.want.slice(0, 3).join(', ')})`,
        );
      }
      console.log('');
    }
    console.log(reportTable(outcomes));
    if (values.json) {
      const rows = outcomes.map((o) => ({ q: o.query.q, class: o.query.class, top: o.keys, total: o.total }));
      await writeFile(values.json, JSON.stringify(rows, null, 1));
    }
  } finally {
    await db.destroy();
    await meili.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
