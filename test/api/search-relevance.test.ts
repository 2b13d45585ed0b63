/**
 * Search relevance over HTTP, one block per query class of test/relevance: `GET /products?search=`
 * and `GET /media?search=` against real Postgres and Meilisearch, on a small snapshot built here with the
 * spellings the classes need (a hyphenated `Scheiben-Mähwerk`, main articles, a one-way synonym, ...).
 * Compounds are split with the snapshot's own vocabulary plus the curated base (indexer/vocabulary.ts), so
 * the snapshot carries the words the demo catalog uses on their own (the synonym `Klinge`, the taxons
 * `Front` and `Heck`, a `360°-Ansicht`), and a product family the curated list does not know (`Roder`).
 */
import { syncOutbox } from '../../indexer/jobs/sync';
import { LEXICON } from '../../src/search/german/lexicon';
import { importSnapshot } from '../../src/import';
import { startStack, type Stack } from '../support/stack';
import { removeDir, writeSnapshot } from '../support/snapshot';

const NOW = '2025-01-01T00:00:00+01:00';

function product(
  id: number,
  slug: string,
  ordernumber: string | null,
  names: Record<string, string>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { id, slug, objekttyp: 'produkt', ordernumber, names, is_active: true, created_at: NOW, ...extra };
}

function article(id: number, ordernumber: string, type = 'main'): Record<string, unknown> {
  return { id, type, ordernumber, names: { de: `Artikel ${ordernumber}` }, is_active: true };
}

function medium(id: number, type: string, name: string, extra: Record<string, unknown> = {}) {
  const pdf = type !== 'image';
  return {
    id,
    name,
    file_name: `${name}.${pdf ? 'pdf' : 'jpg'}`,
    mime_type: pdf ? 'application/pdf' : 'image/jpeg',
    type,
    file: null,
    release_status: 'released',
    created_at: NOW,
    ...extra,
  };
}

const SNAPSHOT = {
  'products.ndjson': [
    product(
      1,
      'sm-3200',
      '100.426',
      { de: 'Scheibenmähwerk SM 3200', en: 'Disc mower SM 3200', fr: 'Faucheuse à disques SM 3200' },
      { keywords: ['Mähbalken', 'Euro-Aufnahme'], article_ids: [11, 12, 14] },
    ),
    product(2, 'sm-3200-profi', '100.427', {
      de: 'Scheiben-Mähwerk SM 3200 Profi',
      en: 'Disc mower SM 3200 Profi',
    }),
    // Its name holds `426`, its order number `100`: `100.426` must still find 100.426 first.
    product(3, 'tm-426', '100.999', { de: 'Trommelmähwerk TM 426' }),
    product(
      4,
      'rp-125',
      '300.125',
      { de: 'Rundballenpresse RP 125', en: 'Round baler RP 125', fr: 'Presse à balles rondes RP 125' },
      { keywords: ['Netzbindung'], article_ids: [13] },
    ),
    product(5, 'mk-50', '540.142', { de: 'Mähklingen-Box MK 50', en: 'Mower blade box MK 50' }),
    product(6, 'vs-125', '540.300', {
      de: 'Verschleißteil-Set VS 125',
      en: 'Wear parts kit VS 125',
      fr: 'Kit de pièces d’usure VS 125',
    }),
    product(7, 'kz-520', '180.520', { de: 'Kreiselzettwender KZ 520' }, { keywords: ['Grünfutter'] }),
    product(8, 'kh-1', '180.001', { de: 'Kreiselheuer KH 1' }),
    product(9, 'lw-28', '420.100', { de: 'Ladewagen LW 28' }),
    product(10, 'fl-45', '460.105', { de: 'Frontlader FL 45' }),
    product(11, 'es-180', '500.180', { de: 'Erdschaufel ES 180' }),
    product(12, 'dz-150', '500.150', { de: 'Dungzange DZ 150' }, { keywords: ['Schaufel'] }),
    // A family the curated lexicon does not know: `Roder` stands alone in a product name.
    product(13, 'kr-2', '600.200', { de: 'Kartoffelroder KR 2', en: 'Potato harvester KR 2' }),
    product(14, 'roder-xy', '600.900', { de: 'Roder XY' }),
    // `Kreiselegge`: no product, keyword or taxon has `Egge` on its own.
    product(15, 'ke-300', '610.300', { de: 'Kreiselegge KE 300' }),
  ],
  'taxonomies.ndjson': [{ id: 1, slug: 'anbauart', label: 'Anbauart', frontend: true, position: 1 }],
  'taxons.ndjson': [
    { id: 101, taxonomy_id: 1, parent_id: null, slug: 'front', name: 'Front', position: 1 },
    { id: 102, taxonomy_id: 1, parent_id: null, slug: 'heck', name: 'Heck', position: 2 },
  ],
  'articles.ndjson': [
    article(11, '100.426.01'),
    article(12, '100.426.91'),
    article(13, '300.125.01'),
    article(14, 'E 17-5982', 'spare'),
  ],
  'synonyms.ndjson': [
    { terms: ['Mähwerk', 'Mäher', 'Mähmaschine'] },
    { terms: ['Rundballenpresse', 'Rundballer'] },
    { terms: ['Mähklinge', 'Mähmesser', 'Klinge'] },
    { input: 'Kreiselheuer', synonyms: ['Zettwender'] },
  ],
  'media.ndjson': [
    medium(5001, 'manual', 'Betriebsanleitung SM 3200', { keywords: ['Mähklinge'] }),
    medium(5002, 'image', 'SM 3200 – Heckansicht', { alt: 'Scheibenmähwerk SM 3200, Heckansicht' }),
    medium(5003, 'technical_drawing', 'Maßzeichnung RP 125'),
    medium(5004, 'image', '360°-Ansicht FL 45'),
  ],
};

