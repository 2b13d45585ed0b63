/**
 * Checks the building-services catalog (snapshot/) against its judged queries (queries.ndjson):
 *
 * 1. For every query of the classes head, modifier, split, combining, shortpart, agentnoun and partsorder,
 *    no word of the catalog's text (names in every language, descriptions, keywords, features, slugs, order
 *    numbers, taxon and manufacturer names, article texts, synonyms) is a query word itself, an inflected
 *    form of it (Zähler → Zählers, Dusche → Duschen, Öl → Öle) or a word within typo distance of it (1 from
 *    5 letters, 2 from 9 letters; German and English/French alike). Umlauts are compared both folded
 *    (ä → a) and spelled out (ä → ae). A query word may only occur inside a compound (Heizöltank,
 *    Schnellentlüfter, Heizkreisverteiler). falsesplit queries are not held to this rule (Arm, Gast and
 *    Ventil are judged on which compound comes first, not on whether the word stands alone).
 * 2. Every word of a partsorder or shortpart query occurs in every wanted product's text, as a word or as
 *    a part of one (the parts may come in any order); every falsesplit query has a note naming the product
 *    that must not come first.
 * 3. Every query is well formed (known class, index products, non-empty want) and every wanted slug is an
 *    active product assigned to a term of a frontend taxonomy.
 * 4. The snapshot itself: every product active and in a frontend taxonomy, references resolve.
 *
 * Run: node check.mjs [--verbose]. Exits 1 on any violation. --verbose also lists, per checked query except
 * split, the products that contain the query inside a compound and whether they are wanted (a judging aid).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const snapshotDir = path.join(here, 'snapshot');
const verbose = process.argv.includes('--verbose');

const CLASSES = [
  'ordernumber',
  'model',
  'compound',
  'head',
  'modifier',
  'split',
  'umlaut',
  'typo',
  'english',
  'french',
  'synonym',
  'keyword',
  'multiword',
  'falsesplit',
  'combining',
  'shortpart',
  'agentnoun',
  'partsorder',
];
const CHECKED_CLASSES = new Set([
  'head',
  'modifier',
  'split',
  'combining',
  'shortpart',
  'agentnoun',
  'partsorder',
]);
/** Classes whose every query word must occur (as a word or a compound part) in each wanted product. */
const PARTS_CLASSES = new Set(['shortpart', 'partsorder']);
/** Endings of German inflection (plural, genitive, dative) and verb forms that must not occur either. */
const SUFFIXES = ['', 's', 'e', 'es', 'n', 'en', 'er', 'ern', 'ns', 'nen', 't', 'st'];

const errors = [];
const fail = (message) => errors.push(message);

function readNdjson(name) {
  const file = path.join(snapshotDir, name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line);
      } catch (e) {
        throw new Error(`${name}:${i + 1}: ${e.message}`, { cause: e });
      }
    });
}

// --- text normalisation --------------------------------------------------------------------------------
const stripMarks = (s) => s.normalize('NFD').replace(/\p{M}+/gu, '');
/** Two spellings of a word: umlauts folded (säge → sage) and spelled out (säge → saege). */
function forms(word) {
  const lower = word.toLowerCase().replace(/ß/g, 'ss');
  const folded = stripMarks(lower);
  const spelled = stripMarks(lower.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'));
  return [...new Set([folded, spelled])];
}

function tokens(text) {
  const plain = String(text)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ');
  return plain.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '');
}

/** Optimal string alignment distance (Levenshtein plus adjacent transposition). */
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

const typoBudget = (length) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** Why `token` counts as a standalone occurrence of `query`, or null. */
function clash(query, token) {
  for (const q of forms(query)) {
    for (const t of forms(token)) {
      if (t.startsWith(q) && SUFFIXES.includes(t.slice(q.length))) return `inflection "${token}"`;
      // A longer word that holds the query whole is a compound with it as a part (Ölabscheider for
      // Abscheider), which is where the query belongs; it is not a word one typo away.
      if (t.length > q.length && t.includes(q)) continue;
      const budget = typoBudget(q.length);
      if (budget > 0 && Math.abs(q.length - t.length) <= budget && distance(q, t) <= budget) {
        return `typo distance ${distance(q, t)}: "${token}"`;
      }
    }
  }
  return null;
}

