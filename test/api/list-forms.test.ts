/**
 * Lists spliced from the stored list forms (src/search/list-form.ts) answer byte for byte what the
 * records' serializers answer: every list route (`/products`, `/media`, `/articles` and their `/content`
 * forms) with searches, filters, facets and paging, once over indexes whose documents carry the forms and
 * once over the same indexes built without them, on the demo catalog (`tiny`) with renditions on every
 * image, linked images that expired before the index was built, that expire a day later and one that
 * expires between the build and the requests (its products' forms no longer hold: they are serialized
 * from the records). Bodies, ETags, Cache-Control and the edge tags are compared.
 */
import { generateCatalog } from '../../tools/generate';
import { loadProductRecords } from '../../src/catalog/products';
import { LIST_FORM_VERSION } from '../../src/search/list-form';
import { startStack, type Stack } from '../support/stack';
import { tempDir, removeDir } from '../support/snapshot';
import { eventually } from '../support/outage';
import { authHeaders, bearer } from '../support/tokens';

jest.setTimeout(180_000);

let stack: Stack;
let snapshot: string;
let token: string;

/** An answer as compared: status, body bytes and the headers that follow from them. */
interface Answer {
  status: number;
  body: string;
  etag: string | null;
  maxAge: number | null;
  tags: string | null;
  degraded: string | null;
}

const get = async (path: string): Promise<Answer> => {
  const response = await stack.api.get(path, {
    headers: authHeaders(path.startsWith('/content/') ? token : undefined),
  });
  const cacheControl = response.headers.get('cache-control');
  return {
    status: response.status,
    body: await response.text(),
    etag: response.headers.get('etag'),
    maxAge: cacheControl?.startsWith('public') ? Number(/max-age=(\d+)/.exec(cacheControl)![1]) : null,
    tags: response.headers.get('xkey'),
    degraded: response.headers.get('x-search-degraded'),
  };
};

/** The requests compared: every list route with the parameters that change what is searched and shown. */
async function paths(): Promise<string[]> {
  const db = stack.database.db;
  const names = await db('products').where('is_active', true).orderBy('id').limit(4).pluck('names');
  const words = names.map((n: Record<string, string>) => (n.de ?? '').split(/\s+/)[0]!).filter(Boolean);
  const taxon = await db('taxons as t')
    .join('taxonomies as tx', 'tx.id', 't.taxonomy_id')
    .where('tx.frontend', true)
    .first<{ slug: string; dimension: string }>('t.slug', 'tx.slug as dimension');
  const manufacturer = await db('manufacturers').where('is_active', true).first<{ slug: string }>('slug');
  const folder = await db('media_folders').first<{ slug: string }>('slug');
  const article = await db('articles').where('is_active', true).first<{ ordernumber: string }>('ordernumber');
  const productIds = await db('products').where('is_active', true).orderBy('id').limit(5).pluck('id');
  const products = [
    '',
    '?per_page=100',
    '?per_page=3&page=2',
    '?facets=1',
    '?facets=1&per_page=7&page=2',
    `?ids[]=${productIds.join('&ids[]=')}`,
    ...(taxon ? [`?taxons=${encodeURIComponent(`${taxon.dimension}:${taxon.slug}`)}&facets=1`] : []),
    ...(manufacturer ? [`?manufacturer=${manufacturer.slug}&per_page=50`] : []),
    ...words.flatMap((w) => [
      `?search=${encodeURIComponent(w)}`,
      `?search=${encodeURIComponent(w)}&per_page=2`,
    ]),
    '?search=zzzzqqq',
  ];
  const media = [
    '',
    '?per_page=100',
    '?per_page=5&page=3',
    '?type=image&per_page=60',
    '?renderable=0',
    ...(folder ? [`?folder=${folder.slug}`] : []),
    ...words.map((w) => `?search=${encodeURIComponent(w)}&per_page=40`),
  ];
  const articles = [
    '',
    '?per_page=100&page=2',
    '?type=spare',
    ...(article ? [`?search=${encodeURIComponent(article.ordernumber)}`] : []),
  ];
  return [
    ...products.flatMap((q) => [`/products${q}`, `/content/products${q}`]),
    ...media.flatMap((q) => [`/media${q}`, `/content/media${q}`]),
    ...articles.flatMap((q) => [`/articles${q}`, `/content/articles${q}`]),
  ];
}

/** Every image (media and uploads) gets a rendition of every format, so that the URLs are all there. */
async function addRenditions(): Promise<void> {
  const fake = (owner: string) => `'renditions/' || substr(md5(${owner} || f.key), 1, 2) || '/' ||
      md5(${owner} || f.key) || md5(f.key || ${owner}) || '.webp'`;
  await stack.database.db.raw(`
    INSERT INTO renditions (media_id, format_key, file_path, mime_type, width, height, size, source_sha256, format_signature)
    SELECT m.id, f.key, ${fake("'m' || m.id")}, 'image/webp', 100, 80, 1000, m.file_sha256, 'test'
      FROM media m CROSS JOIN image_formats f WHERE m.file_sha256 IS NOT NULL
    ON CONFLICT DO NOTHING`);
  await stack.database.db.raw(`
    INSERT INTO renditions (upload_id, format_key, file_path, mime_type, width, height, size, source_sha256, format_signature)
    SELECT u.id, f.key, ${fake("'u' || u.id")}, 'image/webp', 100, 80, 1000, u.file_sha256, 'test'
      FROM product_uploads u CROSS JOIN image_formats f
    ON CONFLICT DO NOTHING`);
}

