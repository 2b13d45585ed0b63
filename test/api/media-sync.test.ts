/**
 * Public media follow the clock and the indexer: an asset disappears from /media, /media/{media} and the
 * product images the moment its `valid_until` passes, with no reindex in between; a deactivated folder
 * hides its assets (and those of its sub-folders) from the detail at once and from the list after the
 * indexer's outbox sync.
 */
import { mediaIndex } from '../../indexer/indexes/media';
import { productsIndex } from '../../indexer/indexes/products';
import { syncDocuments, syncOutbox } from '../../indexer/jobs/sync';
import { importSnapshot } from '../../src/import';
import { type Stack, startStack, testMeiliClient } from '../support/stack';
import { editRecords } from '../support/snapshot';
import type { Data, MediaFolder, Medium, Page, Product } from '../support/types';

let stack: Stack;
let snapshot: string;
beforeAll(async () => {
  stack = await startStack();
  snapshot = await stack.copySample();
});
afterAll(async () => {
  await stack?.stop();
});

const ids = async (path: string) => (await stack.api.json<Page<{ id: number }>>(path)).data.map((r) => r.id);
const status = async (path: string) => (await stack.api.get(path)).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('hides an asset once its valid_until passes, without any reindex in between', async () => {
  const validUntil = new Date(Date.now() + 3000);
  await stack.database.db('media').where({ id: 5002 }).update({ valid_until: validUntil });
  // What the worker does for a changed medium: its document and the documents of its products.
  await syncDocuments(stack.indexer, mediaIndex, [5002]);
  await syncDocuments(stack.indexer, productsIndex, [1002]);
  const indexed = await testMeiliClient().index(`${stack.config.meiliIndexPrefix}media`).getDocument(5002);
  expect(indexed.valid_until_ts).toBe(Math.floor(validUntil.getTime() / 1000));

  expect(Date.now()).toBeLessThan(validUntil.getTime() - 500); // the checks below run before it expires
  expect(await ids('/media')).toContain(5002);
  expect(await ids('/media?folder=produktbilder-rundballenpressen')).toEqual([5001, 5002]);
  expect(await status('/media/5002')).toBe(200);
  expect(await status('/media/ext:DAM-000185')).toBe(200);
  const before = (await stack.api.json<Page<Product>>('/products?ids=1002')).data[0]!;
  expect(before.images!.map((m) => m.id)).toEqual([5001, 5003, 5002]);

  await sleep(validUntil.getTime() - Date.now() + 1100);

  expect(await ids('/media')).toEqual([5013, 5012, 5009, 5014, 5005, 5003, 5001]);
  expect(await ids('/media?folder=produktbilder-rundballenpressen')).toEqual([5001]);
  expect(await ids('/media?ids[]=5002')).toEqual([]);
  expect((await stack.api.json<Page<Medium>>('/media?type=image')).meta.total).toBe(4);
  expect(await status('/media/5002')).toBe(404);
  expect(await status('/media/ext:DAM-000185')).toBe(404);
  const after = (await stack.api.json<Page<Product>>('/products?ids=1002')).data[0]!;
  expect(after.images!.map((m) => m.id)).toEqual([5001, 5003]);
});

it('hides the assets of a deactivated folder and its sub-folders: detail at once, list after the sync', async () => {
  await editRecords(snapshot, 'media_folders.ndjson', (records) =>
    records.map((r) => (r.id === 402 ? { ...r, is_active: false } : r)),
  );
  await importSnapshot(stack.database.db, snapshot, { mode: 'full', mediaRoot: stack.mediaRoot });

  // Postgres answers the detail and the folder tree: the change shows before any indexing.
  for (const id of [5001, 5003, 5005]) expect(await status(`/media/${id}`)).toBe(404);
  const tree = (await stack.api.json<Data<MediaFolder[]>>('/media-folders')).data;
  expect(tree).toEqual([expect.objectContaining({ id: 401, children: [] })]);
  expect(await ids('/media')).toContain(5001); // the index is not synced yet

  await syncOutbox(stack.indexer);

  // 5001 and 5002 lie in 402, 5003 and 5005 in its sub-folder 403.
  expect(await ids('/media')).toEqual([5013, 5012, 5009, 5014]);
  expect(await ids('/media?type=image')).toEqual([5009]);
  expect(await ids('/media?search=Schneidrotor')).toEqual([]);
  // The slug of a folder that is no longer public is an invalid filter value: ignored.
  expect(await ids('/media?folder=rundballenpressen-details')).toEqual([5013, 5012, 5009, 5014]);
  expect((await stack.api.json<Page<Product>>('/products?ids=1002')).data[0]!.images).toEqual([]);
  expect(await status('/media/5009')).toBe(200);
});
