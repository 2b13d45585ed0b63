/**
 * What the API benchmark's cases are made of, read from the benchmark database: the catalog's size, the
 * searches a visitor types, filter combinations that find something, and the products with the most and
 * the fewest relations. Deterministic for a given catalog.
 */
import type { Knex } from 'knex';
import { mediaReleasedForWebsite, PUBLIC_FOLDERS_CTE } from '../../src/catalog/visibility';
import type { ApiBenchResult, DetailQueryCount } from './types';

/** Up to `n` texts of `counts`, the most frequent first (ties by text, so the choice is deterministic). */
function topByCount(counts: Map<string, number>, n: number): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([text]) => text);
}

/**
 * About 20 searches a visitor types, taken from the German names of the active products
 * (`Kreiselschwader KS 420 G17 Profi`): machine types, model codes, a type with its size, a type with
 * an edition word. Each kind by frequency, so every query finds products.
 */
async function searchQueries(db: Knex): Promise<string[]> {
  const rows: { name: string }[] = await db('products')
    .select(db.raw(`names->>'de' AS name`))
    .where('is_active', true)
    .whereRaw(`names->>'de' IS NOT NULL`)
    .orderBy('id');
  const kinds = {
    type: new Map<string, number>(),
    code: new Map<string, number>(),
    typeSize: new Map<string, number>(),
    edition: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, text: string) => map.set(text, (map.get(text) ?? 0) + 1);
  for (const { name } of rows) {
    const words = name.split(/\s+/).filter(Boolean);
    const [type, code, size] = words;
    if (!type || !/^\p{Lu}\p{Ll}{3,}/u.test(type)) continue;
    add(kinds.type, type);
    if (code && size && /^\p{Lu}{2,3}$/u.test(code) && /^\d+$/.test(size)) {
      add(kinds.code, `${code} ${size}`);
      add(kinds.typeSize, `${type} ${size}`);
    }
    const last = words[words.length - 1]!;
    if (words.length > 3 && /^\p{Lu}\p{Ll}{3,}$/u.test(last)) add(kinds.edition, `${type} ${last}`);
  }
  return [
    ...topByCount(kinds.type, 8),
    ...topByCount(kinds.code, 4),
    ...topByCount(kinds.typeSize, 4),
    ...topByCount(kinds.edition, 4),
  ];
}

export interface FilterPair {
  taxonomy: string;
  term: string;
  manufacturer: string;
}

/**
 * 20 `taxons=<dimension:term>&manufacturer=<slug>` combinations that occur on active products: distinct
 * terms of frontend taxonomies, each manufacturer at most twice, the most common combinations first.
 */
async function filterPairs(db: Knex): Promise<FilterPair[]> {
  const { rows } = await db.raw<{ rows: (FilterPair & { n: number })[] }>(
    `SELECT tx.slug AS taxonomy, t.slug AS term, m.slug AS manufacturer, count(*)::int AS n
       FROM product_taxons pt
       JOIN products p ON p.id = pt.product_id AND p.is_active
       JOIN taxons t ON t.id = pt.taxon_id
       JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
       JOIN product_manufacturers pm ON pm.product_id = pt.product_id
       JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
      GROUP BY tx.slug, t.slug, m.slug
      ORDER BY n DESC, tx.slug, t.slug, m.slug`,
  );
  const terms = new Set<string>();
  const perManufacturer = new Map<string, number>();
  const out: FilterPair[] = [];
  for (const row of rows) {
    const term = `${row.taxonomy}:${row.term}`;
    if (terms.has(term) || (perManufacturer.get(row.manufacturer) ?? 0) >= 2) continue;
    terms.add(term);
    perManufacturer.set(row.manufacturer, (perManufacturer.get(row.manufacturer) ?? 0) + 1);
    out.push(row);
    if (out.length === 20) break;
  }
  return out;
}

