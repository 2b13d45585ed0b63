/**
 * Hostile snapshots: a snapshot comes from another system, so the importer reads regular files inside it
 * and nothing else. Links (to files outside, to directories at any depth, `files/` itself, to
 * /proc/self/environ, to a device, even to a file inside the snapshot), FIFOs, devices and sockets stop
 * the import with `file, line N, field "file": reason`; the database and MEDIA_ROOT stay exactly as they
 * were, and `/files` serves nothing of the target. The snapshot's own data files are read the same way.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImportError, importSnapshot } from '../../src/import';
import { runTs } from '../support/command';
import { SnapshotDir } from '../../src/import/snapshot-dir';
import { editRecords, fingerprint, readRecords, removeDir } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';

type Json = Record<string, unknown>;
const run = promisify(execFile);

let stack: Stack;
let mediaRoot: string;
let outside: string;
let loaded: Record<string, string>;
let stored: Record<string, number>;
const servers: net.Server[] = [];

/** What a file outside the snapshot holds: nothing of it may reach MEDIA_ROOT, /files or an error text. */
const SECRET = `outside-the-snapshot-${randomBytes(8).toString('hex')}`;
/** The hostile medium: released, in a public folder, so its file would be served at once. */
const EVIL_ID = 5901;
const EVIL_NAME = 'evil.jpg';
/** A new, harmless medium on the line before: its original must not stay in MEDIA_ROOT either. */
const FRESH = Buffer.from(`a new original of this import ${randomBytes(8).toString('hex')}`);

const medium = (id: number, file: string): Json => ({
  id,
  name: `Medium ${id}`,
  file_name: EVIL_NAME,
  mime_type: 'image/jpeg',
  type: 'image',
  file,
  release_status: 'released',
  folder_id: 402,
  created_at: '2026-01-01T00:00:00+01:00',
});

/** Every file under MEDIA_ROOT with its size. */
async function storage(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const entry of await readdir(mediaRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(mediaRoot, file)] = (await stat(file)).size;
  }
  return out;
}

beforeAll(async () => {
  stack = await startStack({ index: false });
  mediaRoot = stack.mediaRoot;
  outside = await stack.tempDir('outside-');
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
  loaded = await fingerprint(stack.database.db);
  stored = await storage();
});

afterAll(async () => {
  for (const server of servers) server.close();
  await stack?.stop();
});

/**
 * A copy of the sample snapshot with two more media at its end: a new regular file, then `evil` (a path
 * under files/) on the returned line, whose entry `plant` then creates.
 */
async function hostileSnapshot(evil: string): Promise<{ dir: string; line: number }> {
  const dir = await stack.copySample();
  await writeFile(path.join(dir, 'files/media/fresh.jpg'), FRESH);
  await editRecords(dir, 'media.ndjson', (rs) => [
    ...rs,
    medium(5900, 'media/fresh.jpg'),
    medium(EVIL_ID, evil),
  ]);
  return { dir, line: (await readRecords(dir, 'media.ndjson')).length };
}

/** Settles the import, or reports that it hung (a FIFO opened for reading waits for a writer). */
async function importWithin(dir: string, ms: number, unblock?: () => Promise<void>): Promise<unknown> {
  const attempt = importSnapshot(stack.database.db, dir, { mode: 'full', mediaRoot }).then(
    () => 'imported',
    (e: unknown) => e,
  );
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    attempt,
    new Promise((resolve) => (timer = setTimeout(() => resolve('hung'), ms))),
  ]);
  clearTimeout(timer);
  if (outcome === 'hung') {
    await unblock?.();
    await attempt;
  }
  return outcome;
}

