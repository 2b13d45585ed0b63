/**
 * GET /content/media, /content/media/{media} and /content/media-folders over HTTP against real Postgres and
 * Meilisearch on the shared sample snapshot (docs/api/content-media.md): the CMS sees media released for
 * any channel, not trashed, not expired, in no folder or an active folder chain (role restrictions do not
 * hide), with the editor's fields, behind a token with `content:media:read`.
 */
import { startStack, type Stack } from '../support/stack';
import { authHeaders, bearer } from '../support/tokens';
import { MEDIUM_FIELDS, type CmsMedium, type Data, type Page } from '../support/types';

/** What the CMS sees in the sample, newest first: the public eight plus 5004 (print) and 5016 (haendler). */
const CMS = [5013, 5012, 5009, 5016, 5014, 5005, 5004, 5003, 5001, 5002];
/** Draft, in review, expired, blocked, trashed, inactive folder. */
const HIDDEN = [5006, 5007, 5008, 5010, 5011, 5015];

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  token = await bearer(stack.database.db, 'media');
});
afterAll(async () => {
  await stack?.stop();
});

const call = (path: string, authorization: string | undefined = token) =>
  stack.api.get(path, { headers: authHeaders(authorization) });
async function json<T>(path: string, status = 200): Promise<T> {
  const res = await call(path);
  const text = await res.text();
  if (res.status !== status) throw new Error(`GET ${path}: expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
const list = (query: string) => json<Page<CmsMedium>>(`/content/media${query}`);
const ids = async (query: string) => (await list(query)).data.map((m) => m.id);
const byId = async () => new Map((await list('')).data.map((m) => [m.id, m]));

describe('GET /content/media', () => {
  it('lists media released for any channel, in active folders (role restriction too), newest first', async () => {
    const page = await list('');
    expect(page.data.map((m) => m.id)).toEqual(CMS);
    expect(page.meta).toMatchObject({
      total: 10,
      current_page: 1,
      per_page: 24,
      last_page: 1,
      path: 'http://api.test/api/v1/content/media',
    });
    expect(Object.keys(page)).toEqual(['data', 'links', 'meta']);
  });

  it('never shows drafts, media in review, blocked, trashed, expired or in an inactive folder', async () => {
    expect(await ids(`?ids[]=${HIDDEN.join('&ids[]=')}`)).toEqual([]);
    for (const query of ['?search=Komfort', '?search=Aktion', '?search=Titelbild', '?folder=archiv']) {
      expect((await ids(query)).filter((id) => HIDDEN.includes(id))).toEqual([]);
    }
    expect(await ids('?search=Aktion')).toEqual([5016]); // 5010 (blocked) has the keyword too
  });

  it('serializes the public medium fields plus the editor fields, in this order', async () => {
    const m = (await byId()).get(5001)!;
    expect(Object.keys(m)).toEqual([
      ...MEDIUM_FIELDS,
      'source_id',
      'public',
      'release_status',
      'release_channels',
      'valid_until',
      'keywords',
      'preview_url',
      'download_url',
    ]);
    expect(m).toMatchObject({
      source_id: 'DAM-000184',
      public: true,
      release_status: 'released',
      release_channels: [],
      valid_until: null,
      keywords: ['Seitenansicht', 'Festkammer', 'Rundballen'],
      folder: {
        id: 402,
        name: 'Rundballenpressen',
        slug: 'produktbilder-rundballenpressen',
        path: 'Produktbilder / Rundballenpressen',
      },
      preview_url: 'http://api.test/api/v1/content/media/5001/preview',
      download_url: 'http://api.test/api/v1/content/media/5001/download',
      created_at: '2023-07-18T08:12:00.000000Z',
    });
    expect(m.url).toMatch(
      /^http:\/\/api\.test\/files\/media\/5001\/[0-9a-f]{32}\/RP125F_Seitenansicht_2023\.jpg$/,
    );
    // Everything the public record has is the same here.
    const { data: pub } = await stack.api.json<{ data: Record<string, unknown> }>('/media/5001');
    for (const [field, value] of Object.entries(pub)) {
      expect([field, field === 'folder' ? { ...(value as object), path: m.folder!.path } : value]).toEqual([
        field,
        (m as Record<string, unknown>)[field],
      ]);
    }
  });

  it('shows folder paths, channels, source ids and validity of the other media', async () => {
    const all = await byId();
    expect(all.get(5003)).toMatchObject({
      source_id: null,
      folder: {
        id: 403,
        name: 'Detailaufnahmen',
        slug: 'rundballenpressen-details',
        path: 'Produktbilder / Rundballenpressen / Detailaufnahmen',
      },
      keywords: ['Pick-up', 'Zinken'],
    });
    expect(all.get(5002)).toMatchObject({
      release_status: 'released_channels',
      release_channels: ['website', 'print'],
      public: true,
    });
    expect(all.get(5009)).toMatchObject({ valid_until: '2035-12-31T22:59:59.000000Z', public: true });
    expect(all.get(5014)).toMatchObject({
      release_channels: ['website', 'dealer_portal'],
      preview_url: null, // SVG: no renditions
      download_url: 'http://api.test/api/v1/content/media/5014/download',
    });
    expect(all.get(5012)).toMatchObject({
      folder: null,
      preview_url: null, // PDF
      download_url: 'http://api.test/api/v1/content/media/5012/download',
    });
    expect(all.get(5013)).toMatchObject({ url: null, preview_url: null, download_url: null });
  });

  it('gives media that are not public no public file URLs, only the protected ones', async () => {
    const all = await byId();
    expect(all.get(5004)).toMatchObject({
      public: false,
      release_status: 'released_channels',
      release_channels: ['print'],
      url: null,
      thumb_url: null,
      conversions: {},
      srcset: null,
      preview_url: 'http://api.test/api/v1/content/media/5004/preview',
      download_url: 'http://api.test/api/v1/content/media/5004/download',
    });
    expect(all.get(5016)).toMatchObject({
      public: false,
      url: null,
      folder: { id: 405, name: 'Händlerbereich', slug: 'haendlerbereich', path: 'Händlerbereich' },
      preview_url: 'http://api.test/api/v1/content/media/5016/preview',
    });
    expect([...all.values()].filter((m) => !m.public).map((m) => m.id)).toEqual([5016, 5004]);
  });

  it('filters by type, renderable and ids like /media; invalid values are ignored', async () => {
    expect(await ids('?type=image')).toEqual([5009, 5016, 5005, 5004, 5003, 5001, 5002]);
    expect(await ids('?type=logo')).toEqual([5014]);
    expect(await ids('?type=bild')).toEqual(CMS);
    expect(await ids('?renderable=1')).toEqual([5009, 5016, 5014, 5005, 5004, 5003, 5001, 5002]);
    expect(await ids('?renderable=0')).toEqual([5013, 5012]);
    expect(await ids('?renderable=yes')).toEqual(CMS);
    expect(await ids('?ids[]=5004&ids[]=5015&ids[]=5001')).toEqual([5004, 5001]);
    expect(await ids('?ids=5016')).toEqual([5016]);
    expect(await ids('?ids=5001,5004')).toEqual(CMS); // comma list: not understood, ignored
  });

  it('filters by the slug of an active folder including its sub-folders', async () => {
    expect(await ids('?folder=produktbilder')).toEqual([5013, 5009, 5014, 5005, 5004, 5003, 5001, 5002]);
    expect(await ids('?folder=produktbilder-rundballenpressen')).toEqual([5005, 5004, 5003, 5001, 5002]);
    expect(await ids('?folder=rundballenpressen-details')).toEqual([5005, 5003]);
    expect(await ids('?folder=haendlerbereich')).toEqual([5016]); // role-restricted, but active
    expect(await ids('?folder=produktbilder&type=image&renderable=1')).toEqual([
      5009, 5005, 5004, 5003, 5001, 5002,
    ]);
  });

  it('ignores the slug of an inactive or unknown folder (the whole list)', async () => {
    expect(await ids('?folder=archiv')).toEqual(CMS);
    expect(await ids('?folder=gibt-es-nicht')).toEqual(CMS);
    expect(await ids('?folder[]=produktbilder')).toEqual(CMS);
  });

  it('filters by release channel: released unrestricted, or for that channel', async () => {
    expect(await ids('?channel=website')).toEqual([5013, 5012, 5009, 5016, 5014, 5005, 5003, 5001, 5002]);
    expect(await ids('?channel=print')).toEqual([5013, 5012, 5009, 5016, 5005, 5004, 5003, 5001, 5002]);
    expect(await ids('?channel=dealer_portal')).toEqual([5013, 5012, 5009, 5016, 5014, 5005, 5003, 5001]);
    expect(await ids('?channel=PRINT')).toEqual(await ids('?channel=print'));
    // A channel nobody names: only the media released without restriction.
    expect(await ids('?channel=messe')).toEqual([5013, 5012, 5009, 5016, 5005, 5003, 5001]);
    expect(await ids('?channel=print&folder=produktbilder-rundballenpressen')).toEqual([
      5005, 5004, 5003, 5001, 5002,
    ]);
  });

  it('ignores invalid channels and keeps injected expressions as values', async () => {
    expect(await ids('?channel=web%20site')).toEqual(CMS);
    expect(await ids('?channel=')).toEqual(CMS);
    expect(await ids('?channel[]=print')).toEqual(CMS);
    const injections = [
      'print" OR cms = false OR "',
      'image" OR cms = false OR type = "image',
      'produktbilder" OR id > 0 OR "',
    ];
    for (const value of injections) {
      const v = encodeURIComponent(value);
      expect(await ids(`?channel=${v}`)).toEqual(CMS);
      expect(await ids(`?type=${v}`)).toEqual(CMS);
      expect(await ids(`?folder=${v}&ids=5004`)).toEqual([5004]);
      expect(await ids(`?search=${v}`)).toEqual([]);
    }
  });

  it('searches name, file name and keywords with synonyms, by relevance', async () => {
    expect((await ids('?search=Prospekt')).sort()).toEqual([5004, 5013]);
    expect(await ids('?search=Titelmotiv')).toEqual([5004]); // print only: the CMS finds it
    expect(await ids('?search=H%C3%A4ndler')).toEqual([5016]);
    expect(await ids('?search=Komfort')).toEqual([]); // inactive folder
    expect((await ids('?search=Schlepperfrontlader')).sort()).toEqual([5009, 5013, 5016]); // 5016 by its alt text
    expect(await ids('?search=Prospekt&channel=website')).toEqual([5013]);
  });

  it('pages 24 by default and at most 100, at least 1, keeping the filters in the links', async () => {
    expect((await list('?per_page=500')).meta.per_page).toBe(100);
    expect((await list('?per_page=101')).meta.per_page).toBe(100);
    expect((await list('?per_page=100')).meta.per_page).toBe(100);
    expect((await list('?per_page=0')).meta.per_page).toBe(1);
    expect((await list('?per_page=abc')).meta.per_page).toBe(24);
    const page = await list('?per_page=3&page=2&channel=print');
    expect(page.data.map((m) => m.id)).toEqual([5016, 5005, 5004]);
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 3, total: 9, last_page: 3 });
    expect(page.links.next).toBe('http://api.test/api/v1/content/media?per_page=3&channel=print&page=3');
    const all = [];
    for (let p = 1; p <= 4; p++) all.push(...(await ids(`?per_page=3&page=${p}`)));
    expect(all).toEqual(CMS);
  });

  it('pages 24 by default when the CMS sees more than 24 media', async () => {
    const db = stack.database.db;
    const template = await db('media').where({ id: 5001 }).first();
    const extra = Array.from({ length: 100 }, (_, i) => ({
      ...template,
      id: 6000 + i,
      source_id: null,
      created_at: new Date(Date.UTC(2019, 0, 1, 0, i)),
    }));
    await db('media').insert(extra);
    try {
      await stack.reindex();
      const first = await list('');
      expect(first.meta).toMatchObject({ total: 110, per_page: 24, last_page: 5 });
      expect(first.data.map((m) => m.id)).toEqual([
        ...CMS,
        ...Array.from({ length: 14 }, (_, i) => 6099 - i),
      ]);
      const max = await list('?per_page=1000');
      expect(max.data).toHaveLength(100);
      expect(max.meta).toMatchObject({ per_page: 100, last_page: 2 });
    } finally {
      await db('media').where('id', '>=', 6000).delete();
      await stack.reindex();
    }
    expect(await ids('')).toEqual(CMS);
  });
});

describe('GET /content/media/{media}', () => {
  it('returns each CMS medium by id or ext:<source_id>, the same record as the list', async () => {
    const all = await byId();
    for (const id of CMS) {
      expect((await json<Data<CmsMedium>>(`/content/media/${id}`)).data).toEqual(all.get(id));
    }
    expect((await json<Data<CmsMedium>>('/content/media/ext:DAM-000184')).data.id).toBe(5001);
    expect((await json<Data<CmsMedium>>('/content/media/ext:DAM-LOGO-0001')).data.id).toBe(5014);
  });

  it('answers 404 for drafts, blocked, trashed, expired media and media in an inactive folder', async () => {
    const paths = [
      ...HIDDEN.map(String),
      'ext:DAM-000232', // 5006, draft
      'ext:DAM-000290', // 5008, expired
      'ext:DAM-999999',
      'ext:',
      'abc',
      '0',
      '99999999999',
    ];
    for (const path of paths) {
      const res = await call(`/content/media/${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('not_found');
    }
  });

  it('issues a fixed number of queries: the token lookup and one read', async () => {
    await call('/content/media/5001');
    await stack.database.db('personal_access_tokens').update({ last_used_at: new Date() });
    for (const path of ['/content/media/5001', '/content/media/ext:DAM-000231', '/content/media/5006']) {
      let n = 0;
      const onQuery = () => n++;
      stack.api.deps.db.on('query', onQuery);
      await call(path);
      stack.api.deps.db.off('query', onQuery);
      expect([path, n]).toEqual([path, 2]);
    }
  });
});

