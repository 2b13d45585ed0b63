/**
 * The API's lexicon provider (src/search/german/provider.ts) against a real Postgres: the catalog's words
 * are read once and shared, read again after `refreshMs` without making a search wait, and an unreachable
 * or hanging database degrades to the dictionary alone within the deadline, logged, retried later.
 */
import net from 'node:net';
import { createDb } from '../../src/db/database';
import { lexiconProvider } from '../../src/search/german/query';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
  await synonym('Zwirbelkram');
});
afterAll(() => stack?.stop());

/** A catalog word the dictionary does not know, as a synonym (the vocabulary reads synonyms too). */
const synonym = (word: string) =>
  stack.database.db('synonyms').insert({ kind: 'mutual', terms: [word, `${word}s`], source_hash: word });

function warnings() {
  const seen: string[] = [];
  return { seen, logger: { warn: (_: unknown, message: string) => void seen.push(message) } };
}

it('reads the catalog words once and hands every search the same lexicon', async () => {
  let reads = 0;
  const count = (q: { sql: string }) => {
    if (q.sql.includes('jsonb_each_text(p.names)')) reads += 1;
  };
  stack.database.db.on('query', count);
  try {
    const lexicon = lexiconProvider(stack.database.db);
    const [a, b] = await Promise.all([lexicon(), lexicon()]);
    expect(a).toBe(b);
    expect(a.catalogWords.has('zwirbelkram')).toBe(true);
    expect(a.dictionary?.words.has('säge')).toBe(true);
    expect(reads).toBe(1);
  } finally {
    stack.database.db.off('query', count);
  }
});

it('refreshes in the background once the words are older than refreshMs', async () => {
  const lexicon = lexiconProvider(stack.database.db, { refreshMs: 0 });
  const first = await lexicon();
  await synonym('Quarkelbrett');
  // The call that notices the age still answers with the lexicon it has; the next one gets the new words.
  expect(await lexicon()).toBe(first);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await lexicon()).catalogWords.has('quarkelbrett')).toBe(true);
});

it('degrades to the dictionary alone when Postgres is unreachable, and says so', async () => {
  const db = createDb('postgres://postgres@127.0.0.1:1/nothing', 1);
  const { seen, logger } = warnings();
  try {
    const lexicon = await lexiconProvider(db, { logger })();
    expect(lexicon.catalogWords.size).toBe(0);
    expect(lexicon.dictionary?.words.has('säge')).toBe(true);
    expect(seen).toEqual(['search: catalog vocabulary unavailable, splitting with the dictionary alone']);
  } finally {
    await db.destroy();
  }
});

it('gives up on a hanging Postgres after timeoutMs', async () => {
  // A server that accepts connections and never answers.
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const db = createDb(`postgres://postgres@127.0.0.1:${port}/nothing`, 1);
  const { seen, logger } = warnings();
  const started = Date.now();
  try {
    const lexicon = await lexiconProvider(db, { logger, timeoutMs: 300 })();
    expect(lexicon.catalogWords.size).toBe(0);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
    await db.destroy().catch(() => undefined);
  }
});
