// Checks the kitchen catalog and its judged queries (no search engine involved):
//  1. queries.ndjson is well formed, every wanted slug exists and is an active, public product;
//  2. the word a head / modifier / split query searches for never stands alone anywhere in the
//     catalog's text (names in every language, keywords, descriptions, taxons, manufacturers,
//     articles, synonyms, slugs, features), in any simple inflection and with umlauts folded;
//  3. head and modifier queries want exactly the products whose German name has that compound part.
// Near misses (one or two letters off, a word that starts with a head) are printed as warnings.
// Run: node test/relevance/kitchen/check.mjs   (exit 1 on any error)
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const snap = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, 'snapshot');

const CLASSES = [
  'head',
  'modifier',
  'split',
  'compound',
  'umlaut',
  'ordernumber',
  'typo',
  'english',
  'french',
  'model',
  'multiword',
];
const CHECKED = new Set(['head', 'modifier', 'split']);
// Words that start with a head query on purpose (traps for prefix matching), folded.
// Letter sequences that contain a short modifier without being that part (Sp-eis-e, Fl-eis-ch).
const NOT_THE_PART = { eis: ['speise', 'fleisch'] };
const PREFIX_TRAPS = {
  haube: ['haubenspuelmaschine'],
  waermer: ['waermerueckgewinnung'],
  regal: ['regalwagen'],
};

const errors = [];
const warnings = [];

function readNd(name) {
  const file = path.join(snap, name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l);
      } catch (e) {
        errors.push(`${name} line ${i + 1}: ${e.message}`);
        return {};
      }
    });
}

const manifest = JSON.parse(readFileSync(path.join(snap, 'manifest.json'), 'utf8'));
if (manifest.format !== 'catalog-snapshot' || manifest.version !== 1)
  errors.push('manifest: not a v1 catalog snapshot');

const products = readNd('products.ndjson');
const articles = readNd('articles.ndjson');
const taxons = readNd('taxons.ndjson');
const taxonomies = readNd('taxonomies.ndjson');
const manufacturers = readNd('manufacturers.ndjson');
const synonyms = readNd('synonyms.ndjson');

// ---------- folding and tokens
const fold1 = (s) =>
  s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
const fold2 = (s) =>
  s.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
const stripHtml = (s) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;/g, ' ');
const tokens = (s) =>
  stripHtml(String(s))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Simple German inflections of a word: plural and case endings, umlaut plurals (Schrank → Schränke). */
function forms(word) {
  const w = word.toLowerCase();
  const endings = ['', 'e', 'n', 'en', 's', 'es', 'er', 'ern', 'em'];
  const out = new Set(endings.map((e) => w + e));
  const m = w.match(/^(.*)(au|a|o|u)([^aeiouäöü]*)$/);
  if (m) {
    const uml = { au: 'äu', a: 'ä', o: 'ö', u: 'ü' }[m[2]];
    for (const e of ['', 'e', 'en', 'er', 'ern', 'n']) out.add(m[1] + uml + m[3] + e);
  }
  return out;
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits). */
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