/** Lets a reader blocked on the FIFO go on (open for writing, close: end of file). */
const unblockFifo = (fifo: string) => async () => {
  const writer = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
  await writer?.close();
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The database, MEDIA_ROOT and /files are as before; no row and no URL carries `target`. */
async function expectNothingChanged(target?: Buffer): Promise<void> {
  expect(await fingerprint(stack.database.db)).toEqual(loaded);
  expect(await storage()).toEqual(stored);
  for (const content of [FRESH, ...(target ? [target] : [])]) {
    const hash = sha256(content);
    expect(await stack.database.db('media').where({ file_sha256: hash }).first()).toBeUndefined();
    const res = await stack.api.get(
      `${stack.api.origin}/files/media/${EVIL_ID}/${hash.slice(0, 32)}/${EVIL_NAME}`,
    );
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  }
}

interface FileCase {
  name: string;
  /** The `file` value of the hostile medium. */
  evil: string;
  /** Creates the hostile entry in the snapshot `dir`; returns what it would publish (when known). */
  plant: (dir: string) => Promise<Buffer | undefined>;
  reason: string;
  /** The FIFO the import may wait on (to release it when it hangs). */
  fifo?: (dir: string) => string;
}

const evilPath = (dir: string) => path.join(dir, 'files/media', EVIL_NAME);

const fileCases: FileCase[] = [
  {
    name: 'a file link to a file outside the snapshot',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      await symlink(path.join(outside, 'secret.txt'), evilPath(dir));
      return Buffer.from(SECRET);
    },
    reason: `files/media/${EVIL_NAME} is a symbolic link; only regular files inside the snapshot are read`,
  },
  {
    name: 'a link to /proc/self/environ (the importer environment)',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      await symlink('/proc/self/environ', evilPath(dir));
      return readFile('/proc/self/environ');
    },
    reason: `files/media/${EVIL_NAME} is a symbolic link; only regular files inside the snapshot are read`,
  },
  {
    name: 'a link to a device (/dev/zero)',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      await symlink('/dev/zero', evilPath(dir));
      return undefined;
    },
    reason: `files/media/${EVIL_NAME} is a symbolic link; only regular files inside the snapshot are read`,
  },
  {
    name: 'a link to a file inside the snapshot',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      await symlink('../../manifest.json', evilPath(dir));
      return readFile(path.join(dir, 'manifest.json'));
    },
    reason: `files/media/${EVIL_NAME} is a symbolic link; only regular files inside the snapshot are read`,
  },
  {
    name: 'a directory link under files/',
    evil: 'linked/secret.txt',
    plant: async (dir) => {
      await symlink(outside, path.join(dir, 'files/linked'));
      return Buffer.from(SECRET);
    },
    reason:
      'files/linked is a symbolic link (on the way to files/linked/secret.txt); only regular files inside the snapshot are read',
  },
  {
    name: 'a directory link deeper under files/',
    evil: 'media/deep/er/secret.txt',
    plant: async (dir) => {
      await mkdir(path.join(dir, 'files/media/deep'));
      await symlink(outside, path.join(dir, 'files/media/deep/er'));
      return Buffer.from(SECRET);
    },
    reason:
      'files/media/deep/er is a symbolic link (on the way to files/media/deep/er/secret.txt); only regular files inside the snapshot are read',
  },
  {
    name: 'a FIFO',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      await run('mkfifo', [evilPath(dir)]);
      return undefined;
    },
    fifo: evilPath,
    reason: `files/media/${EVIL_NAME} is a FIFO; only regular files inside the snapshot are read`,
  },
  {
    name: 'a socket',
    evil: `media/${EVIL_NAME}`,
    plant: async (dir) => {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(evilPath(dir), resolve));
      return undefined;
    },
    reason: `files/media/${EVIL_NAME} is a socket; only regular files inside the snapshot are read`,
  },
];

// A device node needs CAP_MKNOD (root in the test container); elsewhere the link to /dev/zero above stands in.
const canMknod = process.getuid?.() === 0;
(canMknod ? fileCases : []).push({
  name: 'a device node (a copy of /dev/zero)',
  evil: `media/${EVIL_NAME}`,
  plant: async (dir) => {
    await run('mknod', [evilPath(dir), 'c', '1', '5']);
    return undefined;
  },
  reason: `files/media/${EVIL_NAME} is a device; only regular files inside the snapshot are read`,
});

describe.each(fileCases)('$name', ({ evil, plant, reason, fifo }) => {
  it('stops the import naming file, line and field, and changes nothing', async () => {
    const { dir, line } = await hostileSnapshot(evil);
    const target = await plant(dir);
    const error = await importWithin(dir, 5000, fifo && unblockFifo(fifo(dir)));
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(`media.ndjson, line ${line}, field "file": ${reason}`);
    expect((error as ImportError).message).not.toContain(SECRET);
    await expectNothingChanged(target);
  });
});

describe('files/ itself a link', () => {
  it('stops at the first file read through it', async () => {
    const { dir } = await hostileSnapshot(`media/${EVIL_NAME}`);
    // The real folder moves out of the snapshot, with the secret planted where the hostile record points.
    const moved = path.join(outside, `files-${randomBytes(4).toString('hex')}`);
    await rename(path.join(dir, 'files'), moved);
    await writeFile(path.join(moved, 'media', EVIL_NAME), SECRET);
    await symlink(moved, path.join(dir, 'files'));
    const error = await importWithin(dir, 5000);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(
      'media.ndjson, line 1, field "file": files is a symbolic link (on the way to files/media/rp-125-f-seitenansicht.jpg); only regular files inside the snapshot are read',
    );
    await expectNothingChanged(Buffer.from(SECRET));
  });
});