// --- snapshot --------------------------------------------------------------------------------------------
if (!existsSync(path.join(snapshotDir, 'manifest.json'))) {
  console.error('snapshot/manifest.json missing: run node build-snapshot.mjs first');
  process.exit(1);
}
const manufacturers = readNdjson('manufacturers.ndjson');
const taxonomies = readNdjson('taxonomies.ndjson');
const taxons = readNdjson('taxons.ndjson');
const products = readNdjson('products.ndjson');
const articles = readNdjson('articles.ndjson');
const synonyms = readNdjson('synonyms.ndjson');

/** Every piece of searchable-looking text as [location, text]. */
const texts = [];
const addLang = (where, obj) => {
  for (const [lang, value] of Object.entries(obj ?? {})) if (value) texts.push([`${where}.${lang}`, value]);
};
const addFeatures = (where, value) => {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!Array.isArray(value)) texts.push([`${where} key`, k.replace(/_/g, ' ')]);
      addFeatures(`${where}.${k}`, v);
    }
  } else texts.push([where, String(value)]);
};
for (const m of manufacturers) {
  const where = `manufacturer ${m.slug}`;
  texts.push([`${where} slug`, m.slug], [`${where} short_name`, m.short_name ?? '']);
  addLang(`${where} names`, m.names);
}
for (const t of taxonomies) texts.push([`taxonomy ${t.slug}`, `${t.slug} ${t.label}`]);
for (const t of taxons) texts.push([`taxon ${t.id}`, `${t.slug} ${t.name}`]);
for (const p of products) {
  const where = `product ${p.slug}`;
  texts.push([`${where} slug`, p.slug], [`${where} ordernumber`, p.ordernumber ?? '']);
  addLang(`${where} names`, p.names);
  addLang(`${where} descriptions`, p.descriptions);
  for (const k of p.keywords ?? []) texts.push([`${where} keywords`, k]);
  addFeatures(`${where} features`, p.features);
  addFeatures(`${where} texts`, p.texts);
  if (p.product_page_url) texts.push([`${where} url`, p.product_page_url]);
}
for (const a of articles) {
  const where = `article ${a.ordernumber}`;
  texts.push([`${where} ordernumber`, a.ordernumber]);
  addLang(`${where} names`, a.names);
  addLang(`${where} short_names`, a.short_names);
  addLang(`${where} descriptions`, a.descriptions);
}
synonyms.forEach((s, i) => {
  for (const term of [...(s.terms ?? []), s.input ?? '', ...(s.synonyms ?? [])]) {
    texts.push([`synonym line ${i + 1}`, term]);
  }
});
const tokenIndex = texts.flatMap(([where, text]) => tokens(text).map((token) => ({ where, token })));

// snapshot integrity
const frontendTaxonomies = new Set(taxonomies.filter((t) => t.frontend).map((t) => t.id));
const taxonById = new Map(taxons.map((t) => [t.id, t]));
const manufacturerIds = new Set(manufacturers.map((m) => m.id));
const articleIds = new Set(articles.map((a) => a.id));
const productBySlug = new Map();
for (const p of products) {
  if (productBySlug.has(p.slug)) fail(`duplicate product slug ${p.slug}`);
  productBySlug.set(p.slug, p);
  if (p.is_active !== true) fail(`product ${p.slug} is not active`);
  for (const id of p.taxon_ids ?? []) if (!taxonById.has(id)) fail(`product ${p.slug}: unknown taxon ${id}`);
  for (const id of p.manufacturer_ids ?? [])
    if (!manufacturerIds.has(id)) fail(`product ${p.slug}: unknown manufacturer ${id}`);
  for (const id of p.article_ids ?? [])
    if (!articleIds.has(id)) fail(`product ${p.slug}: unknown article ${id}`);
  if (!(p.taxon_ids ?? []).some((id) => frontendTaxonomies.has(taxonById.get(id)?.taxonomy_id))) {
    fail(`product ${p.slug} is in no term of a frontend taxonomy`);
  }
  if ((p.media_links ?? []).length > 0 || (p.uploads ?? []).length > 0) fail(`product ${p.slug} has media`);
}
const ordernumbers = [...products.map((p) => p.ordernumber), ...articles.map((a) => a.ordernumber)].filter(
  Boolean,
);
for (const on of new Set(ordernumbers)) {
  if (ordernumbers.filter((x) => x === on).length > 1) fail(`duplicate order number ${on}`);
}
for (const t of taxons) {
  if (t.parent_id !== null && taxonById.get(t.parent_id)?.taxonomy_id !== t.taxonomy_id) {
    fail(`taxon ${t.id}: parent ${t.parent_id} is not in the same taxonomy`);
  }
}

