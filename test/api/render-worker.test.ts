/**
 * Renditions end to end through the real worker: the import's outbox is drained by scheduled syncs, which
 * queue render jobs; the renders record their changes, the next sync pushes them, and the public responses
 * show `conversions` whose URLs serve the files. Nothing is called directly.
 */
import { createIndexWorker, type IndexWorker } from '../../indexer/worker';
import { startCatalogStack, type CatalogStack } from '../support/catalog';

interface Medium {
  id: number;
  thumb_url: string | null;
  conversions: Record<string, { url: string; width: number | null; height: number | null }>;
}

let stack: CatalogStack;
let worker: IndexWorker;

beforeAll(async () => {
  stack = await startCatalogStack();
  worker = await createIndexWorker({
    config: stack.config,
    db: stack.database.db,
    meili: stack.indexer.meili,
    logger: stack.indexer.logger,
    syncEveryMs: 250,
  });
});
afterAll(async () => {
  await worker?.queue.obliterate({ force: true });
  await worker?.close();
  await stack?.close();
});

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('renders the imported images and shows their conversions in lists and details', async () => {
  const product = () =>
    stack.api
      .json<{ data: { id: number; images: Medium[] }[] }>('/products?ids=1002')
      .then((b) => b.data[0]!);
  const rendered = await eventually(product, (p) =>
    p.images.every((m) => Object.keys(m.conversions).length === 6),
  );
  expect(rendered.images.map((m) => m.id)).toEqual([5001, 5003, 5002]);
  for (const image of rendered.images) {
    expect(Object.keys(image.conversions).sort()).toEqual([
      'hero',
      'katalog',
      'mini',
      'preview',
      'thumb',
      'tile',
    ]);
    expect(image.thumb_url).toBe(image.conversions.thumb!.url);
  }
  const thumb = rendered.images[0]!.conversions.thumb!;
  const res = await stack.api.get(thumb.url.replace(stack.config.appUrl, stack.api.origin));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');

  const media = await eventually(
    () => stack.api.json<{ data: Medium[] }>('/media?type=image').then((b) => b.data),
    (list) => list.every((m) => Object.keys(m.conversions).length === 6),
  );
  expect(media.map((m) => m.id)).toEqual([5009, 5005, 5003, 5001, 5002]);
  const svg = await stack.api.json<{ data: Medium }>('/media/5014');
  expect(svg.data.conversions).toEqual({});
  // The system settles: every outbox row, also those the renders wrote, ends up processed.
  const pending = await eventually(
    async () =>
      Number((await stack.database.db('index_outbox').whereNull('processed_at').count({ n: '*' }))[0]!.n),
    (n) => n === 0,
  );
  expect(pending).toBe(0);
});
