/**
 * The CMS media list follows folder changes through the indexer's outbox sync (the fan-out reaches the
 * media of a changed folder and of all its sub-folders), the detail and the folder tree follow them at
 * once (Postgres): a role restriction keeps media in the CMS (no longer public), a deactivated folder hides
 * them, a renamed folder changes the paths; an asset disappears the moment its valid_until passes.
 */
import { mediaIndex } from '../../indexer/indexes/media';
import { syncDocuments, syncOutbox } from '../../indexer/jobs/sync';
import { importSnapshot } from '../../src/import';
import { startStack, type Stack } from '../support/stack';
import { editRecords } from '../support/snapshot';
import { authHeaders, bearer } from '../support/tokens';
import type { CmsFolder, CmsMedium, Data, Page } from '../support/types';

let stack: Stack;
let snapshot: string;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  snapshot = await stack.copySample();
  token = await bearer(stack.database.db, 'media');
});
afterAll(async () => {
  await stack?.stop();
});

const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const res = await stack.api.get(path, { headers: authHeaders(token) });
  return { status: res.status, body: (await res.json()) as T };
};
const list = async (query = '') => (await get<Page<CmsMedium>>(`/content/media${query}`)).body.data;
const ids = async (query = '') => (await list(query)).map((m) => m.id);
const byId = async () => new Map((await list()).map((m) => [m.id, m]));
const publicIds = async () =>
  (await stack.api.json<{ data: { id: number }[] }>('/media')).data.map((m) => m.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function editFolders(edit: (r: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  await editRecords(snapshot, 'media_folders.ndjson', (records) => records.map(edit));
  await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });
}

it('keeps the media of a role-restricted folder (and its sub-folders) in the CMS, no longer public', async () => {
  await editFolders((r) => (r.id === 402 ? { ...r, role_restriction: 'vertrieb' } : r));
  // Postgres answers the detail at once.
  const detail = (await get<Data<CmsMedium>>('/content/media/5003')).body.data;
  expect(detail).toMatchObject({ public: false, url: null });

  await syncOutbox(stack.indexer);

  expect(await ids()).toEqual([5013, 5012, 5009, 5016, 5014, 5005, 5004, 5003, 5001, 5002]);
  const all = await byId();
  for (const id of [5001, 5002, 5003, 5005]) {
    expect([id, all.get(id)!.public, all.get(id)!.url]).toEqual([id, false, null]);
  }
  expect(all.get(5009)!.public).toBe(true);
  expect(await publicIds()).toEqual([5013, 5012, 5009, 5014]);
  expect(await ids('?folder=rundballenpressen-details')).toEqual([5005, 5003]);
  const tree = (await get<Data<CmsFolder[]>>('/content/media-folders')).body.data;
  expect(tree[0]!.children[0]).toMatchObject({ id: 402, role_restriction: 'vertrieb' });
  expect(tree[0]!.children[0]!.children.map((f) => f.id)).toEqual([403]);
});

it('follows a renamed folder in the paths of its media and of its sub-folders media', async () => {
  await editFolders((r) => (r.id === 401 ? { ...r, name: 'Produktfotos' } : r));
  await syncOutbox(stack.indexer);
  const all = await byId();
  expect(all.get(5003)!.folder!.path).toBe('Produktfotos / Rundballenpressen / Detailaufnahmen');
  expect(all.get(5001)!.folder!.path).toBe('Produktfotos / Rundballenpressen');
  expect(all.get(5009)!.folder!.path).toBe('Produktfotos');
  const detail = (await get<Data<CmsMedium>>('/content/media/5005')).body.data;
  expect(detail.folder!.path).toBe('Produktfotos / Rundballenpressen / Detailaufnahmen');
});

it('hides the media of a deactivated folder and its sub-folders: detail and tree at once, list after the sync', async () => {
  await editFolders((r) => (r.id === 402 || r.id === 405 ? { ...r, is_active: false } : r));
  for (const id of [5001, 5002, 5003, 5004, 5005, 5016]) {
    expect([id, (await get(`/content/media/${id}`)).status]).toEqual([id, 404]);
    expect([id, (await get(`/content/media/${id}/download`)).status]).toEqual([id, 404]);
  }
  const tree = (await get<Data<CmsFolder[]>>('/content/media-folders')).body.data;
  expect(tree.map((f) => [f.id, f.children.map((c) => c.id)])).toEqual([[401, []]]);
  expect(await ids()).toContain(5016); // the index is not synced yet

  await syncOutbox(stack.indexer);

  expect(await ids()).toEqual([5013, 5012, 5009, 5014]);
  expect(await ids('?folder=haendlerbereich')).toEqual([5013, 5012, 5009, 5014]); // inactive: ignored
});

it('hides an asset once its valid_until passes, without any reindex in between', async () => {
  const validUntil = new Date(Date.now() + 2500);
  await stack.database.db('media').where({ id: 5014 }).update({ valid_until: validUntil });
  await syncDocuments(stack.indexer, mediaIndex, [5014]);
  expect(Date.now()).toBeLessThan(validUntil.getTime() - 500);
  expect(await ids()).toContain(5014);
  expect((await get('/content/media/5014')).status).toBe(200);

  await sleep(validUntil.getTime() - Date.now() + 1100);

  expect(await ids()).toEqual([5013, 5012, 5009]);
  expect((await get('/content/media/5014')).status).toBe(404);
  expect((await get('/content/media/5014/download')).status).toBe(404);
});