// ---------- every piece of catalog text, with where it comes from
const texts = [];
const add = (where, value) => {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) value.forEach((v, i) => add(`${where}[${i}]`, v));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${where}.${k}`, v);
  else if (typeof value === 'string') texts.push({ where, value });
};
for (const p of products) {
  const w = `product ${p.slug}`;
  add(`${w} slug`, p.slug);
  add(`${w} ordernumber`, p.ordernumber);
  add(`${w} names`, p.names);
  add(`${w} descriptions`, p.descriptions);
  add(`${w} keywords`, p.keywords);
  add(`${w} features`, p.features);
  add(`${w} texts`, p.texts);
  add(`${w} product_page_url`, p.product_page_url);
}
for (const a of articles) {
  const w = `article ${a.ordernumber}`;
  add(`${w} ordernumber`, a.ordernumber);
  add(`${w} names`, a.names);
  add(`${w} short_names`, a.short_names);
  add(`${w} descriptions`, a.descriptions);
}
for (const t of taxons) add(`taxon ${t.id}`, [t.slug, t.name]);
for (const t of taxonomies) add(`taxonomy ${t.id}`, [t.slug, t.label]);
for (const m of manufacturers) add(`manufacturer ${m.id}`, [m.slug, m.short_name, m.names]);
synonyms.forEach((s, i) => add(`synonyms line ${i + 1}`, s));

const tokenIndex = []; // { token, f1, f2, where }
for (const t of texts)
  for (const token of tokens(t.value))
    tokenIndex.push({ token, f1: fold1(token), f2: fold2(token), where: t.where });

// ---------- queries
const queryFile = path.join(here, 'queries.ndjson');
const queries = readFileSync(queryFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l, i) => ({ line: i + 1, ...JSON.parse(l) }));

const bySlug = new Map(products.map((p) => [p.slug, p]));
const frontendTaxonomies = new Set(taxonomies.filter((t) => t.frontend).map((t) => t.id));
const publicTaxons = new Set(taxons.filter((t) => frontendTaxonomies.has(t.taxonomy_id)).map((t) => t.id));

for (const p of products) {
  if (p.is_active !== true) errors.push(`product ${p.slug}: not active`);
  if (!(p.taxon_ids ?? []).some((id) => publicTaxons.has(id)))
    errors.push(`product ${p.slug}: no public taxon`);
}
if (bySlug.size !== products.length) errors.push('products: duplicate slugs');

const seen = new Set();
for (const q of queries) {
  const at = `queries.ndjson line ${q.line} (${q.q})`;
  const keys = Object.keys(q).filter((k) => k !== 'line');
  for (const k of keys)
    if (!['q', 'index', 'class', 'want', 'note'].includes(k)) errors.push(`${at}: unknown field ${k}`);
  if (typeof q.q !== 'string' || q.q.trim() === '') errors.push(`${at}: empty q`);
  if (q.index !== 'products') errors.push(`${at}: index must be products`);
  if (!CLASSES.includes(q.class)) errors.push(`${at}: unknown class ${q.class}`);
  if (!Array.isArray(q.want) || q.want.length === 0) errors.push(`${at}: want must be a non-empty array`);
  if (new Set(q.want).size !== q.want.length) errors.push(`${at}: duplicate slugs in want`);
  if (seen.has(q.q)) errors.push(`${at}: duplicate query`);
  seen.add(q.q);
  for (const slug of q.want ?? []) {
    const p = bySlug.get(slug);
    if (!p) errors.push(`${at}: unknown slug ${slug}`);
    else if (p.is_active !== true) errors.push(`${at}: ${slug} is not active`);
  }
}

// ---------- the key constraint
for (const q of queries.filter((x) => CHECKED.has(x.class))) {
  const f = [...forms(q.q)];
  const f1s = new Set(f.map(fold1));
  const f2s = new Set(f.map(fold2));
  const q1 = fold1(q.q);
  const q2 = fold2(q.q);
  const maxTypos = q2.length >= 9 ? 2 : q2.length >= 5 ? 1 : 0;
  const reported = new Set();
  for (const t of tokenIndex) {
    const key = `${t.token}@${t.where}`;
    if (reported.has(key)) continue;
    if (f1s.has(t.f1) || f2s.has(t.f2)) {
      errors.push(`${q.class} "${q.q}": standalone "${t.token}" in ${t.where}`);
      reported.add(key);
    } else if (
      maxTypos > 0 &&
      Math.abs(t.f2.length - q2.length) <= maxTypos &&
      distance(t.f2, q2) <= maxTypos
    ) {
      warnings.push(`${q.class} "${q.q}": near miss "${t.token}" in ${t.where}`);
      reported.add(key);
    } else if (q.class === 'head' && t.f1.startsWith(q1) && t.f1 !== q1) {
      if (!(PREFIX_TRAPS[q1] ?? []).includes(t.f1))
        warnings.push(`head "${q.q}": "${t.token}" starts with it in ${t.where}`);
      reported.add(key);
    }
  }
}

// ---------- head / modifier wants match the German names
for (const q of queries.filter((x) => x.class === 'head' || x.class === 'modifier')) {
  const part = q.q.toLowerCase();
  const has = (p) =>
    tokens(p.names.de).some((t) => {
      let tl = t.toLowerCase();
      if (q.class === 'modifier') for (const s of NOT_THE_PART[part] ?? []) tl = tl.replaceAll(s, '#');
      return q.class === 'head'
        ? tl.endsWith(part) && tl.length > part.length
        : tl.includes(part) && tl !== part;
    });
  const expected = products.filter(has).map((p) => p.slug);
  const want = new Set(q.want);
  const missing = expected.filter((s) => !want.has(s));
  const extra = q.want.filter((s) => !expected.includes(s));
  if (missing.length) errors.push(`${q.class} "${q.q}": want lacks ${missing.join(', ')}`);
  if (extra.length)
    errors.push(`${q.class} "${q.q}": want has ${extra.join(', ')}, whose name lacks the part`);
}

// ---------- report
const counts = {};
for (const q of queries) counts[q.class] = (counts[q.class] ?? 0) + 1;
console.log(
  `products ${products.length} (active ${products.filter((p) => p.is_active).length}), queries ${queries.length}`,
);
console.log('classes:', CLASSES.map((c) => `${c} ${counts[c] ?? 0}`).join(', '));
for (const w of warnings) console.log(`warning: ${w}`);
for (const e of errors) console.log(`ERROR: ${e}`);
console.log(errors.length ? `${errors.length} error(s)` : 'ok');
process.exit(errors.length ? 1 : 0);
