/**
 * The hard classes of German compound search over HTTP (`GET /products?search=`, real Postgres and
 * Meilisearch), on a small catalog of words no judged query set uses and no curated word covers:
 * - a false split: `Staubecken` is a Stau-Becken, not a Staub-Ecken; `Blumentopferde` holds no Pferde;
 * - combining forms: `Erde` finds the Erdbohrer, `Kirsche` the Kirschentkerner;
 * - a two-letter noun as a part: `Öl` finds Heizöltank, Motoröl, Ölwanne and Ölfilter;
 * - a compound typed as several words in any order: `Filter Luft`, `Pumpe Wasser`, `Öl Wanne`;
 * - a typo in a head: `Bohrrer` ranks the Bohrer before the Bohrerkassette, whose modifier it is.
 */
import { LEXICON } from '../../src/search/german/lexicon';
import { startStack, type Stack } from '../support/stack';
import { removeDir, writeSnapshot } from '../support/snapshot';
import type { ProductPage } from '../support/types';

const NOW = '2025-01-01T00:00:00+01:00';

const product = (id: number, slug: string, de: string) => ({
  id,
  slug,
  objekttyp: 'produkt',
  ordernumber: `770.${id}`,
  names: { de },
  is_active: true,
  created_at: NOW,
  taxon_ids: [],
});

const PRODUCTS = [
  product(7001, 'staubecken-rs-2000', 'Staubecken RS 2000'),
  product(7002, 'staubsauger-st-1', 'Staubsauger ST 1'),
  product(7003, 'blumentopferde-bt-20', 'Blumentopferde BT 20'),
  product(7004, 'erdbohrer-eb-80', 'Erdbohrer EB 80'),
  product(7005, 'kirschentkerner-ke-1', 'Kirschentkerner KE 1'),
  product(7006, 'heizoeltank-ht-1000', 'Heizöltank HT 1000'),
  product(7007, 'motoroel-mo-5', 'Motoröl MO 5'),
  product(7008, 'oelwanne-ow-5', 'Ölwanne OW 5'),
  product(7009, 'oelfilter-of-3', 'Ölfilter OF 3'),
  product(7010, 'luftfilter-lf-20', 'Luftfilter LF 20'),
  product(7011, 'wasserpumpe-wp-3', 'Wasserpumpe WP 3'),
  product(7012, 'luftpumpe-lp-1', 'Luftpumpe LP 1'),
  product(7013, 'holzbohrer-hb-8', 'Holzbohrer HB 8'),
  product(7014, 'bohrerkassette-bk-20', 'Bohrerkassette BK 20'),
];

let stack: Stack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ catalog: 'empty' });
  dir = await writeSnapshot({ 'products.ndjson': PRODUCTS });
  await stack.load(dir, 'partial');
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await removeDir(dir);
});

/** Slugs of `/products?search=` in rank order. */
const products = async (search: string) =>
  (await stack.api.json<ProductPage>(`/products?per_page=100&search=${encodeURIComponent(search)}`)).data.map(
    (p) => p.slug,
  );

it('relies on no curated word', () => {
  for (const part of ['stau', 'becken', 'erd', 'erde', 'kirsch', 'öl', 'bohrer', 'pumpe', 'filter']) {
    expect(LEXICON).not.toContain(part);
  }
});

describe('false splits', () => {
  it('finds the Staubecken by its head, not by the Staub a longer first part would steal', async () => {
    expect(await products('Becken')).toEqual(['staubecken-rs-2000']);
    expect(await products('Staub')).toEqual(['staubsauger-st-1']);
    expect(await products('Ecken')).toEqual([]);
  });

  it('finds the Blumentopferde by Erde and Topf, never by Pferde', async () => {
    expect(await products('Pferde')).toEqual([]);
    expect(await products('Topf')).toEqual(['blumentopferde-bt-20']);
  });
});

describe('combining forms', () => {
  it('finds a compound by the full noun its first part drops an ending of', async () => {
    expect([...(await products('Erde'))].sort()).toEqual(['blumentopferde-bt-20', 'erdbohrer-eb-80']);
    expect(await products('Kirsche')).toEqual(['kirschentkerner-ke-1']);
  });
});

describe('two-letter nouns', () => {
  it('finds every compound with Öl, as head, modifier or middle part', async () => {
    expect([...(await products('Öl'))].sort()).toEqual([
      'heizoeltank-ht-1000',
      'motoroel-mo-5',
      'oelfilter-of-3',
      'oelwanne-ow-5',
    ]);
    expect(await products('Oel')).toContain('heizoeltank-ht-1000');
  });
});

describe('a compound typed as several words', () => {
  it('finds it with its parts in any order, and nothing that lacks one', async () => {
    expect(await products('Filter Luft')).toEqual(['luftfilter-lf-20']);
    expect(await products('Luft Filter')).toEqual(['luftfilter-lf-20']);
    expect(await products('Pumpe Wasser')).toEqual(['wasserpumpe-wp-3']);
    expect(await products('Öl Wanne')).toEqual(['oelwanne-ow-5']);
  });
});

describe('typos', () => {
  it('keeps the products whose head the mistyped word is before those it is the modifier of', async () => {
    // As a prefix with a typo, `bohrrer` would match the name Bohrerkassette, which ranks before heads.
    const found = await products('Bohrrer');
    expect(found.slice(0, 2).sort()).toEqual(['erdbohrer-eb-80', 'holzbohrer-hb-8']);
  });
});
