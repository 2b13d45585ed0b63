/**
 * Decode slots (indexer/render/slots.ts): at most `size` renders at once, waiters in arrival order, an
 * urgent one (a preview) first, and no render taking a slot while an index job holds the gate.
 */
import { createIndexFirst } from '../../indexer/priority';
import { createRenderSlots } from '../../indexer/render/slots';

/** A render that ends when the test says so. */
function pending() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

it('runs at most `size` at once and hands a freed slot to the first waiter, an urgent one before', async () => {
  const slots = createRenderSlots(2);
  const started: string[] = [];
  const works = new Map<string, ReturnType<typeof pending>>();
  const run = (name: string, urgent = false) => {
    works.set(name, pending());
    return slots.run(async () => {
      started.push(name);
      await works.get(name)!.done;
      return name;
    }, urgent);
  };
  const all = [run('a'), run('b'), run('c'), run('d'), run('preview', true)];
  await tick();
  expect(started).toEqual(['a', 'b']);
  expect(slots.busy).toBe(2);
  expect(slots.waiting).toBe(3);
  works.get('a')!.finish();
  await tick();
  expect(started).toEqual(['a', 'b', 'preview']);
  works.get('b')!.finish();
  await tick();
  expect(started).toEqual(['a', 'b', 'preview', 'c']);
  for (const work of works.values()) work.finish();
  expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'preview']);
  expect(slots.busy).toBe(0);
});

it('frees the slot of a render that fails', async () => {
  const slots = createRenderSlots(1);
  await expect(slots.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
  expect(slots.busy).toBe(0);
  await expect(slots.run(async () => 'next')).resolves.toBe('next');
});

it('takes no slot for a render while an index job runs; a preview passes', async () => {
  const gate = createIndexFirst();
  const slots = createRenderSlots(2, gate);
  const job = pending();
  const indexing = gate.indexing(() => job.done);
  const started: string[] = [];
  const render = slots.run(async () => void started.push('render'));
  const preview = slots.run(async () => void started.push('preview'), true);
  await preview;
  await tick();
  expect(started).toEqual(['preview']);
  job.finish();
  await indexing;
  await render;
  expect(started).toEqual(['preview', 'render']);
});

it('a render that got its slot as an index job started hands it on and waits at the gate', async () => {
  const gate = createIndexFirst();
  const slots = createRenderSlots(1, gate);
  const first = pending();
  const started: string[] = [];
  const a = slots.run(async () => {
    started.push('a');
    await first.done;
  });
  await tick();
  const b = slots.run(async () => void started.push('b'));
  const c = slots.run(async () => void started.push('c'), true);
  await tick();
  const job = pending();
  const indexing = gate.indexing(() => job.done);
  first.finish(); // the slot passes to c (urgent), then to b, which sees the gate closed
  await a;
  await c;
  await tick();
  expect(started).toEqual(['a', 'c']);
  expect(slots.busy).toBe(0);
  job.finish();
  await indexing;
  await b;
  expect(started).toEqual(['a', 'c', 'b']);
});