/** The images the active products show from the media library (`linked_images`), each once, in order. */
async function linkedImages(): Promise<{ id: number; products: number[] }[]> {
  const db = stack.database.db;
  const ids = await db('products').where('is_active', true).orderBy('id').pluck('id');
  const images = new Map<number, number[]>();
  for (const product of await loadProductRecords(db, ids)) {
    for (const image of product.linked_images)
      images.set(image.id, [...(images.get(image.id) ?? []), product.id]);
  }
  return [...images].map(([id, products]) => ({ id, products }));
}

/** The products of the image that expires between the build and the requests, and when (ms). */
let soonProducts: number[];
let soonAt: number;
/** Longer than the build of the indexes takes. */
const SOON_MS = 20_000;

beforeAll(async () => {
  snapshot = await tempDir('list-forms-');
  await generateCatalog({ outDir: snapshot, scale: 'tiny', seed: 1 });
  stack = await startStack({
    catalog: snapshot,
    index: false,
    env: { API_CACHE_MAX_AGE: '864000', EDGE_MAX_AGE: '60' },
  });
  token = await bearer(stack.database.db, 'content');
  await addRenditions();
  const linked = await linkedImages();
  const db = stack.database.db;
  // Expired before the build, expiring in a day, and one that expires between the build and the requests.
  const every = (n: number) => linked.filter((_, i) => i % 5 === n).map((image) => image.id);
  await db('media')
    .whereIn('id', every(1))
    .update({ valid_until: new Date(Date.now() - 3_600_000) });
  await db('media')
    .whereIn('id', every(2))
    .update({ valid_until: new Date(Date.now() + 86_400_000) });
  const soon = linked[3]!;
  soonProducts = soon.products;
  soonAt = Date.now() + SOON_MS;
  await db('media')
    .where('id', soon.id)
    .update({ valid_until: new Date(soonAt) });
  await stack.reindex();
});

afterAll(async () => {
  await stack?.stop();
  if (snapshot) await removeDir(snapshot);
});

it('writes the list forms into the documents, neither searchable nor filterable', async () => {
  const product = await stack.meili.index(stack.uid('products')).getDocuments({ limit: 1 });
  expect(product.results[0]).toMatchObject({
    _list: expect.any(String),
    _list_key: `${LIST_FORM_VERSION} ${stack.config.appUrl} ${stack.config.apiBaseUrl}`,
  });
  const medium = await stack.meili.index(stack.uid('media')).getDocuments({ limit: 1 });
  expect(medium.results[0]).toMatchObject({ _list: expect.any(String), _list_cms: expect.any(String) });
  const article = await stack.meili.index(stack.uid('articles')).getDocuments({ limit: 1 });
  expect(article.results[0]).toMatchObject({
    _list: expect.any(String),
    _list_key: String(LIST_FORM_VERSION),
  });
  for (const name of ['products', 'media', 'articles'] as const) {
    const settings = await stack.meili.index(stack.uid(name)).getSettings();
    const named = [...(settings.searchableAttributes ?? []), ...(settings.filterableAttributes ?? [])];
    expect(named.filter((a) => String(a).startsWith('_list'))).toEqual([]);
  }
});

it('answers spliced pages byte for byte as the serializers do, whatever the route and parameters', async () => {
  const all = await paths();
  // The image expiring soon has passed since the build: its products' forms no longer hold.
  expect(Date.now()).toBeLessThan(soonAt);
  await new Promise((resolve) => setTimeout(resolve, soonAt - Date.now() + 100));
  const spliced = new Map<string, Answer>();
  for (const path of all) spliced.set(path, await get(path));

  // The same indexes without the forms: every page serialized from the records, as before them.
  stack.indexer.listForms = null;
  await stack.reindex();
  const documents = await stack.meili.index(stack.uid('products')).getDocuments({ limit: 1 });
  expect(documents.results[0]).not.toHaveProperty('_list');
  for (const path of all) {
    const serialized = await get(path);
    const before = spliced.get(path)!;
    expect({ path, ...before, maxAge: null }).toEqual({ path, ...serialized, maxAge: null });
    if (before.maxAge !== null) expect(Math.abs(before.maxAge - serialized.maxAge!)).toBeLessThan(120);
    expect(before.status).toBe(200);
    expect(before.degraded).toBeNull();
  }
  stack.indexer.listForms = { appUrl: stack.config.appUrl, apiBaseUrl: stack.config.apiBaseUrl };
  // Nonempty pages with images, expiring ones among them: the comparison covered what it should.
  const bodies = [...spliced.values()].map((a) => a.body).join('\n');
  expect(bodies).toContain('"conversions":{"');
  for (const id of soonProducts) expect(bodies).toContain(`{"id":${id},"slug"`);
});

it('sends the stored form as it is (the page is spliced, not serialized)', async () => {
  await stack.reindex();
  const index = stack.meili.index(stack.uid('articles'));
  const shown = JSON.parse((await get('/articles?per_page=1')).body) as { data: { id: number }[] };
  const first = await index.getDocument<{ id: number; _list: string }>(shown.data[0]!.id);
  // A change only the stored form has (the record's name stays): it shows when the form is sent as it is.
  const form = Buffer.from(first._list, 'base64').toString();
  const marked = form.replace('"names":{"de":"', '"names":{"de":"stored ');
  expect(marked).not.toBe(form);
  await index.updateDocuments([{ id: first.id, _list: Buffer.from(marked).toString('base64') }]).waitTask();
  await stack.indexer.announce!(['articles']);
  // The API learns of the new generation through Redis: until then its result cache may answer.
  const expected = `{"data":[${marked}]`;
  const body = await eventually(
    async () => (await get('/articles?per_page=1')).body,
    (b) => b.startsWith(expected),
  );
  expect(body.slice(0, expected.length)).toBe(expected);
});