const RELATION_COUNTS = `
  (SELECT count(*) FROM product_articles x JOIN articles a ON a.id = x.article_id AND a.is_active
    WHERE x.product_id = p.id)::int AS articles,
  (SELECT count(*) FROM product_manufacturers x JOIN manufacturers m ON m.id = x.manufacturer_id AND m.is_active
    WHERE x.product_id = p.id)::int AS manufacturers,
  (SELECT count(*) FROM product_tractor_models x WHERE x.product_id = p.id)::int AS "tractorModels",
  (SELECT count(*) FROM product_taxons x JOIN taxons t ON t.id = x.taxon_id
     JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend WHERE x.product_id = p.id)::int AS terms,
  (SELECT count(*) FROM product_media_links x WHERE x.product_id = p.id AND x.role = 'image')::int AS images,
  (SELECT count(*) FROM product_uploads x WHERE x.product_id = p.id)::int AS uploads`;

/** An active product and its number of relation rows of each kind the detail view reads. */
export type DetailCandidate = DetailQueryCount['relations'] & { slug: string; total: number };

/** Active products ranked by their number of relation rows the detail view reads: `n` at each end. */
async function detailCandidates(
  db: Knex,
  n: number,
): Promise<{ most: DetailCandidate[]; fewest: DetailCandidate[] }> {
  const { rows } = await db.raw<{ rows: DetailCandidate[] }>(
    `WITH r AS (SELECT p.id, p.slug, ${RELATION_COUNTS} FROM products p WHERE p.is_active)
     SELECT *, articles + manufacturers + "tractorModels" + terms + images + uploads AS total FROM r
      ORDER BY total DESC, id`,
  );
  return { most: rows.slice(0, n), fewest: rows.slice(-n).reverse() };
}

/** The media that `GET /media` may show: released for the website, in a public folder, not expired. */
const PUBLIC_MEDIA = `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE}
  SELECT m.* FROM media m
   WHERE ${mediaReleasedForWebsite('m')} AND (m.valid_until IS NULL OR m.valid_until > now())`;

/**
 * About 20 `/media` searches from the public media's names (`KS 380 – Heckansicht`) and keywords, each
 * kind by frequency: 6 view words (`Heckansicht`), 6 model codes (`KS 380`), 4 keywords that are not view
 * words (`Frontlader`, `Mähklinge`), 4 model code + view word (`KS 380 Heckansicht`).
 */
async function mediaSearchQueries(db: Knex): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `SELECT name FROM (${PUBLIC_MEDIA}) m ORDER BY id`,
  );
  const kinds = {
    view: new Map<string, number>(),
    code: new Map<string, number>(),
    both: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, text: string) => map.set(text, (map.get(text) ?? 0) + 1);
  for (const { name } of rows) {
    const [subject, view] = name.split(' – ');
    const code = /^\p{Lu}{2,3} \d+/u.exec(subject ?? '')?.[0];
    if (code) add(kinds.code, code);
    if (view && /^[\p{L} ]+$/u.test(view)) {
      add(kinds.view, view);
      if (code) add(kinds.both, `${code} ${view}`);
    }
  }
  const views = topByCount(kinds.view, 6);
  const { rows: keywords } = await db.raw<{ rows: { keyword: string }[] }>(
    `SELECT k.keyword FROM search_keywords k JOIN (${PUBLIC_MEDIA}) m ON m.id = k.media_id
      GROUP BY k.keyword ORDER BY count(*) DESC, k.keyword LIMIT 30`,
  );
  const seen = new Set([...kinds.view.keys()]);
  const otherKeywords = keywords
    .map((k) => k.keyword)
    .filter((k) => !seen.has(k))
    .slice(0, 4);
  return [...views, ...topByCount(kinds.code, 6), ...otherKeywords, ...topByCount(kinds.both, 4)];
}

/** The public folder holding the most public media directly (the list case's `folder=` variant). */
async function busiestPublicFolder(db: Knex): Promise<string> {
  const { rows } = await db.raw<{ rows: { slug: string }[] }>(
    `SELECT f.slug FROM (${PUBLIC_MEDIA}) m JOIN media_folders f ON f.id = m.folder_id
      GROUP BY f.slug ORDER BY count(*) DESC, f.slug LIMIT 1`,
  );
  if (!rows[0]) throw new Error('the catalog has no public media in a folder');
  return rows[0].slug;
}

/** The `n` newest public JPEG images (ids): the file cases render and serve their renditions. */
async function renditionImages(db: Knex, n: number): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `SELECT id FROM (${PUBLIC_MEDIA}) m
      WHERE m.type = 'image' AND m.mime_type = 'image/jpeg' AND m.file_path IS NOT NULL
      ORDER BY m.created_at DESC, m.id DESC LIMIT ?`,
    [n],
  );
  if (rows.length < n) throw new Error(`only ${rows.length} public JPEG images, wanted ${n}`);
  return rows.map((r) => r.id);
}

