/**
 * The bundled Meilisearch (src/dev/meilisearch.ts): it starts on a free port, is version 1.21, refuses
 * requests without its master key, and `stop()` frees the port and removes the temp data dir it created
 * (but keeps a data dir it was given).
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  MeilisearchStartError,
  startBundledMeilisearch,
  type BundledMeilisearch,
} from '../src/dev/meilisearch';

/** Resolves true when a listener can bind `port` on 127.0.0.1 (and closes it again). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('startBundledMeilisearch', () => {
  let meili: BundledMeilisearch;

  beforeAll(async () => {
    meili = await startBundledMeilisearch();
  });

  afterAll(async () => {
    await meili.stop();
  });

  it('answers /health without a key', async () => {
    const response = await fetch(`${meili.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'available' });
  });

  it('runs Meilisearch 1.21 in production mode with its master key', async () => {
    expect(meili.env).toBe('production');
    expect(Buffer.byteLength(meili.masterKey)).toBeGreaterThanOrEqual(16);
    const response = await fetch(`${meili.url}/version`, {
      headers: { Authorization: `Bearer ${meili.masterKey}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { pkgVersion: string };
    expect(body.pkgVersion).toMatch(/^1\.21\.\d+$/);
  });

  it('refuses requests without the master key or with a wrong one', async () => {
    const missing = await fetch(`${meili.url}/version`);
    expect([401, 403]).toContain(missing.status);
    const wrong = await fetch(`${meili.url}/version`, { headers: { Authorization: 'Bearer not-the-key' } });
    expect([401, 403]).toContain(wrong.status);
  });

  it('fails with the server log when the port is taken', async () => {
    const port = Number(new URL(meili.url).port);
    const error = await startBundledMeilisearch({ port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchStartError);
    expect((error as Error).message).toMatch(/exited during startup[\s\S]*Address already in use/);
  });

  it('stop() frees the port and removes the temp data dir', async () => {
    const port = Number(new URL(meili.url).port);
    expect(await exists(meili.dataDir)).toBe(true);
    await meili.stop();
    expect(await portIsFree(port)).toBe(true);
    expect(await exists(meili.dataDir)).toBe(false);
    await meili.stop(); // idempotent
  });
});

describe('startBundledMeilisearch with a data dir', () => {
  it('keeps the data dir it was given', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meili-test-'));
    try {
      const meili = await startBundledMeilisearch({ dataDir });
      await meili.stop();
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['data.ms']));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
