/**
 * German compound search over HTTP: `GET /products?search=` and `GET /media?search=` against real
 * Postgres and Meilisearch, on the kitchen catalog of test/relevance/kitchen (whose searched parts never
 * stand alone in its text, so only the dictionary can split them) plus a few products and media added
 * here for ranking and false friends, with no curated words involved. Heads, modifiers, compound queries
 * the catalog writes in parts, umlaut spellings, no prefix false friends, and the federated compound query's
 * pages, totals and facets.
 */
import path from 'node:path';
import { LEXICON } from '../../src/search/german/lexicon';
import { startStack, type Stack } from '../support/stack';
import { removeDir, writeSnapshot } from '../support/snapshot';
import type { ProductPage } from '../support/types';

const KITCHEN = path.resolve(__dirname, '../relevance/kitchen/snapshot');
const NOW = '2025-01-01T00:00:00+01:00';

const product = (id: number, slug: string, de: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug,
  objekttyp: 'produkt',
  ordernumber: `990.${id}`,
  names: { de },
  is_active: true,
  created_at: NOW,
  taxon_ids: [],
  ...extra,
});

const medium = (id: number, name: string) => ({
  id,
  name,
  file_name: `${id}.jpg`,
  mime_type: 'image/jpeg',
  type: 'image',
  file: null,
  release_status: 'released',
  created_at: NOW,
});

/** Added to the kitchen catalog: chainsaws and chains, and look-alikes that share a prefix but no part. */
const EXTRA = {
  'products.ndjson': [
    product(9001, 'kettensaege-ks-40', 'Kettensäge KS 40'),
    product(9002, 'saegekette-sk-3', 'Sägekette SK 3/8'),
    product(9003, 'kranzange-kz-1', 'Kranzange KZ 1'),
    product(9004, 'heckanbaustreuer-hs-5', 'Heckanbaustreuer HS 5'),
    product(9005, 'heckenschere-he-60', 'Heckenschere HE 60'),
    product(9006, 'messer-fuer-heckenschere-hm-60', 'Messer für Heckenschere HE 60'),
  ],
  'media.ndjson': [medium(8001, 'Kettensäge im Einsatz'), medium(8002, 'Sägekette Detailansicht')],
};

let stack: Stack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ catalog: KITCHEN });
  dir = await writeSnapshot(EXTRA);
  await stack.load(dir, 'partial');
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await removeDir(dir);
});

/** `/products?search=` (and more parameters): the page. */
const page = (search: string, more = '') =>
  stack.api.json<ProductPage>(`/products?per_page=100&search=${encodeURIComponent(search)}${more}`);
/** Slugs of `/products?search=` in rank order. */
const products = async (search: string) => (await page(search)).data.map((p) => p.slug);
const sorted = (list: string[]) => [...list].sort();

it('works without curated words: none of the searched parts is one', () => {
  for (const part of ['schrank', 'pfanne', 'säge', 'kette', 'gemüse', 'heck', 'messer']) {
    expect(LEXICON).not.toContain(part);
  }
});

describe('heads', () => {
  it('a head finds the compounds that end with it, and nothing else', async () => {
    expect(sorted(await products('Pfanne'))).toEqual([
      'kippbratpfanne-gas-kbp-100-g',
      'kippbratpfanne-kbp-120-e',
      'kippbratpfanne-kbp-80-e',
    ]);
    expect(sorted(await products('Truhe'))).toEqual(['tiefkuehltruhe-tkt-300']);
    expect(await products('Ofen')).toEqual(
      expect.arrayContaining(['pizzaofen-po-4', 'doppelkammer-pizzaofen-po-6-6', 'heissluftofen-hlo-4']),
    );
  });

  it('a head match ranks before a modifier match: saws before saw chains, chains before chainsaws', async () => {
    const saws = await products('Säge');
    expect(saws.slice(0, -1).sort()).toEqual([
      'fleischbandsaege-fbs-1800',
      'kettensaege-ks-40',
      'knochensaege-kns-200',
    ]);
    expect(saws.at(-1)).toBe('saegekette-sk-3');
    // (Then the Druckgarkessel, by one typo in its English name `kettle`.)
    expect((await products('Kette')).slice(0, 2)).toEqual(['saegekette-sk-3', 'kettensaege-ks-40']);
  });
});

