/**
 * The bundled Meilisearch (tools/dev/meilisearch.ts): it starts on a free port, is version 1.21, refuses
 * requests without its master key, and `stop()` frees the port and removes the temp data dir it created
 * (but keeps a data dir it was given).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isPortFree } from '../tools/dev/free-port';
import {
  MeilisearchStartError,
  startBundledMeilisearch,
  type BundledMeilisearch,
} from '../tools/dev/meilisearch';

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

  it('gets its master key through the environment, never on the command line (ps shows that)', async () => {
    const cmdline = await readFile(`/proc/${meili.pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('--http-addr');
    expect(cmdline).not.toContain(meili.masterKey);
    const environ = (await readFile(`/proc/${meili.pid}/environ`, 'utf8')).split('\0');
    expect(environ).toContain(`MEILI_MASTER_KEY=${meili.masterKey}`);
  });

  it('accepts a master key that starts with a dash', async () => {
    const dashed = await startBundledMeilisearch({ masterKey: '-u-dashed-key-0123456789' });
    try {
      const response = await fetch(`${dashed.url}/version`, {
        headers: { Authorization: 'Bearer -u-dashed-key-0123456789' },
      });
      expect(response.status).toBe(200);
    } finally {
      await dashed.stop();
    }
  });

  it('refuses a port that is taken', async () => {
    const port = Number(new URL(meili.url).port);
    await expect(startBundledMeilisearch({ port })).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use`,
    );
  });

  it('fails with the server log when the server cannot start', async () => {
    const error = await startBundledMeilisearch({ maxIndexingMemory: 'lots' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchStartError);
    expect((error as MeilisearchStartError).message).toMatch(
      /^Meilisearch exited during startup \(code \d+\); last log lines:/,
    );
    expect((error as MeilisearchStartError).logTail.join('\n')).toMatch(/lots/);
  });

  it('stop() frees the port and removes the temp data dir', async () => {
    const port = Number(new URL(meili.url).port);
    expect(await exists(meili.dataDir)).toBe(true);
    await meili.stop();
    expect(await isPortFree(port)).toBe(true);
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