describe('a snapshot that fails after storing new files', () => {
  it('removes the originals it created (a dangling reference found by the checks)', async () => {
    const { dir } = await hostileSnapshot('media/fresh.jpg');
    await editRecords(dir, 'products.ndjson', (rs) =>
      rs.map((r) => (r.id === 1002 ? { ...r, article_ids: [2001, 2999] } : r)),
    );
    const error = await importWithin(dir, 5000);
    expect((error as ImportError).message).toMatch(
      /^products\.ndjson, line 2, field "article_ids\[1\]": .*references articles 2999/,
    );
    await expectNothingChanged();
  });
});

// The swap is caught by the handle's path in /proc/self/fd, which only Linux has.
(process.platform === 'linux' ? describe : describe.skip)(
  'a directory swapped for a link during the import',
  () => {
    it('is refused although its check was cached before the swap (Linux: the handle path is verified)', async () => {
      const dir = await stack.copySample();
      const snapshot = await SnapshotDir.open(dir);
      const first = await snapshot.openFile('uploads/fl-45-p-komfort.jpg');
      await first.handle.close();
      // files/uploads becomes a link to a folder outside that holds a file of the same name.
      const elsewhere = await stack.tempDir('swapped-');
      await writeFile(path.join(elsewhere, 'fl-45-p-komfort.jpg'), SECRET);
      await rename(path.join(dir, 'files/uploads'), path.join(elsewhere, 'old-uploads'));
      await symlink(elsewhere, path.join(dir, 'files/uploads'));
      await expect(snapshot.openFile('uploads/fl-45-p-komfort.jpg')).rejects.toThrow(
        'files/uploads/fl-45-p-komfort.jpg changed while it was opened (a link on its way?); only regular files inside the snapshot are read',
      );
    });
  },
);

describe("the snapshot's data files", () => {
  it('refuses a link as an NDJSON file (its text never reaches the error)', async () => {
    const dir = await stack.copySample();
    await removeDir(path.join(dir, 'synonyms.ndjson'));
    await symlink(path.join(outside, 'secret.txt'), path.join(dir, 'synonyms.ndjson'));
    const error = await importWithin(dir, 5000);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(
      'synonyms.ndjson: a symbolic link; only regular files inside the snapshot are read',
    );
    expect((error as ImportError).message).not.toContain(SECRET.slice(0, 10));
    await expectNothingChanged();
  });

  it('refuses a dangling link instead of reading it as an absent file (which a full import would empty)', async () => {
    const dir = await stack.copySample();
    await removeDir(path.join(dir, 'products.ndjson'));
    await symlink(path.join(outside, 'gone.ndjson'), path.join(dir, 'products.ndjson'));
    const error = await importWithin(dir, 5000);
    expect((error as ImportError).message).toBe(
      'products.ndjson: a symbolic link; only regular files inside the snapshot are read',
    );
    await expectNothingChanged();
  });

  it('refuses a linked manifest.json', async () => {
    const dir = await stack.copySample();
    await rename(path.join(dir, 'manifest.json'), path.join(outside, 'manifest.json'));
    await symlink(path.join(outside, 'manifest.json'), path.join(dir, 'manifest.json'));
    const error = await importWithin(dir, 5000);
    expect((error as ImportError).message).toBe(
      'manifest.json: a symbolic link; only regular files inside the snapshot are read',
    );
    await expectNothingChanged();
  });

  it('refuses a FIFO as an NDJSON file without waiting for a writer', async () => {
    const dir = await stack.copySample();
    const fifo = path.join(dir, 'articles.ndjson');
    await removeDir(fifo);
    await run('mkfifo', [fifo]);
    const error = await importWithin(dir, 5000, unblockFifo(fifo));
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(
      'articles.ndjson: a FIFO; only regular files inside the snapshot are read',
    );
    await expectNothingChanged();
  });
});

describe('npm run catalog:import with a link to /proc/self/environ', () => {
  it('exits 1 with the one-line error and publishes nothing of its environment', async () => {
    const { dir, line } = await hostileSnapshot(`media/${EVIL_NAME}`);
    await symlink('/proc/self/environ', evilPath(dir));
    const marker = `importer-secret-${randomBytes(8).toString('hex')}`;
    const result = await runTs(
      'src/cli/catalog-import.ts',
      [dir, '--quiet'],
      stack.childEnv({ IMPORTER_SECRET: marker }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `catalog:import failed: media.ndjson, line ${line}, field "file": files/media/${EVIL_NAME} is a symbolic link; only regular files inside the snapshot are read`,
    );
    expect(await fingerprint(stack.database.db)).toEqual(loaded);
    expect(await storage()).toEqual(stored);
    // No stored original carries the CLI's environment.
    for (const file of Object.keys(await storage())) {
      expect(await readFile(path.join(mediaRoot, file), 'latin1')).not.toContain(marker);
    }
  });
});