let stack: Stack;
let dir: string;
beforeAll(async () => {
  dir = await writeSnapshot(SNAPSHOT);
  stack = await startStack({ catalog: dir });
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await removeDir(dir);
});

/** Slugs of `/products?search=` in rank order. */
async function products(search: string): Promise<string[]> {
  const page = await stack.api.json<{ data: { slug: string }[] }>(
    `/products?per_page=100&search=${encodeURIComponent(search)}`,
  );
  return page.data.map((p) => p.slug);
}

async function media(search: string): Promise<number[]> {
  const page = await stack.api.json<{ data: { id: number }[] }>(
    `/media?per_page=100&search=${encodeURIComponent(search)}`,
  );
  return page.data.map((m) => m.id);
}

const sorted = (list: string[]) => [...list].sort();
const MOWERS = ['sm-3200', 'sm-3200-profi', 'tm-426'];

describe('order numbers', () => {
  it.each(['100.426', '100426', '100 426', '100-426'])('%s finds its product first', async (q) => {
    expect((await products(q))[0]).toBe('sm-3200');
  });

  it.each(['100.426.91', '10042601', '100 426 01'])('main article %s finds its product', async (q) => {
    expect(await products(q)).toEqual(['sm-3200']);
  });

  it('first digits find every product starting so', async () => {
    expect(sorted(await products('10042'))).toEqual(['sm-3200', 'sm-3200-profi']);
    // Printed with its dot, the groups are words (`100`, `42…`) that other products hold apart: they follow.
    expect(sorted((await products('100.42')).slice(0, 2))).toEqual(['sm-3200', 'sm-3200-profi']);
  });

  it('takes no typo: a number one digit off finds nothing', async () => {
    expect(await products('100428')).toEqual([]);
    expect(await products('100.428')).toEqual([]);
    expect(await products('10042602')).toEqual([]);
  });

  it('a spare part number (fits many products) is not searched on products', async () => {
    expect(await products('E 17-5982')).toEqual([]);
  });
});

describe('German compounds', () => {
  it('a part finds the compounds that end or start with it', async () => {
    expect(sorted(await products('Mähwerk'))).toEqual(MOWERS);
    expect(await products('Ballenpresse')).toEqual(['rp-125']);
    expect(await products('Presse')).toEqual(['rp-125']);
    expect(await products('Wender')).toEqual(['kz-520']);
    expect(await products('Klingen')).toEqual(['mk-50']);
    expect(await products('Gabel')).toEqual([]);
  });

  it('a compound finds its hyphenated spelling and the other way round', async () => {
    expect(sorted(await products('Scheibenmähwerk'))).toEqual(['sm-3200', 'sm-3200-profi']);
    expect(sorted(await products('Scheiben-Mähwerk'))).toEqual(['sm-3200', 'sm-3200-profi']);
    expect(await products('Mähklingenbox')).toEqual(['mk-50']);
    expect(await products('Euroaufnahme')).toEqual(['sm-3200']);
  });

  it('an exact part ranks before a typo and a name before a keyword', async () => {
    expect((await products('Lader'))[0]).toBe('fl-45');
    expect(await products('Schaufel')).toEqual(['es-180', 'dz-150']);
  });
});