export interface CatalogSample {
  catalog: ApiBenchResult['catalog'];
  searches: string[];
  pairs: FilterPair[];
  /** The 10 active products with the most relation rows, most first; the 10 with the fewest, fewest first. */
  details: { most: DetailCandidate[]; fewest: DetailCandidate[] };
  /** `/media` searches, the folder of the list's `folder=` variant, the images the file cases serve. */
  media: { searches: string[]; folder: string; images: number[] };
}

/** What the cases are made of, read from the benchmark database (active products and articles, all media). */
export async function catalogSample(db: Knex): Promise<CatalogSample> {
  const count = async (table: string, activeOnly: boolean) =>
    Number(
      (
        await db(table)
          .where(activeOnly ? { is_active: true } : {})
          .count<{ n: number }[]>('* as n')
      )[0]!.n,
    );
  return {
    catalog: {
      products: await count('products', true),
      articles: await count('articles', true),
      media: await count('media', false),
    },
    searches: await searchQueries(db),
    pairs: await filterPairs(db),
    details: await detailCandidates(db, 10),
    media: {
      searches: await mediaSearchQueries(db),
      folder: await busiestPublicFolder(db),
      images: await renditionImages(db, 20),
    },
  };
}

/** A text and how many active products (or public media) it comes from: its rank among shoppers' queries. */
export interface RankedText {
  text: string;
  count: number;
}

/**
 * Up to `n` product searches for the unique-request and Zipf cases, most frequent first: the
 * searches of `searchQueries` by kind, then every machine type, model code with size, type with size,
 * type with edition word and type with model code and size that the active products' German names hold,
 * ranked by the number of products they come from (ties by text). Deterministic for a given catalog.
 */
export async function productVocabulary(db: Knex, n: number): Promise<RankedText[]> {
  const rows: { name: string }[] = await db('products')
    .select(db.raw(`names->>'de' AS name`))
    .where('is_active', true)
    .whereRaw(`names->>'de' IS NOT NULL`)
    .orderBy('id');
  const counts = new Map<string, number>();
  const add = (text: string) => counts.set(text, (counts.get(text) ?? 0) + 1);
  for (const { name } of rows) {
    const words = name.split(/\s+/).filter(Boolean);
    const [type, code, size] = words;
    if (!type || !/^\p{Lu}\p{Ll}{3,}/u.test(type)) continue;
    add(type);
    if (code && size && /^\p{Lu}{2,3}$/u.test(code) && /^\d+$/.test(size)) {
      add(`${code} ${size}`);
      add(`${type} ${size}`);
      add(`${type} ${code} ${size}`);
    }
    const last = words[words.length - 1]!;
    if (words.length > 3 && /^\p{Lu}\p{Ll}{3,}$/u.test(last)) add(`${type} ${last}`);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([text, count]) => ({ text, count }));
}

/**
 * Up to `n` `/media` searches for the unique-request case, most frequent first: model codes, view words,
 * model code + view word from the public media's names, and their 40 most frequent keywords.
 */
export async function mediaVocabulary(db: Knex, n: number): Promise<RankedText[]> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `SELECT name FROM (${PUBLIC_MEDIA}) m ORDER BY id`,
  );
  const counts = new Map<string, number>();
  const add = (text: string, k = 1) => counts.set(text, (counts.get(text) ?? 0) + k);
  for (const { name } of rows) {
    const [subject, view] = name.split(' – ');
    const code = /^\p{Lu}{2,3} \d+/u.exec(subject ?? '')?.[0];
    if (code) add(code);
    if (view && /^[\p{L} ]+$/u.test(view)) {
      add(view);
      if (code) add(`${code} ${view}`);
    }
  }
  const { rows: keywords } = await db.raw<{ rows: { keyword: string; n: number }[] }>(
    `SELECT k.keyword, count(*)::int AS n FROM search_keywords k JOIN (${PUBLIC_MEDIA}) m ON m.id = k.media_id
      GROUP BY k.keyword ORDER BY count(*) DESC, k.keyword LIMIT 40`,
  );
  for (const k of keywords) if (!counts.has(k.keyword)) add(k.keyword, k.n);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([text, count]) => ({ text, count }));
}