describe('modifiers', () => {
  it('a first or middle part finds its compounds', async () => {
    expect(sorted(await products('Gemüse'))).toEqual([
      'blattgemueseschleuder-bgs-20',
      'gemueseschneidemaschine-gs-300',
      'gemueseschneidemaschine-gs-500',
    ]);
    expect(sorted(await products('Brot'))).toEqual(['brotregal-br-5', 'brotschneidemaschine-bsm-450']);
  });
});

describe('compound queries', () => {
  it('a one-word compound finds what the catalog writes in parts', async () => {
    expect(await products('Zwiebelschälmaschine')).toEqual(['schaelmaschine-fuer-zwiebeln-zs-5']);
    expect(await products('Getränkekühlschrank')).toEqual(['kuehlschrank-fuer-getraenke-gks-400']);
  });

  it('every part must occur: Heckenscherenmesser finds the Messer für Heckenschere, not the Heckenschere', async () => {
    expect(await products('Heckenscherenmesser')).toEqual(['messer-fuer-heckenschere-hm-60']);
  });

  it('a compound the catalog writes is searched as it is, not as its parts anywhere', async () => {
    // `Kippbratpfanne` is a catalog word: no `Kipp…` and `…pfanne` of two different products.
    expect(sorted(await products('Kippbratpfanne'))).toEqual([
      'kippbratpfanne-gas-kbp-100-g',
      'kippbratpfanne-kbp-120-e',
      'kippbratpfanne-kbp-80-e',
    ]);
  });

  it('pages, totals and facets of a compound query searched as its parts', async () => {
    const all = await page('Edelstahlarbeitstisch', '&facets=1');
    expect(all.meta.total).toBe(2);
    expect(all.data).toHaveLength(2);
    const second = await stack.api.json<ProductPage>(
      '/products?per_page=1&page=2&search=Edelstahlarbeitstisch',
    );
    expect(second.meta.total).toBe(2);
    expect(second.data.map((p) => p.slug)).toEqual([all.data[1]!.slug]);
    const counts = Object.values(all.meta.facets ?? {}).flatMap((terms) => Object.values(terms));
    expect(Math.max(...counts)).toBe(2);
  });
});

describe('umlauts typed as ae/oe/ue', () => {
  it('finds heads and compounds written with umlauts', async () => {
    expect(sorted(await products('Waermer'))).toEqual(
      sorted(['pommeswaermer-pw-600', 'tellerwaermer-tw-2x50', 'einbau-tellerwaermer-etw-40']),
    );
    expect(await products('Glaeserspuelmaschine')).toEqual(['glaeserspuelmaschine-gls-35']);
    expect(await products('Spuelmaschine')).toEqual(
      expect.arrayContaining(['haubenspuelmaschine-hsm-500', 'topf-und-geraetespuelmaschine-tgs-800']),
    );
  });
});

describe('no false friends', () => {
  it('a word is no prefix of a compound whose part it is not', async () => {
    expect(await products('Kranz')).toEqual([]);
    expect(await products('Heck')).toEqual(['heckanbaustreuer-hs-5']);
  });

  it('an unfinished word and an order number keep their prefix match', async () => {
    expect(await products('Kombidä')).toHaveLength(3);
    expect(await products('990.900')).toEqual(
      expect.arrayContaining(['kettensaege-ks-40', 'saegekette-sk-3']),
    );
  });
});

describe('media', () => {
  it('heads rank before modifiers in media names too', async () => {
    const found = await stack.api.json<{ data: { id: number }[] }>('/media?search=S%C3%A4ge');
    // (Media with these words: 8001 `Kettensäge im Einsatz`, 8002 `Sägekette Detailansicht`.)
    expect(found.data.map((m) => m.id)).toEqual([8001, 8002]);
    const chains = await stack.api.json<{ data: { id: number }[] }>('/media?search=Kette');
    expect(chains.data.map((m) => m.id)).toEqual([8002, 8001]);
  });
});
