/**
 * The API client's direct searches (src/search/http-client.ts `DirectSearch`) against a real Meilisearch:
 * the API's client has one, it answers what the package's `index(uid).search` answers for the same
 * parameters (stored list forms as their bytes), and it fails as the package does, so that the app maps
 * an unknown index and a stalled server as before.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Meilisearch, MeilisearchRequestError, MeilisearchRequestTimeOutError } from 'meilisearch';
import { startBundledMeilisearch, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import { directSearchOf, isMeilisearchOutage } from '../../src/search/http-client';
import { createApiMeiliClient } from '../../src/search/indexes';
import { encodeForm } from '../../src/search/list-form';

const UID = 'direct_search_media';
const DOCS = [
  { id: 1, name: 'Mähwerk vorne', _list: encodeForm({ id: 1, name: 'Mähwerk vorne', note: 'a "quote"' }) },
  { id: 2, name: 'Mähwerk hinten', _list: encodeForm({ id: 2, name: 'Mähwerk hinten' }) },
  { id: 3, name: 'Frontlader', _list: encodeForm({ id: 3, name: 'Frontlader' }) },
];

const clientFor = (meiliUrl: string, masterKey: string | undefined, meiliTimeoutMs = 2000) =>
  createApiMeiliClient({
    meiliUrl,
    appEnv: 'local',
    meiliMasterKey: masterKey,
    meiliSearchKey: undefined,
    meiliTimeoutMs,
    meiliBreakerThreshold: 5,
    meiliBreakerHalfOpenMs: 5000,
  });

describe('direct searches', () => {
  let server: BundledMeilisearch;
  let client: ReturnType<typeof clientFor>;

  beforeAll(async () => {
    server = await startBundledMeilisearch();
    const admin = new Meilisearch({ host: server.url, apiKey: server.masterKey });
    await admin.createIndex(UID, { primaryKey: 'id' }).waitTask();
    await admin.index(UID).updateSearchableAttributes(['name']).waitTask();
    await admin.index(UID).addDocuments(DOCS).waitTask();
    client = clientFor(server.url, server.masterKey);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('is the API client’s way to search, with the package’s answer for the same parameters', async () => {
    const direct = directSearchOf(client.meili);
    expect(direct).toBeInstanceOf(Function);
    const params = {
      matchingStrategy: 'all' as const,
      attributesToRetrieve: ['id'],
      page: 1,
      hitsPerPage: 10,
    };
    const viaPackage = await client.meili.index(UID).search('Mähwerk', params);
    const viaDirect = (await direct!(UID, { q: 'Mähwerk', ...params }, undefined)) as typeof viaPackage;
    expect(viaDirect.hits).toEqual(viaPackage.hits);
    expect(viaDirect.totalHits).toBe(2);
  });

  it('gives the stored list forms as their bytes', async () => {
    const answer = (await directSearchOf(client.meili)!(
      UID,
      { q: 'Frontlader', attributesToRetrieve: ['id', '_list'], page: 1, hitsPerPage: 10 },
      ['_list'],
    )) as { hits: { id: number; _list: unknown }[] };
    expect(answer.hits).toHaveLength(1);
    expect(Buffer.isBuffer(answer.hits[0]!._list)).toBe(true);
    expect(JSON.parse((answer.hits[0]!._list as Buffer).toString())).toEqual({ id: 3, name: 'Frontlader' });
  });

  it('fails for an unknown index as the package does: an outage the lists fall back from', async () => {
    const error: unknown = await directSearchOf(client.meili)!('no_such_index', { q: 'x' }, undefined).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MeilisearchRequestError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('index_not_found');
    expect(isMeilisearchOutage(error)).toBe(true);
  });
});

describe('a direct search of a server that never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket); // accepted, never answered
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('rejects at its deadline with the package’s timeout error', async () => {
    const { port } = silent.address() as AddressInfo;
    const client = clientFor(`http://127.0.0.1:${port}`, 'key', 300);
    const started = performance.now();
    const error: unknown = await directSearchOf(client.meili)!('any', { q: 'x' }, undefined).catch(
      (e: unknown) => e,
    );
    const ms = performance.now() - started;
    await client.close().catch(() => undefined);
    expect(error).toBeInstanceOf(MeilisearchRequestError);
    // The whole call's deadline, or undici's for the answer's headers (the same MEILI_TIMEOUT_MS): whichever fires first.
    const cause = (error as { cause?: { code?: string } }).cause;
    expect(cause instanceof MeilisearchRequestTimeOutError || cause?.code === 'UND_ERR_HEADERS_TIMEOUT').toBe(
      true,
    );
    expect(isMeilisearchOutage(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2000);
  });
});