describe('umlauts and ß', () => {
  it.each(['Maehwerk', 'Mahwerk', 'MAEHWERK'])('%s finds Mähwerk', async (q) => {
    expect(sorted(await products(q))).toEqual(MOWERS);
  });

  it('ae/oe/ue and ss spellings of names and keywords', async () => {
    expect(await products('Verschleissteil')).toEqual(['vs-125']);
    expect(await products('Gruenfutter')).toEqual(['kz-520']);
    expect(await products('Maehklingen Box')).toEqual(['mk-50']);
    expect(await products('Scheibenmaehwerk SM 3200 Profi')).toEqual(['sm-3200-profi']);
  });
});

describe('typos', () => {
  it('one typo in a word of five letters or more', async () => {
    expect(await products('Rundbalenpresse')).toEqual(['rp-125']);
    expect(await products('Kreiselzetwender')).toEqual(['kz-520']);
    expect(await products('Netzbindnug')).toEqual(['rp-125']);
  });

  it('none in shorter words', async () => {
    expect(await products('Bux')).toEqual([]);
  });
});

describe('English and French names', () => {
  it('finds products by their translated names, accents optional', async () => {
    expect(sorted(await products('disc mower'))).toEqual(['sm-3200', 'sm-3200-profi']);
    expect(await products('round baler')).toEqual(['rp-125']);
    expect(await products('faucheuse a disques')).toEqual(['sm-3200']);
    expect(await products("pièces d'usure")).toEqual(['vs-125']);
  });
});

describe('synonyms', () => {
  it('mutual synonyms work in every direction', async () => {
    expect(sorted(await products('Mäher'))).toEqual(MOWERS);
    expect(await products('Rundballer')).toEqual(['rp-125']);
  });

  it('a one-way synonym only from its input', async () => {
    expect(sorted(await products('Kreiselheuer'))).toEqual(['kh-1', 'kz-520']);
    expect(await products('Zettwender')).toEqual(['kz-520']);
  });
});

describe('keywords and several words', () => {
  it('maintained keywords find their products', async () => {
    expect(await products('Netzbindung')).toEqual(['rp-125']);
    expect(await products('Mähbalken')).toEqual(['sm-3200']);
  });

  it('every word must occur, in any field', async () => {
    expect(await products('Scheibenmähwerk Profi')).toEqual(['sm-3200-profi']);
    expect(await products('Rundballenpresse Netzbindung')).toEqual(['rp-125']);
    expect(await products('Presse Netzbindung 300.125')).toEqual(['rp-125']);
    expect(await products('Mähwerk Netzbindung')).toEqual([]);
  });
});

describe('media', () => {
  it('compound parts, umlaut spellings and keywords', async () => {
    expect(await media('Anleitung SM 3200')).toEqual([5001]);
    expect(await media('Ansicht SM 3200')).toEqual([5002]);
    expect(await media('Masszeichnung')).toEqual([5003]);
    expect(await media('Zeichnung RP 125')).toEqual([5003]);
    expect(await media('Maehklinge')).toEqual([5001]);
    expect(await media('Mähwerk')).toEqual([5002]);
  });
});

describe('a product family the curated lexicon does not know', () => {
  it('finds Kartoffelroder by its head Roder, which the catalog uses on its own', async () => {
    expect(LEXICON).not.toContain('roder');
    expect(await products('Roder')).toEqual(['roder-xy', 'kr-2']);
    expect(await products('Roder KR 2')).toEqual(['kr-2']);
  });

  it('finds a head the catalog never uses on its own, from the dictionary', async () => {
    expect(await products('Egge')).toEqual(['ke-300']);
    expect(await products('Kreiselegge')).toEqual(['ke-300']);
  });

  it('the sync splits a new product with the same vocabulary as the full reindex', async () => {
    const dir = await writeSnapshot({
      'products.ndjson': [product(16, 'kr-4', '600.400', { de: 'Kartoffelroder KR 4' })],
    });
    try {
      await importSnapshot(stack.database.db, dir, { mode: 'partial', mediaRoot: stack.mediaRoot });
    } finally {
      await removeDir(dir);
    }
    await syncOutbox(stack.indexer);
    expect(await products('Roder')).toEqual(['roder-xy', 'kr-2', 'kr-4']);
  });
});
