/**
 * GET /products and /products/{slug} over HTTP against real Postgres and Meilisearch, on the shared sample
 * snapshot (its README lists the expectations these tests check).
 */
import { startStack, type Stack } from '../support/stack';
import { eventually } from '../support/outage';
import type { Data, ProductDetail, ProductPage } from '../support/types';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const list = (query: string) => stack.api.json<ProductPage>(`/products${query}`);
const ids = async (query: string) => (await list(query)).data.map((p) => p.id);
const sorted = async (query: string) => (await ids(query)).sort();

describe('GET /products', () => {
  it('lists active products by ordernumber, nulls last, 15 per page by default', async () => {
    const page = await list('');
    expect(page.data.map((p) => p.id)).toEqual([1002, 1003, 1006, 1007, 1008, 1001, 1005]);
    expect(page.meta).toMatchObject({ total: 7, current_page: 1, per_page: 15 });
    expect(Object.keys(page)).toEqual(['data', 'links', 'meta']);
  });

  it('applies the image rules: public links, main first then position, uploads only when none', async () => {
    const byId = new Map((await list('')).data.map((p) => [p.id, p]));
    const images = (id: number) => byId.get(id)!.images.map((m) => m.id);
    expect(images(1002)).toEqual([5001, 5003, 5002]); // 5011 trashed, 5012 a datasheet
    expect(images(1003)).toEqual([5005]); // 5006 draft, 5004 print only
    expect(images(1006)).toEqual([5009]); // 5008 expired, 5016 in a role-restricted folder
    expect(images(1007)).toEqual([9003]); // its only link is in an inactive folder: the upload
    expect(images(1008)).toEqual([9002, 9001]); // uploads by position
    expect(images(1005)).toEqual([]);
    expect(byId.get(1005)!.primary_image).toBeNull();
    expect(byId.get(1002)!.primary_image!.id).toBe(5001);
    const linked = byId.get(1002)!.images[0]!;
    expect(linked.usages).toEqual(expect.any(Array));
    expect(linked.folder).toEqual({
      id: 402,
      name: 'Rundballenpressen',
      slug: 'produktbilder-rundballenpressen',
    });
    expect(linked.conversions).toEqual({});
    const upload = byId.get(1007)!.images[0]!;
    expect(upload).not.toHaveProperty('usages');
    expect(upload.folder).toBeNull();
    expect(byId.get(1003)!.images[0]!.ki_label).toBe('KI-generiert');
  });

  it('counts active articles and shows only terms of frontend dimensions', async () => {
    const byId = new Map((await list('')).data.map((p) => [p.id, p]));
    expect(byId.get(1002)!.articles_count).toBe(8);
    expect(byId.get(1008)!.articles_count).toBe(1);
    expect(byId.get(1006)!.taxons.map((t) => t.id)).toEqual([106, 114]); // 117 is in `personen`
  });

  it('never returns texts, prices or stock', async () => {
    const res = await stack.api.get('/products?per_page=100');
    const text = await res.text();
    for (const secret of [
      'Kanaltext',
      'Händlerhinweis',
      '"texts"',
      '"price"',
      '"stock"',
      'pim_workflow_state',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  describe('taxonomy filter', () => {
    it('child terms count (rule 3)', async () => {
      expect(await sorted('?taxons=produktbereich:erntetechnik')).toEqual([1001, 1002, 1003]);
    });
    it('a slug without dimension matches it in any dimension (rule 4)', async () => {
      expect(await ids('?taxons=ballenhandling')).toEqual([1008]);
      expect(await ids('?taxons=einsatzbereich:ballenhandling')).toEqual([1008]);
    });
    it('AND across dimensions (rule 2)', async () => {
      expect(await ids('?taxons=produktbereich:rundballenpressen,einsatzbereich:heu-und-stroh')).toEqual([
        1002,
      ]);
    });
    it('OR within a dimension (rule 1), array spelling (rule 6)', async () => {
      expect(
        await sorted('?taxons[]=produktbereich:frontlader&taxons[]=produktbereich:ballenhandling'),
      ).toEqual([1005, 1006, 1007, 1008]);
    });
    it('the three spellings are equivalent; the same key twice keeps the last (rule 6)', async () => {
      const comma = await ids('?taxons=produktbereich:rundballenpressen,einsatzbereich:silage');
      const array = await ids('?taxons[]=produktbereich:rundballenpressen&taxons[]=einsatzbereich:silage');
      expect(comma).toEqual([1002, 1003]);
      expect(array).toEqual(comma);
      expect(await ids('?taxons=produktbereich:frontlader&taxons=einsatzbereich:silage')).toEqual([
        1002, 1003,
      ]);
    });
    it('a known term without products gives an empty list; unknown entries are ignored (rule 5)', async () => {
      expect(await ids('?taxons=produktbereich:schaufeln')).toEqual([]);
      expect((await list('?taxons=produktbereich:gibt-es-nicht')).meta.total).toBe(7);
      expect((await list('?taxons=personen:jana-vogt')).meta.total).toBe(7); // not a frontend dimension
      expect((await list('?taxons=::,:x,y:')).meta.total).toBe(7);
    });
    it('an injected filter expression stays a value and widens nothing', async () => {
      for (const slug of ['a" OR is_active = false OR "', 'x\\" OR id > 0 OR \\"', '*']) {
        const page = await list(`?taxons=${encodeURIComponent(`produktbereich:${slug}`)}&ids=1002`);
        expect(page.data.map((p) => p.id)).toEqual([1002]);
      }
      expect(
        await ids(`?taxons=${encodeURIComponent('produktbereich:schaufeln" OR id > 0 OR "')}`),
      ).toHaveLength(7);
      expect(await ids('?taxons=produktbereich:schaufeln')).toEqual([]);
    });
  });

  it('filters by manufacturer slug; an unknown or inactive manufacturer is ignored', async () => {
    expect(await ids('?manufacturer=deutz-fahr')).toEqual([1006]);
    expect(await ids('?manufacturer=fendt')).toEqual([1006, 1007]);
    expect((await list('?manufacturer=eicher')).meta.total).toBe(7);
    expect((await list('?manufacturer=nobody')).meta.total).toBe(7);
  });

  it('filters by ids in every spelling, invalid ids ignored', async () => {
    expect(await ids('?ids[]=1008&ids[]=1002')).toEqual([1002, 1008]);
    expect(await ids('?ids=1003')).toEqual([1003]);
    expect(await ids('?ids=1003,1001')).toEqual([1003, 1001]);
    expect(await ids('?ids[]=1004')).toEqual([]); // inactive
    expect((await list('?ids=abc')).meta.total).toBe(7);
  });

  it('searches every word over names, keywords and synonyms, by relevance', async () => {
    expect(await sorted('?search=Rundballer')).toEqual(expect.arrayContaining([1002, 1003]));
    expect(await sorted('?search=Schlepperfrontlader')).toEqual([1005, 1006, 1007]);
    expect(await sorted('?search=Ballengreifer')).toEqual([1006, 1008]);
    expect(await ids('?search=Ballenzange')).toEqual([1008]);
    expect(await ids('?search=rp-125-f')).toContain(1002);
    expect(await ids('?search=Variable%20Profi')).toEqual([1003]);
    expect(await ids('?search=Variable%20Frontlader')).toEqual([]); // every word must occur
    // Meilisearch's operators are not the API's: '-' does not exclude a word, quotes make no phrase.
    expect(await ids('?search=-Ballenzange')).toEqual([1008]);
    expect(await ids('?search=Profi%20-Variable')).toEqual([1003]);
    expect(await ids('?search=%22Profi%20Variable%22')).toEqual([1003]);
    expect(await ids('?search=100.160')).toEqual([1003]);
    expect(await ids('?search=100160')).toEqual([1003]);
    expect(await ids('?search=Presse%20%C3%A0%20balles')).toContain(1002); // French names
    expect(await ids('?search=rpw')).toEqual([]); // the inactive product is not in the index
  });

  it('ignores empty and unknown parameters', async () => {
    expect((await list('?search=&taxons=&manufacturer=&ids=&foo=bar')).meta.total).toBe(7);
  });

  it('clamps per_page, reads page as Laravel does and keeps filters in the links', async () => {
    const page = await list('?per_page=2&page=2&manufacturer=fendt&taxons[]=produktbereich:frontlader');
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 2, total: 2 });
    expect(page.data).toEqual([]);
    expect(page.links.prev).toBe(
      'http://api.test/api/v1/products?per_page=2&manufacturer=fendt&taxons%5B0%5D=produktbereich%3Afrontlader&page=1',
    );
    expect((await list('?per_page=500')).meta.per_page).toBe(100);
    expect((await list('?per_page=0')).meta.per_page).toBe(1);
    expect((await list('?per_page=abc')).meta.per_page).toBe(15);
    expect((await list('?page=4abc')).meta.current_page).toBe(1);
    const last = await list('?per_page=3&page=3');
    expect(last.data.map((p) => p.id)).toEqual([1005]);
    expect(last.links.next).toBeNull();
    expect((await list('?page=99999999999999')).data).toEqual([]);
  });

  it('carries facet counts per frontend dimension for the current filter and search with facets=1', async () => {
    expect((await list('')).meta).not.toHaveProperty('facets');
    const all = await list('?facets=1');
    expect(Object.keys(all.meta.facets!)).toEqual(['produktbereich', 'einsatzbereich']);
    expect(all.meta.facets!.produktbereich).toMatchObject({ erntetechnik: 3, pressen: 3, frontlader: 3 });
    const filtered = await list('?taxons=einsatzbereich:heu-und-stroh&facets=1');
    expect(filtered.meta.total).toBe(1);
    expect((await list('?search=Frontlader&facets=1')).meta.facets!.produktbereich).toMatchObject({
      frontlader: 3,
    });
    expect(filtered.meta.facets!.produktbereich).toEqual({
      erntetechnik: 1,
      pressen: 1,
      rundballenpressen: 1,
    });
  });
});

describe('GET /products/{slug}', () => {
  it('returns the detail with active articles, manufacturers and tractor models', async () => {
    const { data } = await stack.api.json<Data<ProductDetail>>('/products/fl-45-p');
    expect(data.id).toBe(1006);
    expect(data.manufacturers!.map((m) => m.id)).toEqual([11, 12, 13]);
    expect(data.tractor_models!.map((m) => m.id)).toEqual([31, 32, 33, 34]);
    expect(data.tractor_models![0]).not.toHaveProperty('manufacturer');
    expect(data.images.map((m) => m.id)).toEqual([5009]);
    const bz = (await stack.api.json<Data<ProductDetail>>('/products/ballenzange-bz-150')).data;
    expect(bz.articles!.map((a) => a.id)).toEqual([2007]);
    const rp = (await stack.api.json<Data<ProductDetail>>('/products/rp-125-f')).data;
    expect(rp.articles!.map((a) => a.id)).toContain(2015); // end of life passed, still active
    expect(rp.articles![0]).not.toHaveProperty('created_at');
  });

  it('has the list fields in the same form as the list', async () => {
    const { data } = await stack.api.json<Data<ProductDetail>>('/products/rp-125-f');
    const inList = (await list('?ids=1002')).data[0]!;
    const { articles: _a, manufacturers: _m, tractor_models: _t, ...listPart } = data;
    expect(listPart).toEqual(inList);
  });

  it('answers 404 for an inactive or unknown product, in the error shape', async () => {
    for (const slug of ['rpw-125-f-combi', 'nope', '%E2%9C%93']) {
      const res = await stack.api.get(`/products/${slug}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; request_id: string } };
      expect(body.error.code).toBe('not_found');
      expect(res.headers.get('x-request-id')).toBe(body.error.request_id);
    }
  });

  it('issues a fixed number of queries whatever the number of relations, none while cached', async () => {
    const count = async (slug: string) => {
      let n = 0;
      const onQuery = () => n++;
      stack.api.deps.db.on('query', onQuery);
      await stack.api.json(`/products/${slug}`);
      stack.api.deps.db.off('query', onQuery);
      return n;
    };
    // A new catalog generation (as after a sync round): the next detail is read from Postgres again.
    await stack.indexer.announce!(['catalog']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const many = await count('fl-45-p'); // 3 manufacturers, 4 models, 5 articles, 3 image links
    const none = await count('frontlader'); // none of those
    expect(many).toBe(none);
    expect(many).toBe(1);
    // The result cache answers (once the announcement has reached the API: pub/sub, a few ms under load).
    expect(
      await eventually(
        () => count('fl-45-p'),
        (n) => n === 0,
        3000,
      ),
    ).toBe(0);
  });
});