describe('GET /content/media-folders', () => {
  it('returns every active folder (role-restricted too) at full depth with role_restriction', async () => {
    const { data } = await json<{ data: unknown[] }>('/content/media-folders');
    expect(data).toEqual([
      {
        id: 401,
        name: 'Produktbilder',
        path: 'Produktbilder',
        slug: 'produktbilder',
        description: 'Freigegebene Produktfotos und Freisteller',
        parent_id: null,
        position: 1,
        role_restriction: null,
        children: [
          {
            id: 402,
            name: 'Rundballenpressen',
            path: 'Produktbilder / Rundballenpressen',
            slug: 'produktbilder-rundballenpressen',
            description: null,
            parent_id: 401,
            position: 1,
            role_restriction: null,
            children: [
              {
                id: 403,
                name: 'Detailaufnahmen',
                path: 'Produktbilder / Rundballenpressen / Detailaufnahmen',
                slug: 'rundballenpressen-details',
                description: 'Nahaufnahmen von Baugruppen',
                parent_id: 402,
                position: 1,
                role_restriction: null,
                children: [],
              },
            ],
          },
        ],
      },
      {
        id: 405,
        name: 'Händlerbereich',
        path: 'Händlerbereich',
        slug: 'haendlerbereich',
        description: 'Nur für Vertriebspartner',
        parent_id: null,
        position: 2,
        role_restriction: 'haendler',
        children: [],
      },
    ]);
  });

  it('shows folders below the third level and hides those below an inactive folder', async () => {
    const db = stack.database.db;
    await db('media_folders').insert([
      {
        id: 490,
        name: 'Ebene 4',
        slug: 'ebene-4',
        parent_id: 403,
        position: 1,
        is_active: true,
        source_hash: 'x',
      },
      {
        id: 491,
        name: 'Ebene 5',
        slug: 'ebene-5',
        parent_id: 490,
        position: 1,
        is_active: true,
        source_hash: 'x',
      },
      {
        id: 492,
        name: 'Unter Archiv',
        slug: 'unter-archiv',
        parent_id: 404,
        position: 1,
        is_active: true,
        source_hash: 'x',
      },
    ]);
    try {
      const { data } = await json<{ data: { id: number; children: unknown[] }[] }>('/content/media-folders');
      expect(data.map((f) => f.id)).toEqual([401, 405]);
      const level3 = (data[0]!.children[0] as { children: { children: unknown[] }[] }).children[0]!;
      expect(level3.children).toEqual([
        expect.objectContaining({
          id: 490,
          path: 'Produktbilder / Rundballenpressen / Detailaufnahmen / Ebene 4',
          children: [
            expect.objectContaining({
              id: 491,
              path: 'Produktbilder / Rundballenpressen / Detailaufnahmen / Ebene 4 / Ebene 5',
              children: [],
            }),
          ],
        }),
      ]);
      expect(JSON.stringify(data)).not.toContain('unter-archiv');
    } finally {
      await db('media_folders').whereIn('id', [491, 492]).delete();
      await db('media_folders').where({ id: 490 }).delete();
    }
  });
});

describe('authentication', () => {
  const paths = [
    '/content/media',
    '/content/media/5001',
    '/content/media/5001/preview',
    '/content/media/5001/download',
    '/content/media-folders',
  ];

  it('answers 401 without a token and 403 with a token lacking content:media:read', async () => {
    const catalogOnly = await bearer(stack.database.db, ['content:catalog:read']);
    for (const path of paths) {
      const none = await call(path, '');
      expect([path, none.status]).toEqual([path, 401]);
      expect(((await none.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
      const wrong = await call(path, catalogOnly);
      expect([path, wrong.status]).toEqual([path, 403]);
      expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
  });

  it('accepts the content profile and a full-access token', async () => {
    for (const profile of ['content', 'full'] as const) {
      const auth = await bearer(stack.database.db, profile);
      expect((await call('/content/media', auth)).status).toBe(200);
      expect((await call('/content/media-folders', auth)).status).toBe(200);
    }
  });

  it('answers other methods with 405 and Allow', async () => {
    for (const path of paths) {
      const res = await stack.api.get(path, { method: 'POST', headers: authHeaders(token) });
      expect([path, res.status, res.headers.get('allow')]).toEqual([path, 405, 'GET, HEAD']);
    }
  });
});
