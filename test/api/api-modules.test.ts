/**
 * The API process never loads sharp or the HEIC decoder ("a real boundary"): renders run in the
 * worker, and the CMS preview of a rendition not made yet waits for the worker's `preview` job
 * (src/resources/content-media/render.ts). The API runs as a child process built as `npm start` builds it
 * (test/support/api-process.ts, `startServer`), serves a preview that needs a render (done by a render
 * worker in this test process) and other requests, then reports every module it has loaded. Before the
 * preview it has not loaded BullMQ either: its queues are made on first use (src/jobs/connection.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import sharp from 'sharp';
import { freePort } from '../../tools/dev/free-port';
import { ROOT, spawnTs } from '../support/command';
import { startStack, type Stack } from '../support/stack';
import { authHeaders, bearer } from '../support/tokens';

jest.setTimeout(60_000);

let stack: Stack;
let child: ChildProcess | undefined;
let origin: string;

beforeAll(async () => {
  stack = await startStack({ renderWorker: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawnTs('test/support/api-process.ts', stack.childEnv({ HOST: '127.0.0.1', PORT: String(port) }), [
    'ignore',
    'ignore',
    'inherit',
    'ipc',
  ]);
  const [message] = (await Promise.race([once(child, 'message'), once(child, 'exit')])) as unknown[];
  if (message !== 'ready') throw new Error(`the API process did not start (${String(message)})`);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await stack?.stop();
});

/** The absolute paths of the modules the API process has loaded so far. */
async function loadedModules(): Promise<string[]> {
  const reply = once(child!, 'message');
  child!.send('modules');
  const [message] = (await reply) as [{ modules: string[] }];
  return message.modules;
}

/** True for a file of the `bullmq` package. */
const isBullmq = (file: string) => file.includes(`${path.sep}node_modules${path.sep}bullmq${path.sep}`);

it('loads BullMQ only when a queue is needed: not for serving, nor for the queue gauges of /metrics', async () => {
  for (const p of ['/api/v1/products?search=Presse', '/api/v1/media/5001', '/up']) {
    expect([p, (await fetch(`${origin}${p}`)).status]).toEqual([p, 200]);
  }
  const metrics = await fetch(`${origin}/metrics`, {
    headers: authHeaders(await bearer(stack.database.db, 'full')),
  });
  expect(await metrics.text()).toMatch(/^render_queue_jobs\{state="waiting"\} \d+$/m);
  expect((await loadedModules()).filter(isBullmq)).toEqual([]);
});

it('serves a preview rendered by the worker without loading sharp or the HEIC decoder', async () => {
  const token = await bearer(stack.database.db, 'media');
  expect(await stack.database.db('renditions').where({ media_id: 5001, format_key: 'hero' })).toEqual([]);
  const res = await fetch(`${origin}/api/v1/content/media/5001/preview?format=hero`, {
    headers: authHeaders(token),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(`${meta.width}x${meta.height}`).toBe('1440x1080');
  for (const p of ['/api/v1/products?search=Presse', '/api/v1/media/5001', '/up']) {
    expect([p, (await fetch(`${origin}${p}`)).status]).toEqual([p, 200]);
  }

  const modules = await loadedModules();
  // The list is the real one: the preview's own modules and the queue client are in it.
  expect(modules).toEqual(
    expect.arrayContaining([
      path.join(ROOT, 'src/resources/content-media/render.ts'),
      path.join(ROOT, 'src/jobs/render-queue.ts'),
      expect.stringContaining(`${path.sep}node_modules${path.sep}bullmq${path.sep}`),
    ]),
  );
  const renderers = modules.filter((file) =>
    /[\\/]node_modules[\\/](sharp|@img[\\/]sharp[^\\/]*|libheif-js)[\\/]|[\\/]indexer[\\/]/.test(file),
  );
  expect(renderers).toEqual([]);
});
