/**
 * GET /media and /media/{media} over HTTP against real Postgres and Meilisearch, on the shared sample
 * snapshot (its README's "Media library" section lists the expectations these tests check).
 */
import { startStack, type Stack } from '../support/stack';
import { expectOnlyGet } from './reference/fixture';
import { eventually } from '../support/outage';
import { MEDIUM_FIELDS, type Data, type Medium, type Page } from '../support/types';

/** The public media of the sample, newest first (5012 before 5009: instants, not strings). */
const PUBLIC = [5013, 5012, 5009, 5014, 5005, 5003, 5001, 5002];
const HIDDEN = [5004, 5006, 5007, 5008, 5010, 5011, 5015, 5016];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const list = (query: string) => stack.api.json<Page<Medium>>(`/media${query}`);
const ids = async (query: string) => (await list(query)).data.map((m) => m.id);
const q = (value: string) => encodeURIComponent(value);

describe('GET /media', () => {
  it('lists exactly the public media, newest first, 24 per page by default', async () => {
    const page = await list('');
    expect(page.data.map((m) => m.id)).toEqual(PUBLIC);
    expect(page.meta).toMatchObject({
      total: 8,
      current_page: 1,
      per_page: 24,
      last_page: 1,
      path: 'http://api.test/api/v1/media',
    });
    expect(Object.keys(page)).toEqual(['data', 'links', 'meta']);
  });

  it('serializes each medium with the spec fields, without usages', async () => {
    const byId = new Map((await list('')).data.map((m) => [m.id, m]));
    const m5001 = byId.get(5001)!;
    expect(Object.keys(m5001)).toEqual(MEDIUM_FIELDS);
    expect(m5001.folder).toEqual({
      id: 402,
      name: 'Rundballenpressen',
      slug: 'produktbilder-rundballenpressen',
    });
    expect(m5001.url).toMatch(/^http:\/\/api\.test\/files\/media\/5001\/[0-9a-f]{32}\//);
    expect(m5001.created_at).toBe('2023-07-18T08:12:00.000000Z');
    expect(byId.get(5005)).toMatchObject({
      size: 15192,
      ki_status: 'ki_generiert',
      ki_label: 'KI-generiert',
    });
    expect(byId.get(5012)).toMatchObject({
      folder: null,
      conversions: {},
      created_at: '2026-03-02T08:45:00.000000Z',
    });
    expect(byId.get(5013)).toMatchObject({ url: null, thumb_url: null, size: null, conversions: {} });
    expect(byId.get(5003)!.ki_label).toBeNull();
  });

  it('never shows hidden media, whatever the filter', async () => {
    const res = await stack.api.get(`/media?per_page=200&ids[]=${HIDDEN.join('&ids[]=')}`);
    expect(((await res.json()) as Page<Medium>).data).toEqual([]);
    for (const query of [
      '',
      '?type=image',
      '?renderable=1',
      '?renderable=0',
      '?folder=archiv',
      '?search=Aktion',
    ]) {
      const found = await ids(query);
      expect(found.filter((id) => HIDDEN.includes(id))).toEqual([]);
    }
  });

  it('filters by type; an unknown type is ignored', async () => {
    expect(await ids('?type=image')).toEqual([5009, 5005, 5003, 5001, 5002]);
    expect(await ids('?type=datasheet')).toEqual([5012]);
    expect(await ids('?type=logo')).toEqual([5014]);
    expect(await ids('?type=video')).toEqual([]);
    expect(await ids('?type=IMAGE')).toEqual(PUBLIC); // the types are lower-case values
    expect(await ids('?type=bild')).toEqual(PUBLIC);
    expect(await ids('?type[]=image')).toEqual(PUBLIC);
  });

  it('filters renderable files by MIME type whatever the asset type', async () => {
    expect(await ids('?renderable=1')).toEqual([5009, 5014, 5005, 5003, 5001, 5002]);
    expect(await ids('?renderable=0')).toEqual([5013, 5012]);
    expect(await ids('?renderable=1&type=logo')).toEqual([5014]);
    expect(await ids('?renderable=yes')).toEqual(PUBLIC);
    expect(await ids('?renderable=2')).toEqual(PUBLIC);
  });

  it('filters by ids in the array form or as one id; a comma list is not understood', async () => {
    expect(await ids('?ids[]=5001&ids[]=5004')).toEqual([5001]);
    expect(await ids('?ids[]=5002&ids[]=5013&ids[]=abc')).toEqual([5013, 5002]);
    expect(await ids('?ids=5001')).toEqual([5001]);
    expect(await ids('?ids=5001,5004')).toEqual(PUBLIC); // ignored: no filter
    expect(await ids('?ids=abc')).toEqual(PUBLIC);
  });

  it('filters by the slug of a public folder, without its sub-folders', async () => {
    expect(await ids('?folder=produktbilder-rundballenpressen')).toEqual([5001, 5002]);
    expect(await ids('?folder=rundballenpressen-details')).toEqual([5005, 5003]);
    expect(await ids('?folder=produktbilder')).toEqual([5013, 5009, 5014]);
    expect(await ids('?folder=produktbilder&type=image')).toEqual([5009]);
  });

  it('ignores the slug of an unknown, inactive or restricted folder (the whole list)', async () => {
    expect(await ids('?folder=archiv')).toEqual(PUBLIC);
    expect(await ids('?folder=haendlerbereich')).toEqual(PUBLIC);
    expect(await ids('?folder=gibt-es-nicht')).toEqual(PUBLIC);
  });

  it('keeps injected filter expressions as values: they widen nothing', async () => {
    const injections = [
      'image" OR public = false OR type = "image',
      'image\\" OR public = false OR \\"',
      'produktbilder-rundballenpressen" OR id > 0 OR "',
      '402) OR (public = false',
    ];
    for (const value of injections) {
      expect(await ids(`?type=${q(value)}`)).toEqual(PUBLIC);
      expect(await ids(`?folder=${q(value)}`)).toEqual(PUBLIC);
      expect(await ids(`?folder=${q(value)}&ids=5001`)).toEqual([5001]);
      expect(await ids(`?search=${q(value)}`)).toEqual([]);
    }
  });

  it('searches name, file name and keywords with synonyms; every word must occur', async () => {
    expect(await ids('?search=Prospekt')).toEqual([5013]); // 5004 has the keyword too, but is not public
    expect(await ids('?search=DSC_0815')).toEqual([5003]); // file name
    expect(await ids('?search=Schneidrotor')).toEqual([5005]);
    expect(await ids('?search=Parallelf%C3%BChrung')).toEqual([5009]); // keyword only
    expect((await ids('?search=Schlepperfrontlader')).sort()).toEqual([5009, 5013]); // synonym of Frontlader
    expect(await ids('?search=Prospekt%20Frontlader')).toEqual([5013]);
    expect(await ids('?search=Prospekt%20Schneidrotor')).toEqual([]);
    expect(await ids('?search=Komfort')).toEqual([]); // 5015 lies in an inactive folder
    expect(await ids('?search=Datenblatt&type=image')).toEqual([]);
  });

  it('ignores empty and unknown parameters', async () => {
    expect(await ids('?search=&type=&renderable=&ids=&folder=&foo=bar&ids[]=')).toEqual(PUBLIC);
  });

  it('clamps per_page to 1..200, reads page as Laravel does and keeps filters in the links', async () => {
    const page = await list('?per_page=3&page=2&type=image');
    expect(page.data.map((m) => m.id)).toEqual([5001, 5002]);
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 3, total: 5, last_page: 2 });
    expect(page.links.prev).toBe('http://api.test/api/v1/media?per_page=3&type=image&page=1');
    expect(page.links.next).toBeNull();
    expect((await list('?per_page=500')).meta.per_page).toBe(200);
    expect((await list('?per_page=200')).meta.per_page).toBe(200);
    expect((await list('?per_page=0')).meta.per_page).toBe(1);
    expect((await list('?per_page=-3')).data).toHaveLength(1);
    expect((await list('?per_page=abc')).meta.per_page).toBe(24);
    expect((await list('?page=4abc')).meta.current_page).toBe(1);
    const beyond = await list('?page=99999999999999');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(8);
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await ids(`?per_page=3&page=${p}`)));
    expect(pages).toEqual(PUBLIC);
  });
});

