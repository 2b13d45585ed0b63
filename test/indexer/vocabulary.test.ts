/**
 * The catalog's vocabulary for compound splitting (src/search/german/vocabulary.ts, indexer/vocabulary.ts): which words it reads from
 * Postgres, brands left out, and that a full reindex and a sync round each read it once and build every
 * document with it.
 */
import { runReindex } from '../../indexer/jobs/reindex';
import { syncOutbox } from '../../indexer/jobs/sync';
import { INDEX_DEFINITIONS } from '../../indexer/registry';
import { currentLexicon, withLexicon } from '../../indexer/vocabulary';
import { LEXICON } from '../../src/search/german/lexicon';
import { loadLexicon, loadVocabulary } from '../../src/search/german/vocabulary';
import { importSnapshot } from '../../src/import';
import { removeDir, writeSnapshot } from '../support/snapshot';
import { addOutbox, clearOutbox, documents } from './harness';
import { startStack, type Stack } from '../support/stack';

const NOW = '2025-01-01T00:00:00+01:00';

const product = (id: number, slug: string, names: Record<string, string>, extra = {}) => ({
  id,
  slug,
  objekttyp: 'produkt',
  ordernumber: `600.${id}`,
  names,
  is_active: true,
  created_at: NOW,
  ...extra,
});

const SNAPSHOT = {
  'manufacturers.ndjson': [
    { id: 11, slug: 'new-holland', short_name: 'New Holland', names: { de: 'New Holland' }, is_active: true },
    { id: 12, slug: 'eicher', short_name: 'Eicher', names: { de: 'Eicher Traktoren' }, is_active: true },
  ],
  'products.ndjson': [
    product(
      1,
      'kr-2',
      { de: 'Kartoffelroder KR 2', en: 'Potato harvester KR 2' },
      { keywords: ['Siebkette'] },
    ),
    product(2, 'roder-xy', { de: 'Roder XY' }, { manufacturer_ids: [11] }),
    product(3, 'kl-1', { de: 'Holland-Kreiselegge KL1', fr: 'Herse rotative' }),
  ],
  'taxonomies.ndjson': [{ id: 1, slug: 'bereich', label: 'Bereich', frontend: true, position: 1 }],
  'taxons.ndjson': [
    {
      id: 101,
      taxonomy_id: 1,
      parent_id: null,
      slug: 'kartoffeltechnik',
      name: 'Kartoffeltechnik',
      position: 1,
    },
    { id: 102, taxonomy_id: 1, parent_id: null, slug: 'traktoren', name: 'Traktoren', position: 2 },
    { id: 103, taxonomy_id: 1, parent_id: null, slug: 'land', name: 'Land', position: 3 },
  ],
  'synonyms.ndjson': [{ input: 'Rodeland', synonyms: ['Kartoffelroder'] }],
  'media.ndjson': [
    {
      id: 5001,
      name: 'KR 2 – Seitenansicht',
      title: 'Siebband',
      alt: 'Kartoffelroder KR 2, Feldeinsatz',
      file_name: 'kr2.jpg',
      mime_type: 'image/jpeg',
      type: 'image',
      file: null,
      release_status: 'released',
      created_at: NOW,
      keywords: ['Knollen'],
    },
  ],
};

let stack: Stack;
/** Vocabulary queries Postgres answered since the last reset. */
let vocabularyQueries = 0;

beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false, definitions: INDEX_DEFINITIONS });
  const dir = await writeSnapshot(SNAPSHOT);
  try {
    await importSnapshot(stack.database.db, dir, { mode: 'full', mediaRoot: stack.mediaRoot });
  } finally {
    await removeDir(dir);
  }
  stack.database.db.on('query', (query: { sql: string }) => {
    if (query.sql.includes('jsonb_each_text(p.names)')) vocabularyQueries += 1;
  });
});

afterAll(() => stack.stop());

beforeEach(() => {
  vocabularyQueries = 0;
});