/**
 * Filter parameters of `/products` for the unique filtered-list case: every frontend taxon term with a
 * manufacturer that occur together on active products, each term alone and each manufacturer alone, most
 * products first, up to `n` (as query parameters, e.g. `{ taxons: 'typ:frontlader', manufacturer: 'x' }`).
 */
export async function productFilters(db: Knex, n: number): Promise<Record<string, string>[]> {
  const { rows } = await db.raw<{ rows: (FilterPair & { n: number })[] }>(
    `SELECT tx.slug AS taxonomy, t.slug AS term, m.slug AS manufacturer, count(*)::int AS n
       FROM product_taxons pt
       JOIN products p ON p.id = pt.product_id AND p.is_active
       JOIN taxons t ON t.id = pt.taxon_id
       JOIN taxonomies tx ON tx.id = t.taxonomy_id AND tx.frontend
       JOIN product_manufacturers pm ON pm.product_id = pt.product_id
       JOIN manufacturers m ON m.id = pm.manufacturer_id AND m.is_active
      GROUP BY tx.slug, t.slug, m.slug`,
  );
  const ranked: { params: Record<string, string>; n: number }[] = [];
  const terms = new Map<string, number>();
  const makers = new Map<string, number>();
  for (const r of rows) {
    const taxons = `${r.taxonomy}:${r.term}`;
    ranked.push({ params: { taxons, manufacturer: r.manufacturer }, n: r.n });
    terms.set(taxons, (terms.get(taxons) ?? 0) + r.n);
    makers.set(r.manufacturer, (makers.get(r.manufacturer) ?? 0) + r.n);
  }
  for (const [taxons, k] of terms) ranked.push({ params: { taxons }, n: k });
  for (const [manufacturer, k] of makers) ranked.push({ params: { manufacturer }, n: k });
  const key = (p: Record<string, string>) => `${p.taxons ?? ''}|${p.manufacturer ?? ''}`;
  return ranked
    .sort((a, b) => b.n - a.n || key(a.params).localeCompare(key(b.params)))
    .slice(0, n)
    .map((r) => r.params);
}

/**
 * Filter parameters of `/media` for the unique filtered-list case: every asset type and every public
 * folder holding public media, alone and together where they occur together, most media first, up to `n`.
 */
export async function mediaFilters(db: Knex, n: number): Promise<Record<string, string>[]> {
  const { rows } = await db.raw<{ rows: { type: string; folder: string; n: number }[] }>(
    `SELECT m.type, f.slug AS folder, count(*)::int AS n
       FROM (${PUBLIC_MEDIA}) m JOIN media_folders f ON f.id = m.folder_id
      GROUP BY m.type, f.slug`,
  );
  const ranked: { params: Record<string, string>; n: number }[] = [];
  const types = new Map<string, number>();
  const folders = new Map<string, number>();
  for (const r of rows) {
    ranked.push({ params: { type: r.type, folder: r.folder }, n: r.n });
    types.set(r.type, (types.get(r.type) ?? 0) + r.n);
    folders.set(r.folder, (folders.get(r.folder) ?? 0) + r.n);
  }
  for (const [type, k] of types) ranked.push({ params: { type }, n: k });
  for (const [folder, k] of folders) ranked.push({ params: { folder }, n: k });
  const key = (p: Record<string, string>) => `${p.type ?? ''}|${p.folder ?? ''}`;
  return ranked
    .sort((a, b) => b.n - a.n || key(a.params).localeCompare(key(b.params)))
    .slice(0, n)
    .map((r) => r.params);
}

/** `n` public media of each kind for the `/media/{media}` detail case: images first, then other types. */
export async function mediaDetailIds(db: Knex, n: number): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `(SELECT id FROM (${PUBLIC_MEDIA}) m WHERE m.type = 'image' ORDER BY m.id LIMIT ?)
     UNION ALL
     (SELECT id FROM (${PUBLIC_MEDIA}) m WHERE m.type <> 'image' ORDER BY m.id LIMIT ?)`,
    [n, n],
  );
  if (rows.length === 0) throw new Error('the catalog has no public media');
  return rows.map((r) => r.id);
}
