/**
 * The index-first gate alone (no services): renders wait while an index job runs, and start while the
 * job lends the gate back (`besideRenders`), which closes again for the rest of the job.
 */
import { createIndexFirst } from '../../indexer/priority';

const tick = () => new Promise((resolve) => setImmediate(resolve));

it('opens the gate for the part of an index job lent to renders, and closes it again', async () => {
  const gate = createIndexFirst();
  const events: string[] = [];
  let endLent: () => void = () => undefined;
  let endJob: () => void = () => undefined;
  const lent = new Promise<void>((resolve) => (endLent = resolve));
  const rest = new Promise<void>((resolve) => (endJob = resolve));
  const job = gate.indexing(async () => {
    void gate.idle().then(() => events.push('render 1'));
    await tick();
    events.push('lent');
    await gate.besideRenders(() => lent);
    void gate.idle().then(() => events.push('render 2'));
    await rest;
    events.push('job done');
  });
  await tick();
  await tick();
  expect(events).toEqual(['lent', 'render 1']);
  expect(gate.busy).toBe(false);
  endLent();
  await tick();
  expect(gate.busy).toBe(true);
  endJob();
  await job;
  await tick();
  expect(events).toEqual(['lent', 'render 1', 'job done', 'render 2']);
  expect(gate.busy).toBe(false);
  // Outside an index job it simply runs.
  expect(await gate.besideRenders(async () => gate.busy)).toBe(false);
});