describe('GET /media/{media}', () => {
  it('returns a public medium by id or ext:<source_id>, in the list form', async () => {
    const { data } = await stack.api.json<Data<Medium>>('/media/5001');
    expect(data.id).toBe(5001);
    expect(data).not.toHaveProperty('usages');
    expect((await list('?ids=5001')).data[0]).toEqual(data);
    expect((await stack.api.json<Data<Medium>>('/media/ext:DAM-000184')).data).toEqual(data);
    expect((await stack.api.json<Data<Medium>>('/media/ext%3ADAM-000184')).data.id).toBe(5001);
    expect((await stack.api.json<Data<Medium>>('/media/05001')).data.id).toBe(5001);
    for (const id of PUBLIC) expect((await stack.api.json<Data<Medium>>(`/media/${id}`)).data.id).toBe(id);
  });

  it('answers 404 for media that are not public, unknown or malformed ids, in the error shape', async () => {
    const paths = [
      ...HIDDEN.map(String),
      'ext:DAM-000232', // 5006, a draft
      'ext:DAM-000290', // 5008, expired
      'ext:DAM-999999',
      'ext:',
      'EXT:DAM-000184',
      '5001abc',
      '1.5',
      '-1',
      '0',
      '99999999999',
      '4999',
      '%E2%9C%93',
    ];
    for (const path of paths) {
      const res = await stack.api.get(`/media/${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      const body = (await res.json()) as { error: { code: string; request_id: string } };
      expect(body.error.code).toBe('not_found');
      expect(body.error).not.toHaveProperty('details');
      expect(res.headers.get('x-request-id')).toBe(body.error.request_id);
    }
  });

  it('issues one query, none while cached', async () => {
    const count = async () => {
      let n = 0;
      const onQuery = () => n++;
      stack.api.deps.db.on('query', onQuery);
      await stack.api.json('/media/ext:DAM-000184');
      stack.api.deps.db.off('query', onQuery);
      return n;
    };
    // A new catalog generation (as after a sync round): the next detail is read from Postgres again.
    await stack.indexer.announce!(['catalog']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count()).toBe(1);
    // The result cache answers (once the announcement has reached the API: pub/sub, a few ms under load).
    expect(await eventually(count, (n) => n === 0, 3000)).toBe(0);
  });
});

describe('HTTP conventions', () => {
  it.each(['/media', '/media/5001', '/media/ext:DAM-000184'])(
    '%s answers other methods with 405 and Allow',
    async (path) => {
      await expectOnlyGet(stack.api, path);
      expect((await stack.api.get(path, { method: 'HEAD' })).status).toBe(200);
    },
  );

  // Not the searches of the next test, which the result cache would then answer without Meilisearch.
  it.each(['/media', '/media?search=Seitenansicht&per_page=5', '/media/5001'])(
    '%s: Content-Length counts the UTF-8 bytes, HEAD sends the same headers and no body',
    async (path) => {
      const get = await stack.api.get(path);
      const bytes = Buffer.from(await get.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(bytes.toString('utf8').length); // umlauts: bytes ≠ characters
      expect(get.headers.get('content-length')).toBe(String(bytes.length));
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const head = await stack.api.get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      for (const name of ['content-length', 'content-type', 'etag', 'cache-control']) {
        expect(head.headers.get(name)).toBe(get.headers.get(name));
      }
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    },
  );

  it('answers 503 when the media index is missing, never 500', async () => {
    await stack.indexer.meili.deleteIndex(`${stack.config.meiliIndexPrefix}media`).waitTask();
    // A search needs the index (a list would come from Postgres: test/api/degraded-lists.test.ts).
    const res = await stack.api.get('/media?search=Seitenansicht');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect((await stack.api.get('/media?per_page=7')).status).toBe(200); // from Postgres
    expect((await stack.api.get('/media/5001')).status).toBe(200); // the detail needs Postgres only
    await stack.reindex();
    expect(await ids('')).toEqual(PUBLIC);
  });
});