// --- queries ---------------------------------------------------------------------------------------------
const queries = readFileSync(path.join(here, 'queries.ndjson'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, i) => ({ ...JSON.parse(line), line: i + 1 }));
const seen = new Set();
const counts = {};
for (const query of queries) {
  const at = `queries.ndjson:${query.line} "${query.q}"`;
  counts[query.class] = (counts[query.class] ?? 0) + 1;
  if (!CLASSES.includes(query.class)) fail(`${at}: unknown class ${query.class}`);
  if (query.index !== 'products') fail(`${at}: index must be products`);
  if (typeof query.q !== 'string' || query.q.trim() === '') fail(`${at}: empty q`);
  if (seen.has(query.q.toLowerCase())) fail(`${at}: duplicate query`);
  seen.add(query.q.toLowerCase());
  if (!Array.isArray(query.want) || query.want.length === 0) fail(`${at}: want is empty`);
  if (new Set(query.want).size !== query.want.length) fail(`${at}: want has duplicates`);
  for (const slug of query.want ?? [])
    if (!productBySlug.has(slug)) fail(`${at}: wanted slug ${slug} does not exist`);

  if (query.class === 'falsesplit' && !/must not come first/.test(query.note ?? '')) {
    fail(`${at}: a falsesplit query needs a note naming the product that must not come first`);
  }
  if (PARTS_CLASSES.has(query.class)) {
    for (const slug of query.want ?? []) {
      const own = texts.filter(([where]) => where.startsWith(`product ${slug} `)).map(([, text]) => text);
      const productTokens = own.flatMap((text) => tokens(text)).flatMap((t) => forms(t));
      for (const word of tokens(query.q)) {
        if (!forms(word).some((w) => productTokens.some((t) => t.includes(w)))) {
          fail(`${at}: "${word}" is not a word or a compound part of wanted product ${slug}`);
        }
      }
    }
  }

  if (!CHECKED_CLASSES.has(query.class)) continue;
  for (const word of tokens(query.q)) {
    for (const { where, token } of tokenIndex) {
      const why = clash(word, token);
      if (why) fail(`${at} [${query.class}]: ${where}: ${why}`);
    }
  }

  if (verbose && query.class !== 'split') {
    const needles = forms(query.q);
    const hits = products.filter((p) =>
      texts.some(
        ([where, text]) =>
          where.startsWith(`product ${p.slug} `) &&
          tokens(text).some((t) => forms(t).some((f) => needles.some((n) => f.includes(n)))),
      ),
    );
    const wanted = new Set(query.want);
    console.log(`${query.class} "${query.q}"`);
    for (const p of hits)
      console.log(`  ${wanted.has(p.slug) ? 'want' : '    '}  ${p.slug}  (${p.names.de})`);
    for (const slug of query.want.filter((s) => !hits.some((p) => p.slug === s))) {
      console.log(`  want  ${slug}  (query not found in its text)`);
    }
  }
}

console.log(
  `${products.length} products, ${queries.length} queries: ` +
    Object.entries(counts)
      .map(([c, n]) => `${c} ${n}`)
      .join(', '),
);
if (errors.length > 0) {
  for (const e of errors) console.error(`✗ ${e}`);
  console.error(`${errors.length} problem(s)`);
  process.exit(1);
}
console.log(
  `✓ no ${[...CHECKED_CLASSES].join('/')} query word stands alone in the catalog; all wanted slugs exist`,
);