describe('loadVocabulary', () => {
  it('reads the words every source uses on their own: names in every language, keywords, taxons, synonyms, media', async () => {
    const { words } = await loadVocabulary(stack.database.db);
    expect([...words].sort()).toEqual(
      [
        // product names (de, en, fr) and keywords; `Holland-Kreiselegge` split at its hyphen
        'kartoffelroder',
        'potato',
        'harvester',
        'siebkette',
        'roder',
        'holland',
        'kreiselegge',
        'herse',
        'rotative',
        // taxon names, synonyms
        'kartoffeltechnik',
        'traktoren',
        'land',
        'rodeland',
        // media name, title, alt, keyword
        'seitenansicht',
        'siebband',
        'feldeinsatz',
        'knollen',
      ].sort(),
    );
    expect(vocabularyQueries).toBe(1);
  });

  it('reads brands from manufacturers’ short names and slugs, not their full names', async () => {
    const { brands } = await loadVocabulary(stack.database.db);
    expect([...brands].sort()).toEqual(['eicher', 'holland']);
  });

  it('builds a lexicon without brands, with or without the curated base', async () => {
    const lexicon = await loadLexicon(stack.database.db);
    expect(lexicon.catalogWords.has('roder')).toBe(true);
    expect(lexicon.heads.has('roder')).toBe(true);
    expect(lexicon.heads.has('holland')).toBe(false);
    expect(lexicon.brands.has('holland')).toBe(true);
    expect(lexicon.modifiers.has(LEXICON[0]!)).toBe(true);
    expect((await loadLexicon(stack.database.db, { curated: false })).modifiers.has(LEXICON[0]!)).toBe(false);
  });
});

describe('withLexicon', () => {
  it('loads the vocabulary once per scope, on first use, and shares it with nested scopes', async () => {
    await withLexicon(stack.database.db, async () => {
      expect(vocabularyQueries).toBe(0);
      const first = await currentLexicon(stack.database.db);
      const nested = await withLexicon(stack.database.db, () => currentLexicon(stack.database.db));
      expect(nested).toBe(first);
      expect(await currentLexicon(stack.database.db)).toBe(first);
    });
    expect(vocabularyQueries).toBe(1);
    await currentLexicon(stack.database.db);
    await currentLexicon(stack.database.db);
    expect(vocabularyQueries).toBe(3); // outside a scope: each call reads
  });

  it('passes its options (the bench measures the catalog words alone)', async () => {
    const lexicon = await withLexicon(stack.database.db, () => currentLexicon(stack.database.db), {
      curated: false,
    });
    expect(lexicon.modifiers.has(LEXICON[0]!)).toBe(false);
  });
});

describe('the indexer jobs', () => {
  type Terms = { id: number; name_terms: string[]; name_heads: string[]; name_modifiers: string[] };
  const terms = async (index: 'products' | 'media', id: number) => {
    const doc = (await documents<Terms>(stack.meili, stack.uid(index))).find((d) => d.id === id);
    return doc && { terms: doc.name_terms, heads: doc.name_heads, modifiers: doc.name_modifiers };
  };

  it('a full reindex reads the vocabulary once for every index and batch', async () => {
    stack.indexer.push = { ...stack.indexer.push, batchSize: 1 };
    await runReindex(stack.indexer, 'all');
    expect(vocabularyQueries).toBe(1);
    expect(await terms('products', 1)).toEqual({ terms: [], heads: ['roder'], modifiers: ['kartoffel'] });
    // `Holland` is a brand: never split (no head `land`, though `Land` stands alone), never a part.
    expect(await terms('products', 3)).toEqual({
      terms: ['hollandkreiselegge'],
      heads: ['egge', 'eggen'],
      modifiers: ['kreisel'],
    });
    expect((await terms('media', 5001))?.heads).toEqual(expect.arrayContaining(['roder', 'ansicht', 'band']));
  });

  it('a sync round reads it once and splits with the same rules', async () => {
    await clearOutbox(stack.database.db);
    await stack.database
      .db('products')
      .where('id', 1)
      .update({ names: { de: 'Kartoffelroder KR 2 Vario' } });
    await addOutbox(stack.database.db, ['product', 1], ['product', 2], ['media', 5001]);
    await syncOutbox(stack.indexer);
    expect(vocabularyQueries).toBe(1);
    expect((await terms('products', 1))?.heads).toEqual(['roder']);
  });

  it('a sync round that builds no product or medium reads nothing', async () => {
    await clearOutbox(stack.database.db);
    await addOutbox(stack.database.db, ['article', 999_999]);
    await syncOutbox(stack.indexer);
    expect(vocabularyQueries).toBe(0);
  });
});
